"""The words a table shows, rendered by the built page's own i18n.js: one name for one role across
games (the two-player opponent), in English and Japanese."""

import json
import re
from pathlib import Path

import pytest

from pygames.games import GAME_IDS, game_class
from pygames.links import VERSION
from tests.conftest import wait_ready

ROOT = Path(__file__).resolve().parent.parent
TWO_PLAYER_GAMES = [g for g in GAME_IDS if 2 in game_class(g).PLAYERS]


def page_words(lang):
    return json.loads((ROOT / "web" / "lang" / lang / "page.json").read_text(encoding="utf-8"))


# how every message names a seat: {x:seat} through i18n.js and the layout's seatName
NAME_OF = """async (seat) => {
  const { addTexts, currentLanguage, t } = await import('./i18n.js');
  addTexts({ 'test.seat': '{seat:seat}' }, currentLanguage());
  const me = window.pygames.app.state.seat;
  return { me: t('test.seat', { seat: me }), other: t('test.seat', { seat: seat ?? (me + 1) % 2 }) };
}"""


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_two_player_opponent_has_one_name_in_every_game(page, site, lang):
    names = {}
    for game in TWO_PLAYER_GAMES:
        page.goto("about:blank")
        page.goto(f"{site}index.html?lang={lang}#{game}?v={VERSION}&p=2&s=1")
        wait_ready(page)
        assert page.evaluate("window.pygames.app.state.view.players") == 2, game
        names[game] = page.evaluate(NAME_OF, None)
    assert len(names) >= 4, names                                   # Spite and Malice, Skarney Gin, Leopard, Spooneye
    words = page_words(lang)
    assert {n["other"] for n in names.values()} == {words["page.seat.opponent"]}, names
    assert {n["me"] for n in names.values()} == {words["page.seat.you"]}, names


def spite_malice_with_discards():
    """A Spite and Malice link where the person is to play and discard piles hold cards (one of them
    a single card), so the table's pile labels name counts and top cards."""
    import pygames
    game = pygames.new_game("spite_malice", seed=573)
    while True:
        view = game.view(0)
        piles = [len(view["zones"][k]) for k in view["zones"] if k.startswith("discard")]
        if game.current_player == 0 and 1 in piles and sum(piles) >= 3:
            return pygames.links.encode(game)
        game.play(pygames.ai.choose_move(game.view(game.current_player), level="random", seed=game.move_count))


RAW_CODE = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][SHDC](?![A-Za-z0-9])")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_spite_and_malice_labels_name_cards_in_words(page, site, lang):
    page.goto(f"{site}index.html?lang={lang}#{spite_malice_with_discards()}")
    wait_ready(page)
    labels = page.evaluate("""[...document.querySelectorAll('#table [aria-label], #table [title]')]
        .flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('title')]).filter(Boolean)""")
    fans = page.evaluate("[...document.querySelectorAll('#table .sm-fan[aria-label]')].map((e) => e.getAttribute('aria-label'))")
    assert any(not RAW_CODE.search(f) and f for f in fans), fans
    raw = [x for x in labels if RAW_CODE.search(x)]
    assert not raw, raw                                             # "top TD", "QH": codes, not words
    if lang == "en":
        assert not [x for x in labels if re.search(r"\b1 cards\b", x)], labels
        assert any(re.match(r"1 card, top: ", f) for f in fans), fans   # the singular, from the catalogue
        assert all(re.search(r"top: \w+ of \w+", f) for f in fans if "top" in f), fans
    else:
        assert any("1枚" in f for f in fans), fans

"""The words a table shows, rendered by the built page's own i18n.js: one name for one role across
games (the two-player opponent), in English and Japanese."""

import json
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

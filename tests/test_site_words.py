"""The words a table shows, rendered by the built page's own i18n.js: one name for one role across
games (the two-player opponent), in English and Japanese."""

import json
import re
from pathlib import Path

import pytest

from pygames.games import GAME_IDS, game_class
from pygames.links import VERSION
from tests.helpers.site import wait_ready
from tests.helpers.leopard import MY_TURN, position_where, settings
from tests.helpers.words import catalogue

ROOT = Path(__file__).resolve().parent.parent
TWO_PLAYER_GAMES = [g for g in GAME_IDS if 2 in game_class(g).PLAYERS]


def page_words(lang):
    return json.loads((ROOT / "web" / "lang" / lang / "page.json").read_text(encoding="utf-8"))


# how every message names a seat: {x:seat} through i18n.js and the layout's seatName
NAME_OF = """async (seat) => {
  const { addTexts, currentLanguage, t } = await import('./shell/i18n.js');
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


SEAT_SUBJECT = re.compile(r"^\{(\w+):seat\} ")                      # "{who:seat} wins…"


def about_a_seat(lang):
    """The keys of messages whose subject can be a seat: those that have a person's form, and every
    English one that opens with a seat ("{seat:seat} went out")."""
    en = catalogue("en")
    keys = {k[:-4] for k in en if k.endswith(".you") and k[:-4] in en} | {k for k, v in en.items() if SEAT_SUBJECT.match(v)}
    return sorted(k for k in keys if not k.endswith(".you") and FIELD_SEAT.search(en[k]))


FIELD_SEAT = re.compile(r"\{(\w+):seat\}")


def sample_params(template, subject_seat, other_seat):
    """Parameters for every field of ``template``: the first seat field is the subject, other seats
    are the other seat, counts are 2, cards the 10 of diamonds."""
    from pygames.text import FIELD
    params, subject = {}, None
    for name, kind, one, _many in FIELD.findall(template):
        if kind == "seat":
            params.setdefault(name, subject_seat if subject is None else other_seat)
            subject = subject or name
        elif kind == "card":
            params[name] = "TD"
        elif kind == "cards":
            params[name] = ["TD"]
        else:
            params.setdefault(name, 2)
    return params


THIRD_PERSON_AFTER_YOU = re.compile(r"\bYou (is|was|has|does|\w*[^s\W]s)\b")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_messages_about_a_seat_have_the_persons_own_form(page, site, lang):
    """"You asks Partner", "You wins with 24": each message whose subject can be a seat is rendered
    through i18n.js for the person and for another seat; the person's form comes from "<key>.you"."""
    keys = about_a_seat(lang)
    assert len(keys) > 20
    words = catalogue(lang)
    page.goto(f"{site}index.html?lang={lang}#leopard?v={VERSION}&p=4&s=1")
    wait_ready(page)
    me, players = page.evaluate("[window.pygames.app.state.seat, window.pygames.app.state.view.players]")
    other, third = (me + 1) % players, (me + 2) % players
    cases = [[k, sample_params(catalogue('en')[k], me, other), sample_params(catalogue('en')[k], other, third)]
             for k in keys]
    shown = page.evaluate("""async (cases) => {
      const { t } = await import('./shell/i18n.js');
      return cases.map(([key, mine, theirs]) => [key, t(key, mine), t(key, theirs)]);
    }""", cases)
    you = page_words(lang)["page.seat.you"]
    wrong = []
    for key, mine, theirs in shown:
        if not mine.strip() or mine == key:
            wrong.append(f"{key}: not rendered ({mine!r})")
        if lang == "en" and THIRD_PERSON_AFTER_YOU.search(mine):
            wrong.append(f"{key}: {mine!r}")                       # "You wins": no person's form
        if you in theirs and you not in words[key]:
            wrong.append(f"{key}: another seat's sentence names you: {theirs!r}")
        if f"{key}.you" in words and mine == theirs:
            wrong.append(f"{key}: the person's form is not used: {mine!r}")
    assert not wrong, "\n".join(wrong)
    # every English person's form has its Japanese one (and no other language picks it in a layout)
    assert {k for k in catalogue("en") if k.endswith(".you")} == {k for k in catalogue("ja") if k.endswith(".you")}
    assert {"leopard.ui.st.asks", "spooneye.result.win", "spite_malice.ui.title.won"} <= set(keys)


NEVER_THE_PERSON = {"leopard.ui.asks_you": "your partner asks you",
                    # Skarney Gin's other player (a remote table's player by name), never the person
                    "skarney_gin.ui.offers_you": "the other player offers you",
                    "skarney_gin.ui.opponent_offers": "the other player offers",
                    "skarney_gin.ui.opponent_deciding": "the other player decides on your offer",
                    "skarney_gin.ui.st.opponent_playing": "the other player's turn"}


def test_no_sentence_names_its_subject_as_plain_text():
    """A subject given as plain text ({who}, not {who:seat}) gets no person's form: a present-tense
    sentence must name its subject as a seat, so the catalogue can say "You are" instead of "You is"."""
    plain = re.compile(r"^\{who\} (is|has|\w*[^s\W]s)\b")
    wrong = [f"{k}: {v}" for k, v in sorted(catalogue("en").items()) if plain.match(v) and k not in NEVER_THE_PERSON]
    assert not wrong, "\n".join(wrong)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_leopard_says_why_you_cannot_go_out_while_your_partner_asks(page, site, lang):
    """Asked "may I go out?" by your partner, the note under the disabled go-out button says to answer
    (not that going out needs 5 points you already have); "out now" shows only where going out is
    allowed by the square's points."""
    settings(page, speed="instant", players=4)
    link, _ = position_where(lambda g, m: m["type"] == "answer", players=4)
    page.goto(f"{site}index.html?lang={lang}#{link}")
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    words = catalogue(lang)
    assert page.locator(".lp-go-out").is_disabled()
    assert page.locator(".lp-why").inner_text().strip() == words["leopard.ui.why.answer_first"]
    view = page.evaluate("window.pygames.app.state.view")
    for side, square in enumerate(view["squares"]):
        shown = page.locator(f'.lp-square[data-square="{side}"] .lp-outnow').count()
        assert shown == (1 if square["points"] >= 5 else 0), (side, square["points"])
    assert any(s["points"] >= 5 for s in view["squares"])        # the partner asks: their square has 5

"""Accessibility in the built site: games played by keyboard alone, plays and prompts announced in a
live region, cards named in both languages, the four-colour deck, and axe-core finding no serious or
critical violation on the home screen, every game's table and the page's dialogs."""

import json

import pytest

from buildsys.runtime import axe_core
import pygames
from pygames.links import VERSION
from tests.helpers.site import open_app, wait_ready

GAMES = ["spades", "spite_malice", "skarney_gin", "leopard", "spooneye"]
IDLE = "window.pygames.app.state && !window.pygames.app.busy && !document.querySelector('dialog[open]')"
MY_TURN = IDLE + " && document.querySelector('#table:not(.waiting) [data-legal=true]')"
RANKS = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def instant(page, game, **more):
    values = {"speed": "instant", **more}
    page.add_init_script(f"localStorage.setItem('pygames:settings:{game}', {json.dumps(json.dumps(values))});")


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def moves(page):
    return page.evaluate("window.pygames.app.state.view.move_count")


def card_name(code):
    return f"{RANKS.get(code[0], code[0])} of {SUITS[code[1]]}"


def focus(page, test, presses=60):
    """Press the right arrow until the element in focus passes ``test`` (a JS predicate on it)."""
    for _ in range(presses):
        page.keyboard.press("ArrowRight")
        if page.evaluate(f"(e => Boolean({test}))(document.activeElement)"):
            return page.evaluate("document.activeElement.dataset.card || document.activeElement.dataset.target"
                                 " || document.activeElement.textContent")
    raise AssertionError(f"no element matching {test} took the focus")


def keyboard_move(page):
    """One move of the person's, by keyboard alone: Enter on a legal choice, then (if that picked a
    card) arrows to one of its targets, or (if the layout's builder selected it) to the button that
    plays the selection, and Enter again."""
    page.wait_for_function(MY_TURN, timeout=60_000)
    before = moves(page)
    focus(page, "e.dataset.legal === 'true'")
    page.keyboard.press("Enter")
    page.wait_for_function("n => window.pygames.app.state.view.move_count > n || window.pygames.app.selected"
                           " || document.querySelector('#table .card.selected')", arg=before)
    if moves(page) == before:
        picked = page.evaluate("window.pygames.app.selected")
        focus(page, "e.classList.contains('target-key')" if picked else "e.dataset.move && e.dataset.legal === 'true'")
        page.keyboard.press("Enter")
        page.wait_for_function("n => window.pygames.app.state.view.move_count > n", arg=before)


@pytest.mark.parametrize("game", ["leopard", "spooneye", "skarney_gin"])
def test_a_game_is_played_by_keyboard_alone(page, site, game):
    instant(page, game)
    open_app(page, site, f"{game}?v={VERSION}&s=11")
    page.wait_for_function(MY_TURN)
    start = moves(page)
    for _ in range(3):
        keyboard_move(page)
    mine = [e for e in call(page, "state")["view"]["log"] if e["seat"] == 0]
    assert len(mine) >= 3 and moves(page) >= start + 3
    # a visible focus ring on what has the focus
    page.wait_for_function(MY_TURN)
    focus(page, "e.dataset.legal === 'true'")
    ring = page.evaluate("(e => { const s = getComputedStyle(e); return [s.outlineStyle, s.boxShadow]; })(document.activeElement)")
    assert ring[0] != "none" or ring[1] != "none"


def test_escape_puts_a_picked_card_back_and_the_keys_are_listed_under_the_rules(page, site):
    instant(page, "spite_malice")
    open_app(page, site, f"spite_malice?v={VERSION}&s=573")     # you hold AS 2D 3H JC KS
    page.wait_for_function(MY_TURN)
    focus(page, "e.dataset.card === 'JC'")
    page.keyboard.press("Enter")                                   # a discard waits for its pile
    page.wait_for_function("window.pygames.app.selected === 'hand:JC'")
    assert page.locator("#table .target-key").count() >= 1
    page.keyboard.press("Escape")
    page.wait_for_function("window.pygames.app.selected === null")
    assert moves(page) == 0 and page.locator("#table .target-key").count() == 0
    focus(page, "e.dataset.card === 'JC'")
    page.keyboard.press("Enter")
    focus(page, "e.classList.contains('target-key')")
    page.keyboard.press("Enter")
    page.wait_for_function("window.pygames.app.state.view.move_count === 1")
    assert call(page, "state")["view"]["log"][0]["move"]["card"] == "JC"

    page.keyboard.press("r")
    page.wait_for_selector("#dlg-rules[open] #rules-keys li")
    keys = page.locator("#rules-keys").inner_text()
    assert "Arrow keys" in keys and "Enter" in keys and "Escape" in keys
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#dlg-rules[open]')")


def test_the_live_region_announces_a_bots_play_and_the_persons_prompt(page, site):
    instant(page, "spite_malice")
    open_app(page, site, f"spite_malice?v={VERSION}&s=573")
    page.wait_for_function(MY_TURN)
    focus(page, "e.dataset.card === 'JC'")
    page.keyboard.press("Enter")
    focus(page, "e.classList.contains('target-key')")
    page.keyboard.press("Enter")                                   # your turn ends: the bot plays
    page.wait_for_function("window.pygames.app.state.view.log.some(e => e.seat === 1)")
    page.wait_for_function(MY_TURN)
    said = page.locator("#announce").inner_text()
    last = [e["move"] for e in call(page, "state")["view"]["log"] if e["seat"] == 1][-1]
    assert last["type"] == "discard"                              # a bot's turn ends with a discard
    assert f"Opponent discarded {card_name(last['card'])}" in said    # the two-player opponent, in words
    assert page.locator("#status").inner_text() in said            # and the prompt of your turn
    assert page.locator("#announce").get_attribute("aria-live") == "polite"


def test_cards_have_names_in_both_languages(page, site):
    instant(page, "spite_malice")
    open_app(page, site, f"spite_malice?v={VERSION}&s=573")
    page.wait_for_function(MY_TURN)
    card = page.locator(".sm-hand [data-card='JC']")
    assert card.evaluate("e => e.textContent.trim()").startswith("Jack of clubs")
    assert page.get_by_role("button", name="Jack of clubs").count() == 1
    page.goto(f"{site}index.html?lang=ja#spite_malice?v={VERSION}&s=573")
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    assert page.get_by_role("button", name="クラブのジャック").count() == 1
    assert page.locator(".card.back").first.get_attribute("aria-label") == "裏向きのカード"


def colour(page, code):
    return page.locator(f"#table [data-card='{code}']").first.evaluate("e => getComputedStyle(e).color")


@pytest.mark.parametrize("game,fragment", [("spite_malice", "spite_malice?v={v}&s=573"), ("spades", "spades?v={v}&s=2024")])
def test_the_four_colour_deck_applies_at_once_and_is_remembered(page, site, game, fragment):
    instant(page, game)
    open_app(page, site, fragment.format(v=VERSION))
    page.wait_for_function(IDLE + " && document.querySelector('#table [data-card]')")
    codes = page.locator("#table [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    club = next((c for c in codes if c[1] == "C"), None)
    diamond = next((c for c in codes if c[1] == "D"), None)
    heart = next((c for c in codes if c[1] == "H"), None)
    assert club and diamond
    before = {c: colour(page, c) for c in (club, diamond, heart) if c}
    page.locator("#btn-settings").click()
    page.locator("#four-colour").check()                           # at once, before the dialog closes
    assert colour(page, club) == "rgb(19, 115, 51)" != before[club]
    assert colour(page, diamond) == "rgb(11, 87, 208)" != before[diamond]
    if heart:
        assert colour(page, heart) == before[heart]                # hearts stay red
    page.keyboard.press("Escape")
    page.reload()
    wait_ready(page)
    page.wait_for_function(IDLE + " && document.querySelector('#table [data-card]')")
    codes = page.locator("#table [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    club = next(c for c in codes if c[1] == "C")
    assert colour(page, club) == "rgb(19, 115, 51)"


# moderate rules that are checked all the same: headings that skip a level confuse a screen
# reader's outline of the table
ALSO_CHECKED = ("heading-order",)


def axe_violations(page):
    """Serious and critical axe-core violations on the page as it is now (and ALSO_CHECKED's)."""
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(path=str(axe_core()))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical") or v["id"] in ALSO_CHECKED]


def test_the_loader_names_its_progress_bar_and_the_page_describes_itself(page, site):
    page.goto(f"{site}index.html?lang=en")
    bar = page.get_by_role("progressbar", name="Loading the games", include_hidden=True)
    assert bar.count() == 1                                        # named before any script runs
    description = page.locator("meta[name=description]").get_attribute("content")
    assert len(description) > 30
    wait_ready(page)
    page.goto(f"{site}index.html?lang=ja")                         # the name follows the language
    page.wait_for_function("document.querySelector('.progress').getAttribute('aria-label') === 'ゲームを読み込み中'")
    wait_ready(page)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_axe_finds_no_serious_violation_on_the_home_screen(page, site, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(page, site)
    page.wait_for_selector("#home:not([hidden]) .home-tile")
    assert axe_violations(page) == []


@pytest.mark.parametrize("game", GAMES)
def test_axe_finds_no_serious_violation_on_a_games_table_and_its_dialogs(page, site, game):
    instant(page, game, people=[0, 1])
    open_app(page, site, f"{game}?v={VERSION}&s=5")
    page.wait_for_function(f"({IDLE} && document.querySelector('#table [data-legal=true]'))"
                           " || document.querySelector('#dlg-friend[open]')")
    if page.locator("#dlg-friend[open]").count():                 # the hand-over screen, checked too
        assert axe_violations(page) == []
        page.locator("#friend-ready").click()
    page.wait_for_function(MY_TURN)
    assert axe_violations(page) == []
    page.locator("#btn-settings").click()
    page.wait_for_selector("#dlg-settings[open] #four-colour")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    page.locator("#btn-rules").click()
    page.wait_for_selector("#dlg-rules[open] #rules-keys li")
    assert axe_violations(page) == []

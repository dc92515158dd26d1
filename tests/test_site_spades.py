"""The built site in headless Chromium: a person plays Spades by clicking; links, reload, bad input."""

import json

import pytest

import pygames
from pygames.text import render
from tests.helpers.site import PHONE, open_app, wait_ready

FAST = "localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant'}));"
# the person's turn, with the page idle (no bot moving, no move of theirs in flight)
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def fast(page):
    page.add_init_script(FAST)
    return page


def take_turn(page):
    """Wait for the person's turn (or the summary) and act once by clicking. Returns False at the summary."""
    page.wait_for_function(f"{MY_TURN} || document.querySelector('#dlg-summary[open]')", timeout=60_000)
    if page.locator("#dlg-summary[open]").count():
        return False
    if page.locator(".bidding").count():
        buttons = page.locator(".bidding [data-legal=true]")
        if page.locator(".bidding .bid-grid").count():
            page.locator(".bid-grid button").nth(2).click()          # bid 3
        else:
            buttons.last.click()                                    # look at the cards
    elif page.locator(".passing").count():
        cards = page.locator(".hand .card")
        cards.nth(0).click(position={"x": 8, "y": 14})
        cards.nth(1).click(position={"x": 8, "y": 14})
        page.locator(".passing [data-legal=true]").click()
    else:
        card = page.locator(f"{'#table:not(.waiting)'} .hand [data-legal=true]").first
        code = card.get_attribute("data-card")
        card.click(position={"x": 8, "y": 14})
        page.wait_for_function(
            "code => !document.querySelector(`.hand [data-card='${code}']`) || document.querySelector('#dlg-summary[open]')",
            arg=code, timeout=30_000)
    return True


def test_page_becomes_ready_with_spades_table(app):
    assert app.evaluate("document.documentElement.dataset.state") == "ready"
    # the games, and the home screen's neutral "Choose a game", which cannot be picked
    options = app.locator("#game-picker option:not([disabled])").evaluate_all("os => os.map(o => o.value)")
    assert app.locator("#game-picker option[disabled]").evaluate_all("os => os.map(o => [o.value, o.hidden])") == [["", True]]
    assert app.locator("#game-picker").input_value() == "spades"
    assert "spades" in options
    info = call(app, "info")
    playable = {g["id"] for g in info["games"]}
    assert set(options) <= playable
    assert app.locator("#table .hand .card").count() == 13
    assert app.locator("#status").inner_text().strip()


def test_a_person_plays_a_whole_deal_by_clicking(page, site):
    fast(page)
    open_app(page, site, "spades?s=2024")
    clicks = 0
    while take_turn(page):
        clicks += 1
        assert clicks < 80
    summary = page.locator("#dlg-summary").inner_text()
    assert "Deal 1 scored" in summary and "Total" in summary
    state = call(page, "state")
    assert len(state["view"]["deals"]) == 1
    # the summary explains each team's score line by line, matching the engine
    for team in state["view"]["deals"][0]["teams"]:
        for line in team["lines"]:
            assert render(line) in summary      # the page renders as the engine's English does
    assert clicks >= 14                    # a bid and 13 cards, all clicked
    deal = state["view"]["deals"][0]                # each seat's bid and tricks, each number named
    bid = deal["bids"][0]
    bid_word = {"nil": "Nil", "double_nil": "Double Nil"}.get(bid, str(bid))
    assert f"You bid {bid_word}, took {deal['tricks'][0]}" in summary, summary
    page.locator("#summary-ok").click()
    page.wait_for_function("!document.querySelector('#dlg-summary[open]')")
    # the score sheet names the teams as the score panel does (it said "Us" and "Them")
    heads = page.locator(".score-sheet thead th").evaluate_all("ths => ths.map(th => th.textContent)")
    assert heads[1:] == ["You & North", "West & East"], heads


def test_illegal_card_looks_unplayable_and_cannot_be_played(page, site):
    # a position where South must follow suit and holds cards of other suits, found by bot play
    game = pygames.new_game("spades", seed=7)
    while True:
        if game.phase == "play" and game.trick and game.current_player == 0:
            legal = {m["card"] for m in game.legal_moves()}
            hand = game.view(0)["zones"]["hand0"]
            if set(hand) - legal:
                break
        seat = game.current_player
        game.play(pygames.ai.choose_move(game.view(seat), level="normal", seed=game.move_count))
    fast(page)
    open_app(page, site, pygames.links.encode(game))
    page.wait_for_function(MY_TURN)
    bad = sorted(set(hand) - legal)[0]
    el = page.locator(f".hand [data-card='{bad}']")
    assert el.get_attribute("data-legal") is None
    assert "unplayable" in el.get_attribute("class")
    el.click(position={"x": 8, "y": 14}, force=True)
    page.wait_for_timeout(200)
    assert call(page, "state")["view"]["zones"]["hand0"] == hand


def test_share_link_reopens_the_same_position(warm_page, page, site):
    fast(page)
    open_app(page, site, "spades?s=99")
    for _ in range(4):
        take_turn(page)
    page.wait_for_function(MY_TURN)
    page.locator("#btn-share").click()
    page.wait_for_function("document.querySelector('#btn-share').dataset.link")
    link = page.locator("#btn-share").get_attribute("data-link")
    assert link and "#spades?" in link
    before = call(page, "state")["view"]
    other = warm_page(name="other")
    other.goto(link)
    wait_ready(other)
    after = call(other, "state")["view"]
    assert after == before


def test_reload_resumes_the_game(page, site):
    fast(page)
    open_app(page, site, "spades?s=5")
    for _ in range(3):
        take_turn(page)
    page.wait_for_function(MY_TURN)
    before = call(page, "state")["view"]
    page.reload()
    wait_ready(page)
    assert call(page, "state")["view"] == before


def test_undo_takes_back_the_persons_last_move(page, site):
    fast(page)
    open_app(page, site, "spades?s=31")
    take_turn(page)                       # the bid (or a look)
    page.wait_for_function(MY_TURN)
    before = call(page, "state")["view"]
    take_turn(page)
    page.wait_for_function("!document.querySelector('#btn-undo').disabled")
    page.locator("#btn-undo").click()
    page.wait_for_function(MY_TURN)
    assert call(page, "state")["view"] == before


@pytest.mark.parametrize("fragment", ["spades?s=notanumber", "spades?p=4&s=1&n=3&m=___", "chess?s=1"])
def test_broken_link_gives_a_message_and_a_fresh_game(page, site, fragment):
    open_app(page, site, fragment)
    notice = page.locator("#notice")
    assert notice.is_visible()
    assert "could not be opened" in notice.inner_text()
    assert page.locator("#table .hand .card").count() == 13
    assert call(page, "state")["view"]["move_count"] == 0


def test_corrupt_saved_game_gives_a_message_and_a_fresh_game(page, site):
    page.add_init_script("""
        localStorage.setItem('pygames:last', JSON.stringify('spades'));
        localStorage.setItem('pygames:save:spades', JSON.stringify('{"game":"spades","seed":1,"moves":[{"type":"play"}]}'));
    """)
    open_app(page, site)
    assert "could not be restored" in page.locator("#notice").inner_text()
    assert page.locator("#table .hand .card").count() == 13


def test_same_seed_and_moves_give_the_same_state_in_cpython_and_the_browser(app):
    game = pygames.new_game("spades", seed=4242)
    for _ in range(40):                            # bids and ten tricks, chosen by the CPython bot
        seat = game.current_player
        game.play(pygames.ai.choose_move(game.view(seat), level="normal", seed=game.move_count))
    app.wait_for_function(MY_TURN)         # the page's own bots are idle: the engine is ours alone
    call(app, "new", {"game": "spades", "seed": 4242})
    for move in game.history:
        call(app, "play", {"move": move})
    browser_view = call(app, "view", {"seat": None})
    assert json.loads(json.dumps(game.view(None))) == browser_view
    assert pygames.links.decode(call(app, "state")["link"]).to_json() == game.to_json()


def test_phone_layout_fits_the_hand(warm_page, site):
    page = warm_page(**PHONE)
    open_app(page, site, "spades?s=8")
    boxes = page.locator(".hand .card").evaluate_all("cs => cs.map(c => c.getBoundingClientRect().right)")
    assert len(boxes) == 13 and max(boxes) <= 390
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.close()


@pytest.mark.fresh_context         # the runtime must come from the server, not a warm cache
@pytest.mark.allow_console_errors
def test_loading_failure_shows_an_error_state_with_a_message(page, site):
    site.server.fail_paths.add("/pyodide/pyodide.asm.wasm")
    try:
        page.goto(f"{site}index.html")
        page.wait_for_function("document.documentElement.dataset.state === 'error'", timeout=60_000)
    finally:
        site.server.fail_paths.discard("/pyodide/pyodide.asm.wasm")
    assert page.locator("#loader").is_visible()
    assert "could not" in page.locator("#loader").inner_text().lower()


def test_keyboard_play_bids_and_plays_with_arrows_and_enter(page, site):
    fast(page)
    open_app(page, site, "spades?s=12")
    page.wait_for_function(MY_TURN)
    if page.locator(".bidding .bid-grid").count() == 0:       # double nil offer cannot happen in deal 1
        pytest.fail("expected a bidding panel")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function("window.pygames.app.state.view.bids[0] !== null")
    assert call(page, "state")["view"]["bids"][0] == 2          # first arrow: "1", second: "2"
    page.wait_for_function(MY_TURN, timeout=60_000)
    hand = call(page, "state")["view"]["zones"]["hand0"]
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused in hand
    page.keyboard.press("Enter")
    page.wait_for_function("code => !window.pygames.app.state.view.zones.hand0.includes(code)", arg=focused)


def test_a_seeded_bot_match_runs_to_its_end_in_the_page(page, site):
    page.add_init_script("localStorage.setItem('pygames:settings:spades',"
                         " JSON.stringify({speed: 'instant', watch: true, level: 'normal'}));")
    open_app(page, site, "spades?o=target.200&s=77")
    page.wait_for_function("window.pygames.app.state.view.is_over", timeout=120_000)
    page.wait_for_function("document.querySelector('#dlg-summary[open]')")
    assert "win the match" in page.locator("#dlg-summary").inner_text()
    view = call(page, "state")["view"]
    game = pygames.links.decode(call(page, "state")["link"])
    assert game.is_over and max(view["team_scores"]) >= 200
    # behind the dialog the status line speaks of what just ended; after it, of the match
    assert page.locator("#status").inner_text() in page.locator("#dlg-summary h2").inner_text()
    page.locator("#summary-ok").click()
    page.wait_for_function("document.querySelector('#status').innerText.includes('Match over')")

"""One tab plays a game at a time (web/one_tab.js): a second tab takes the game, the first covers its
table and can take it back, and no move either tab made is lost."""

import json

from tests.helpers.site import MY_TURN, open_app, play_first_legal, state, wait_ready

SAVE = "localStorage.getItem('pygames:save:spades')"


def play_a_move(page):
    """The person's first legal move, once it is their turn (a card: the engine's own move)."""
    page.wait_for_function(MY_TURN, timeout=60_000)
    count = state(page)["view"]["move_count"]
    page.evaluate("() => window.pygames.play(window.pygames.app.state.view.legal_moves[0])")
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")


def test_a_game_opened_in_a_second_tab_stops_the_first_which_can_take_it_back(page, site):
    """Two tabs of one game each saved over the other's moves. The tab that shows the game claims
    it: the other covers its table and stops its bots, and its "Play here" goes on from the other
    tab's last move (which then stops in turn), so no move either tab made is lost."""
    page.add_init_script("localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant', level: 'easy'}))")
    open_app(page, site, "spades")
    play_first_legal(page)                                         # the first tab's bid
    second = page.context.new_page()                               # the same browser, another tab
    open_app(second, site, "spades")
    page.wait_for_selector("#dlg-one-tab[open]")                   # the first tab stops
    assert page.locator("#one-tab-title").inner_text() == "This game is open in another tab"
    assert second.locator("#dlg-one-tab[open]").count() == 0
    play_a_move(second)                                            # the second tab plays on
    second.wait_for_function(MY_TURN, timeout=60_000)              # at rest: its bots have played too
    latest = state(second)["link"]
    assert second.evaluate(SAVE) == json.dumps(latest)             # saved, and not written over
    assert page.evaluate(SAVE) == json.dumps(latest)
    assert state(page)["view"]["move_count"] < state(second)["view"]["move_count"]    # the first is behind
    page.locator("#one-tab-here").click()                          # play here: from the other tab's last move
    page.wait_for_function("l => window.pygames.app.state.link === l", arg=latest)
    second.wait_for_selector("#dlg-one-tab[open]")                 # and that tab stops in its turn
    play_a_move(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    assert page.evaluate(SAVE) == json.dumps(state(page)["link"])
    assert state(page)["view"]["move_count"] > state(second)["view"]["move_count"]
    # a claim this tab has not heard of yet (its own write raises no storage event here): the next
    # move it would save finds it, and the tab stops instead of writing over the other tab's game
    page.evaluate("() => localStorage.setItem('pygames:live:game:spades', JSON.stringify('another tab'))")
    saved = page.evaluate(SAVE)
    page.wait_for_function(MY_TURN, timeout=60_000)
    page.evaluate("() => window.pygames.play(window.pygames.app.state.view.legal_moves[0])")
    page.wait_for_selector("#dlg-one-tab[open]")
    assert page.evaluate(SAVE) == saved and state(page)["link"] == json.loads(saved)    # the move neither kept nor saved
    # "Other games": the home screen; the game's tile brings it back from its save, this tab's again
    page.locator("#one-tab-home").click()
    page.wait_for_function("document.documentElement.dataset.view === 'home'")
    second.locator("#one-tab-here").click()                        # meanwhile the second tab plays on
    play_a_move(second)
    second.wait_for_function(MY_TURN, timeout=60_000)              # at rest: nothing more to save
    latest = state(second)["link"]
    page.locator(".home-tile[data-game='spades'] .home-continue").click()
    page.wait_for_function("l => window.pygames.app.state.link === l", arg=latest)
    second.wait_for_selector("#dlg-one-tab[open]")
    # a tab in the background (a reload for a new version, a link opened behind this one) does not
    # take the game from the tab in use: it covers its own table and waits to be asked
    behind = page.context.new_page()
    behind.add_init_script("Object.defineProperty(document, 'hidden', { get: () => true })")
    open_app(behind, site, "spades")
    behind.wait_for_selector("#dlg-one-tab[open]")
    assert page.locator("#dlg-one-tab[open]").count() == 0 and page.evaluate(SAVE) == json.dumps(latest)
    # the tab in use, reloaded while in the background (a new version switching in): still the tab
    # that plays the game (its id outlives a reload), so nothing covers it
    page.add_init_script("Object.defineProperty(document, 'hidden', { get: () => true })")
    page.reload()
    wait_ready(page)
    assert page.locator("#dlg-one-tab[open]").count() == 0 and state(page)["link"] == latest

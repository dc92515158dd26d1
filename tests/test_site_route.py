"""The address (web/route.js): it follows the game at most every 400 ms and catches up at rest, and
a reload while it lags resumes the game itself."""

import json

from tests.helpers.site import MY_TURN, kept_games, open_app, play_first_legal, state, wait_ready

# every address write the page makes, with when (performance.now) and the address written
ADDRESS_LOG = """(() => { window.addressWrites = [];
  for (const name of ["replaceState", "pushState"]) {
    const real = history[name].bind(history);
    history[name] = (state, title, url) => {
      window.addressWrites.push({at: performance.now(), url: String(url)});
      return real(state, title, url);
    };
  } })()"""


def test_the_address_follows_the_game_at_most_every_400_ms_and_catches_up_at_rest(page, site):
    """Bots at the instant pace move faster than a browser lets a page rewrite its address (Safari
    throws after 100 writes in 10 to 30 s, Chromium drops writes past 200 in 10 s): the game's link is
    written at most once every 400 ms, and once the table is at rest the address is the game's link."""
    page.add_init_script("localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant', watch: true}))")
    page.add_init_script(ADDRESS_LOG)
    open_app(page, site, "spades?s=47")
    page.wait_for_function("window.pygames.app.state.view.move_count >= 20", timeout=60_000)
    page.evaluate("""() => { localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant'})); }""")
    # watching no more: the bots stop at the person's seat (or, when the deal's last card (move 56)
    # fell before the page read the setting, at its summary, which now waits for the person)
    page.wait_for_function(f"({MY_TURN}) || document.querySelector('#dlg-summary[open]')", timeout=60_000)
    if page.locator("#dlg-summary[open]").count():
        page.locator("#summary-ok").click()
        page.wait_for_function(MY_TURN, timeout=60_000)
    page.wait_for_function("location.hash === '#' + window.pygames.app.state.link")
    writes = [w for w in page.evaluate("window.addressWrites") if "?" in w["url"]]     # the game's links
    moves = state(page)["view"]["move_count"]
    assert len(writes) >= 2 and moves > len(writes), (moves, len(writes))
    gaps = [b["at"] - a["at"] for a, b in zip(writes, writes[1:])]
    assert min(gaps) >= 399, gaps


def test_a_reload_while_the_address_lags_the_game_resumes_the_game_itself(page, site):
    """A reload within those 400 ms finds an earlier link of the game in the address (or a write due
    lands while the reload is under way): the page knows this tab wrote it (sessionStorage) and
    resumes the game's save, never opening it as a link (which would keep the game aside as an
    unfinished one and count it as someone else's)."""
    open_app(page, site, "spades?s=49")
    play_first_legal(page)
    earlier = state(page)["link"]
    page.wait_for_function(f"location.hash === '#' + {json.dumps(earlier)}")     # the page wrote it itself
    page.wait_for_function(MY_TURN, timeout=60_000)
    count = state(page)["view"]["move_count"]
    page.evaluate("() => window.pygames.play(window.pygames.app.state.view.legal_moves[0])")   # a card
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")
    page.wait_for_function(MY_TURN, timeout=60_000)            # at rest: the person's turn
    latest = state(page)["link"]
    page.wait_for_function("location.hash === '#' + window.pygames.app.state.link")
    # the address as a reload within the gap would find it: this tab's earlier link of the game
    page.evaluate("l => { history.replaceState(null, '', '#' + l); }", earlier)
    page.reload()
    wait_ready(page)
    assert state(page)["link"] == latest                      # the game as it was
    assert kept_games(page) == [] and "kept" not in page.locator("#notice").inner_text()
    # a link this tab did not write is a link: it opens as one, the game kept aside
    page.evaluate("l => { history.replaceState(null, '', '#' + l); sessionStorage.clear(); }", earlier)
    page.reload()
    wait_ready(page)
    assert state(page)["link"] == earlier
    assert [k["save"] for k in kept_games(page)] == [latest]

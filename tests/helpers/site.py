"""Helpers of the browser tests: opening the app and waiting for it, a phone's settings, a full
localStorage, and bot games a page plays as CPython plays them."""


import pytest

import pygames


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}   # warm_page(**PHONE)
# page.evaluate(FILL): this origin's localStorage filled to its quota (the keys are filler:N)
FILL = """() => {
  const keys = [];
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    for (;;) {
      const key = `filler:${keys.length}`;
      try { localStorage.setItem(key, "x".repeat(size)); keys.push(key); } catch { break; }
    }
  }
  return keys;
}"""
READY_TIMEOUT_MS = 60_000
# No page of the tests' (or the bench's) contexts may open a peer connection (WebRTC may contact STUN
# servers and send mDNS on the network): only the live-table tests do, in a network namespace of their
# own (tests/test_site_live.py). Without the constructor a remote table's page offers no live play.
NO_PEER_CONNECTIONS = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"


def wait_ready(page, timeout=READY_TIMEOUT_MS):
    """Wait for <html data-state> to become "ready"; fail with the page's message on "error"."""
    try:
        # polled every 20 ms, not every frame (Playwright's default): a page that requests a frame
        # each 16 ms for its whole boot costs the browser a tenth of a core while it waits
        page.wait_for_function(
            "['ready', 'error'].includes(document.documentElement.dataset.state)", timeout=timeout, polling=20)
    except Exception as e:  # playwright's TimeoutError
        state = page.evaluate("document.documentElement.dataset.state")
        errors = getattr(page, "console_errors", [])
        pytest.fail(f"{page.url} not ready after {timeout / 1000:.0f} s (data-state={state!r}): "
                    f"{type(e).__name__}; console errors: {errors}", pytrace=False)
    state, message = page.evaluate(
        "[document.documentElement.dataset.state, document.documentElement.dataset.error"
        " || document.body.innerText.slice(0, 500)]")
    if state != "ready":
        pytest.fail(f"{page.url} failed to load: {message}", pytrace=False)
    return page


ADDRESSES = "Number(document.documentElement.dataset.addresses || 0)"


# a new game's first look (web/features/first_look.js): the line over the table whose Start lets its bots move
FIRST_LOOK_START = "#first-look:not([hidden]) [data-first-look-start]"


def open_app(page, site, fragment="", timeout=READY_TIMEOUT_MS, start=True):
    """Open index.html#fragment and wait until the app says it is ready. On a page already showing
    the app only the address changes (no new load), so it also waits until the page has dealt with
    the new address (``data-addresses`` counts them): the last position's table is no longer current.
    A new game dealt there whose bots wait for the person's first look is started, as a person would
    press Start (``start=False``: left waiting)."""
    url = f"{site}index.html" + (f"#{fragment.lstrip('#')}" if fragment else "")
    here = page.url
    same_page = here.split("#")[0] == url.split("#")[0] and "#" in url and here != url
    before = page.evaluate(ADDRESSES) if same_page else None
    page.goto(url)
    if same_page:
        page.wait_for_function(f"{ADDRESSES} > {before}", timeout=timeout, polling=20)
    wait_ready(page, timeout)
    if start:
        page.evaluate(f"document.querySelector('{FIRST_LOOK_START}')?.click()")
    return page


def page_bot_move(game, level="normal"):
    """The move the page's bot of ``level`` plays for the seat to act (``bridge.bot``'s own seed,
    ``pygames.engine.bot_seed``), so CPython follows a page's bot game move for move."""
    from pygames import ai
    from pygames.engine import bot_seed
    return ai.choose_move(game.view(game.current_player), level=level, seed=bot_seed(game))


def late_link(game_id, level, seed, deals=2, moves=None, **options):
    """A bot match as a page watching it plays it (every seat the bot of ``level``, seeded as
    ``bridge.bot`` seeds it: ``page_bot_move``), played in CPython first;
    returns (the link of its first move of its last ``deals`` deals - or, given ``moves``, of the
    position that many moves before its end - and the finished game). A test opens the link and
    watches the page play on to the match's end (through a deal's end to the next) instead of
    playing the whole match."""
    import pygames
    from pygames import links
    game = pygames.new_game(game_id, seed=seed, options=options or None)
    deal, starts = game.deal_number, []
    while not game.is_over:
        if game.deal_number != deal:
            deal = game.deal_number
            starts.append(links.encode(game))
        game.play(page_bot_move(game, level))
    if moves is not None:
        early = pygames.new_game(game_id, seed=seed, options=options or None)
        for move in game.history[:-moves]:
            early.play(move)
        return links.encode(early), game
    assert len(starts) >= deals, f"the match has {len(starts) + 1} deals"
    return starts[-deals], game


MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy && "
           "window.pygames.app.state.view.current_player === window.pygames.app.state.seat")


def state(page):
    return page.evaluate("window.pygames.app.state")


def play_first_legal(page):
    page.wait_for_function(MY_TURN, timeout=60_000)
    move = state(page)["view"]["legal_moves"][0]
    count = state(page)["view"]["move_count"]
    page.evaluate("m => document.querySelector(`[data-move='${JSON.stringify(m)}']`)?.click()", move)
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")


def kept_games(page):
    return page.evaluate("JSON.parse(localStorage.getItem('pygames:kept:spades')) || []")


def engine_calls(setup: str, wrapper: str) -> str:
    """An init script that wraps the page's engine as the app starts it: ``setup`` (JavaScript
    statements) runs first; ``wrapper`` is an expression ``(method, args) => ...`` that may use
    ``call`` (the engine's own call) and ``app`` (the page's app object)."""
    return f"""
(() => {{
  {setup}
  let page;
  Object.defineProperty(window, "pygames", {{ configurable: true, get: () => page, set(value) {{
    page = value;
    const app = value.app;
    let engine = app.engine;
    Object.defineProperty(app, "engine", {{ get: () => engine, set(e) {{
      const call = e.call;
      e.call = {wrapper};
      engine = e;
    }} }});
  }} }});
}})();
"""

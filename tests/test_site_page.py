"""The generic page, for every game: every bot turn waits the chosen speed's pause, and a bot move draws
the table once. Its features have files of their own: test_site_settings.py, test_site_saved.py,
test_site_route.py (the address), test_site_store.py (a full storage), test_site_one_tab.py."""

import pytest

from tests.helpers.site import open_app


@pytest.mark.parametrize("fragment", ["leopard?p=2&s=8", "spooneye?p=2&s=3", "leopard?p=4&s=8"])
def test_every_bot_turn_waits_the_chosen_speeds_pause_the_first_after_yours_too(page, site, fragment):
    """At Normal speed (800 ms) the bot that answers the person's move waits the whole pause,
    at two-player tables as at four; only a bot going on with its own turn pauses less. The page's
    own record of the pauses it scheduled is read, not the clock."""
    game = fragment.split("?")[0]
    page.add_init_script(f"localStorage.setItem('pygames:settings:{game}', JSON.stringify({{speed: 'normal'}}))")
    open_app(page, site, fragment)
    mine = "window.pygames.app.state.view.current_player === window.pygames.app.state.seat && !window.pygames.app.busy"
    page.wait_for_function(mine, timeout=60_000)
    page.evaluate("window.pygames.app.pauses.length = 0")
    seat = page.evaluate("window.pygames.app.state.seat")
    for _ in range(6):                         # the person's turn may take more than one move
        move = page.evaluate("window.pygames.app.state.view.legal_moves[0]")
        page.evaluate("m => window.pygames.play(m)", move)
        page.wait_for_function(f"window.pygames.app.pauses.length > 0 || ({mine})", timeout=30_000)
        if page.evaluate("window.pygames.app.pauses.length > 0"):
            break
    first = page.evaluate("window.pygames.app.pauses[0]")
    assert first["seat"] != seat and first["ms"] == 800, first


def test_a_bot_move_draws_the_table_once(page, site):
    """A watched Skarney Gin game (no trick to hold on show): each bot move redraws the table once,
    not again when the next bot's turn begins (the table on show is already that state's)."""
    page.add_init_script("localStorage.setItem('pygames:settings:skarney_gin', "
                         "JSON.stringify({speed: 'instant', watch: true, level: 'easy'}))")
    open_app(page, site, "skarney_gin?v=2&s=3")
    start = page.evaluate("""() => {
      const app = window.pygames.app, draw = app.layout.render.bind(app.layout);
      window.__draws = 0;
      app.layout.render = (...args) => { window.__draws += 1; return draw(...args); };
      return app.state.view.move_count;
    }""")
    page.wait_for_function(f"window.pygames.app.state.view.move_count >= {start + 40}", timeout=60_000)
    moves, draws = page.evaluate("[window.pygames.app.state.view.move_count, window.__draws]")
    assert moves - start >= 40
    assert draws <= (moves - start) + 4, (draws, moves - start)      # a deal's summary may add a few



"""A full storage (web/store.js): the game's save makes room by removing a finished remote table, and
else the person is told once that the game is not being saved."""

import json

from tests.helpers.site import FILL, MY_TURN, open_app, state


def test_a_full_storage_gives_a_finished_remote_table_for_the_save_and_else_says_so(page, site):
    """The game's save makes room by removing a finished remote table (the oldest that may go);
    when nothing may go, the person is told once that the game is not being saved, and plays on."""
    page.add_init_script("localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant'}))")
    open_app(page, site, "spades?s=41")
    page.evaluate("""() => {
      localStorage.setItem('pygames:remote:OLD', 'y'.repeat(300000));
      localStorage.setItem('pygames:remote:tables', JSON.stringify(['OLD']));
      localStorage.setItem('pygames:remote:ended', JSON.stringify(['OLD']));
    }""")

    def play_until(condition):
        """The person's moves (the first legal), until ``condition`` holds in the page: a save only
        needs more room when it is longer than the one it replaces, which is not every move."""
        for _ in range(12):
            page.wait_for_function(MY_TURN, timeout=60_000)
            count = state(page)["view"]["move_count"]
            page.evaluate("m => window.pygames.play(m)", state(page)["view"]["legal_moves"][0])
            page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")
            if page.evaluate(condition):
                return
        raise AssertionError(f"not after 12 moves: {condition}")

    assert page.evaluate(FILL)
    play_until("localStorage.getItem('pygames:remote:OLD') === null")
    page.wait_for_function(MY_TURN, timeout=60_000)
    saved = page.evaluate("[localStorage.getItem('pygames:save:spades'), localStorage.getItem('pygames:remote:tables'),"
                          " window.pygames.app.state.link]")
    assert saved[0] == json.dumps(saved[2]) and saved[1] == "[]"          # the latest save, in OLD's room
    assert page.locator("#toast").is_hidden()
    assert page.evaluate(FILL)                      # full again, nothing left that may go
    play_until("!document.getElementById('toast').hidden")
    assert "not being saved" in page.locator("#toast").inner_text()
    page.wait_for_function(MY_TURN, timeout=60_000)
    kept = page.evaluate("localStorage.getItem('pygames:save:spades')")
    assert kept and kept != json.dumps(state(page)["link"])          # an earlier save stands

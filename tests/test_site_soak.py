"""The browser soak: one tab plays bot-against-bot matches back to back across every playable game, at
instant speed (watch mode), and must end each one with no console error, no unhandled rejection, no
"could not" message, and a JavaScript heap after the last match at most 1.5 x the heap after the first
(both measured after a forced garbage collection, through the DevTools protocol).

Marked ``soak``: left out of the default suite. Run it with ``python3 build.py soak --browser`` or
``PYGAMES_DIST=/tmp/dist-soak .venv/bin/python -m pytest tests/test_site_soak.py -m soak``.
``PYGAMES_SOAK_BROWSER_MATCHES`` sets the number of matches (default 20).
"""

import json
import os
import time

import pytest

import pygames
from tests.helpers.site import open_app

pytestmark = pytest.mark.soak

MATCHES = int(os.environ.get("PYGAMES_SOAK_BROWSER_MATCHES", "20") or 20)
LEVEL = os.environ.get("PYGAMES_SOAK_BROWSER_LEVEL", "easy")
MATCH_TIMEOUT_MS = 600_000
WATCH_EVERYTHING = """
window.__soak = { rejections: [], toasts: [] };
window.addEventListener('unhandledrejection', (e) => window.__soak.rejections.push(String(e.reason && (e.reason.stack || e.reason))));
for (const game of %s) {
  localStorage.setItem('pygames:settings:' + game, JSON.stringify({speed: 'instant', watch: true, level: %s}));
}
new MutationObserver(() => {
  const toast = document.getElementById('toast');
  if (toast && !toast.hidden && toast.textContent) window.__soak.toasts.push(toast.textContent);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def short_options(cls):
    """The game's default rules with its shortest match: the lowest target the game allows."""
    options = {}
    if "target" in cls.OPTIONS:
        numbers = [v for v in cls.OPTIONS["target"] if isinstance(v, int) and not isinstance(v, bool)]
        if numbers:
            options["target"] = min(numbers)
    return options


def schedule(count):
    """``count`` matches, cycling through the games and each game's player counts."""
    games = pygames.registered()
    out = []
    for i in range(count):
        game_id = games[i % len(games)]
        cls = pygames.game_class(game_id)
        players = cls.PLAYERS[(i // len(games)) % len(cls.PLAYERS)]
        game = pygames.new_game(game_id, seed=9000 + i, players=players, options=short_options(cls))
        out.append((game_id, pygames.links.encode(game, moves=False)))
    return out


def heap_bytes(cdp):
    cdp.send("HeapProfiler.collectGarbage")
    return cdp.send("Runtime.getHeapUsage")["usedSize"]


def test_one_tab_plays_bot_matches_back_to_back_without_errors_or_a_growing_heap(page, site):
    page.add_init_script(WATCH_EVERYTHING % (json.dumps(list(pygames.registered())), json.dumps(LEVEL)))
    open_app(page, site)
    cdp = page.context.new_cdp_session(page)
    heaps, report = [], []
    for i, (game_id, fragment) in enumerate(schedule(MATCHES)):
        start = time.perf_counter()
        page.evaluate("""fragment => {
            document.querySelectorAll('dialog[open]').forEach((d) => d.close());
            location.hash = '#' + fragment;
        }""", fragment)
        try:
            page.wait_for_function(
                """game => { const s = window.pygames.app.state;
                             return s && s.view.game === game && s.view.is_over; }""",
                arg=game_id, timeout=MATCH_TIMEOUT_MS, polling=200)
        except Exception:
            state = page.evaluate("JSON.stringify(window.pygames.app.state && window.pygames.app.state.view.move_count)")
            pytest.fail(f"match {i + 1} ({fragment}) did not end in {MATCH_TIMEOUT_MS // 1000} s "
                        f"(moves: {state}); console errors: {page.console_errors}", pytrace=False)
        moves = page.evaluate("window.pygames.app.state.view.move_count")
        heaps.append(heap_bytes(cdp))
        report.append(f"{i + 1:2d} {fragment:<45} {moves:5d} moves {time.perf_counter() - start:6.1f} s "
                      f"heap {heaps[-1] / 1e6:6.1f} MB")
        print(report[-1], flush=True)
        soak = page.evaluate("window.__soak")
        assert not soak["rejections"], soak["rejections"]
        assert not [t for t in soak["toasts"] if "could not" in t], soak["toasts"]
        assert not page.console_errors, page.console_errors
    print(f"heap after the first match {heaps[0] / 1e6:.1f} MB, after the last {heaps[-1] / 1e6:.1f} MB "
          f"({heaps[-1] / heaps[0]:.2f}x)")
    assert heaps[-1] <= 1.5 * heaps[0], "\n".join(report)

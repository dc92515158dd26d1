"""The bench's engine figures: random playouts per second in CPython and in Pyodide, bot time per move
and hard's searches in Pyodide, a remote table's shuffle, the wheel's size. What runs in Pyodide runs
in the bench's bare boot (bench/bare.html), with the engine wheel installed by micropip."""

import json
import sys

from buildsys.bench.figures import FIGURES
from buildsys.common import DIST, ROOT

BOT_MOVES = 12        # bot moves timed per game and level in the browser
HARD_SEARCHED = 20    # hard moves that search, timed per game in the browser (pygames.bench.hard_search_figures)
REMOTE_DECKS = (52, 104, 156, 208)     # the games' deck sizes: Spades, Leopard, Spite and Malice 3 and 4


def cpython_playouts():
    sys.path.insert(0, str(ROOT))
    from pygames.bench import report
    return report(seconds=2.0)


def pyodide_playouts(browser, server):
    info = json.loads((DIST / "build-info.json").read_text())
    page = browser.new_page()
    try:
        page.goto(server.url + "bench/bare.html")
        page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=180_000)
        code = f"""
import micropip
await micropip.install({server.url + info['wheel']!r}, deps=False)
from pygames.bench import report
report(seconds=2.0)
"""
        return page.evaluate("code => runPython(code, ['micropip'])", code)
    except Exception as e:  # a benchmark reports, it does not fail
        return f"n/a ({str(e).splitlines()[0]})"
    finally:
        page.close()


def site_figures(browser, server):
    """The wheel's size and bot time per move in Pyodide."""
    info = json.loads((DIST / "build-info.json").read_text())
    FIGURES["wheel_bytes"] = (DIST / info["wheel"]).stat().st_size
    print(f"engine wheel: {FIGURES['wheel_bytes'] / 1e3:.0f} kB ({info['wheel']})")
    bot_figures(browser, server, info)


def bot_figures(browser, server, info):
    """Bot time per move in Pyodide, printed (and kept in FIGURES)."""
    FIGURES["bot_ms"] = browser_bot_times(browser, server, info)
    if FIGURES["bot_ms"]:
        print(f"bot time per move in Pyodide (ms, median / 90th percentile, {BOT_MOVES} moves a game and level):")
        for game_id, levels in FIGURES["bot_ms"].items():
            print(f"  {game_id:<13} " + "  ".join(f"{lv} {t['median']:.1f}/{t['p90']:.1f}" for lv, t in levels.items()))
    searched = browser_hard_search(browser, server, info)
    if searched:
        sys.path.insert(0, str(ROOT))
        from pygames.bench import hard_search_report
        print(f"hard's moves that search, in Pyodide ({HARD_SEARCHED} a game, one seeded match of hard bots; "
              f"adaptive budgets: clear = stopped early, close = played on):\n{hard_search_report(searched)}")
        FIGURES["hard_search_ms"] = {
            g: {"median": sorted(f["ms"])[len(f["ms"]) // 2], "max": max(f["ms"]),
                **{f"playouts_{k}": sum(v) / len(v) for k, v in f["outcomes"].items() if v}}
            for g, f in searched.items() if f["ms"]}


def browser_hard_search(browser, server, info):
    """``pygames.bench.hard_search_figures`` for every game, run in Pyodide (None when it fails)."""
    page = browser.new_page()
    code = f"""
import json, micropip
await micropip.install({server.url + info['wheel']!r}, deps=False)
import pygames
from pygames.bench import hard_search_figures
json.dumps({{g: hard_search_figures(g, {HARD_SEARCHED}) for g in pygames.registered()}})
"""
    return run_in_bare_boot(page, server, code, "hard search times")


def browser_bot_times(browser, server, info):
    """Per game and level: the median and 90th percentile ms of ``ai.choose_move`` in Pyodide, over
    the first BOT_MOVES decisions of a seeded match (forced single-choice moves left out)."""
    page = browser.new_page()
    code = f"""
import json, time, micropip
await micropip.install({server.url + info['wheel']!r}, deps=False)
import pygames
from pygames import ai
out = {{}}
for game_id in pygames.registered():
    out[game_id] = {{}}
    for level in ai.LEVELS:
        g, times = pygames.new_game(game_id, seed=5), []
        while len(times) < {BOT_MOVES} and not g.is_over:
            view = g.view(g.current_player)
            t = time.perf_counter()
            move = ai.choose_move(view, level=level, seed=len(times))
            if len(view["legal_moves"]) > 1:
                times.append((time.perf_counter() - t) * 1000)
            g.play(move)
        times.sort()
        out[game_id][level] = {{"median": times[len(times) // 2], "p90": times[int(len(times) * 0.9)]}} if times else None
json.dumps(out)
"""
    return run_in_bare_boot(page, server, code, "bot times")


def run_in_bare_boot(page, server, code, what):
    """The JSON ``code`` (Python, awaited) evaluates to in ``page``'s bare Pyodide boot; None, said,
    when it fails (a benchmark reports, it does not fail). Closes the page."""
    try:
        page.goto(server.url + "bench/bare.html")
        page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=180_000)
        return json.loads(page.evaluate("code => runPython(code, ['micropip'])", code))
    except Exception as e:
        print(f"  ({what}: n/a, {str(e).splitlines()[0]})")
        return None
    finally:
        page.close()


def remote_figures(browser, server):
    """One shuffle of each deck size made with its proof and checked, in CPython and in Pyodide
    (a remote table's heaviest step), and the links it travels in."""
    sys.path.insert(0, str(ROOT))
    from pygames.remote.deck import shuffle_step_seconds
    from pygames.remote.party import shuffle_links
    info = json.loads((DIST / "build-info.json").read_text())
    page = browser.new_page()
    in_page = {}
    try:
        page.goto(server.url + "bench/bare.html")
        page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=180_000)
        code = f"""
import json, micropip
await micropip.install({server.url + info['wheel']!r}, deps=False)
from pygames.remote.deck import shuffle_step_seconds
json.dumps({{n: shuffle_step_seconds(n) for n in {list(REMOTE_DECKS)!r}}})
"""
        in_page = {int(n): v for n, v in json.loads(page.evaluate("code => runPython(code, ['micropip'])", code)).items()}
    except Exception as e:  # a benchmark reports, it does not fail
        print(f"remote shuffle in the page: n/a ({str(e).splitlines()[0]})")
    finally:
        page.close()
    print("a remote table's shuffle with its proof, made / checked (goal: each within 3 s in the page):")
    FIGURES["remote_shuffle_ms"] = {}
    for n in REMOTE_DECKS:
        make, check = shuffle_step_seconds(n)
        page_make, page_check = in_page.get(n, (None, None))
        show = lambda t: "n/a" if t is None else f"{t * 1000:.0f} ms"
        print(f"  {n:3} cards: CPython {show(make)} / {show(check)}, page {show(page_make)} / {show(page_check)}, "
              f"{shuffle_links(n)} links")
        FIGURES["remote_shuffle_ms"][n] = {"cpython": [make * 1000, check * 1000],
                                           "page": None if page_make is None else [page_make * 1000, page_check * 1000]}

"""The benchmark (`build.py bench`): the site built and served from a local port (the bench's own
pages over it: bench/bare.html, a bare Pyodide boot, the baseline), driven in the full Chromium
(headless, as shipped), and the engine's speed in CPython. Prints figures and writes them to a JSON
file (figures.py); asserts nothing: speed targets are held here, never by timed tests.

    loads.py      page loads: cold, warm, stages, throttled, bytes of a first visit, layout shift
    engine.py     playouts, bot time per move, hard's searches, a remote table's shuffle
    figures.py    the figures file and --compare
    openspiel.py  OpenSpiel's Spades beside ours, and hard against its ISMCTS
    pages/        the bench's pages (built into the bench site, never into dist/)
"""

import json
import os
import statistics
import subprocess
import sys

from buildsys.bench.engine import bot_figures, cpython_playouts, pyodide_playouts, remote_figures, site_figures
from buildsys.bench.figures import FIGURES, parse_playouts, write_figures
from buildsys.bench.live import live_figures, one_page_apply
from buildsys.bench.loads import cold_and_warm_loads, layout_shift_figures, stage_table, throttled_loads, visit_bytes_figures
from buildsys.bench.openspiel import OPEN_SPIEL, open_spiel_spades
from buildsys.chromium import ensure_chromium, launch_chromium
from buildsys.common import DIST, ROOT
from buildsys.runtime import PYODIDE_VERSION
from buildsys.server import serving
from buildsys.site import build
from buildsys.venv import ensure_venv


def bench(json_out=".cache/bench.json", compare="", only=""):
    """Build, then measure in .venv with Chromium (``measure``); ``only``: one section (load, bots, remote)."""
    py = ensure_venv()
    if only and json_out == ".cache/bench.json":
        json_out = ""  # a partial run does not replace the full run's figures unless asked to (--json)
    env = dict(os.environ, PYGAMES_CHROMIUM=ensure_chromium(py), PYGAMES_BENCH_JSON=str(json_out or ""),
               PYGAMES_BENCH_COMPARE=str(compare or ""), PYGAMES_BENCH_ONLY=only or "")
    build()
    return subprocess.call([str(py), "-m", "buildsys.bench"], cwd=ROOT, env=env)


def measure(runs=5):
    """The bench itself, run in .venv (it needs Playwright) by ``bench``: prints figures, asserts nothing."""
    from playwright.sync_api import sync_playwright

    print(f"pygames bench, one run on this machine ({os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}), Pyodide {PYODIDE_VERSION}")
    with serving() as server, sync_playwright() as p:
        browser = launch_chromium(p)
        print(f"browser: {browser.version}; cold = a new browser context each load (empty caches), "
              f"{runs} loads each, alternating; warm = a second visit in the app's context "
              f"(service worker cache, compiled WebAssembly kept)")
        if os.environ.get("PYGAMES_BENCH_ONLY") == "bots":
            bot_figures(browser, server, json.loads((DIST / "build-info.json").read_text()))
            browser.close()
            write_figures()
            return 0
        if os.environ.get("PYGAMES_BENCH_ONLY") == "remote":
            remote_figures(browser, server)
            browser.close()
            write_figures()
            return 0
        if os.environ.get("PYGAMES_BENCH_ONLY") == "live":
            one_page_apply(browser, server)
            browser.close()
            live_figures()
            write_figures()
            return 0
        loads = cold_and_warm_loads(browser, server, runs)
        fmt = lambda ts: ", ".join("error" if t is None else f"{t:.2f}" for t in ts)
        med = lambda ts: statistics.median([t for t in ts if t is not None]) if any(t is not None for t in ts) else None
        bare, app, warm = med(loads["bare"]), med(loads["app"]), med(loads["warm"])
        FIGURES["load_s"] = {"bare": bare, "cold": app, "warm": warm}
        for label, key, m in (("bare Pyodide boot (bench/bare.html)", "bare", bare),
                              ("app page ready, cold (index.html)", "app", app),
                              ("app page ready, warm (second visit)", "warm", warm)):
            print(f"{label:<38} median {m:.2f} s  [{fmt(loads[key])}]" if m else f"{label}: failed [{fmt(loads[key])}]")
        if bare and app:
            print(f"cold app ready / cold bare boot: {app / bare:.2f}x   (goal <= 1.15)")
        if bare and warm:
            print(f"warm app ready / cold bare boot: {warm / bare:.2f}x   (goal <= 1.0)")
        paint, warm_paint = med(loads["paint"]), med(loads["warm_paint"])
        FIGURES["first_paint_ms"] = {"cold": paint, "warm": warm_paint}
        if paint is not None:
            print(f"first paint of the shell (median, ms since navigation): cold {paint:.0f}"
                  + (f", warm {warm_paint:.0f}" if warm_paint is not None else ""))
        print("bare boot (medians, ms since navigation):\n" + stage_table(loads["bare_stages"]))
        print("cold load stages (medians, ms since navigation):\n" + stage_table(loads["app_stages"]))
        print("warm load stages:\n" + stage_table(loads["warm_stages"]))
        compile_ms = lambda runs: [r["wasm_instantiated"] - r.get("python_starting", r["worker_created"])
                                   for r in runs if r and "wasm_instantiated" in r]
        cold_c, warm_c = compile_ms(loads["app_stages"]), compile_ms(loads["warm_stages"])
        if cold_c and warm_c:
            print(f"WebAssembly ready after Pyodide is asked to start: cold {statistics.median(cold_c):.0f} ms (download + "
                  f"streaming compile), warm {statistics.median(warm_c):.0f} ms (from the service worker's cache)")
        restored = sum(1 for r in loads["warm_stages"] if r and "snapshot_read" in r and "runtime_downloaded" not in r)
        print(f"warm loads that restored Python from the first visit's snapshot: {restored} of {len(loads['warm'])}")
        visit_bytes_figures(browser, server)
        slow = throttled_loads(browser, server, runs)
        bare_t, app_t = med(slow["bare"]), med(slow["app"])
        FIGURES["throttled_load_s"] = {"bare": bare_t, "cold": app_t}
        if bare_t and app_t:
            print(f"cold loads over 10 Mbit/s and 40 ms latency: bare boot median {bare_t:.2f} s [{fmt(slow['bare'])}], "
                  f"app {app_t:.2f} s [{fmt(slow['app'])}] = {app_t / bare_t:.2f}x   (goal <= 0.80)")
        layout_shift_figures(browser, server)
        if os.environ.get("PYGAMES_BENCH_ONLY") == "load":
            browser.close()
            write_figures()
            return 0
        playouts_pyodide = pyodide_playouts(browser, server) if bare else "n/a"
        site_figures(browser, server)
        remote_figures(browser, server)
        one_page_apply(browser, server)
        browser.close()
    live_figures()
    cpython = cpython_playouts()
    print(f"random playouts (one full deal each) through the action interface, "
          f"CPython {sys.version.split()[0]}:\n{cpython}")
    print(f"the same in Pyodide (the browser's worker):\n{playouts_pyodide}")
    FIGURES["playouts"] = {"cpython": parse_playouts(cpython), "pyodide": parse_playouts(playouts_pyodide)}
    spiel = open_spiel_spades()
    if spiel:
        from pygames.bench import playouts_per_second
        ours = playouts_per_second("spades", 2.0)
        print(f"Spades beside DeepMind's OpenSpiel ({OPEN_SPIEL}, C++ driven from Python, same loop):\n"
              f"  pygames   {ours[0]:9.1f} deals/s {ours[1]:11.0f} actions/s\n"
              f"  OpenSpiel {spiel[0]:9.1f} deals/s {spiel[1]:11.0f} actions/s\n"
              f"  pygames / OpenSpiel: {ours[0] / spiel[0]:.2f} (deals)")
        FIGURES["open_spiel_spades"] = {"pygames_deals_per_s": ours[0], "open_spiel_deals_per_s": spiel[0],
                                        "ratio": ours[0] / spiel[0]}
    write_figures()
    return 0

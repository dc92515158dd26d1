"""The bench's page-load figures: cold and warm loads of the app beside a bare Pyodide boot, each
loading stage's end, loads over a phone-like connection, the bytes of a first visit, layout shift."""

import statistics
import time

from buildsys.bench.figures import FIGURES
from buildsys.page import shipped_games

READY = "['ready', 'error'].includes(document.documentElement.dataset.state)"
# the worker's loading stages (web/shell/worker.js), in the order they end
STAGES = (("build_info", "build-info.json read"), ("wheel_downloaded", "engine wheel downloaded"),
          ("runtime_downloaded", "runtime downloaded"), ("snapshot_read", "Python snapshot read"),
          ("python_starting", "Pyodide asked to start"), ("wasm_instantiated", "WebAssembly compiled"),
          ("python_started", "Python started"), ("engine_installed", "engine on sys.path"),
          ("engine_imported", "engine imported"), ("engine_info", "engine info"))
# a phone-like connection (Chromium's network emulation) and a phone's screen
THROTTLE = {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 10e6 / 8}
PHONE_CONTEXT = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 3}
LAYOUT_SHIFTS = """window.__shift = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; })
  .observe({ type: "layout-shift", buffered: true });"""


def time_ready(page, url):
    """Open url in page; seconds until <html data-state> is ready (None on error)."""
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_function(READY, polling=10, timeout=180_000)
    seconds = time.perf_counter() - t0
    return seconds if page.evaluate("document.documentElement.dataset.state") == "ready" else None


def first_paint_ms(page):
    """When the page first drew something (the shell: bar, loader), in ms since navigation."""
    return page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")


def page_timings(page):
    """The app's own load timings (web/engine.js): ms since navigation of each stage's end."""
    t = page.evaluate("({...(window.pygames?.app?.engine?.timings ?? {}), page_origin: performance.timeOrigin})")
    if not t.get("worker"):
        return None
    worker = dict(t["worker"])
    start = worker.pop("origin", None)  # the worker's clock starts when its script runs
    start = t["worker_created"] if start is None else start - t["page_origin"]
    out = {"worker_created": t["worker_created"]}
    out.update({k: start + v for k, v in worker.items()})
    out["page_ready"] = t.get("ready")
    return out


def wait_offline_ready(page, timeout=120):
    """Wait until the service worker controls the page: it is active only once it has kept every
    file of the build (web/sw.js installs them all first)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout * 1000, polling=100)


def wait_snapshot_kept(page, timeout=60):
    """Wait (at most timeout s, no error) until the worker has kept its snapshot of Python (web/snapshot.js)."""
    kept = """(async () => { for (const name of await caches.keys()) {
        if ((await (await caches.open(name)).keys()).some((r) => r.url.includes("python-snapshot"))) return true; }
      return false; })()"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not page.evaluate(kept):
        time.sleep(0.2)


def cold_and_warm_loads(browser, server, runs):
    """Alternating cold loads (fresh browser context each) of bench/bare.html and index.html; after
    each cold app load, a warm load in the same context (service worker and caches kept).
    Returns {"bare": [s], "app": [s], "warm": [s], "app_stages": [dict], "warm_stages": [dict]}."""
    out = {"bare": [], "app": [], "warm": [], "app_stages": [], "warm_stages": [], "bare_stages": [],
           "paint": [], "warm_paint": []}
    for _ in range(runs):
        context = browser.new_context()
        try:
            page = context.new_page()
            out["bare"].append(time_ready(page, server.url + "bench/bare.html"))
            out["bare_stages"].append(page.evaluate(  # bare.html says how long its worker took
                "({worker_created: performance.now() - Number(document.documentElement.dataset.bootMs),"
                " page_ready: performance.now()})"))
        finally:
            context.close()
        context = browser.new_context()
        try:
            page = context.new_page()
            out["app"].append(time_ready(page, server.url + "index.html"))
            out["app_stages"].append(page_timings(page))
            out["paint"].append(first_paint_ms(page))
            wait_offline_ready(page)
            wait_snapshot_kept(page)
            time.sleep(3)  # V8 writes its compiled-WebAssembly cache a little after compiling
            page.close()
            page = context.new_page()
            out["warm"].append(time_ready(page, server.url + "index.html"))
            out["warm_stages"].append(page_timings(page))
            out["warm_paint"].append(first_paint_ms(page))
        except Exception as e:  # a benchmark reports, it does not fail
            print(f"  (a load failed: {str(e).splitlines()[0]})")
        finally:
            context.close()
    return out


def stage_table(runs):
    """Median ms since navigation at which each loading stage ended, and the step from the last."""
    runs = [r for r in runs if r]
    if not runs:
        return "  (no stage timings)"
    stages = []
    for key, label in (("worker_created", "worker started"),) + STAGES + (("page_ready", "page ready (table)"),):
        values = [r[key] for r in runs if r.get(key) is not None]
        if values:
            stages.append((statistics.median(values), label))
    lines, last = [], 0.0
    for at, label in sorted(stages):  # in the order they ended (some overlap: downloads, start-up)
        lines.append(f"  {label:<26} {at:7.0f} ms  (+{at - last:5.0f})")
        last = at
    return "\n".join(lines)


def throttled_loads(browser, server, runs):
    """Cold loads of the bare boot and the app, alternating, over a phone-like connection (Chromium's
    network emulation: 10 Mbit/s each way, 40 ms latency; the page's worker fetches through it too).
    Returns {"bare": [s], "app": [s]}."""
    out = {"bare": [], "app": []}
    for _ in range(runs):
        for key, path in (("bare", "bench/bare.html"), ("app", "index.html")):
            context = browser.new_context()
            try:
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", THROTTLE)
                out[key].append(time_ready(page, server.url + path))
            except Exception as e:  # a benchmark reports, it does not fail
                print(f"  (a throttled load failed: {str(e).splitlines()[0]})")
                out[key].append(None)
            finally:
                context.close()
    return out


def layout_shift_figures(browser, server):
    """Cumulative layout shift up to ready of a first visit (a new context) at 390x844 touch, for the
    home screen and each game's table (the goal: <= 0.05 each)."""
    out = {}
    for name in ("home", *shipped_games()):
        context = browser.new_context(**PHONE_CONTEXT)
        try:
            page = context.new_page()
            page.add_init_script(LAYOUT_SHIFTS)
            time_ready(page, server.url + "index.html" + ("" if name == "home" else f"#{name}"))
            page.wait_for_function("document.fonts.status === 'loaded'")
            out[name] = round(page.evaluate("window.__shift"), 4)
        except Exception as e:  # a benchmark reports, it does not fail
            print(f"  (layout shift of {name}: n/a, {str(e).splitlines()[0]})")
        finally:
            context.close()
    FIGURES["layout_shift"] = out
    print("layout shift up to ready, first visit at 390x844 (goal <= 0.05 each): "
          + " · ".join(f"{k} {v:.3f}" for k, v in out.items()))


def visit_bytes_figures(browser, server):
    """The bytes of a first visit of the app (its service worker included) beside a bare boot's."""
    app = FIGURES["first_visit_bytes"] = first_visit_bytes(browser, server)
    bare = FIGURES["bare_boot_bytes"] = first_visit_bytes(browser, server, "bench/bare.html", offline=False)
    if app and bare:
        print(f"first visit transfers {app / 1e6:.2f} MB = {app / bare:.2f}x a bare boot's {bare / 1e6:.2f} MB "
              f"(every file the page, its worker and its service worker fetch; this server does not compress)")


def first_visit_bytes(browser, server, path="index.html", offline=True):
    """Bytes served for a first visit (empty caches) of `path` until it is ready and (`offline`) its
    service worker has kept the build: the sizes of the files the server sent (it does not compress)."""
    context = browser.new_context()
    try:
        start = len(server.request_log)
        page = context.new_page()
        time_ready(page, server.url + path)
        try:
            if offline:
                wait_offline_ready(page, timeout=60)
        except Exception:  # no service worker: what the page itself fetched
            pass
        total = 0
        for method, path, status in server.request_log[start:]:
            f = server.file_for(path)
            if method == "GET" and status == 200 and f.is_file():
                total += f.stat().st_size
        return total
    except Exception as e:  # a benchmark reports, it does not fail
        print(f"  (first visit size: n/a, {str(e).splitlines()[0]})")
        return None
    finally:
        context.close()

"""Shared fixtures: the built site on a local server, and headless Chromium pages that open it.

Browser tests (any test using `site`, `browser`, `page` or `app`) are marked `browser`
automatically, so `pytest -m "not browser"` runs the fast engine suite alone.

    site                        session: base URL of dist/ served on localhost (a str ending in "/";
                                site.server is the buildsys.server.SiteServer: .request_log, .fail_paths)
    browser                     session: a Playwright (sync API) Chromium Browser
    page                        function: a new Page in this worker's warm browser context, its
                                site's storage cleared (localStorage, IndexedDB; sessionStorage is
                                per page) but its Cache Storage kept, so the app restores Python
                                from the snapshot an earlier test's boot made (web/shell/snapshot.js)
                                instead of paying a cold boot per test; a test marked
                                @pytest.mark.fresh_context (or a module with that pytestmark) gets
                                a page in a brand-new context instead (no snapshot, empty HTTP
                                cache: boot tests). page.console_errors lists console errors and
                                uncaught page errors; a test that leaves any fails, unless marked
                                @pytest.mark.allow_console_errors
    warm_page                   function: warm_page(**settings) opens a page in a warm context of
                                that kind: warm_page(**PHONE) a phone (390x844, touch),
                                warm_page(locale="ja-JP"), warm_page(name="other") a second
                                person's browser (its own storage)
    app                         function: `page` with index.html#spades open and ready (a table)
    open_app(page, site, fragment="", timeout=60_000, start=True)
                                plain function (from tests.helpers.site import open_app): go to
                                index.html#fragment, wait for <html data-state="ready">; fails with
                                the app's message on data-state="error" (message in data-error);
                                presses a new game's first-look Start, as a person would
"""

import http.server
import json
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Frame, Page

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygames  # noqa: E402
from buildsys.chromium import find_headless_shell, launch_chromium  # noqa: E402  (build.py's parts)
from buildsys.common import DIST  # noqa: E402
from buildsys.server import serving  # noqa: E402
from buildsys.site import ensure_built  # noqa: E402
from tests import highcard  # noqa: E402
# the browser tests' helpers (tests/helpers/site.py); FILL, PHONE and wait_ready are named here too
# for tests/test_site_remote.py, which imports them from conftest
from tests.helpers.site import FILL, NO_PEER_CONNECTIONS, PHONE, open_app, wait_ready  # noqa: E402,F401

# a sixth, test-only game, registered like the five: every generic test that walks the registry
# (pygames.registered()) plays it too - the proof that a new game costs only its own files
highcard.register()
# every registered game's rules and bots, imported before any test: one that fails to import stops the
# session with its traceback
for _game_id in pygames.registered():
    pygames.game_class(_game_id)
    pygames.games.bots_module(_game_id)

BROWSER_FIXTURES = {"site", "browser", "page", "app", "warm_page"}


def _polled(wait):
    """``wait_for_function`` polling every 20 ms unless a test says otherwise. Playwright's default,
    every animation frame, makes a waiting page render a frame each 16 ms for as long as it waits
    (for the worker's Python, say): CPU the suite, bound by its two cores, spends on nothing."""
    def wait_for_function(self, expression, *, arg=None, polling=None, timeout=None):
        return wait(self, expression, arg=arg, polling=20 if polling is None else polling, timeout=timeout)
    return wait_for_function


for _waiter in (Page, Frame):
    _waiter.wait_for_function = _polled(_waiter.wait_for_function)  # type: ignore[method-assign]
# The tests' Chromium runs WebAssembly with V8's baseline compiler only (Liftoff). Every page's
# worker is a fresh Pyodide, and optimizing its interpreter in the background (TurboFan) costs more
# CPU than the seconds a test runs Python gain back on 2 busy cores (a single test with a core to
# spare would gain; the suite, CPU-bound, loses). Only the tests' browsers: `build.py bench` measures
# Chromium as shipped.
# --process-per-site: a context's pages of the site share one renderer process, which a page kept open
# in each warm context (WarmContexts' keeper) keeps alive between tests. A new page then joins a
# running process (its V8 keeps the compiled WebAssembly and scripts) instead of starting one, which
# nearly halves the CPU of a warm boot (the suite boots about 280 times).
# --in-process-gpu: the compositor's GPU thread in the browser process, not a process of its own
# (one process fewer to start and schedule).
# The tests run in Chromium's headless shell where there is one (buildsys.chromium.find_headless_shell: Debian's
# chromium-headless-shell, which build.py installs), not the full browser in headless mode: the same
# engine and pages at a fifth less CPU, its browser process doing half the work.
TEST_CHROMIUM_ARGS = ["--js-flags=--liftoff-only", "--process-per-site", "--in-process-gpu"]


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives the built site in headless Chromium")
    config.addinivalue_line("markers", "allow_console_errors: the test expects console errors")
    config.addinivalue_line("markers", "fresh_context: the `page` fixture opens a brand-new browser context "
                            "(a cold boot: no kept snapshot, no HTTP cache)")
    config.addinivalue_line("markers", "soak: long; runs only when asked for (-m soak, python3 build.py soak --browser)")
    config.addinivalue_line("markers", "heavy: one of the suite's longest tests (tens of seconds); run first, so that "
                            "the workers do not wait on it at the end")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
    _deselect_soak(config, items)
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)   # stable: heavy ones first


def _deselect_soak(config, items):
    """Tests marked `soak` are left out unless the -m expression names them (`-m soak`)."""
    if "soak" in (config.getoption("markexpr", "") or ""):
        return
    soak = [item for item in items if item.get_closest_marker("soak")]
    if soak:
        config.hook.pytest_deselected(items=soak)
        items[:] = [item for item in items if not item.get_closest_marker("soak")]


@pytest.fixture(scope="session")
def dist():
    """dist/, built from the current sources (rebuilt here only if it is missing or stale)."""
    ensure_built()
    if not (DIST / "build-info.json").exists():
        pytest.fail("dist/build-info.json is missing after the build: run `python3 build.py build`")
    return DIST


class SiteURL(str):
    """The site's base URL; .server is the running buildsys.server.SiteServer."""
    server = None


@pytest.fixture(scope="session")
def site(dist):
    with serving(dist) as server:
        url = SiteURL(server.url)
        url.server = server
        yield url


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is not installed: run `python3 build.py test` (it sets up .venv)")
    with sync_playwright() as p:
        try:
            chromium = launch_chromium(p, find_headless_shell(), args=TEST_CHROMIUM_ARGS)
        except RuntimeError as e:
            pytest.fail(str(e))
        yield chromium
        chromium.close()


# Storage a test may leave behind for the next; Cache Storage (the Python snapshot, web/shell/snapshot.js)
# is kept on purpose, service workers are blocked in these contexts
CLEARED_STORAGE = "cookies,local_storage,indexeddb,websql,file_systems"


def _new_context(browser, **settings):
    context = browser.new_context(service_workers="block", **settings)
    context.add_init_script(NO_PEER_CONNECTIONS)
    return context


class WarmContexts:
    """This worker's warm browser contexts, one per kind of browser (the ``new_context`` settings,
    e.g. a phone's touch, a locale, or just a name for a second person's browser). A viewport is
    not a kind: the page is sized in the context of its other settings, so a new screen size does
    not cost a new context. A new context starts with the Python snapshot an earlier one made
    (``_copy_snapshot``), so only a worker's first boot is cold."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts = {}
        self.keepers = {}           # context -> a page of the site (SEED_PAGE), open all session,
                                    # holding the compiled runtime (KEEP_RUNTIME)
        self.courier = None         # carries a Python snapshot between contexts (_copy_snapshot)

    def page(self, site, viewport=None, **settings):
        """A new page in the warm context of that kind, sized ``viewport`` (else the context's
        default, 1280x720), with the site's storage cleared."""
        key = json.dumps(settings, sort_keys=True)
        settings.pop("name", None)          # only tells two browsers of one kind apart
        context = self.contexts.get(key)
        try:
            if context is None:
                raise LookupError
            page = context.new_page()
        except Exception:           # not opened yet, or a test closed it: open another
            others = [c for c in self.contexts.values() if c is not context]
            self.keepers.pop(context, None)
            context = self.contexts[key] = _new_context(self.browser, **settings)
            keeper = self.keepers[context] = context.new_page()    # keeps the site's renderer running
            keeper.goto(f"{site}{SEED_PAGE}")
            keeper.evaluate(KEEP_RUNTIME)
            self._copy_snapshot([self.keepers[c] for c in others], keeper)
            page = context.new_page()
        if viewport is not None:
            page.set_viewport_size(viewport)
        url = urlsplit(site)
        cdp = context.new_cdp_session(page)
        try:
            cdp.send("Storage.clearDataForOrigin",
                     {"origin": f"{url.scheme}://{url.netloc}", "storageTypes": CLEARED_STORAGE})
        finally:
            cdp.detach()
        return page

    def _copy_snapshot(self, sources, keeper):
        """Put the Python snapshot that another of this worker's contexts made (web/shell/snapshot.js, in
        its Cache Storage) into the new context of ``keeper``, so a new kind of browser starts warm as
        well (a cold boot costs about 3 s of CPU more). The scripts run in the contexts' keepers (the
        new one's, and ``sources``: the others'). The app's own store reads and writes it; the bytes
        are fetched once, from the first context that has them, and kept by the courier."""
        if not sources:
            return                  # the worker's first context: nothing to copy yet
        if self.courier is None:
            self.courier = _start_courier()
        for source in sources:
            if self.courier.kept:
                break
            try:
                _run_with_courier(source, SNAPSHOT_OUT, self.courier)
            except Exception:
                continue
        if self.courier.kept:
            _run_with_courier(keeper, SNAPSHOT_IN, self.courier)

    def close_pages(self):
        """Close every page the test opened (not the keepers)."""
        for context in self.contexts.values():
            try:
                for page in list(context.pages):
                    if page is not self.keepers.get(context):
                        page.close()
            except Exception:
                pass

    def close(self):
        for context in self.contexts.values():
            try:
                context.close()
            except Exception:
                pass
        if self.courier is not None:
            self.courier.shutdown()
            self.courier.server_close()


# The Python snapshot's bytes pass between a worker's browser contexts through a small HTTP server
# of the test's own (Playwright's channel would carry 25 MB as base64, slower than the cold boot it
# saves); the scripts run in the site's build-info.json, a page of its origin (where the app's store
# keeps the snapshot) that starts nothing, served by the site itself (a page a route answered counts
# as a public address, from which Chromium refuses a request to the loopback courier).
SEED_PAGE = "build-info.json"
# The keeper holds Pyodide's WebAssembly module, compiled: V8 shares a module of the same bytes
# between the isolates of a process while one holds it, so each page's worker then finds it compiled
# (with the functions earlier pages' workers compiled) instead of reading it from the code cache and
# validating it again, a tenth less CPU a warm boot.
KEEP_RUNTIME = """async () => {
  globalThis.keptRuntime = await WebAssembly.compileStreaming(fetch("pyodide/pyodide.asm.wasm"));
}"""
SNAPSHOT_OUT = """async (courier) => {
  const build = await (await fetch("build-info.json")).json();
  const { snapshotStore } = await import("./shell/snapshot.js");
  const kept = await snapshotStore(build).find();
  return Boolean(kept) && (await fetch(courier, { method: "POST", body: await kept.bytes })).ok;
}"""
SNAPSHOT_IN = """async (courier) => {
  const build = await (await fetch("build-info.json")).json();
  const { snapshotStore } = await import("./shell/snapshot.js");
  await snapshotStore(build).save(new Uint8Array(await (await fetch(courier)).arrayBuffer()));
}"""


class _CourierHandler(http.server.BaseHTTPRequestHandler):
    """POST: keep the body (a snapshot); GET: give it back."""

    def _answer(self, status, body=b""):
        self.send_response(status)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        self.server.kept = self.rfile.read(int(self.headers["Content-Length"]))
        self._answer(204)

    def do_GET(self):
        self._answer(200, self.server.kept)

    def log_message(self, *args):
        pass


def _start_courier():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _CourierHandler)
    server.daemon_threads = True
    server.kept = None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _run_with_courier(page, script, courier):
    """Run ``script`` (given the courier's URL) in ``page``, a page of the site's origin (a keeper)."""
    host, port = courier.server_address[:2]
    return page.evaluate(script, f"http://{host}:{port}/snapshot")


@pytest.fixture(scope="session")
def warm_contexts(browser):
    contexts = WarmContexts(browser)
    yield contexts
    contexts.close()


@pytest.fixture
def warm_page(warm_contexts, site):
    """``warm_page(viewport={...}, has_touch=True, locale="ja-JP", name="friend")``: a new page in
    this worker's warm context of that kind (see ``page``); ``name`` alone gives a second, separate
    browser (its own storage) of the same kind. Every page opened is closed after the test."""
    yield lambda **settings: warm_contexts.page(site, **settings)
    warm_contexts.close_pages()


@pytest.fixture
def page(browser, request):
    if request.node.get_closest_marker("fresh_context"):
        context = _new_context(browser)
        page = context.new_page()
    else:
        context = None
        warm = request.getfixturevalue("warm_contexts")
        page = warm.page(request.getfixturevalue("site"))
    errors = []
    page.console_errors = errors

    def on_console(message):
        if message.type == "error":
            where = message.location or {}
            errors.append(f"console.error: {message.text} ({where.get('url', '')}:{where.get('lineNumber', '')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    yield page
    if context is not None:
        context.close()
    else:
        warm.close_pages()
    if errors and not request.node.get_closest_marker("allow_console_errors"):
        pytest.fail("console errors on the page:\n  " + "\n  ".join(errors), pytrace=False)


@pytest.fixture
def app(page, site):
    return open_app(page, site, "spades")  # a plain visit shows the home screen (test_site_home.py)

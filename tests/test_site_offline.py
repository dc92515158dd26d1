"""Offline and hosting: the service worker keeps the build (second visits work with the server
stopped), a new build replaces it cleanly, the site works under a sub-path (GitHub Pages project
sites), the manifest makes it installable, and the Pages workflow builds and deploys dist/."""

import json
import shutil
import struct
from pathlib import Path

import pytest

from buildsys.offline import write_offline_list
from buildsys.server import SiteServer
from tests.helpers.site import wait_ready

pytestmark = pytest.mark.heavy            # tens of seconds a test: run first (conftest.py)

ROOT = Path(__file__).resolve().parent.parent
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy && "
           "window.pygames.app.state.view.current_player === window.pygames.app.state.seat")
CONTROLLED = "navigator.serviceWorker.controller !== null"


def info(dist):
    return json.loads((dist / "build-info.json").read_text())


def kept_files(site_dir):
    text = (site_dir / "sw-files.js").read_text()
    return json.loads(text[text.index("{"):text.rindex("}") + 1])


# ---- the build: what the service worker keeps, the manifest, the icons, the workflow ----------------

def test_the_service_worker_keeps_every_file_the_app_loads_and_nothing_else(dist):
    kept = kept_files(dist)
    assert kept["id"] == info(dist)["build_id"]
    files = set(kept["files"])
    for rel in files:
        assert (dist / rel).is_file(), rel
    engine = info(dist).get("engine", info(dist)["wheel"])                 # what the worker loads
    for needed in ("index.html", "app.js", "shell/worker.js", "shell/home.js", "build-info.json", engine,
                   "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                   "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "manifest.webmanifest",
                   "games/index.js", "icons/icon-192.png"):
        assert needed in files, needed
    for layout in (dist / "games").glob("*.js"):
        assert f"games/{layout.name}" in files
    assert not [f for f in files if f.startswith("bench/") or f.endswith(".map") or "micropip" in f]
    assert not [f for f in files if f.startswith("/") or "://" in f]         # relative: any sub-path


def test_the_build_id_follows_the_content(tmp_path, dist):
    copy = tmp_path / "site"
    shutil.copytree(dist, copy)
    assert write_offline_list(copy) == info(dist)["build_id"]          # same files, same id
    (copy / "style.css").write_text((copy / "style.css").read_text() + "\n/* changed */\n")
    assert write_offline_list(copy) != info(dist)["build_id"]


def png_size(path):
    return png_size_of(path.read_bytes())


def png_size_of(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_makes_the_site_installable(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./index.html" and manifest["scope"] == "./"
    sizes = {}
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http"))
        path = dist / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert f"{w}x{h}" == icon["sizes"]
            sizes[w] = icon.get("purpose", "any")
    assert 192 in sizes and 512 in sizes
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])
    page = (dist / "index.html").read_text()
    assert 'rel="manifest" href="manifest.webmanifest"' in page


@pytest.mark.parametrize("size", [192, 512])
def test_the_icons_show_a_spade_on_the_table(size):
    """The committed PNG icons (web/icons/, drawn like icon.svg): 8-bit RGB, rows unfiltered."""
    import zlib
    png = (ROOT / "web" / "icons" / f"icon-{size}.png").read_bytes()
    assert png_size_of(png) == (size, size)
    chunks, at = {}, 8
    while at < len(png):
        n = int.from_bytes(png[at:at + 4], "big")
        chunks[png[at + 4:at + 8]] = chunks.get(png[at + 4:at + 8], b"") + png[at + 8:at + 8 + n]
        at += 12 + n
    assert chunks[b"IHDR"][8:10] == bytes((8, 2))                 # 8-bit RGB
    rows = zlib.decompress(chunks[b"IDAT"])
    stride = size * 3 + 1
    assert all(rows[y * stride] == 0 for y in range(size))       # filter "none" on every row
    pixel = lambda x, y: rows[y * stride + 1 + 3 * x: y * stride + 4 + 3 * x]
    felt, white = bytes((31, 107, 69)), bytes((250, 250, 245))
    assert pixel(0, 0) == pixel(size - 1, size - 1) == felt       # the felt, edge to edge (maskable)
    assert pixel(size // 2, size * 30 // 64) == white             # the spade in the middle
    assert pixel(size // 2, size // 8) == felt                    # above its point


def test_the_pages_workflow_builds_with_build_py_and_deploys_dist():
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert "python3 build.py build" in text
    assert "actions/upload-pages-artifact" in text and "path: dist" in text
    assert "actions/deploy-pages" in text
    assert "pages: write" in text and "id-token: write" in text


# ---- in the browser: a context that lets service workers run ------------------------------------------

@pytest.fixture
def sw_context(browser):
    """A browser context with service workers allowed (the `page` fixture blocks them) that fails
    the test on console errors."""
    context = browser.new_context(service_workers="allow")
    context.console_errors = []

    def watch(page):
        page.on("console", lambda m: m.type == "error" and context.console_errors.append(m.text))
        page.on("pageerror", lambda e: context.console_errors.append(str(e)))
    context.on("page", watch)
    yield context
    context.close()
    assert not context.console_errors, context.console_errors


@pytest.fixture
def own_site(tmp_path, dist):
    """A copy of dist/ under a sub-path, served by a server of this test's own (it may stop it or
    change the files): yields (server, site_dir, base_url)."""
    site_dir = tmp_path / "root" / "pygames"
    shutil.copytree(dist, site_dir)
    server = SiteServer(tmp_path / "root")
    import threading
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server, site_dir, server.url + "pygames/"
    server.shutdown()
    server.server_close()


def open_game(page, url, fragment):
    page.goto(f"{url}index.html#{fragment}")
    wait_ready(page)
    page.wait_for_function(CONTROLLED, timeout=120_000)


def play_first_legal(page):
    page.wait_for_function(MY_TURN, timeout=60_000)
    count = page.evaluate("window.pygames.app.state.view.move_count")
    page.locator("#table [data-legal='true']").first.click()
    played = f"window.pygames.app.state.view.move_count > {count}"
    page.wait_for_function(f"{played} || document.querySelector('#table .target-on')")
    if not page.evaluate(played):
        page.locator("#table .target-on").first.click()     # a picked card waits for where it goes
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")
    page.wait_for_function(MY_TURN, timeout=60_000)      # the bots have answered: a quiet moment
    return page.evaluate("window.pygames.app.state.link")


@pytest.mark.heavy
def test_a_second_visit_works_with_the_server_stopped_and_resumes_the_game(sw_context, own_site):
    server, _, url = own_site
    page = sw_context.new_page()
    open_game(page, url, "spades?s=5")
    link = play_first_legal(page)
    server.shutdown()
    server.server_close()                                 # nothing answers at that address any more
    page.reload()
    wait_ready(page)
    assert page.evaluate(CONTROLLED)
    assert page.evaluate("window.pygames.app.state.link") == link
    # Python restored from the first visit's snapshot (web/shell/snapshot.js), not started afresh
    stages = page.evaluate("window.pygames.app.engine.timings.worker")
    assert "snapshot_read" in stages and "runtime_downloaded" not in stages, stages
    # the kept runtime is served as WebAssembly, so it compiles while it streams (and the browser
    # may keep its compiled code with the cached response)
    wasm_type = "caches.match(new URL('pyodide/pyodide.asm.wasm', location.href).href).then(r => r?.headers.get('content-type'))"
    assert page.evaluate(wasm_type) == "application/wasm"
    assert page.locator("#table .hand .card").count() >= 12
    # a plain visit, offline too: the home screen offers to continue
    home = sw_context.new_page()
    home.goto(f"{url}index.html")
    wait_ready(home)
    assert home.locator(".home-tile[data-game='spades'] .home-continue").is_visible()
    home.locator(".home-tile[data-game='spades'] .home-continue").click()
    home.wait_for_function("l => window.pygames.app.state.link === l", arg=link)


@pytest.mark.heavy
def test_a_first_visit_downloads_each_runtime_file_once_under_a_sub_path(sw_context, own_site):
    """The service worker keeps what the page already fetched (worker.js puts the runtime files it
    downloads in the worker's cache): a first visit asks the server for each of them once.
    The site lives under a sub-path (as on GitHub Pages), and nothing is asked outside it."""
    server, site_dir, url = own_site
    page = sw_context.new_page()
    open_game(page, url, "spades?s=5")
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)") == url
    paths = {path.split("?")[0] for _, path, _ in server.request_log}
    assert paths and all(p.startswith("/pygames/") for p in paths), sorted(paths)
    build = page.evaluate("fetch('build-info.json').then(r => r.json())")
    runtime = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", build["engine"]]
    asked = [path.split("?")[0] for _, path, _ in server.request_log]
    for file in runtime:
        assert asked.count(f"/pygames/{file}") == 1, (file, asked.count(f"/pygames/{file}"))
    kept = page.evaluate("(files) => Promise.all(files.map(f => caches.match(new URL(f, location.href).href)"
                         ".then(r => r && r.arrayBuffer()).then(b => b ? b.byteLength : 0)))", runtime)
    assert kept == [build["runtime_bytes"][runtime[0]], build["runtime_bytes"][runtime[1]], kept[2]] and kept[2] > 0
    # another site on the same origin (another build under another path) keeps a cache of its own
    other = site_dir.parent / "other"
    shutil.copytree(site_dir, other)
    new_build(other)
    mine = page.evaluate("window.pygames.app.engine.timings.build")
    page.goto(server.url + "other/index.html#spooneye?s=3")
    wait_ready(page)
    page.wait_for_function(CONTROLLED, timeout=120_000)
    theirs = page.evaluate("window.pygames.app.engine.timings.build")
    assert mine != theirs
    assert sorted(cache_names(page)) == sorted([f"pygames /pygames/ {mine}", f"pygames /other/ {theirs}"])


def cache_names(page):
    return page.evaluate("caches.keys()")


def new_build(site_dir):
    """What deploying a changed build does to the files: another stylesheet, a new id."""
    (site_dir / "style.css").write_text((site_dir / "style.css").read_text() + "\n/* the next build */\n")
    data = json.loads((site_dir / "build-info.json").read_text())
    data["build_id"] = write_offline_list(site_dir)
    (site_dir / "build-info.json").write_text(json.dumps(data))
    return data["build_id"]


@pytest.mark.heavy
def test_a_new_build_replaces_the_cache_and_switches_without_losing_the_game_or_by_itself_at_home(sw_context, own_site):
    _, site_dir, url = own_site
    page = sw_context.new_page()
    open_game(page, url, "spades?s=7")
    old_id = page.evaluate("window.pygames.app.engine.timings.build")
    assert cache_names(page) == [f"pygames /pygames/ {old_id}"]
    link = play_first_legal(page)
    new_id = new_build(site_dir)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_function("document.documentElement.dataset.update === 'ready'", timeout=120_000)
    assert "new version" in page.locator("#notice").inner_text()
    # a game in progress on show: it waits for the person (or a safe moment)
    page.wait_for_timeout(2500)
    assert page.evaluate("document.documentElement.dataset.update") == "ready"
    with page.expect_navigation():
        page.locator("#notice .notice-action").click()
    wait_ready(page)
    assert page.evaluate("window.pygames.app.engine.timings.build") == new_id
    assert page.evaluate("window.pygames.app.state.link") == link         # the same game, same move
    page.wait_for_function(f"(async () => (await caches.keys()).join() === 'pygames /pygames/ {new_id}')()")
    # the build after that, found while the home screen shows (no game on show to wait for): the
    # page switches to it by itself
    page.locator("#home-link").click()
    page.wait_for_function("document.documentElement.dataset.view === 'home'")
    third_id = new_build(site_dir)
    with page.expect_navigation(timeout=120_000):
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    wait_ready(page)
    assert page.evaluate("window.pygames.app.engine.timings.build") == third_id != new_id
    assert page.locator(".home-tile").count() >= 4

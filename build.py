#!/usr/bin/env python3
"""Build, serve, test and benchmark the pygames static site.

    python3 build.py build               wheel + Pyodide runtime + web/ -> dist/
    python3 build.py serve [--port N]    build, then serve dist/ at http://localhost:N (default 8000)
    python3 build.py test [pytest args]  venv + test deps + Chromium + build, then pytest
    python3 build.py bench               page-ready vs bare Pyodide boot; playouts per second per game

Standard library only; pip, npm and apt-get run as subprocesses. Downloads (the pinned Pyodide npm
package, the pinned micropip wheel) are kept in .cache/, so builds after the first work offline.
"""

import argparse
import base64
import contextlib
import functools
import hashlib
import http.server
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = Path(os.environ.get("PYGAMES_DIST") or ROOT / "dist").resolve()  # another place: parallel work
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"

PYODIDE_VERSION = "314.0.7"  # npm package `pyodide`; runs CPython 3.14
PYODIDE_INTEGRITY = ("sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+"
                     "SNvi/6V5JEsOlD2R1A==")
MICROPIP_VERSION = "0.11.1"  # the npm package has no micropip wheel; the one from PyPI replaces it
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
# Runtime files copied from the npm package into dist/pyodide/.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.mjs.map", "pyodide.js", "pyodide.js.map",
                 "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The big ones the worker downloads itself to show progress, then hands to Pyodide (their sizes go
# into build-info.json).
DOWNLOADED_FIRST = ("pyodide.asm.wasm", "python_stdlib.zip")

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"]
MIME_TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
    ".css": "text/css", ".json": "application/json", ".map": "application/json",
    ".wasm": "application/wasm", ".whl": "application/zip", ".zip": "application/zip",
    ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8", ".woff2": "font/woff2",
}


def log(message):
    print(f"[build.py] {message}", flush=True)


def run(cmd, **kwargs):
    kwargs.setdefault("check", True)
    return subprocess.run([str(c) for c in cmd], **kwargs)


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def tree_files(base, suffixes=None):
    """Files under base, sorted, skipping caches and editor droppings."""
    out = []
    for p in sorted(base.rglob("*")):
        rel = p.relative_to(base)
        if not p.is_file() or any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
            continue
        if p.suffix in (".pyc", ".pyo") or (suffixes and p.suffix not in suffixes):
            continue
        out.append(p)
    return out


# --- downloads (cached) ---------------------------------------------------------------------------

def pyodide_package():
    """The unpacked `pyodide` npm package (its `package/` folder), fetched once with `npm pack`."""
    target = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if (target / "package" / "pyodide.asm.wasm").exists():
        return target / "package"
    tgz = CACHE / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        if not shutil.which("npm"):
            sys.exit("build.py: npm is needed once to fetch the Pyodide runtime (install Node.js + npm)")
        log(f"downloading the pyodide@{PYODIDE_VERSION} npm package")
        tgz.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, "--silent"],
                stdout=subprocess.DEVNULL)
            (Path(tmp) / tgz.name).replace(tgz)
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != PYODIDE_INTEGRITY:
        tgz.unlink()
        sys.exit(f"build.py: {tgz.name} does not match the pinned integrity hash (deleted; try again)")
    tmp = Path(tempfile.mkdtemp(dir=CACHE))
    with tarfile.open(tgz) as tar:
        try:
            tar.extractall(tmp, filter="data")
        except TypeError:  # Python without extraction filters
            tar.extractall(tmp)
    shutil.rmtree(target, ignore_errors=True)
    tmp.replace(target)
    return target / "package"


def micropip_wheel():
    """The pinned micropip wheel from PyPI (Pyodide's lock names it; the npm package lacks it)."""
    folder = CACHE / "micropip"
    wheel = folder / f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    if not wheel.exists():
        log(f"downloading micropip {MICROPIP_VERSION} from PyPI")
        run([sys.executable, "-m", "pip", "download", f"micropip=={MICROPIP_VERSION}",
             "--python-version", "3.14", "--only-binary=:all:", "--no-deps", "-q", "-d", folder])
    if sha256_file(wheel) != MICROPIP_SHA256:
        wheel.unlink()
        sys.exit(f"build.py: {wheel.name} does not match the pinned sha256 (deleted; try again)")
    return wheel


def wheel_inputs():
    files = [ROOT / "pyproject.toml"] + tree_files(ROOT / "pygames", {".py", ".json", ".txt", ".md"})
    if (ROOT / "README.md").exists():
        files.append(ROOT / "README.md")
    return files


def pygames_wheel():
    """Build the engine wheel with pip (setuptools backend), cached by a hash of its sources."""
    files = wheel_inputs()
    h = hashlib.sha256()
    for f in files:
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes() + b"\0")
    folder = CACHE / "wheels" / h.hexdigest()[:20]
    found = sorted(folder.glob("pygames-*.whl"))
    if found:
        log(f"engine wheel unchanged: {found[0].name}")
        return found[0]
    log("building the engine wheel (pip wheel)")
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / "src"  # build from a copy: no build/ or *.egg-info in the work tree
        for f in files:
            dest = stage / f.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, dest)
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")  # reproducible zip timestamps
        run([sys.executable, "-m", "pip", "wheel", stage, "--no-deps", "-q", "-w", Path(tmp) / "out"],
            env=env)
        built = sorted((Path(tmp) / "out").glob("pygames-*-py3-none-any.whl"))
        if len(built) != 1:
            sys.exit("build.py: pip wheel did not produce one pure-Python pygames wheel")
        shutil.rmtree(CACHE / "wheels", ignore_errors=True)  # keep only the current one
        folder.mkdir(parents=True)
        shutil.copy2(built[0], folder / built[0].name)
    return folder / built[0].name


# --- build ----------------------------------------------------------------------------------------

def build():
    """Assemble dist/ (into dist.new/, then swapped in). Returns build-info as a dict."""
    t0 = time.perf_counter()
    if not (WEB / "worker.js").exists():
        sys.exit("build.py: web/worker.js is missing")
    package = pyodide_package()
    micropip = micropip_wheel()
    wheel = pygames_wheel()

    new = DIST.with_name(DIST.name + ".new")
    shutil.rmtree(new, ignore_errors=True)
    shutil.copytree(WEB, new, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    register_games(new)
    runtime = new / "pyodide"
    runtime.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(package / name, runtime / name)
    shutil.copy2(micropip, runtime / micropip.name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    entry = dict(lock["packages"]["micropip"])
    if entry.get("depends"):
        sys.exit(f"build.py: micropip in the lock now depends on {entry['depends']}; update build.py")
    entry.update(file_name=micropip.name, sha256=MICROPIP_SHA256, version=MICROPIP_VERSION)
    lock["packages"] = {"micropip": entry}  # the site ships no other Pyodide package
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    (new / "wheels").mkdir()
    shutil.copy2(wheel, new / "wheels" / wheel.name)
    info = {
        "wheel": f"wheels/{wheel.name}",
        "wheel_sha256": sha256_file(wheel),
        "pyodide": PYODIDE_VERSION,
        "built": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        # sizes of the files the worker fetches first, so its progress bar is exact even when a
        # host compresses them (Content-Length is then the compressed size)
        "runtime_bytes": {f"pyodide/{n}": (runtime / n).stat().st_size for n in DOWNLOADED_FIRST},
        "inputs": inputs_digest(),
    }
    (new / "build-info.json").write_text(json.dumps(info, indent=1) + "\n")
    (new / ".nojekyll").write_text("")
    old = DIST.with_name(DIST.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if DIST.exists():
        DIST.replace(old)
    new.replace(DIST)
    shutil.rmtree(old, ignore_errors=True)
    log(f"built dist/ in {time.perf_counter() - t0:.2f} s ({wheel.name}, Pyodide {PYODIDE_VERSION})")
    return info


def playable_games():
    """The engine's playable game ids: the one list of games everything else is made from."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames.games import available
    return available()


def register_games(site):
    """Write what the site needs to know of the games, from the engine's list: the layout index
    (games/index.js) and the stylesheet links in index.html. A playable game without a layout (or
    a layout without a playable game) is left out with a warning; tests/test_build.py insists on
    one set."""
    layouts = {p.stem for p in (WEB / "games").glob("*.js")} - {"common"}
    games = [g for g in playable_games() if g in layouts]
    odd = set(playable_games()) ^ layouts
    if odd:
        log(f"warning: left out of the site, an engine game or a layout alone: {', '.join(sorted(odd))}")
    lines = ["// Made by build.py from the engine's playable games: one table layout each.\n"]
    lines += [f'import {g} from "./{g}.js";\n' for g in games]
    lines.append(f"\nexport const LAYOUTS = {{ {', '.join(games)} }};\n")
    (site / "games" / "index.js").write_text("".join(lines))
    page = site / "index.html"
    links = "".join(f'<link rel="stylesheet" href="games/{g}.css">\n' for g in games
                    if (WEB / "games" / f"{g}.css").exists())
    html = page.read_text()
    if "<!-- game stylesheets -->\n" not in html:
        sys.exit("build.py: web/index.html lacks the <!-- game stylesheets --> line")
    page.write_text(html.replace("<!-- game stylesheets -->\n", links))


def inputs_digest():
    """A hash of everything dist/ is made from, to tell whether dist/ is stale."""
    h = hashlib.sha256(f"{PYODIDE_VERSION} {MICROPIP_VERSION}".encode())
    for f in tree_files(WEB) + wheel_inputs():
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def ensure_built():
    """Build dist/ unless it is already built from the current sources (safe for parallel callers)."""
    CACHE.mkdir(exist_ok=True)
    with open(CACHE / "build.lock", "w") as lockfile:
        try:
            import fcntl
            fcntl.flock(lockfile, fcntl.LOCK_EX)
        except ImportError:  # Windows: no lock, fine for a single test process
            pass
        try:
            current = json.loads((DIST / "build-info.json").read_text()).get("inputs")
        except (OSError, ValueError):
            current = None
        if current != inputs_digest():
            build()


# --- serving --------------------------------------------------------------------------------------

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types and no-cache (revalidate every time) headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive
    quiet = True

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        failing = getattr(self.server, "fail_paths", ())
        if self.path.split("?")[0] in failing:  # tests break a file on purpose
            self.send_error(404, "broken on purpose by a test")
            return None
        return super().send_head()

    def log_request(self, code="-", size="-"):
        requests = getattr(self.server, "request_log", None)
        if requests is not None:
            requests.append((self.command, self.path, int(code) if str(code).isdigit() else code))
        if not self.quiet:
            super().log_request(code, size)

    def log_error(self, *args):
        if not self.quiet:
            super().log_error(*args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, directory, port=0, host="127.0.0.1", quiet=True):
        handler = type("Handler", (SiteHandler,), {"quiet": quiet})
        super().__init__((host, port), functools.partial(handler, directory=str(directory)))
        self.request_log = []  # (method, path, status) of every request, for tests
        self.fail_paths = set()  # URL paths answered with 404, for tests

    @property
    def url(self):
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


@contextlib.contextmanager
def serving(directory=DIST, port=0, quiet=True):
    """Serve directory on localhost in a background thread; yields the SiteServer."""
    server = SiteServer(directory, port=port, quiet=quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def serve(port):
    build()
    try:
        server = SiteServer(DIST, port=port, quiet=False)
    except OSError as e:
        sys.exit(f"build.py: cannot listen on port {port} ({e.strerror}); try --port {port + 1}")
    print(f"\nServing dist/ at http://localhost:{port}/  (open it in a browser; Ctrl+C stops)\n",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


# --- browser --------------------------------------------------------------------------------------

def find_chromium(playwright=None):
    """A Chromium executable: $PYGAMES_CHROMIUM, Playwright's own build if installed, else the
    system one (/usr/bin/chromium, chromium or chromium-browser on PATH). None if there is none."""
    env = os.environ.get("PYGAMES_CHROMIUM")
    if env and Path(env).exists():
        return env
    try:
        if playwright is not None:
            path = playwright.chromium.executable_path
        else:
            from playwright.sync_api import sync_playwright
            with sync_playwright() as p:
                path = p.chromium.executable_path
        if path and Path(path).exists():
            return path
    except Exception:  # playwright missing, or no browser of its own
        pass
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def launch_chromium(playwright, executable=None):
    executable = executable or find_chromium(playwright)
    if not executable:
        raise RuntimeError("no Chromium found: run `python3 build.py test` once (it installs one), "
                           "or set PYGAMES_CHROMIUM to a Chromium executable")
    return playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)


# --- test environment -----------------------------------------------------------------------------

def venv_python():
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv():
    """.venv with the package (editable) and its [test] extra; reinstalls when pyproject changes."""
    py = venv_python()
    if not py.exists():
        log("creating .venv")
        run([sys.executable, "-m", "venv", VENV])
    stamp = VENV / ".pygames-deps"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != want:
        log("installing test dependencies into .venv (pip install -e .[test])")
        run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-e", ".[test]"], cwd=ROOT)
        stamp.write_text(want)
    else:
        log("test dependencies already installed in .venv")
    return py


def ensure_chromium(py):
    def probe():
        out = run([py, "-c", "import build; print(build.find_chromium() or '')"], cwd=ROOT,
                  capture_output=True, text=True)
        return out.stdout.strip()

    path = probe()
    if not path:
        if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
            log("no Chromium found: apt-get install -y chromium")
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            run(["apt-get", "update", "-q"], env=env, stdout=subprocess.DEVNULL)
            run(["apt-get", "install", "-y", "-q", "chromium"], env=env,
                stdout=subprocess.DEVNULL)
        else:
            log("no Chromium found: trying `playwright install chromium`")
            run([py, "-m", "playwright", "install", "chromium"], check=False)
        path = probe()
    if not path:
        sys.exit("build.py: no Chromium: install your system's chromium package, or run "
                 "`.venv/bin/python -m playwright install chromium`, or set PYGAMES_CHROMIUM")
    log(f"Chromium: {path}")
    return path


def test(pytest_args):
    py = ensure_venv()
    env = dict(os.environ, PYGAMES_CHROMIUM=ensure_chromium(py))
    build()
    if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in pytest_args) and (os.cpu_count() or 1) > 1:
        pytest_args = ["-n", str(min(4, os.cpu_count())), *pytest_args]   # one worker a core
    log(f"running pytest {' '.join(pytest_args)}".rstrip())
    code = subprocess.call([str(py), "-m", "pytest", *pytest_args], cwd=ROOT, env=env)
    if code == 5:
        log("pytest collected no tests: counting that as a failure")
        return 1
    return code


# --- bench ----------------------------------------------------------------------------------------

def bench():
    py = ensure_venv()
    env = dict(os.environ, PYGAMES_CHROMIUM=ensure_chromium(py))
    build()
    return subprocess.call([str(py), str(ROOT / "build.py"), "_bench"], cwd=ROOT, env=env)


def _bench(runs=5):
    """Runs inside .venv (needs playwright). Prints figures; asserts nothing."""
    from playwright.sync_api import sync_playwright

    def time_ready(browser, url):
        context = browser.new_context()
        page = context.new_page()
        try:
            t0 = time.perf_counter()
            page.goto(url)
            page.wait_for_function("['ready', 'error'].includes(document.documentElement.dataset.state)",
                                   polling=10, timeout=180_000)
            seconds = time.perf_counter() - t0
            state = page.evaluate("document.documentElement.dataset.state")
            return seconds if state == "ready" else None
        finally:
            context.close()

    print(f"pygames bench, one run on this machine ({os.cpu_count()} cores), Pyodide {PYODIDE_VERSION}")
    with serving() as server, sync_playwright() as p:
        browser = launch_chromium(p)
        print(f"browser: {browser.version}, cold HTTP cache each load (new browser context), "
              f"{runs} loads each, alternating")
        have_app = (DIST / "index.html").exists()
        bare, app = [], []
        for _ in range(runs):
            bare.append(time_ready(browser, server.url + "bench/bare.html"))
            if have_app:
                app.append(time_ready(browser, server.url + "index.html"))
        bare_ok = [t for t in bare if t is not None]
        app_ok = [t for t in app if t is not None]
        fmt = lambda ts: ", ".join("error" if t is None else f"{t:.2f}" for t in ts)
        print(f"bare Pyodide boot (bench/bare.html): median {statistics.median(bare_ok):.2f} s  "
              f"[{fmt(bare)}]" if bare_ok else f"bare Pyodide boot: failed [{fmt(bare)}]")
        if not have_app:
            print("app page ready (index.html): n/a (no index.html in dist/)")
        elif app_ok and bare_ok:
            ratio = statistics.median(app_ok) / statistics.median(bare_ok)
            print(f"app page ready (index.html):        median {statistics.median(app_ok):.2f} s  [{fmt(app)}]")
            print(f"app ready / bare boot: {ratio:.2f}x")
        else:
            print(f"app page ready (index.html): failed [{fmt(app)}]")
        playouts_pyodide = pyodide_playouts(browser, server) if bare_ok else "n/a"
        browser.close()
    print(f"random playouts (one full deal each) through the action interface, "
          f"CPython {sys.version.split()[0]}:\n{cpython_playouts()}")
    print(f"the same in Pyodide (the browser's worker):\n{playouts_pyodide}")
    return 0


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


# --- main -----------------------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="build dist/")
    p_serve = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    p_serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="set up .venv and Chromium, build, run pytest (extra args go to pytest)")
    sub.add_parser("bench", help="print page-ready and engine speed figures")
    sub.add_parser("_bench", help=argparse.SUPPRESS)
    p_tour = sub.add_parser("tournament", help="bot level against bot level: win rate with a 95%% interval")
    p_tour.add_argument("game")
    p_tour.add_argument("level_a")
    p_tour.add_argument("level_b")
    p_tour.add_argument("-n", "--games", type=int, default=40)
    p_tour.add_argument("-p", "--players", type=int, default=None)
    argv = sys.argv[1:] if argv is None else argv
    os.chdir(ROOT)
    if argv[:1] == ["test"]:  # everything after `test` goes to pytest untouched
        return test(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "bench":
        return bench()
    if args.command == "tournament":
        return tournament(args)
    return _bench()


def tournament(args):
    sys.path.insert(0, str(ROOT))
    from pygames.ai.tournament import run
    start = time.perf_counter()
    r = run(args.game, args.level_a, args.level_b, games=args.games, players=args.players)
    print(f"{r['game']}: {r['a']} vs {r['b']} over {r['games']} matches: {r['a']} wins {r['wins']:g} "
          f"= {100 * r['rate']:.0f}% (95% CI {100 * r['low']:.0f}%-{100 * r['high']:.0f}%) "
          f"in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

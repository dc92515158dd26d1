#!/usr/bin/env python3
"""Build, serve, test and benchmark the pygames static site.

    python3 build.py build               wheel + Pyodide runtime + web/ -> dist/
    python3 build.py serve [--port N] [--gzip]  build, then serve dist/ at http://localhost:N (default 8000)
    python3 build.py test [pytest args]  venv + test deps + Chromium + build, then pytest
    python3 build.py bench               page-ready vs bare Pyodide boot; playouts per second per game
    python3 build.py soak [--matches N]  10000 checked random matches a game, longer fuzz; --browser too

Standard library only; pip, npm and apt-get run as subprocesses. Downloads (the pinned Pyodide npm
package, the pinned micropip wheel) are kept in .cache/, so builds after the first work offline.
"""

import argparse
import ast
import base64
import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
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
CONSTRAINTS = ROOT / "tests" / "constraints.txt"   # the test tools' pinned versions

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
    ".txt": "text/plain; charset=utf-8", ".woff2": "font/woff2", ".webmanifest": "application/manifest+json",
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

def npm_package(name, version, integrity, what):
    """The pinned npm package's tarball in .cache/npm, fetched once with `npm pack` and checked
    against its integrity hash (a mismatch is deleted and stops the build)."""
    tgz = CACHE / "npm" / f"{name}-{version}.tgz"
    if not tgz.exists():
        if not shutil.which("npm"):
            sys.exit(f"build.py: npm is needed once to fetch {what} (install Node.js + npm)")
        log(f"downloading the {name}@{version} npm package")
        tgz.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            run(["npm", "pack", f"{name}@{version}", "--pack-destination", tmp, "--silent"],
                stdout=subprocess.DEVNULL)
            (Path(tmp) / tgz.name).replace(tgz)
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != integrity:
        tgz.unlink()
        sys.exit(f"build.py: {tgz.name} does not match the pinned integrity hash (deleted; try again)")
    return tgz


def pyodide_package():
    """The unpacked `pyodide` npm package (its `package/` folder), fetched once with `npm pack`."""
    target = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if (target / "package" / "pyodide.asm.wasm").exists():
        return target / "package"
    tgz = npm_package("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY, "the Pyodide runtime")
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


AXE_VERSION = "4.14.1"  # npm package `axe-core`: the browser tests' accessibility check (not shipped)
AXE_INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="


def axe_core():
    """axe.min.js of the pinned `axe-core` npm package, fetched once with `npm pack` like Pyodide; tests
    inject it into the page (page.add_script_tag(path=...)), the site never ships it."""
    script = CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if script.exists():
        return script
    tgz = npm_package("axe-core", AXE_VERSION, AXE_INTEGRITY, "axe-core for the accessibility tests")
    with tarfile.open(tgz) as tar:
        data = tar.extractfile("package/axe.min.js").read()
    script.parent.mkdir(parents=True, exist_ok=True)
    partial = script.with_suffix(f".{os.getpid()}.tmp")
    partial.write_bytes(data)
    partial.replace(script)
    return script


def wheel_inputs():
    files = [ROOT / "pyproject.toml"] + tree_files(ROOT / "pygames", {".py", ".json", ".txt", ".md", ".typed"})
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
    if not (WEB / "shell" / "worker.js").exists():
        sys.exit("build.py: web/shell/worker.js is missing")
    package = pyodide_package()
    micropip = micropip_wheel()
    wheel = pygames_wheel()

    new = DIST.with_name(DIST.name + ".new")
    shutil.rmtree(new, ignore_errors=True)
    shutil.copytree(WEB, new, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    register_games(new)
    write_languages(new)
    prerender_home(new)
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
    engine = engine_bytecode_zip(wheel, package)  # the worker's engine: the wheel, precompiled
    if engine:
        shutil.copy2(engine, new / "wheels" / engine.name)
    # the page's standard library: only what the site imports; the bench's bare boot keeps the whole one
    shutil.copy2(package / "python_stdlib.zip", new / "bench" / "python_stdlib.zip")
    stdlib = trimmed_stdlib(package, engine or wheel)
    if stdlib:
        shutil.copy2(stdlib, runtime / "python_stdlib.zip")
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
    if engine:
        info["engine"] = f"wheels/{engine.name}"
    info["build_id"] = write_offline_list(new)  # what the service worker keeps (sw.js)
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


# --- the engine precompiled by the runtime's own Python -------------------------------------------

BYTECODE_SCRIPT = r"""
// node <this> <pyodide package dir> <wheel> <out zip> <left-out file names json>: the wheel's files,
// each module compiled by Pyodide's own Python as an unchecked hash-based .pyc in place of its .py
// (zipimport uses it as is). Leaner than a plain compile, for what the page never uses: no source
// (only a traceback's lines read it), no column ranges (PYTHONNODEBUGRANGES: a traceback's ^^^ marks),
// no docstrings of functions and methods (modules and classes keep theirs), no .dist-info (nothing
// reads the package's metadata) and not the command-line tools (NOT_IN_THE_BROWSER).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pkg, wheel, out, leftOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pkg + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pkg + "/", env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/tmp/in.whl", readFileSync(wheel));
py.globals.set("left_out", leftOut);
py.runPython(`
import ast, importlib.util, json, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def without_function_docstrings(source, filename):
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)):
            doc = node.body[0]
            node.body[0] = ast.copy_location(ast.Expr(ast.copy_location(ast.Constant(0), doc)), doc)
    return tree

with zipfile.ZipFile("/tmp/in.whl") as zin, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        if ".dist-info/" in item.filename or item.filename.rsplit("/", 1)[-1] in json.loads(left_out):
            continue
        data = zin.read(item)
        if not item.filename.endswith(".py"):
            zout.writestr(item, data)
        else:
            code = compile(without_function_docstrings(data, item.filename), item.filename, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            zout.writestr(zipfile.ZipInfo(item.filename[:-3] + ".pyc", item.date_time), bytes(pyc),
                          compress_type=zipfile.ZIP_DEFLATED)
`);
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
"""


def node_step(out, without, doing):
    """A cached build step run by Node.js that writes ``out`` (CACHE/<step>/<key>/<file>): Node's path,
    with ``out``'s folder made empty (older keys of the step removed), or None without Node.js
    (saying ``without``)."""
    node = shutil.which("node")
    if not node:
        log(f"warning: no Node.js: {without}")
        return None
    log(doing)
    shutil.rmtree(out.parent.parent, ignore_errors=True)  # keep only the current one
    out.parent.mkdir(parents=True)
    return node


def engine_bytecode_zip(wheel, package):
    """The engine wheel with its modules compiled by the pinned Pyodide's own Python, for the web
    worker to put on sys.path: importing it compiles nothing, which is most of the engine's start-up
    time in the browser. Made by Node.js running the runtime, cached by the wheel's hash. None (the
    worker then takes the wheel itself) when Node.js is missing or fails."""
    digest = hashlib.sha256((sha256_file(wheel) + BYTECODE_SCRIPT + repr(NOT_IN_THE_BROWSER)).encode()).hexdigest()[:20]
    out = CACHE / "bytecode" / digest / wheel.name.replace("-py3-none-any.whl", f"-pyodide-{PYODIDE_VERSION}.zip")
    if out.exists():
        return out
    node = node_step(out, "the engine ships without precompiled bytecode (a slower start)",
                     "compiling the engine with the runtime's Python (node + pyodide)")
    if not node:
        return None
    script = out.parent / "compile.mjs"
    script.write_text(BYTECODE_SCRIPT)
    result = run([node, script, package, wheel, out.with_suffix(".tmp"), json.dumps(NOT_IN_THE_BROWSER)], check=False,
                 capture_output=True, text=True)
    if result.returncode:
        log(f"warning: precompiling the engine failed, it ships without bytecode: "
            f"{(result.stderr.strip().splitlines() or ['?'])[-1]}")
        return None
    out.with_suffix(".tmp").replace(out)
    return out


# --- the standard library, trimmed to what the site imports ----------------------------------------

# Standard-library modules the page's Python needs beyond what the trace below finds: add a module
# here when the engine starts using one only on a path the trace does not walk (each name is imported,
# with what it imports, in the traced boot). The trace finds: everything Pyodide imports to start and
# to make a memory snapshot, every standard-library module `pygames/` names in an import statement (read
# from its source, so a new import needs no edit here), and what they import while every game is played
# through the bridge by bots of each level, with hints, links, replays, undo, queries and bad requests.
STDLIB_EXTRA = (
    "traceback",         # a Python error's message for the page (Pyodide formats it)
    "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig",  # text the browser may hand over
    "hashlib", "hmac", "secrets", "base64", "struct",  # links and remote tables (pygames.remote)
)

STDLIB_SCRIPT = r"""
// node <this> <pyodide package dir> <engine zip or wheel> <exercise.py> <trim.py> <modules json> <out zip>:
// boots the runtime as web/shell/worker.js does, imports the engine, makes a memory snapshot, formats an
// error, runs the exercise, then trim.py imports the listed modules and writes the zip.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pkg, engine, exercise, trim, modules, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pkg + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pkg + "/", _makeSnapshot: true });
py.FS.writeFile("/lib/engine.zip", readFileSync(engine));
py.runPython(`import sys\nsys.path.insert(0, "/lib/engine.zip")`);
py.pyimport("pygames.bridge").call("info", "{}");
py.makeMemorySnapshot();
try { py.runPython("raise ValueError('a traced error')"); } catch (err) { /* formatted: traced */ }
py.runPython(readFileSync(exercise, "utf8"));
py.globals.set("modules_json", readFileSync(modules, "utf8"));
py.runPython(readFileSync(trim, "utf8"));
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
"""

# Run last in the traced boot: imports STDLIB_EXTRA and the engine's imports, then writes /tmp/out.zip
# with the files of every standard-library module Python imported, each without its comments and
# docstrings (what `python -OO` drops; line numbers kept; checked: the same syntax tree, the docstrings
# aside, else the file is kept as it is). Sorted, the original dates: the same inputs, the same bytes.
STDLIB_TRIM = r"""
import importlib, json, sys
for name in json.loads(modules_json):
    importlib.import_module(name)
STDLIB = "/lib/python314.zip/"
keep = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    frozen = getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"  # in the .wasm
    if path.startswith(STDLIB) and not frozen:
        keep.add(path[len(STDLIB):])

import ast, io, tokenize, zipfile  # only now: what writing the zip imports is not kept

def is_docstring(node):
    return (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
            and isinstance(node.body[0].value.value, str))

def lean(source):
    # the source without comments and docstrings (each docstring becomes `0`, so no body is empty)
    text = source.decode("utf-8")
    lines = text.splitlines(keepends=True)
    cuts = []   # (first line, first column, last line, end column, replacement), columns in characters
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT and not (tok.start[0] <= 2 and "coding" in tok.string):
            cuts.append((*tok.start, *tok.end, ""))
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if is_docstring(node):
            doc = node.body[0].value
            last = lines[doc.end_lineno - 1].encode()
            if last[doc.end_col_offset:].strip():   # more code after it on its line: leave it
                continue
            first = lines[doc.lineno - 1].encode()
            cuts.append((doc.lineno, len(first[:doc.col_offset].decode()), doc.end_lineno,
                         len(last[:doc.end_col_offset].decode()), "0" + "\n" * (doc.end_lineno - doc.lineno)))
            node.body[0] = ast.Expr(ast.Constant(0))
    for row, col, end_row, end_col, text_in in sorted(cuts, reverse=True):
        head, tail = lines[row - 1][:col], lines[end_row - 1][end_col:]
        if not text_in:
            head = head.rstrip(" \t")
        lines[row - 1:end_row] = [head + text_in + tail]
    out = "".join(lines)
    if ast.dump(ast.parse(out)) != ast.dump(tree):
        return source
    return out.encode("utf-8")

with zipfile.ZipFile(STDLIB.rstrip("/")) as zin:
    names = set(zin.namelist())
    for path in list(keep):   # every enclosing package, so each kept module can be found
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            keep.add("/".join(parts[:i]) + "/")
            if "/".join(parts[:i]) + "/__init__.py" in names:
                keep.add("/".join(parts[:i]) + "/__init__.py")
    keep &= names
    with zipfile.ZipFile("/tmp/out.zip", "w") as zout:
        for name in sorted(keep):
            item = zin.getinfo(name)
            kept = zipfile.ZipInfo(name, item.date_time)
            kept.external_attr = item.external_attr
            kept.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            data = zin.read(name)
            zout.writestr(kept, lean(data) if name.endswith(".py") else data, compresslevel=9)
"""

# Played in the traced boot: every game through the bridge, as the page and its bots use it.
STDLIB_EXERCISE = r"""
import json
import re
from pygames import bridge
from pygames.games import game_class

def call(method, **args):
    return json.loads(bridge.call(method, json.dumps(args)))

info = call("info")["result"]
for entry in info["games"]:
    game = entry["id"]
    for players in sorted({min(entry["players"]), max(entry["players"])}):
        call("new", game=game, seed=7, players=players)
        for turn in range(160):
            if turn % 7 == 0:
                call("hint", budget=2)
            if not call("bot", level=info["levels"][turn % len(info["levels"])], budget=2)["ok"]:
                break
        assert turn > 20, (game, players, "the bots could not play: the trace would miss their imports")
        links = call("share_links")["result"]
        call("play", move="not a move")
        call("load", save=links["position"])
        call("undo")
        call("restart_deal")
        call("seat", seat=1, people=[0, 1])
        call("view", seat=0)
        call("open_link", fragment=links["challenge"])
        call("open_link", fragment=re.sub("=(.)", lambda m: "=%%%02X" % ord(m[1]), links["challenge"], count=1))
        for step in (0, 1, 40):
            call("replay_view", link=links["replay_all"], step=step, reveal=True)
    for name in game_class(game).QUERIES:
        call("query", game=game, name=name, args=[])
call("no such method")
for bad in ("{not json", '{"a": 1e999}', "[" * 5000 + "]" * 5000, '{"game": "none"}'):
    bridge.call("new", bad)
"""


# The engine's command-line tools (never imported by the page): not in the page's engine zip, and
# their imports are not traced for the trimmed standard library.
NOT_IN_THE_BROWSER = ("arena.py", "__main__.py")


def stdlib_imports_of(package_dir):
    """The modules `package_dir`'s Python source names in its import statements (sorted), but for
    its command-line tools (NOT_IN_THE_BROWSER)."""
    names = set()
    for path in sorted(package_dir.rglob("*.py")):
        if path.name in NOT_IN_THE_BROWSER:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] in sys.stdlib_module_names)


def trimmed_stdlib(package, engine):
    """Pyodide's python_stdlib.zip with only the modules the site's Python imports (see STDLIB_EXTRA):
    the page downloads a fraction of it. Made by Node.js running the runtime, cached by what decides it
    (the runtime, the engine's standard-library imports, the lists and scripts here). None (the site
    then ships the whole zip) when Node.js is missing or the trace fails."""
    modules = sorted(set(stdlib_imports_of(ROOT / "pygames")) | set(STDLIB_EXTRA))
    key = hashlib.sha256(json.dumps([PYODIDE_VERSION, modules, STDLIB_SCRIPT, STDLIB_EXERCISE, STDLIB_TRIM]).encode())
    out = CACHE / "stdlib" / key.hexdigest()[:20] / "python_stdlib.zip"
    if out.exists():
        return out
    node = node_step(out, "the site ships the whole standard library zip",
                     "tracing the standard library the site imports (node + pyodide)")
    if not node:
        return None
    (out.parent / "trace.mjs").write_text(STDLIB_SCRIPT)
    (out.parent / "exercise.py").write_text(STDLIB_EXERCISE)
    (out.parent / "trim.py").write_text(STDLIB_TRIM)
    (out.parent / "modules.json").write_text(json.dumps(modules))
    result = run([node, out.parent / "trace.mjs", package, engine, out.parent / "exercise.py",
                  out.parent / "trim.py", out.parent / "modules.json", out.with_suffix(".tmp")], check=False, capture_output=True, text=True)
    if result.returncode:
        log(f"warning: tracing the standard library failed, the site ships all of it: "
            f"{(result.stderr.strip().splitlines() or ['?'])[-1]}")
        return None
    out.with_suffix(".tmp").replace(out)
    return out


# --- offline: the service worker's file list ----------------------------------------------------

# What the service worker does not keep: the bench pages, source maps, notes (.md), the UMD build of Pyodide and
# the micropip wheel (the worker needs neither), and the worker's own scripts (the browser keeps those).
NOT_KEPT_OFFLINE = ("bench/", "pyodide/pyodide.js", "pyodide/micropip-", "sw.js", "sw-files.js", ".nojekyll")


def offline_files(site):
    """The site's files the service worker keeps, relative to the site, sorted. Of the engine,
    only what the worker loads: the precompiled zip if there is one, else the wheel."""
    files = [rel for rel in (p.relative_to(site).as_posix() for p in sorted(site.rglob("*")) if p.is_file())
             if not rel.startswith(NOT_KEPT_OFFLINE) and not rel.endswith((".map", ".md"))]
    if any(rel.startswith("wheels/") and rel.endswith(".zip") for rel in files):
        files = [rel for rel in files if not (rel.startswith("wheels/") and rel.endswith(".whl"))]
    return files


def write_offline_list(site):
    """Write sw-files.js (the build's id and the files to keep) and return the id: a hash of
    those files' contents (build-info.json aside, which is written after and carries the id), so an
    unchanged site keeps its id and a changed one is an update for the browser."""
    files = offline_files(site) + ["build-info.json"]
    h = hashlib.sha256()
    for rel in files:
        if rel != "build-info.json":
            h.update(rel.encode() + b"\0" + hashlib.sha256((site / rel).read_bytes()).digest())
    build_id = h.hexdigest()[:16]
    files = sorted(set(files))
    (site / "sw-files.js").write_text(
        "// Made by build.py: this build's id and the files the service worker (sw.js) keeps.\n"
        f"self.SITE_BUILD = {json.dumps({'id': build_id, 'files': files}, indent=1)};\n")
    return build_id


def shipped_games():
    """The games the site ships: the games of the engine's own package (GAME_IDS; a test may register
    a game of its own, which has no table layout) - the one list the site is made from. Each game's
    rules and bots are imported here, so a module that fails to import stops the build with its
    traceback."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pygames.games import GAME_IDS, bots_module, game_class
    for game_id in GAME_IDS:
        game_class(game_id)
        bots_module(game_id)
    return GAME_IDS


def register_games(site):
    """Write what the site needs to know of the games, from the engine's list: the layout index
    (games/index.js) and the stylesheet links in index.html. A game without a layout, or a layout
    without a game, stops the build."""
    layouts = {p.stem for p in (WEB / "games").glob("*.js")} - {"common"}
    games = shipped_games()
    odd = set(games) ^ layouts
    if odd:
        sys.exit(f"build.py: an engine game without a table layout, or a layout without a game: {', '.join(sorted(odd))}")
    lines = ["// Made by build.py from the engine's games: one table layout each.\n"]
    lines += [f'import {g} from "./{g}.js";\n' for g in games]
    lines.append(f"\nexport const LAYOUTS = {{ {', '.join(games)} }};\n")
    (site / "games" / "index.js").write_text("".join(lines))
    page = site / "index.html"
    links = "".join(f'<link rel="stylesheet" href="games/{g}.css">\n' for g in games
                    if (WEB / "games" / f"{g}.css").exists())
    links += "".join(f'<link rel="modulepreload" href="{m}">\n' for m in page_modules(site))
    links += '<link rel="preload" href="lang/en.json" as="fetch" crossorigin="anonymous">\n'   # the words, always
    html = page.read_text()
    if "<!-- game stylesheets -->\n" not in html:
        sys.exit("build.py: web/index.html lacks the <!-- game stylesheets --> line")
    page.write_text(html.replace("<!-- game stylesheets -->\n", links))


PRERENDER_SCRIPT = r"""
// build.py: the home screen's English tiles as the page draws them (home.js homeHtml), for index.html
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const site = process.argv[2];
const load = (path) => import(pathToFileURL(`${site}/${path}`).href);
const i18n = await load("shell/i18n.js");
const { LAYOUTS } = await load("games/index.js");
const { gamesOf, homeHtml, htmlMark } = await load("shell/home.js");
i18n.addTexts(JSON.parse(readFileSync(`${site}/lang/en.json`, "utf8")));
const html = homeHtml(gamesOf(LAYOUTS));
// the tiles wait (disabled) until the page is ready, as setWaiting leaves them
process.stdout.write(JSON.stringify({ html: html.replace(/<button ([^>]*data-open=)/g, "<button disabled $1"), mark: htmlMark(html) }));
"""


def prerender_home(site):
    """Put the home screen's English tiles into index.html's #home (drawn by home.js itself, run by
    Node.js), so that a plain English first visit paints them before any module has loaded: the
    largest paint does not wait for the page's scripts and words. Without Node.js, or if it fails,
    the page draws them itself once its modules run."""
    node = shutil.which("node")
    if not node:
        log("warning: no Node.js: the home screen is drawn by the page (a later first paint)")
        return
    script = site / "prerender.mjs"
    script.write_text(PRERENDER_SCRIPT)
    try:
        result = run([node, script, site], check=False, capture_output=True, text=True)
    finally:
        script.unlink()
    if result.returncode:
        log(f"warning: the home screen was not prerendered: {result.stderr.strip()[-300:]}")
        return
    out = json.loads(result.stdout)
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    empty = '<section id="home" class="home" aria-label="Games" data-t-aria-label="page.games" hidden></section>'
    if empty not in html:
        sys.exit("build.py: web/index.html lacks the empty #home section")
    page.write_text(html.replace(empty, empty.replace(" hidden>", f' hidden data-prerendered="{out["mark"]}">')
                                 .replace("</section>", out["html"] + "</section>")), encoding="utf-8")


def page_modules(site):
    """Every module app.js imports, directly or not (static imports), in the site's paths: index.html
    names them all (modulepreload), so the browser fetches them at once instead of one level of
    imports after another."""
    found, todo = [], ["app.js"]
    while todo:
        path = todo.pop()
        if path in found or not (site / path).is_file():
            continue
        found.append(path)
        text = (site / path).read_text(encoding="utf-8")
        for target in re.findall(r'^\s*(?:import|export)\b[^;]*?\bfrom\s*"(\.{1,2}/[^"]+)"|^\s*import\s*"(\.{1,2}/[^"]+)"', text, re.M):
            rel = next(t for t in target if t)
            todo.append(os.path.normpath(os.path.join(os.path.dirname(path), rel)).replace(os.sep, "/"))
    return found[1:]      # app.js itself is the page's module script


def write_languages(site):
    """Merge each language's word files (web/lang/<lang>/*.json: the page's, each layout's, each
    feature's) into one lang/<lang>.json that the page fetches. A key in two files is an error."""
    folder = site / "lang"
    for lang_dir in sorted(p for p in folder.iterdir() if p.is_dir()) if folder.exists() else []:
        merged, origin = {}, {}
        for part in sorted(lang_dir.glob("*.json")):
            for key, text in json.loads(part.read_text(encoding="utf-8")).items():
                if key in merged:
                    sys.exit(f"build.py: {lang_dir.name} key {key!r} is in {origin[key]} and {part.name}")
                merged[key], origin[key] = text, part.name
        (folder / f"{lang_dir.name}.json").write_text(
            json.dumps(merged, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        shutil.rmtree(lang_dir)


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
    gzip = False                   # text compressed as GitHub Pages sends it (serve --gzip)
    GZIP_TYPES = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest")

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        failing = getattr(self.server, "fail_paths", ())
        if self.path.split("?")[0] in failing:  # tests break a file on purpose
            self.send_error(404, "broken on purpose by a test")
            return None
        if self.gzip and "gzip" in self.headers.get("Accept-Encoding", ""):
            path = self.translate_path(self.path)
            if os.path.isdir(path):
                path = os.path.join(path, "index.html")
            if path.endswith(self.GZIP_TYPES) and os.path.isfile(path):
                with open(path, "rb") as f:
                    body = gzip.compress(f.read(), 6)
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)
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

    def __init__(self, directory, port=0, host="127.0.0.1", quiet=True, gzip=False):
        handler = type("Handler", (SiteHandler,), {"quiet": quiet, "gzip": gzip})
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


def serve(port, gzip=False):
    build()
    try:
        server = SiteServer(DIST, port=port, quiet=False, gzip=gzip)
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


def find_headless_shell():
    """Chromium's headless shell (Debian's ``chromium-headless-shell``, the same Chromium without
    its windowed browser around it: what Playwright itself runs headless tests in), which the browser
    tests use: a page costs it a fifth less CPU than the full browser in headless mode (its browser
    process does half the work). $PYGAMES_HEADLESS_SHELL names one ("" for none: the tests then use
    find_chromium's); None if there is none."""
    env = os.environ.get("PYGAMES_HEADLESS_SHELL")
    if env is not None:
        return env if env and Path(env).exists() else None
    for candidate in ("/usr/lib/chromium/chromium-headless-shell", shutil.which("chromium-headless-shell")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def launch_chromium(playwright, executable=None, args=()):
    executable = executable or find_chromium(playwright)
    if not executable:
        raise RuntimeError("no Chromium found: run `python3 build.py test` once (it installs one), "
                           "or set PYGAMES_CHROMIUM to a Chromium executable")
    return playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS + list(args))


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
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + CONSTRAINTS.read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != want:
        log(f"installing test dependencies into .venv (pip install -c {CONSTRAINTS.relative_to(ROOT)} -e .[test])")
        run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-c", CONSTRAINTS, "-e", ".[test]"],
            cwd=ROOT)
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
        if can_apt_install():
            log("no Chromium found: apt-get install -y chromium")
            apt_install("chromium")
        else:
            log("no Chromium found: trying `playwright install chromium`")
            run([py, "-m", "playwright", "install", "chromium"], check=False)
        path = probe()
    if not path:
        sys.exit("build.py: no Chromium: install your system's chromium package, or run "
                 "`.venv/bin/python -m playwright install chromium`, or set PYGAMES_CHROMIUM")
    log(f"Chromium: {path}")
    return path


def can_apt_install():
    return hasattr(os, "geteuid") and os.geteuid() == 0 and bool(shutil.which("apt-get"))


_apt_updated = []      # the package lists are read once a run


def apt_install(package, check=True):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if not _apt_updated:
        run(["apt-get", "update", "-q"], env=env, stdout=subprocess.DEVNULL, check=check)
        _apt_updated.append(True)
    run(["apt-get", "install", "-y", "-q", package], env=env, stdout=subprocess.DEVNULL, check=check)


def browser_test_env(py):
    """The environment pytest runs the browser tests in: the Chromium to use and its headless shell."""
    return dict(os.environ, PYGAMES_HEADLESS_SHELL=ensure_headless_shell(), PYGAMES_CHROMIUM=ensure_chromium(py))


def ensure_headless_shell():
    """The headless shell for the browser tests (find_headless_shell), installed as root on Debian
    when missing; "" when there is none (the tests then run in the full Chromium) or when
    $PYGAMES_CHROMIUM names a browser of the person's own choosing, which the tests then use."""
    if os.environ.get("PYGAMES_CHROMIUM") and "PYGAMES_HEADLESS_SHELL" not in os.environ:
        return ""
    path = find_headless_shell()
    if not path and "PYGAMES_HEADLESS_SHELL" not in os.environ and can_apt_install():
        log("no Chromium headless shell found: apt-get install -y chromium-headless-shell")
        apt_install("chromium-headless-shell", check=False)      # none: the full Chromium runs them
        path = find_headless_shell()
    log(f"Chromium for the browser tests: {path or 'no headless shell, the full Chromium above'}")
    return path or ""


def test(pytest_args):
    py = ensure_venv()
    env = browser_test_env(py)
    build()
    if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in pytest_args) and (os.cpu_count() or 1) > 1:
        pytest_args = ["-n", str(min(4, os.cpu_count())), *pytest_args]   # one worker a core
        if not any(a.startswith("--dist") for a in pytest_args):
            pytest_args = ["--dist", "worksteal", *pytest_args]    # an idle worker takes queued tests from a busy one
    if not any(a.startswith("--durations") for a in pytest_args):
        pytest_args = ["--durations=15", *pytest_args]                      # the 15 slowest tests
    log("running mypy over pygames/ (configured in pyproject.toml)")
    if subprocess.call([str(py), "-m", "mypy"], cwd=ROOT) != 0:
        log("mypy found type errors in pygames/: fix them (or the annotations) first")
        return 1
    log(f"running pytest {' '.join(pytest_args)}".rstrip())
    code = subprocess.call([str(py), "-m", "pytest", *pytest_args], cwd=ROOT, env=env)
    if code == 5:
        log("pytest collected no tests: counting that as a failure")
        return 1
    return code


# --- bench ----------------------------------------------------------------------------------------

def bench(json_out=".cache/bench.json", compare="", only=""):
    py = ensure_venv()
    if only and json_out == ".cache/bench.json":
        json_out = ""  # a partial run does not replace the full run's figures unless asked to (--json)
    env = dict(os.environ, PYGAMES_CHROMIUM=ensure_chromium(py), PYGAMES_BENCH_JSON=str(json_out or ""),
               PYGAMES_BENCH_COMPARE=str(compare or ""), PYGAMES_BENCH_ONLY=only or "")
    build()
    return subprocess.call([str(py), str(ROOT / "build.py"), "_bench"], cwd=ROOT, env=env)


READY = "['ready', 'error'].includes(document.documentElement.dataset.state)"
# the worker's loading stages (web/shell/worker.js), in the order they end
STAGES = (("build_info", "build-info.json read"), ("wheel_downloaded", "engine wheel downloaded"),
          ("runtime_downloaded", "runtime downloaded"), ("snapshot_read", "Python snapshot read"),
          ("python_starting", "Pyodide asked to start"), ("wasm_instantiated", "WebAssembly compiled"),
          ("python_started", "Python started"), ("engine_installed", "engine on sys.path"),
          ("engine_imported", "engine imported"), ("engine_info", "engine info"))


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
    """The app's own load timings (web/shell/engine.js): ms since navigation of each stage's end."""
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
    """Wait (at most timeout s, no error) until the worker has kept its snapshot of Python (web/shell/snapshot.js)."""
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


def _bench(runs=5):
    """Runs inside .venv (needs playwright). Prints figures; asserts nothing."""
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
        browser.close()
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


def cpython_playouts():
    sys.path.insert(0, str(ROOT))
    from pygames.bench import report
    return report(seconds=2.0)


OPEN_SPIEL = "open_spiel==2.0.2"    # DeepMind's C++ games with Python bindings: the Spades yardstick
OPEN_SPIEL_LOOP = r"""
import random, sys, time
import pyspiel
game, rng = pyspiel.load_game("spades"), random.Random(1)
deals = actions = 0
start = time.perf_counter()
while time.perf_counter() - start < float(sys.argv[1]):
    state = game.new_initial_state()          # one hand: the deal (chance), four bids, 52 plays
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        actions += 1
    deals += 1
elapsed = time.perf_counter() - start
print(deals / elapsed, actions / elapsed)
"""


def open_spiel_python():
    """The Python of the open-spiel venv (.cache/open-spiel), made on first use."""
    venv = CACHE / "open-spiel"
    py = venv / "bin" / "python"
    if not (venv / ".installed").exists():
        run([sys.executable, "-m", "venv", str(venv)])
        run([str(py), "-m", "pip", "install", "-q", OPEN_SPIEL])
        (venv / ".installed").write_text(OPEN_SPIEL + "\n")
    return py


def open_spiel_match(pairs):
    """Hard against OpenSpiel's ISMCTS on OpenSpiel's Spades (research/vs_openspiel.py), in its venv."""
    return subprocess.call([str(open_spiel_python()), str(ROOT / "research" / "vs_openspiel.py"), "--pairs", str(pairs)],
                           cwd=ROOT)


def open_spiel_spades(seconds=2.0):
    """OpenSpiel's Spades random playouts per second, ``(deals, actions)``, from its own venv
    (.cache/open-spiel, made on first use); None when it cannot be installed here."""
    try:
        py = open_spiel_python()
        out = subprocess.run([str(py), "-c", OPEN_SPIEL_LOOP, str(seconds)], check=True,
                             capture_output=True, text=True).stdout.split()
        return float(out[0]), float(out[1])
    except (subprocess.CalledProcessError, OSError, IndexError, ValueError) as e:
        log(f"OpenSpiel not measured: {e}")
        return None


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


# --- bench figures: sizes, bot time per move, the JSON file and --compare ----------------------------

FIGURES = {}          # what _bench measured, by name: written to bench.json for --compare
BOT_MOVES = 12        # bot moves timed per game and level in the browser
HARD_SEARCHED = 20    # hard moves that search, timed per game in the browser (pygames.bench.hard_search_figures)


THROTTLE = {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 10e6 / 8}
PHONE_CONTEXT = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 3}
LAYOUT_SHIFTS = """window.__shift = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; })
  .observe({ type: "layout-shift", buffered: true });"""


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


REMOTE_DECKS = (52, 104, 156, 208)     # the games' deck sizes: Spades, Leopard, Spite and Malice 3 and 4


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


def site_figures(browser, server):
    """The wheel's size and bot time per move in Pyodide."""
    info = json.loads((DIST / "build-info.json").read_text())
    FIGURES["wheel_bytes"] = (DIST / info["wheel"]).stat().st_size
    print(f"engine wheel: {FIGURES['wheel_bytes'] / 1e3:.0f} kB ({info['wheel']})")
    bot_figures(browser, server, info)


def visit_bytes_figures(browser, server):
    """The bytes of a first visit of the app (its service worker included) beside a bare boot's."""
    app = FIGURES["first_visit_bytes"] = first_visit_bytes(browser, server)
    bare = FIGURES["bare_boot_bytes"] = first_visit_bytes(browser, server, "bench/bare.html", offline=False)
    if app and bare:
        print(f"first visit transfers {app / 1e6:.2f} MB = {app / bare:.2f}x a bare boot's {bare / 1e6:.2f} MB "
              f"(every file the page, its worker and its service worker fetch; this server does not compress)")


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
            f = DIST / path.split("?")[0].lstrip("/")
            if method == "GET" and status == 200 and f.is_file():
                total += f.stat().st_size
        return total
    except Exception as e:  # a benchmark reports, it does not fail
        print(f"  (first visit size: n/a, {str(e).splitlines()[0]})")
        return None
    finally:
        context.close()


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


def parse_playouts(report):
    """pygames.bench.report's lines -> {game: {"deals_per_s", "actions_per_s"}}."""
    out = {}
    for line in str(report).splitlines():
        parts = line.split()
        if len(parts) == 5 and parts[2] == "deals/s":
            out[parts[0]] = {"deals_per_s": float(parts[1]), "actions_per_s": float(parts[3])}
    return out


def flat_figures(figures, prefix=""):
    """Nested figures -> {"a.b.c": number}."""
    out = {}
    for key, value in (figures or {}).items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flat_figures(value, name + "."))
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out[name] = value
    return out


def write_figures():
    """Write FIGURES to $PYGAMES_BENCH_JSON; with $PYGAMES_BENCH_COMPARE, print new / old ratios."""
    FIGURES["meta"] = {"when": datetime.now(timezone.utc).isoformat(timespec="seconds"), "cores": os.cpu_count(),
                       "pyodide": PYODIDE_VERSION, "python": sys.version.split()[0]}
    path = os.environ.get("PYGAMES_BENCH_JSON")
    if path:
        Path(path).write_text(json.dumps(FIGURES, indent=1) + "\n")
        print(f"figures written to {path}")
    old_path = os.environ.get("PYGAMES_BENCH_COMPARE")
    if old_path:
        compare_figures(json.loads(Path(old_path).read_text()), FIGURES, old_path)


def compare_figures(old, new, label="old"):
    """Print each figure both runs have: old, new and new / old."""
    a, b = (flat_figures({k: v for k, v in f.items() if k != "meta"}) for f in (old, new))
    print(f"compared with {label} (ratio = this run / that one; times: lower is better, rates: higher):")
    for name in sorted(set(a) & set(b)):
        ratio = f"{b[name] / a[name]:6.2f}x" if a[name] else "   n/a"
        print(f"  {name:<44} {a[name]:12.4g} -> {b[name]:12.4g}  {ratio}")
    for name in sorted(set(a) ^ set(b)):
        print(f"  {name:<44} only in {'this run' if name in b else label}")


# --- main -----------------------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="build dist/")
    p_serve = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--gzip", action="store_true", help="compress text as GitHub Pages does (e.g. for Lighthouse)")
    sub.add_parser("test", help="set up .venv and Chromium, build, run pytest (extra args go to pytest)")
    p_bench = sub.add_parser("bench", help="print page-ready and engine speed figures")
    p_bench.add_argument("--json", default=".cache/bench.json", help="write the figures here (default .cache/bench.json)")
    p_bench.add_argument("--compare", default="", metavar="OLD.json", help="print ratios to an earlier run's figures")
    p_bench.add_argument("--only", choices=["load", "bots", "remote", "openspiel"], default="",
                         help="only the page-load figures (cold, warm, stages), only bot time per move, only "
                              "a remote table's shuffle (made and checked, CPython and the page), or only hard "
                              "against OpenSpiel's ISMCTS on its Spades (research/vs_openspiel.py)")
    p_bench.add_argument("--pairs", type=int, default=40, help="--only openspiel: duplicate deal pairs")
    sub.add_parser("_bench", help=argparse.SUPPRESS)
    p_soak = sub.add_parser("soak", help="long checks: 10000 random matches a game, a longer fuzz, --browser")
    p_soak.add_argument("--matches", type=int, default=10_000, help="random matches per game (default 10000)")
    p_soak.add_argument("--games", default="", help="comma-separated game ids (default: every playable game)")
    p_soak.add_argument("--workers", type=int, default=None, help="processes (default: one a core)")
    p_soak.add_argument("--fuzz-scale", type=int, default=None,
                        help="Hypothesis examples x this (default: matches / 500, at most 20; 0 skips)")
    p_soak.add_argument("--browser", action="store_true", help="also the browser soak (tests/test_site_soak.py)")
    argv = sys.argv[1:] if argv is None else argv
    os.chdir(ROOT)
    if argv[:1] == ["test"]:  # everything after `test` goes to pytest untouched
        return test(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port, args.gzip)
        return 0
    if args.command == "bench":
        if args.only == "openspiel":
            return open_spiel_match(args.pairs)
        return bench(args.json, args.compare, args.only)
    if args.command == "soak":
        return soak(args)
    return _bench()


def soak(args):
    """The soak (tests/soak.py), then the fuzz tests with more examples, then (--browser) the
    browser soak. Not part of `test`: it takes long. Exit status: nonzero if any part failed."""
    cmd = [sys.executable, ROOT / "tests" / "soak.py", "--matches", args.matches]
    cmd += ["--games", args.games] if args.games else []
    cmd += ["--workers", args.workers] if args.workers else []
    log(f"soak: {args.matches} random matches per game")
    codes = [run(cmd, check=False).returncode]
    scale = min(20, max(1, args.matches // 500)) if args.fuzz_scale is None else args.fuzz_scale
    if scale or args.browser:
        py = ensure_venv()
    if scale:
        log(f"fuzz: tests/test_fuzz.py with {scale}x the examples")
        env = dict(os.environ, PYGAMES_FUZZ_EXAMPLES=str(scale))
        codes.append(subprocess.call([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                      "tests/test_fuzz.py"], cwd=ROOT, env=env))
    if args.browser:
        env = browser_test_env(py)
        build()
        log("browser soak: tests/test_site_soak.py")
        codes.append(subprocess.call([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "soak",
                                      "tests/test_site_soak.py"], cwd=ROOT, env=env))
    log("soak: " + ("all passed" if not any(codes) else f"FAILED (exit codes {codes})"))
    return 1 if any(codes) else 0


if __name__ == "__main__":
    sys.exit(main())

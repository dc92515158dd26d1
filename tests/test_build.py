"""The built site: pinned runtime, patched lock, the engine wheel, nothing fetched from elsewhere."""

import contextlib
import hashlib
import json
import re
import shutil
import sys
import threading
import zipfile

import pytest

import pygames
from buildsys import chromium, runtime
from buildsys.common import BENCH_SITE, ROOT, WEB, tree_files
from buildsys.page import register_games
from buildsys.server import SiteServer, serving
from buildsys.site import inputs_digest
from buildsys.stdlib import stdlib_imports_of


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def info(dist):
    return json.loads((dist / "build-info.json").read_text())


def test_dist_has_the_pinned_pyodide_runtime(dist):
    assert info(dist)["pyodide"] == runtime.PYODIDE_VERSION == "314.0.7"
    folder = dist / "pyodide"
    for name in runtime.RUNTIME_FILES:
        assert (folder / name).is_file(), name
    assert f'"{runtime.PYODIDE_VERSION}"' in (folder / "pyodide.mjs").read_text()
    assert (folder / "pyodide.asm.wasm").read_bytes()[:4] == b"\0asm"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14.")
    for rel, size in info(dist)["runtime_bytes"].items():
        assert (dist / rel).stat().st_size == size, rel


def test_lock_points_at_the_shipped_micropip_wheel(dist):
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    wheel = dist / "pyodide" / entry["file_name"]
    assert wheel.name == f"micropip-{runtime.MICROPIP_VERSION}-py3-none-any.whl"
    assert entry["sha256"] == sha256(wheel) == runtime.MICROPIP_SHA256
    for name, package in lock["packages"].items():  # nothing in the lock that the site lacks
        assert (dist / "pyodide" / package["file_name"]).is_file(), name


def test_engine_wheel_is_built_and_named_in_build_info(dist):
    data = info(dist)
    wheel = dist / data["wheel"]
    assert data["wheel"] == f"wheels/pygames-{pygames.__version__}-py3-none-any.whl"
    assert wheel.is_file()
    assert data["wheel_sha256"] == sha256(wheel)
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        metadata = z.read(f"pygames-{pygames.__version__}.dist-info/METADATA").decode()
    assert "pygames/__init__.py" in names and "pygames/py.typed" in names   # it ships its types
    requires = [line for line in metadata.splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert not requires, requires  # standard library only: installs in Pyodide with deps=False


def test_dist_is_web_plus_runtime(dist):
    for f in tree_files(WEB):
        rel = f.relative_to(WEB)
        if str(rel) == "index.html":
            continue          # its stylesheet links are filled in: see the registration test
        if rel.parts[0] == "lang":
            continue          # merged into lang/<lang>.json: see the next test
        assert (dist / rel).read_bytes() == f.read_bytes(), rel
    assert (dist / ".nojekyll").exists()
    assert info(dist)["inputs"] == inputs_digest(), "dist/ is stale"


def test_each_language_is_one_file_of_all_its_words(dist):
    for lang_dir in (p for p in (WEB / "lang").iterdir() if p.is_dir()):
        merged = json.loads((dist / "lang" / f"{lang_dir.name}.json").read_text(encoding="utf-8"))
        parts = [json.loads(f.read_text(encoding="utf-8")) for f in lang_dir.glob("*.json")]
        assert merged == {k: v for part in parts for k, v in part.items()}
        assert len(merged) == sum(len(part) for part in parts)      # no key in two files
        assert not (dist / "lang" / lang_dir.name).exists()


# http(s) or protocol-relative URLs, and root-absolute paths in the places a browser loads from
EXTERNAL = re.compile(r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}""", re.I)
ALLOWED = re.compile(r"https?://www\.w3\.org/")  # XML namespaces (createElementNS), not fetched
ROOT_ABSOLUTE = re.compile(
    r"""(?:\b(?:src|href|action|poster)\s*=\s*["']|\bimport\s*\(?\s*["']|\bfrom\s+["']|"""
    r"""\b(?:fetch|Worker|URL|importScripts)\s*\(\s*["']|url\(\s*["']?)/(?!/)""", re.I)


def test_site_loads_nothing_from_elsewhere(dist):
    """The site's own files (web/) use relative URLs only: no CDN, works under any sub-path."""
    problems = []
    for f in tree_files(WEB, {".html", ".js", ".mjs", ".css", ".json", ".webmanifest"}):
        if f.relative_to(WEB).parts[0] == "lang":
            continue          # words, not addresses (merged into lang/<lang>.json)
        text = (dist / f.relative_to(WEB)).read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            for m in EXTERNAL.finditer(line):
                before = line[:m.start()]
                if ALLOWED.match(line, m.start()) or before.rstrip().endswith(("//", "*")) \
                        or before.lstrip().startswith(("//", "*", "/*")):
                    continue  # a namespace, or a comment
                problems.append(f"{f.relative_to(WEB)}:{n}: external URL {m.group(0)!r}")
            if ROOT_ABSOLUTE.search(line):
                problems.append(f"{f.relative_to(WEB)}:{n}: root-absolute URL: {line.strip()[:120]}")
    assert not problems, "\n".join(problems)


def test_games_are_registered_once_from_the_engine(dist):
    """The engine's playable games, its layouts and the site's registry are one set."""
    playable = set(pygames.GAME_IDS)      # the games the site ships (a test game has no layout)
    layouts = {p.stem for p in (WEB / "games").glob("*.js")} - {"common"}
    assert layouts == playable
    assert not (WEB / "games" / "index.js").exists(), "the registry is made by build.py"
    registry = (dist / "games" / "index.js").read_text()
    assert set(re.findall(r'import (\w+) from "\./(\w+)\.js"', registry)) == {(g, g) for g in playable}
    page = (dist / "index.html").read_text()
    assert "<!-- game stylesheets -->" not in page
    for game_id in playable:
        has_css = (WEB / "games" / f"{game_id}.css").exists()
        assert (f'href="games/{game_id}.css"' in page) == has_css, game_id


def test_a_shipped_game_whose_module_fails_to_import_stops_the_build(tmp_path, monkeypatch):
    """The build imports every shipped game's rules and bots: one that fails to import stops it with
    its own error and traceback (it was once left out of the site with a warning)."""
    (tmp_path / "brokenrules.py").write_text("import no_such_module_of_brokenrules\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = pygames.games._REGISTRY
    monkeypatch.setitem(registry, "leopard", registry["leopard"]._replace(rules="brokenrules"))
    site = tmp_path / "site"
    (site / "games").mkdir(parents=True)
    (site / "index.html").write_text("<head>\n<!-- game stylesheets -->\n</head>\n")
    try:
        with pytest.raises(ModuleNotFoundError, match="no_such_module_of_brokenrules"):
            register_games(site)
    finally:
        sys.modules.pop("brokenrules", None)
    assert not (site / "games" / "index.js").exists()


def test_the_site_ships_a_trimmed_standard_library_and_the_bare_boot_the_whole_one(dist):
    whole = runtime.pyodide_package() / "python_stdlib.zip"
    assert sha256(BENCH_SITE / "bench" / "python_stdlib.zip") == sha256(whole)  # the bench's baseline
    assert not (dist / "bench").exists()      # the bench's pages are served beside the site, never deployed
    trimmed = dist / "pyodide" / "python_stdlib.zip"
    if not shutil.which("node"):
        return  # without Node.js the site ships the whole zip (build.py warns)
    assert trimmed.stat().st_size < 0.5 * whole.stat().st_size
    with zipfile.ZipFile(trimmed) as z, zipfile.ZipFile(whole) as full:
        names = set(z.namelist())
        assert names < set(full.namelist())
        for name in names:  # the same files; Python sources without comments and docstrings, same lines
            lean, original = z.read(name), full.read(name)
            if name.endswith(".py"):
                assert lean.count(b"\n") == original.count(b"\n") and len(lean) <= len(original), name
            else:
                assert lean == original, name
        assert b'"""' not in z.read("json/__init__.py")   # docstrings dropped
    # what Pyodide needs to start, what the engine imports and the documented extras are in it
    for module in ("_pyodide/_base.py", "json/__init__.py", "typing.py", "urllib/parse.py", "hmac.py",
                   "secrets.py", "traceback.py", "encodings/utf_8.py"):
        assert module in names, module
    for module in ("email/__init__.py", "unittest/__init__.py", "xml/__init__.py", "pdb.py", "tarfile.py",
                   "importlib/_bootstrap.py", "zipimport.py",   # frozen into the runtime: never read
                   "argparse.py"):                              # only the command-line tools use it
        assert module not in names, module


def test_the_engine_ships_as_bytecode_only(dist):
    engine = info(dist).get("engine")
    if not engine:
        return  # no Node.js: the worker takes the wheel
    with zipfile.ZipFile(dist / engine) as z:
        names = z.namelist()
    assert "pygames/bridge.pyc" in names and not [n for n in names if n.endswith(".py")]
    assert "pygames/arena.pyc" not in names and not [n for n in names if ".dist-info/" in n]


def test_the_traced_modules_include_every_standard_library_import_of_the_engine():
    imports = stdlib_imports_of(ROOT / "pygames")
    assert {"json", "zlib", "typing", "urllib.parse"} <= set(imports), imports
    assert not [name for name in imports if name.startswith("pygames")]


def test_serve_gzip_compresses_text_as_github_pages_does(dist):
    """``build.py serve --gzip`` (for Lighthouse): text goes out gzip-compressed to a browser that
    accepts it, byte for byte the file; the runtime's binaries and a client without gzip get it plain."""
    import gzip
    import urllib.request

    def fetch(server, path, accept):
        request = urllib.request.Request(server.url + path, headers={"Accept-Encoding": accept} if accept else {})
        with urllib.request.urlopen(request) as response:
            return response.headers.get("Content-Encoding"), response.read()

    page = (dist / "index.html").read_bytes()
    with serving(dist) as plain, contextlib.ExitStack() as stack:
        server = SiteServer(dist, gzip=True)
        stack.callback(server.server_close)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        stack.callback(server.shutdown)
        encoding, body = fetch(server, "index.html", "gzip, br")
        assert encoding == "gzip" and gzip.decompress(body) == page and len(body) < len(page) / 2
        assert fetch(server, "index.html", None) == (None, page)
        assert fetch(plain, "index.html", "gzip") == (None, page)          # tests and the bench: plain
        wasm = (dist / "pyodide" / "pyodide.asm.wasm").read_bytes()
        assert fetch(server, "pyodide/pyodide.asm.wasm", "gzip") == (None, wasm)


def test_the_browser_tests_run_in_the_headless_shell_unless_told_another_chromium(monkeypatch, tmp_path):
    shell = tmp_path / "chromium-headless-shell"
    shell.write_text("")
    monkeypatch.setenv("PYGAMES_HEADLESS_SHELL", str(shell))
    assert chromium.find_headless_shell() == str(shell)
    assert chromium.ensure_headless_shell() == str(shell)          # found: nothing to install
    monkeypatch.setenv("PYGAMES_HEADLESS_SHELL", str(tmp_path / "missing"))
    assert chromium.find_headless_shell() is None
    monkeypatch.setenv("PYGAMES_HEADLESS_SHELL", "")            # none: the tests use find_chromium's
    assert chromium.find_headless_shell() is None
    # a Chromium the person chose ($PYGAMES_CHROMIUM) is the one the tests run in
    monkeypatch.delenv("PYGAMES_HEADLESS_SHELL")
    monkeypatch.setenv("PYGAMES_CHROMIUM", "/opt/their/chromium")
    assert chromium.ensure_headless_shell() == ""

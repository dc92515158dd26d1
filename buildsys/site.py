"""Assembling the site: web/ + the engine + the runtime -> dist/ (built in dist.new/, then swapped in),
and beside it the bench's pages (bench/bare.html: a bare Pyodide boot with the whole standard library),
which are served over dist/ by the bench and the tests and never deployed."""

import hashlib
import json
import shutil
import sys
import time
from datetime import datetime, timezone

from buildsys.common import BENCH_PAGES, BENCH_SITE, CACHE, DIST, ROOT, WEB, log, sha256_file, tree_files
from buildsys.offline import write_offline_list
from buildsys.page import prerender_home, register_games, write_languages
from buildsys.runtime import (DOWNLOADED_FIRST, MICROPIP_VERSION, PYODIDE_VERSION, copy_runtime, qr_encoder,
                              micropip_wheel, pyodide_package)
from buildsys.stdlib import trimmed_stdlib
from buildsys.wheel import engine_bytecode_zip, pygames_wheel, wheel_inputs


def build():
    """Assemble dist/ and the bench site. Returns build-info as a dict."""
    t0 = time.perf_counter()
    if not (WEB / "shell" / "worker.js").exists():
        sys.exit("build.py: web/shell/worker.js is missing")
    package = pyodide_package()
    micropip = micropip_wheel()
    wheel = pygames_wheel()

    new = DIST.with_name(DIST.name + ".new")
    shutil.rmtree(new, ignore_errors=True)
    shutil.copytree(WEB, new, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    (new / "vendor").mkdir(exist_ok=True)
    shutil.copy2(qr_encoder(), new / "vendor" / "qrcode.mjs")
    register_games(new)
    write_languages(new)
    prerender_home(new)
    runtime = new / "pyodide"
    copy_runtime(package, micropip, runtime)
    (new / "wheels").mkdir()
    shutil.copy2(wheel, new / "wheels" / wheel.name)
    engine = engine_bytecode_zip(wheel, package)  # the worker's engine: the wheel, precompiled
    if engine:
        shutil.copy2(engine, new / "wheels" / engine.name)
    stdlib = trimmed_stdlib(package, engine or wheel)  # the page's: only what the site imports
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
    build_bench_site(package)
    old = DIST.with_name(DIST.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if DIST.exists():
        DIST.replace(old)
    new.replace(DIST)
    shutil.rmtree(old, ignore_errors=True)
    log(f"built dist/ in {time.perf_counter() - t0:.2f} s ({wheel.name}, Pyodide {PYODIDE_VERSION})")
    return info


def build_bench_site(package):
    """The bench's pages (buildsys/bench/pages/) into BENCH_SITE/bench/, with the runtime's whole
    standard library (the bare boot's baseline; the site's own is trimmed). They run the site's
    runtime and worker by relative URL (../pyodide/, ../worker.js): a server serves them at bench/
    over dist/ (server.SiteServer's ``bench``)."""
    shutil.rmtree(BENCH_SITE, ignore_errors=True)
    shutil.copytree(BENCH_PAGES, BENCH_SITE / "bench", ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    shutil.copy2(package / "python_stdlib.zip", BENCH_SITE / "bench" / "python_stdlib.zip")


def inputs_digest():
    """A hash of everything dist/ and the bench site are made from, to tell whether they are stale."""
    h = hashlib.sha256(f"{PYODIDE_VERSION} {MICROPIP_VERSION}".encode())
    for f in tree_files(WEB) + tree_files(BENCH_PAGES) + wheel_inputs():
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
        if current != inputs_digest() or not (BENCH_SITE / "bench" / "bare.html").is_file():
            build()

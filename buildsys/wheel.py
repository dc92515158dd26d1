"""The engine wheel (built by pip from pygames/, cached by a hash of its sources), and the same
wheel precompiled by the pinned runtime's own Python: what the page's worker puts on sys.path."""

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from buildsys.common import CACHE, ROOT, log, run, sha256_file, tree_files
from buildsys.node import last_error_line, node_step, run_script, scripts_text
from buildsys.runtime import PYODIDE_VERSION

# The engine's command-line tools (never imported by the page): not in the page's engine zip, and
# their imports are not traced for the trimmed standard library.
NOT_IN_THE_BROWSER = ("arena.py", "__main__.py")


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


def engine_bytecode_zip(wheel, package):
    """The engine wheel with its modules compiled by the pinned Pyodide's own Python
    (scripts/compile_engine.mjs), for the web worker to put on sys.path: importing it compiles
    nothing, which is most of the engine's start-up time in the browser. Cached by the wheel's hash.
    None (the worker then takes the wheel itself) when Node.js is missing or fails."""
    script = scripts_text("compile_engine.mjs", "compile_engine.py")
    digest = hashlib.sha256((sha256_file(wheel) + script + repr(NOT_IN_THE_BROWSER)).encode()).hexdigest()[:20]
    out = CACHE / "bytecode" / digest / wheel.name.replace("-py3-none-any.whl", f"-pyodide-{PYODIDE_VERSION}.zip")
    if out.exists():
        return out
    node = node_step(out, "the engine ships without precompiled bytecode (a slower start)",
                     "compiling the engine with the runtime's Python (node + pyodide)")
    if not node:
        return None
    result = run_script(node, "compile_engine.mjs", package, wheel, out.with_suffix(".tmp"),
                        json.dumps(NOT_IN_THE_BROWSER))
    if result.returncode:
        log(f"warning: precompiling the engine failed, it ships without bytecode: {last_error_line(result)}")
        return None
    out.with_suffix(".tmp").replace(out)
    return out

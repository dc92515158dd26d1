"""Pyodide's standard library trimmed to what the site's Python imports: the page downloads a
fraction of the whole zip. Which modules is found by tracing the runtime under Node.js
(scripts/trace_stdlib.mjs): everything Pyodide imports to start and to make a memory snapshot,
every standard-library module `pygames/` names in an import statement (read from its source, so a new
import needs no edit here), and what they import while every game is played through the bridge by
bots of each level, with hints, links, replays, undo, queries and bad requests
(scripts/trace_exercise.py); scripts/trim_stdlib.py then writes the zip."""

import ast
import hashlib
import json
import sys

from buildsys.common import CACHE, ROOT, SCRIPTS, log
from buildsys.node import last_error_line, node_step, run_script, scripts_text
from buildsys.runtime import PYODIDE_VERSION
from buildsys.wheel import NOT_IN_THE_BROWSER

# Standard-library modules the page's Python needs beyond what the trace finds: add a module here
# when the engine starts using one only on a path the trace does not walk (each name is imported,
# with what it imports, in the traced boot).
STDLIB_EXTRA = (
    "traceback",         # a Python error's message for the page (Pyodide formats it)
    "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig",  # text the browser may hand over
    "hashlib", "hmac", "secrets", "base64", "struct",  # links and remote tables (pygames.remote)
)
TRACE_SCRIPTS = ("trace_stdlib.mjs", "trace_exercise.py", "trim_stdlib.py")


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
    """python_stdlib.zip with only the modules the site's Python imports (``engine``: the engine zip
    or wheel the trace boots), cached by what decides it (the runtime, the engine's standard-library
    imports, STDLIB_EXTRA, the scripts). None (the site then ships the whole zip) when Node.js is
    missing or the trace fails."""
    modules = sorted(set(stdlib_imports_of(ROOT / "pygames")) | set(STDLIB_EXTRA))
    key = hashlib.sha256(json.dumps([PYODIDE_VERSION, modules, scripts_text(*TRACE_SCRIPTS)]).encode())
    out = CACHE / "stdlib" / key.hexdigest()[:20] / "python_stdlib.zip"
    if out.exists():
        return out
    node = node_step(out, "the site ships the whole standard library zip",
                     "tracing the standard library the site imports (node + pyodide)")
    if not node:
        return None
    (out.parent / "modules.json").write_text(json.dumps(modules))
    result = run_script(node, "trace_stdlib.mjs", package, engine, SCRIPTS / "trace_exercise.py",
                        SCRIPTS / "trim_stdlib.py", out.parent / "modules.json", out.with_suffix(".tmp"))
    if result.returncode:
        log(f"warning: tracing the standard library failed, the site ships all of it: {last_error_line(result)}")
        return None
    out.with_suffix(".tmp").replace(out)
    return out

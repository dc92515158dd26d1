"""What every part of the build uses: where things are, logging, running a command, file hashes."""

import hashlib
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
DIST = Path(os.environ.get("PYGAMES_DIST") or ROOT / "dist").resolve()  # another place: parallel work
# The bench's own pages (a bare Pyodide boot with the whole standard library), built beside dist/ and
# served at bench/ over it by the bench and the tests: never deployed with the site.
BENCH_PAGES = ROOT / "buildsys" / "bench" / "pages"
BENCH_SITE = DIST.with_name(DIST.name + "-bench")
CACHE = ROOT / ".cache"
SCRIPTS = ROOT / "buildsys" / "scripts"


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

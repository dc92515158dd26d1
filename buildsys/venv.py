"""The test environment: .venv with the package (editable) and its [test] extra, at the pinned
versions of tests/constraints.txt."""

import hashlib
import os
import sys

from buildsys.common import ROOT, log, run

VENV = ROOT / ".venv"
CONSTRAINTS = ROOT / "tests" / "constraints.txt"   # the test tools' pinned versions


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

"""The long checks, not part of `test`: 10000 checked random matches a game (tests/soak.py), the fuzz
tests with more examples, the remote tables' whole matches and larger tables (tests marked `soak` in
tests/test_remote_selfplay.py), and (--browser) the browser soak with the four-page live table."""

import os
import subprocess
import sys

from buildsys.chromium import browser_test_env
from buildsys.common import ROOT, log, run
from buildsys.site import build
from buildsys.venv import ensure_venv


def soak(matches, games="", workers=None, fuzz_scale=None, browser=False):
    """Exit status: nonzero if any part failed."""
    cmd = [sys.executable, ROOT / "tests" / "soak.py", "--matches", matches]
    cmd += ["--games", games] if games else []
    cmd += ["--workers", workers] if workers else []
    log(f"soak: {matches} random matches per game")
    codes = [run(cmd, check=False).returncode]
    scale = min(20, max(1, matches // 500)) if fuzz_scale is None else fuzz_scale
    if scale or browser:
        py = ensure_venv()
    if scale:
        log(f"fuzz: tests/test_fuzz.py with {scale}x the examples")
        env = dict(os.environ, PYGAMES_FUZZ_EXAMPLES=str(scale))
        codes.append(subprocess.call([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                      "tests/test_fuzz.py"], cwd=ROOT, env=env))
    if scale:
        log("remote tables: whole matches and the larger tables (tests/test_remote_selfplay.py -m soak)")
        codes.append(subprocess.call([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "soak",
                                      "tests/test_remote_selfplay.py"], cwd=ROOT))
    if browser:
        env = browser_test_env(py)
        build()
        log("browser soak: tests/test_site_soak.py, tests/test_site_live.py")
        codes.append(subprocess.call([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "soak",
                                      "tests/test_site_soak.py", "tests/test_site_live.py"], cwd=ROOT, env=env))
    log("soak: " + ("all passed" if not any(codes) else f"FAILED (exit codes {codes})"))
    return 1 if any(codes) else 0

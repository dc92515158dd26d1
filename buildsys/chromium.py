"""Finding Chromium for the browser tests and the bench (installing one when there is none: apt-get
as root on Debian, else Playwright's own), its headless shell, and launching it."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from buildsys.common import ROOT, log, run

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"]


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


def ensure_chromium(py):
    """The Chromium the venv's Playwright finds (``py``: the venv's Python), installed when missing."""
    def probe():
        out = run([py, "-c", "from buildsys.chromium import find_chromium; print(find_chromium() or '')"],
                  cwd=ROOT, capture_output=True, text=True)
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


def browser_test_env(py):
    """The environment pytest runs the browser tests in: the Chromium to use and its headless shell."""
    return dict(os.environ, PYGAMES_HEADLESS_SHELL=ensure_headless_shell(), PYGAMES_CHROMIUM=ensure_chromium(py))


def can_apt_install():
    return hasattr(os, "geteuid") and os.geteuid() == 0 and bool(shutil.which("apt-get"))


_apt_updated = []      # the package lists are read once a run


def apt_install(package, check=True):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if not _apt_updated:
        run(["apt-get", "update", "-q"], env=env, stdout=subprocess.DEVNULL, check=check)
        _apt_updated.append(True)
    run(["apt-get", "install", "-y", "-q", package], env=env, stdout=subprocess.DEVNULL, check=check)

"""The test command: mypy over pygames/, then pytest (one worker a core, the idle ones taking queued
tests from the busy ones), in the venv with the browser tests' Chromium."""

import os
import subprocess

from buildsys.common import ROOT, log


def run_tests(py, env, pytest_args):
    """mypy, then pytest with ``pytest_args`` (defaults added for what they leave out): the exit status."""
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

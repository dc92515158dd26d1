"""The pinned downloads, fetched once into .cache/ and checked against their hashes: the Pyodide
runtime (its npm package), the micropip wheel (from PyPI: the npm package has none) and axe-core
(the browser tests' accessibility check, never shipped). Builds after the first work offline."""

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from buildsys.common import CACHE, log, run, sha256_file

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

AXE_VERSION = "4.14.1"  # npm package `axe-core`: the browser tests' accessibility check (not shipped)
AXE_INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
QR_VERSION = "2.0.4"  # npm package `qrcode-generator`: the QR codes of a remote table's links (shipped)
QR_INTEGRITY = "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g=="


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


def copy_runtime(package, micropip, runtime):
    """The runtime's files into ``runtime`` (the site's pyodide/), with a lock that names only the
    micropip wheel shipped beside them: the site ships no other Pyodide package."""
    runtime.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(package / name, runtime / name)
    shutil.copy2(micropip, runtime / micropip.name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    entry = dict(lock["packages"]["micropip"])
    if entry.get("depends"):
        sys.exit(f"build.py: micropip in the lock now depends on {entry['depends']}; update buildsys/runtime.py")
    entry.update(file_name=micropip.name, sha256=MICROPIP_SHA256, version=MICROPIP_VERSION)
    lock["packages"] = {"micropip": entry}
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def axe_core():
    """axe.min.js of the pinned `axe-core` npm package, fetched once with `npm pack` like Pyodide; tests
    inject it into the page (page.add_script_tag(path=...)), the site never ships it."""
    return npm_file("axe-core", AXE_VERSION, AXE_INTEGRITY, "package/axe.min.js", "axe-core for the accessibility tests")


def npm_file(name, version, integrity, member, what):
    """One file of a pinned npm package (``member``, inside its tarball), kept in .cache once unpacked."""
    script = CACHE / f"{name}-{version}" / Path(member).name
    if script.exists():
        return script
    tgz = npm_package(name, version, integrity, what)
    with tarfile.open(tgz) as tar:
        data = tar.extractfile(member).read()
    script.parent.mkdir(parents=True, exist_ok=True)
    partial = script.with_suffix(f".{os.getpid()}.tmp")
    partial.write_bytes(data)
    partial.replace(script)
    return script


def qr_encoder():
    """dist/qrcode.mjs of the pinned `qrcode-generator` npm package (an ES module, MIT): the page draws
    a link's QR code with it (web's qr.js imports it from vendor/qrcode.mjs)."""
    return npm_file("qrcode-generator", QR_VERSION, QR_INTEGRITY, "package/dist/qrcode.mjs", "the QR code encoder")

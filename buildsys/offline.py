"""The service worker's file list (sw-files.js) and the build's id: what web/sw.js keeps offline."""

import hashlib
import json

# What the service worker does not keep: source maps, notes (.md), the UMD build of Pyodide and the
# micropip wheel (the worker needs neither), and the worker's own scripts (the browser keeps those).
NOT_KEPT_OFFLINE = ("pyodide/pyodide.js", "pyodide/micropip-", "sw.js", "sw-files.js", ".nojekyll")


def offline_files(site):
    """The site's files the service worker keeps, relative to the site, sorted. Of the engine,
    only what the worker loads: the precompiled zip if there is one, else the wheel."""
    files = [rel for rel in (p.relative_to(site).as_posix() for p in sorted(site.rglob("*")) if p.is_file())
             if not rel.startswith(NOT_KEPT_OFFLINE) and not rel.endswith((".map", ".md"))]
    if any(rel.startswith("wheels/") and rel.endswith(".zip") for rel in files):
        files = [rel for rel in files if not (rel.startswith("wheels/") and rel.endswith(".whl"))]
    return files


def write_offline_list(site):
    """Write sw-files.js (the build's id and the files to keep) and return the id: a hash of
    those files' contents (build-info.json aside, which is written after and carries the id), so an
    unchanged site keeps its id and a changed one is an update for the browser."""
    files = offline_files(site) + ["build-info.json"]
    h = hashlib.sha256()
    for rel in files:
        if rel != "build-info.json":
            h.update(rel.encode() + b"\0" + hashlib.sha256((site / rel).read_bytes()).digest())
    build_id = h.hexdigest()[:16]
    files = sorted(set(files))
    (site / "sw-files.js").write_text(
        "// Made by build.py: this build's id and the files the service worker (sw.js) keeps.\n"
        f"self.SITE_BUILD = {json.dumps({'id': build_id, 'files': files}, indent=1)};\n")
    return build_id

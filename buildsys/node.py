"""Build steps run by Node.js (the runtime's own Python under Node, or the page's own modules): each
is optional, the site is built without it when Node.js is missing or the step fails, with a warning."""

import shutil

from buildsys.common import SCRIPTS, log, run


def node_step(out, without, doing):
    """A cached build step run by Node.js that writes ``out`` (CACHE/<step>/<key>/<file>): Node's path,
    with ``out``'s folder made empty (older keys of the step removed), or None without Node.js
    (saying ``without``)."""
    node = shutil.which("node")
    if not node:
        log(f"warning: no Node.js: {without}")
        return None
    log(doing)
    shutil.rmtree(out.parent.parent, ignore_errors=True)  # keep only the current one
    out.parent.mkdir(parents=True)
    return node


def run_script(node, script, *args):
    """Run buildsys/scripts/<script> in Node.js: the finished process (output captured, not checked)."""
    return run([node, SCRIPTS / script, *args], check=False, capture_output=True, text=True)


def scripts_text(*names):
    """The scripts' text, joined: part of the cache key of a step that runs them."""
    return "".join((SCRIPTS / name).read_text(encoding="utf-8") for name in names)


def last_error_line(result):
    return (result.stderr.strip().splitlines() or ["?"])[-1]

"""The runtime: Pyodide boots from the site itself, and web/shell/worker.js loads the engine and answers."""

import json
import time
import zipfile

import pytest

from tests.helpers.site import wait_ready

# cold boots: each test counts downloads or makes its own snapshot
pytestmark = [pytest.mark.browser, pytest.mark.fresh_context]

# Runs in the page: start web/shell/worker.js, collect its messages, then ask it {id: 1, method: "info"}.
WORKER_SESSION = """async ({requests, timeout}) => {
  const worker = new Worker("../shell/worker.js", {type: "module"});
  const messages = [];
  const replies = new Map();
  return await new Promise((resolve) => {
    const done = () => { worker.terminate(); resolve({messages, replies: [...replies.values()]}); };
    setTimeout(done, timeout);
    worker.onerror = (e) => { messages.push({type: "onerror", message: e.message}); done(); };
    worker.onmessage = ({data}) => {
      if (data.type) messages.push(data);
      else replies.set(data.id, data);
      if (data.type === "error" && !requests.length) done();
      if (requests.length && replies.size === requests.length) done();
      if (!requests.length && data.type === "ready") done();
    };
    for (const r of requests) worker.postMessage(r);  // sent before ready: the worker queues them
  });
}"""


def engine_has_bridge(dist):
    info = json.loads((dist / "build-info.json").read_text())
    with zipfile.ZipFile(dist / info["wheel"]) as z:
        return "pygames/bridge.py" in z.namelist()


def open_bare(page, site):
    page.goto(site + "bench/bare.html")
    return wait_ready(page)


def test_bare_pyodide_boots_from_the_site(page, site):
    t0 = time.perf_counter()
    open_bare(page, site)
    print(f"bare Pyodide boot: {time.perf_counter() - t0:.2f} s")
    version = page.evaluate("runPython('import sys; sys.version')")
    assert version.startswith("3.14."), version


def test_engine_wheel_installs_and_every_module_imports_in_pyodide(page, site, dist):
    open_bare(page, site)
    info = json.loads((dist / "build-info.json").read_text())
    code = f"""
import importlib, pkgutil, micropip
await micropip.install({site + info['wheel']!r}, deps=False)
import pygames
names = ["pygames"] + [m.name for m in pkgutil.walk_packages(pygames.__path__, "pygames.")]
for name in names:
    importlib.import_module(name)
names
"""
    names = page.evaluate("code => runPython(code, ['micropip'])", code)
    assert "pygames.engine" in names, names


def test_worker_reports_download_progress_fetches_the_runtime_once_and_answers_info(page, site, dist):
    log = site.server.request_log
    start = len(log)
    page.goto(site + "bench/bare.html?idle")  # an empty page of the site to start the worker in
    bridge = engine_has_bridge(dist)
    requests = [{"id": 1, "method": "info", "args": {}}] if bridge else []
    out = page.evaluate(WORKER_SESSION, {"requests": requests, "timeout": 90_000})
    messages = out["messages"]
    assert messages and messages[-1]["type"] in ("ready", "error"), messages[-3:]
    progress = [m for m in messages if m["type"] == "progress"]
    fractions = [m["fraction"] for m in progress]
    assert fractions == sorted(fractions) and all(0 <= f <= 1 for f in fractions)
    downloading = [m for m in progress if m["text"].startswith("Downloading") and 0 < m["fraction"] < 0.75]
    assert len(downloading) >= 5, "no byte-level download progress"
    assert any(m["text"].startswith("Starting Python") for m in progress)
    if bridge:
        assert messages[-1]["type"] == "ready", messages[-1]
    # The worker hands the bytes it downloaded to Pyodide: one request each, even in this
    # incognito-like context whose memory cache keeps no 10 MB file.
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"):
        statuses = [status for _, path, status in log[start:] if path == f"/pyodide/{name}"]
        assert statuses == [200], (name, statuses)
    # the engine wheel goes on sys.path as it is: micropip is not needed before the first table
    assert not [path for _, path, _ in log[start:] if "micropip" in path]
    if not bridge:
        return
    # a request sent while it starts is answered once it is ready
    ready = [m for m in out["messages"] if m["type"] in ("ready", "error")]
    assert ready and ready[0]["type"] == "ready", ready
    assert ready[0]["build"]["pyodide"] == "314.0.7"
    assert out["replies"], out["messages"][-3:]
    reply = out["replies"][0]
    assert reply["id"] == 1 and reply["ok"] is True, reply
    assert reply["result"] == ready[0]["info"]


@pytest.mark.allow_console_errors  # the 404 for the broken file is logged
def test_worker_reports_a_readable_error_when_the_runtime_is_missing(page, site):
    site.server.fail_paths.add("/pyodide/pyodide.asm.wasm")
    try:
        page.goto(site + "bench/bare.html?idle")
        out = page.evaluate(WORKER_SESSION, {"requests": [{"id": 7, "method": "info", "args": {}}],
                                             "timeout": 30_000})
    finally:
        site.server.fail_paths.discard("/pyodide/pyodide.asm.wasm")
    errors = [m for m in out["messages"] if m["type"] == "error"]
    assert errors, out["messages"][-3:]
    assert "Could not download the Python runtime" in errors[0]["message"]
    assert "404" in errors[0]["message"]
    assert out["replies"] == [{"id": 7, "ok": False, "error": errors[0]["message"]}]


# ---- a second boot restores Python from the first boot's snapshot (web/shell/snapshot.js) -----------------

# Runs in the page: start web/shell/worker.js; once it is ready (and, if asked, once a snapshot of Python is
# kept), send the requests one by one; resolve with the ready message, the replies and the warnings.
SNAPSHOT_SESSION = """async ({requests, waitForSnapshot}) => {
  const kept = async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      if ((await cache.keys()).some((r) => r.url.includes("python-snapshot"))) return true;
    }
    return false;
  };
  const worker = new Worker("../shell/worker.js", {type: "module"});
  const ask = (request) => new Promise((resolve) => {
    worker.onmessage = ({data}) => { if (data.id === request.id) resolve(data); };
    worker.postMessage(request);
  });
  const ready = await new Promise((resolve) => {
    worker.onmessage = ({data}) => { if (["ready", "error"].includes(data.type)) resolve(data); };
    worker.onerror = (e) => resolve({type: "onerror", message: e.message});
  });
  if (waitForSnapshot) while (!(await kept())) await new Promise((r) => setTimeout(r, 100));
  const replies = [];
  for (const request of requests) replies.push(await ask(request));
  worker.terminate();
  return {ready, replies};
}"""

# A deal, some bot moves (searching and not) and an undo: what a restored engine must do the same way.
PLAY = [{"id": 1, "method": "new", "args": {"game": "spades", "seed": 12345}},
        {"id": 2, "method": "bot", "args": {"level": "normal"}},
        {"id": 3, "method": "bot", "args": {"level": "hard", "budget": 50}},
        {"id": 4, "method": "new", "args": {"game": "leopard", "seed": 99, "players": 4}},
        {"id": 5, "method": "bot", "args": {"level": "hard", "budget": 50}},
        {"id": 6, "method": "info", "args": {}}]


def snapshot_session(page, requests=(), wait_for_snapshot=False):
    out = page.evaluate(SNAPSHOT_SESSION, {"requests": list(requests), "waitForSnapshot": wait_for_snapshot})
    assert out["ready"]["type"] == "ready", out["ready"]
    return out["ready"], out["replies"]


@pytest.fixture
def worker_page(page, site, dist):
    if not engine_has_bridge(dist):
        pytest.skip("pygames/bridge.py is not written yet")
    page.goto(site + "bench/bare.html?idle")
    return page


def corrupt_the_snapshot(page, body):
    page.evaluate("""async (body) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (!request.url.includes("python-snapshot")) continue;
          const length = (await cache.match(request)).headers.get("X-Snapshot-Length");
          await cache.put(request, new Response(new TextEncoder().encode(body),
                                                {headers: {"X-Snapshot-Length": length}}));
        }
      }
    }""", body)


@pytest.mark.heavy
def test_a_second_boot_restores_python_from_a_snapshot_and_a_broken_one_falls_back_and_is_replaced(worker_page):
    warnings = []
    worker_page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    first, fresh = snapshot_session(worker_page, PLAY, wait_for_snapshot=True)
    assert "snapshot_read" not in first["timings"] and "runtime_downloaded" in first["timings"]
    second, restored = snapshot_session(worker_page, PLAY)
    assert "snapshot_read" in second["timings"], second["timings"]   # Python's start was skipped
    assert "runtime_downloaded" not in second["timings"]
    assert all(r["ok"] for r in fresh), [r for r in fresh if not r["ok"]][:1]
    assert restored == fresh                                        # the same deals, the same moves
    assert second["info"] == first["info"]
    # chance is not frozen in the snapshot: two restored boots deal two different unseeded games
    unseeded = [{"id": 1, "method": "new", "args": {"game": "spades"}}]
    links = [snapshot_session(worker_page, unseeded)[1][0]["result"]["link"] for _ in range(2)]
    assert links[0] != links[1], links
    # a broken snapshot: the worker starts afresh, plays as before and keeps a good snapshot again
    assert not any("snapshot did not start" in w for w in warnings), warnings
    corrupt_the_snapshot(worker_page, "not a snapshot of Python")
    ready, replies = snapshot_session(worker_page, PLAY[:2], wait_for_snapshot=True)
    assert "runtime_downloaded" in ready["timings"]                 # started afresh...
    assert replies == fresh[:2]                                      # ...and plays as before
    assert any("snapshot did not start" in w for w in warnings), warnings
    again, _ = snapshot_session(worker_page, PLAY[:1])               # a good snapshot is kept again
    assert "snapshot_read" in again["timings"] and "runtime_downloaded" not in again["timings"]


# ---- the trimmed standard library (build.py's trimmed_stdlib) --------------------------------------

# Runs in the page: start web/shell/worker.js, then play every available game through the bridge as the
# page does - bots of each level, hints, links, replays, undo, restart, pass-and-play, queries and a
# few bad requests - and return every reply with the call that got it.
EVERY_GAME_SESSION = """async () => {
  const worker = new Worker("../shell/worker.js", {type: "module"});
  let nextId = 1;
  const log = [];
  let playing = null;
  const call = (method, args = {}) => new Promise((resolve) => {
    const id = nextId++;
    worker.onmessage = ({data}) => {
      if (data.id !== id) return;
      log.push({method, args, game: playing, reply: data});
      resolve(data);
    };
    worker.postMessage({id, method, args});
  });
  const ready = await new Promise((resolve) => {
    worker.onmessage = ({data}) => { if (["ready", "error"].includes(data.type)) resolve(data); };
    worker.onerror = (e) => resolve({type: "onerror", message: e.message});
  });
  if (ready.type !== "ready") return {ready, log};
  const {games, levels} = ready.info;
  for (const game of games) {
    playing = game.id;
    for (const players of [...new Set([Math.min(...game.players), Math.max(...game.players)])]) {
      await call("new", {game: game.id, seed: 11, players});
      for (let turn = 0; turn < 40; turn++) {
        if (turn % 5 === 0) await call("hint", {budget: 2});
        const moved = await call("bot", {level: levels[turn % levels.length], budget: 2});
        if (!moved.ok) break;
      }
      const links = (await call("share_links")).result;
      await call("load", {save: links.position});
      await call("undo");
      await call("seat", {seat: 1, people: [0, 1]});
      await call("open_link", {fragment: links.challenge});
      // a link whose mail client percent-encoded it (links.py decodes it with urllib)
      await call("open_link", {fragment: links.challenge.replace(/=(.)/, (_, c) => "=%" + c.charCodeAt(0).toString(16))});
      await call("replay_view", {link: links.replay_all, step: 3, reveal: true});
    }
  }
  await call("remote_bench", {cards: 2});          // the remote tables' timing, from the wheel's modules
  await call("play", {move: "not a move"});
  await call("no such method");
  worker.terminate();
  return {ready, log};
}"""


@pytest.mark.heavy
def test_every_game_its_bots_and_the_bridge_run_from_the_trimmed_standard_library(worker_page, site, dist):
    log = site.server.request_log
    start = len(log)
    out = worker_page.evaluate(EVERY_GAME_SESSION)
    assert out["ready"]["type"] == "ready", out["ready"]
    served = [path for _, path, _ in log[start:] if path.startswith("/pyodide/python_stdlib")]
    assert served == ["/pyodide/python_stdlib.zip"], served  # the site's own (trimmed) zip, once
    calls = out["log"]
    assert calls[-1]["reply"]["error"] == "unknown method 'no such method'", calls[-1]
    broken = [c for c in calls[:-1] if not c["reply"]["ok"] and c["reply"].get("kind") not in
              ("IllegalMove", "ValueError", "KeyError", "TypeError")]
    assert not broken, broken[:3]  # no InternalError: a module missing from the zip would be one
    games = {g["id"] for g in out["ready"]["info"]["games"] }
    for game in games:  # each game's bots played (a few matches end early: 20 of the 40 turns)
        moves = [c for c in calls if c["game"] == game and c["method"] == "bot" and c["reply"]["ok"]]
        assert len(moves) >= 20, (game, len(moves))
    for method in ("hint", "share_links", "load", "undo", "seat", "open_link", "replay_view", "remote_bench"):
        assert any(c["method"] == method and c["reply"]["ok"] for c in calls), method
    opened = [c for c in calls if c["method"] == "open_link"]
    assert "%" in opened[1]["args"]["fragment"] and opened[1]["reply"]["ok"], opened[1]
    assert [c["reply"]["kind"] for c in calls if c["method"] == "play"] == ["IllegalMove"]

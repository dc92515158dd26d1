// The game engine's home: a module worker that loads Pyodide and the pygames wheel from this site,
// then answers the page's calls with pygames.bridge.call(method, args_json).
//
// Out: {type: "progress", fraction, text} while loading; then {type: "ready", info, build, timings}
//      or {type: "error", message, detail}.
// In:  {id, method, args} -> out {id, ok: true, result} or {id, ok: false, error}.
//      Requests sent before "ready" wait for it.
//
// Loading is as fast as a bare Pyodide boot allows: everything starts at once (the runtime's two
// JavaScript modules, build-info.json, then the engine wheel), Pyodide fetches its own .wasm so the
// browser compiles it while it streams in (and can reuse its compiled code next time), and the
// progress bar counts the bytes of a clone of those responses. The engine wheel is pure Python: it
// goes on sys.path as it is (zipimport), so micropip is neither loaded nor imported; build.py ships
// it with its modules precompiled by this runtime (build-info's "engine"), so importing compiles
// nothing. A second visit skips Python's own start: the first boot keeps a snapshot of Python's
// memory once the engine is imported (web/shell/snapshot.js) and later boots restore it (falling back to
// a fresh start when it is missing or fails); the .wasm then comes from the service worker's cache
// with the browser's compiled code for it.
// `timings` says when each stage ended, in ms since the worker started (its performance.timeOrigin,
// sent as `origin`); the bench prints them.

const T0 = performance.now();
const timings = {};
const mark = (stage) => { timings[stage] = Math.round(performance.now() - T0); };

const SITE = new URL("../", import.meta.url);     // the site: this file is in shell/
const here = (path) => new URL(path, SITE).href;
const pyodideURL = here("pyodide/");
let call = null; // pygames.bridge.call once loaded
let failure = null; // the load error's message, if loading failed
const waiting = [];

const quietly = (promise) => { promise.catch(() => {}); return promise; }; // awaited later
// Started now, in parallel. Pyodide imports pyodide.asm.mjs only after its own module and its
// settings: importing it here first puts it in the module map by then.
const pyodideModule = quietly(import(pyodideURL + "pyodide.mjs"));
quietly(import(pyodideURL + "pyodide.asm.mjs"));
const buildInfo = quietly(fetchOk("build-info.json", { cache: "no-cache" }).then((r) => r.json()));
// A snapshot of Python's memory from this build's first boot (web/shell/snapshot.js), read from the cache
// while the rest loads: a second visit restores it instead of starting Python afresh.
const snapshotStore = quietly(Promise.all([buildInfo, import("./snapshot.js")])
  .then(([build, { snapshotStore }]) => snapshotStore(build)));
const keptSnapshot = quietly(snapshotStore.then((store) => store.find()));
const wheelBytes = quietly(buildInfo.then(async (build) => {
  const url = new URL(build.engine ?? build.wheel, SITE);
  url.search = "v=" + build.wheel_sha256.slice(0, 16); // a rebuilt engine is never a cached one
  const response = await fetchOk(url.href);
  quietly(keepForOffline(url.href, response.clone()));
  const bytes = new Uint8Array(await response.arrayBuffer());
  mark("wheel_downloaded");
  return bytes;
}));

/** A runtime file this page fetched, kept in the service worker's cache of this build (sw.js names
 *  it so, by the site's path and the build id; the key without its query), so that the worker's
 *  install finds it there and no file crosses the network twice on a first visit. */
const keeping = [];      // the runtime files being kept (keepForOffline): "ready" waits for them

function keepForOffline(url, response) {
  const kept = keepResponse(url, response).catch(() => {});     // not kept: the worker fetches it
  keeping.push(kept);
  return kept;
}

async function keepResponse(url, response) {
  const build = await buildInfo;
  if (!build.build_id || typeof caches === "undefined") return;
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  const cache = await caches.open(`pygames ${SITE.pathname} ${build.build_id}`);
  await cache.put(key.href, response);
}

async function fetchOk(path, init) {
  const response = await fetch(here(path), init);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${response.statusText}`);
  return response;
}

let shown = -1;
function progress(fraction, text) {
  if (fraction < shown) return; // never backwards (downloads and start-up overlap)
  shown = fraction;
  postMessage({ type: "progress", fraction, text });
}

// The readable part of an error: a Python traceback's last line says what went wrong.
function reason(err) {
  return String(err && err.message ? err.message : err).trim().split("\n").pop();
}

/** While `start` runs, Pyodide's own fetches of the big runtime files are counted for the progress
 *  bar (on a clone: the response Pyodide gets is still the browser's own, so the browser can keep
 *  its compiled code). Rejects at once when one of them fails (Pyodide would wait). Only a first
 *  boot of a build counts: a later one restores Python from its snapshot and downloads nothing. */
async function countingDownloads(sizes, start) {
  const total = Object.values(sizes).reduce((sum, n) => sum + n, 0);
  const pending = new Set(Object.keys(sizes).map(here));
  let received = 0;
  let failed;
  const failure = new Promise((_, reject) => { failed = reject; });
  const realFetch = self.fetch;
  const count = async (response, url) => {
    const reader = response.clone().body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      progress(0.75 * Math.floor((100 * Math.min(received, total)) / total) / 100, "Downloading Python runtime…");
    }
    pending.delete(url);
    if (!pending.size) {
      mark("runtime_downloaded");
      progress(0.75, "Starting Python…");
    }
  };
  self.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const answer = realFetch(input, init);
    if (!pending.has(url)) return answer;
    const name = url.slice(url.lastIndexOf("/") + 1);
    return answer.then((response) => {
      if (!response.ok) failed(new Error(`${name}: HTTP ${response.status} ${response.statusText}`));
      else {
        count(response, url).catch((err) => failed(new Error(`${name}: ${reason(err)}`)));
        quietly(keepForOffline(url, response.clone()));
      }
      return response;
    }, (err) => { failed(new Error(`${name}: ${reason(err)}`)); throw err; });
  };
  try {
    return await Promise.race([markingInstantiation(start), failure]);
  } finally {
    self.fetch = realFetch;
  }
}

/** Runs `start` with a mark ("wasm_instantiated") when the runtime's WebAssembly is ready. */
async function markingInstantiation(start) {
  const realStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (...args) => {
    const result = await realStreaming.apply(WebAssembly, args);
    mark("wasm_instantiated");
    return result;
  };
  try {
    return await start();
  } finally {
    WebAssembly.instantiateStreaming = realStreaming;
  }
}

/** Python with the engine imported: {pyodide, call}. From `snapshot` (Python's memory from an
 *  earlier boot of this build, snapshot.js's find()) when given, else started afresh, ready to
 *  make a snapshot of. */
async function startEngine(build, snapshot, setStage) {
  const { loadPyodide } = await pyodideModule;
  mark("python_starting");
  let pyodide;
  if (snapshot) {
    setStage("restore Python from its snapshot");
    progress(0.5, "Starting Python…");
    // its bytes are read while the runtime loads (Pyodide waits for them only to restore them)
    const bytes = quietly(snapshot.bytes.then((b) => { mark("snapshot_read"); return b; }));
    pyodide = await markingInstantiation(() => loadPyodide({ indexURL: pyodideURL, _loadSnapshot: bytes }));
  } else {
    setStage("download the Python runtime");
    pyodide = await countingDownloads(build.runtime_bytes,
      () => loadPyodide({ indexURL: pyodideURL, _makeSnapshot: true }));
  }
  mark("python_started");
  progress(0.9, "Starting the game engine…");
  setStage("install the game engine");
  const path = "/lib/" + (build.engine ?? build.wheel).split("/").pop();
  pyodide.FS.writeFile(path, await wheelBytes); // a restored Python has it on sys.path already
  pyodide.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
  mark("engine_installed");
  setStage("import the game engine");
  const call = pyodide.pyimport("pygames.bridge").call;
  mark("engine_imported");
  return { pyodide, call };
}

/** Keeps a snapshot of Python as it is now: the engine imported, no game in it yet. */
function keepSnapshot(pyodide, store) {
  try {
    const bytes = pyodide.makeMemorySnapshot();
    mark("snapshot_made");
    store.save(bytes);
  } catch (err) {
    console.warn(`No Python snapshot for the next visit: ${reason(err)}`);
  }
}

async function load() {
  let stage = "read build-info.json";
  try {
    const build = await buildInfo;
    mark("build_info");
    const store = await snapshotStore.catch(() => null);
    const snapshot = await keptSnapshot.catch(() => null);
    if (!snapshot) progress(0, "Downloading Python runtime…");
    const setStage = (name) => { stage = name; };
    const ask = (engine) => {
      stage = "ask the game engine for its info";
      const info = JSON.parse(engine.call("info", "{}"));
      if (!info.ok) throw new Error(info.error);
      return info.result;
    };
    let engine = null;
    let info;
    if (snapshot) {
      try {
        engine = await startEngine(build, snapshot, setStage);
        info = ask(engine);
      } catch (err) { // a snapshot that does not start is dropped: this visit starts afresh
        console.warn(`The kept Python snapshot did not start (${reason(err)}); starting Python afresh`);
        engine = null;
        store?.drop();
      }
    }
    const fresh = !engine;
    if (fresh) {
      engine = await startEngine(build, null, setStage);
      info = ask(engine);
    }
    call = engine.call;
    mark("engine_info");
    // the page registers the service worker once ready: by then what it downloaded is in the cache
    await Promise.all(keeping);
    progress(1, "Ready");
    postMessage({ type: "ready", info, build, timings: { ...timings, origin: performance.timeOrigin } });
    if (fresh && store) keepSnapshot(engine.pyodide, store); // before any request changes the engine
  } catch (err) {
    call = null;
    failure = `Could not ${stage}: ${reason(err)}`;
    postMessage({ type: "error", message: failure, detail: String(err && err.message ? err.message : err) });
  }
  for (const request of waiting.splice(0)) answer(request);
}

function answer({ id, method, args }) {
  if (!call) {
    postMessage({ id, ok: false, error: failure || "The game engine is not loaded" });
    return;
  }
  try {
    postMessage({ id, ...JSON.parse(call(method, JSON.stringify(args ?? {}))) });
  } catch (err) {
    postMessage({ id, ok: false, error: `The game engine failed: ${reason(err)}` });
  }
}

onmessage = (event) => {
  if (call || failure) answer(event.data);
  else waiting.push(event.data);
};
load();

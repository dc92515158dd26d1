// The game engine's home: a module worker that loads Pyodide and the pygames wheel from this site,
// then answers the page's calls with pygames.bridge.call(method, args_json).
//
// Out: {type: "progress", fraction, text} while loading; then {type: "ready", info, build}
//      or {type: "error", message, detail}.
// In:  {id, method, args} -> out {id, ok: true, result} or {id, ok: false, error}.
//      Requests sent before "ready" wait for it.

const pyodideURL = new URL("pyodide/", import.meta.url).href;
let call = null; // pygames.bridge.call once loaded
let failure = null; // the load error's message, if loading failed
const waiting = [];

function progress(fraction, text) {
  postMessage({ type: "progress", fraction, text });
}

// The readable part of an error: a Python traceback's last line says what went wrong.
function reason(err) {
  return String(err && err.message ? err.message : err).trim().split("\n").pop();
}

// Download the big runtime files ourselves, to report real progress (bytes received).
async function download(sizes) {
  const files = Object.keys(sizes);
  const total = files.reduce((sum, f) => sum + sizes[f], 0);
  const bodies = new Map(); // absolute URL -> the downloaded bytes and their type
  let received = 0;
  let shown = -1;
  await Promise.all(files.map(async (file) => {
    const url = new URL(file, import.meta.url).href;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status} ${response.statusText}`);
    const reader = response.body.getReader();
    const chunks = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      const percent = Math.floor((100 * Math.min(received, total)) / total);
      if (percent !== shown) {
        shown = percent;
        progress(0.75 * (percent / 100), "Downloading Python runtime…");
      }
    }
    bodies.set(url, { blob: new Blob(chunks), type: response.headers.get("Content-Type") });
  }));
  return bodies;
}

// While Pyodide starts, its fetch() of a file downloaded above gets those bytes: one download
// whatever the HTTP cache keeps (a private window's memory cache keeps no 10 MB file).
async function withDownloaded(bodies, start) {
  const realFetch = self.fetch;
  self.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = bodies.get(url);
    if (!body) return realFetch(input, init);
    bodies.delete(url);
    return Promise.resolve(new Response(body.blob, { headers: { "Content-Type": body.type } }));
  };
  try {
    return await start();
  } finally {
    self.fetch = realFetch;
  }
}

async function load() {
  let stage = "read build-info.json";
  try {
    const response = await fetch(new URL("build-info.json", import.meta.url), { cache: "no-cache" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const build = await response.json();
    progress(0, "Downloading Python runtime…");
    stage = "download the Python runtime";
    const bodies = await download(build.runtime_bytes);
    progress(0.75, "Starting Python…");
    stage = "start Python";
    const { loadPyodide } = await import(pyodideURL + "pyodide.mjs");
    const pyodide = await withDownloaded(bodies, () => loadPyodide({ indexURL: pyodideURL }));
    progress(0.85, "Python started; loading micropip…");
    stage = "load micropip";
    await pyodide.loadPackage("micropip", { messageCallback: () => {} });
    progress(0.9, "Installing the game engine…");
    stage = "install the game engine";
    const wheel = new URL(build.wheel, import.meta.url);
    wheel.search = "v=" + build.wheel_sha256.slice(0, 16); // a rebuilt wheel is never a cached one
    await pyodide.pyimport("micropip").install.callKwargs(wheel.href, { deps: false });
    progress(0.95, "Starting the game engine…");
    stage = "import the game engine";
    call = pyodide.pyimport("pygames.bridge").call;
    stage = "ask the game engine for its info";
    const info = JSON.parse(call("info", "{}"));
    if (!info.ok) throw new Error(info.error);
    progress(1, "Ready");
    postMessage({ type: "ready", info: info.result, build });
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

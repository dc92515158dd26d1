// The page's handle on the Python engine running in the Web Worker: one promise per call.

export class EngineError extends Error {
  /** message: the engine's message ({key, ...params}) when it gave one, for t() to render */
  constructor(text, message = null) {
    super(text);
    this.engineMessage = message;
  }
}

export function startEngine({ onProgress }) {
  // index.html starts the worker before the page's modules load (window.pygamesEarly); else now
  const early = globalThis.pygamesEarly;
  globalThis.pygamesEarly = null;
  // when the worker started and (from its "ready" message) when each of its loading stages ended
  const timings = { worker_created: early ? early.created : performance.now(), worker: null };
  const worker = early ? early.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  let nextId = 1;
  let readyResolve, readyReject;
  const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });

  worker.onmessage = ({ data }) => {
    if (data.type === "progress") return onProgress?.(data.fraction, data.text);
    if (data.type === "ready") {
      timings.worker = data.timings ?? null;
      timings.build = data.build?.build_id ?? null;
      return readyResolve(data.info);
    }
    if (data.type === "error") return readyReject(new EngineError(data.message));
    const entry = pending.get(data.id);
    if (!entry) return;
    pending.delete(data.id);
    if (data.ok) entry.resolve(data.result);
    else entry.reject(new EngineError(data.error, data.message));
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    const err = new EngineError(event.message || "The game engine stopped unexpectedly.");
    readyReject(err);
    for (const entry of pending.values()) entry.reject(err);
    pending.clear();
  };

  for (const event of early ? early.events.splice(0) : []) {
    (event.type === "error" ? worker.onerror : worker.onmessage)(event);
  }

  function call(method, args = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, args });
    });
  }
  return { ready, call, timings };
}

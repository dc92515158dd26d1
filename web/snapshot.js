// Python's memory after its first start, kept for the next visit: restoring it skips Python's own
// start-up (most of a boot's CPU time), so a second visit is ready sooner than a bare Pyodide boot.
//
// The first boot of a build (web/worker.js) starts Python with Pyodide's `_makeSnapshot` option and,
// once the engine is imported and has answered `info` (before any game exists in it), copies its
// memory here; later boots pass it as `_loadSnapshot`. A snapshot belongs to one build: it lives in
// that build's service-worker cache ("pygames <site path> <build id>", web/sw.js), so a new build's
// worker deletes it with the rest, and its key names the engine and Pyodide it was made with.
// Pyodide itself refuses a snapshot of another runtime; the worker falls back to a normal boot (and
// drops the snapshot) when one is missing, unreadable or fails to start.

const SITE = new URL("./", import.meta.url);
// Heap pages at the end are mostly zeros: they are kept as a length, not as bytes.
const LENGTH = "X-Snapshot-Length";

/** The snapshot store of one build (build-info.json). Every method resolves; none throws. */
export function snapshotStore(build) {
  const cacheName = `pygames ${SITE.pathname} ${build.build_id}`;
  const key = new URL(`python-snapshot?pyodide=${encodeURIComponent(build.pyodide)}` +
                      `&engine=${String(build.wheel_sha256).slice(0, 16)}`, SITE).href;
  const usable = typeof caches !== "undefined";

  /** The kept snapshot, or null when there is none: {bytes} - a promise of its bytes (a
   *  Uint8Array), read while Python's runtime loads; it rejects when they are unreadable. */
  async function find() {
    if (!usable) return null;
    let response;
    try {
      response = await (await caches.open(cacheName)).match(key);
    } catch {
      return null;
    }
    if (!response) return null;
    const bytes = (async () => {
      const length = Number(response.headers.get(LENGTH));
      const kept = new Uint8Array(await response.arrayBuffer());
      if (!Number.isSafeInteger(length) || length < kept.length) throw new Error("the kept snapshot is damaged");
      if (length === kept.length) return kept;
      const whole = new Uint8Array(length);
      whole.set(kept);
      return whole;
    })();
    bytes.catch(() => {}); // awaited by Pyodide; a failure falls back there
    return { bytes };
  }

  /** Keeps `bytes` (a snapshot from pyodide.makeMemorySnapshot(): a fresh array, 16-byte aligned). */
  async function save(bytes) {
    if (!usable) return;
    try {
      const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
      let end = words.length;
      while (end > 0 && words[end - 1] === 0) end--;
      const body = bytes.subarray(0, Math.min(Math.ceil((end * 4) / 4096) * 4096, bytes.length));
      await (await caches.open(cacheName)).put(key, new Response(body, {
        headers: { "Content-Type": "application/octet-stream", [LENGTH]: String(bytes.length) },
      }));
    } catch (err) {
      console.warn(`The Python snapshot was not kept (${err && err.message ? err.message : err})`);
    }
  }

  async function drop() {
    if (!usable) return;
    try { await (await caches.open(cacheName)).delete(key); } catch { /* nothing kept */ }
  }

  return { find, save, drop };
}

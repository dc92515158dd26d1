// Python's memory after its first start, kept for the next visit: restoring it skips Python's own
// start-up (most of a boot's CPU time), so a second visit is ready sooner than a bare Pyodide boot.
//
// The first boot of a build (web/shell/worker.js) starts Python with Pyodide's `_makeSnapshot` option and,
// once the engine is imported and has answered `info` (before any game exists in it), copies its
// memory here; later boots pass it as `_loadSnapshot`. A snapshot belongs to one build: it lives in
// that build's service-worker cache ("pygames <site path> <build id>", web/sw.js), so a new build's
// worker deletes it with the rest, and its key names the engine and Pyodide it was made with.
// Pyodide itself refuses a snapshot of another runtime; the worker falls back to a normal boot (and
// drops the snapshot) when one is missing, unreadable or fails to start.

const SITE = new URL("../", import.meta.url);     // the site: this file is in shell/
// More than half of Python's heap is pages of zeros: only the other pages are kept, after a map of
// where they go (little-endian 32-bit words: the number of runs, then each run's first page and
// length in pages), and the whole length as a header. A 31 MB snapshot keeps as 14 MB: less to read
// on every later boot, less space taken on the device.
const LENGTH = "X-Snapshot-Length";
const PAGE = 4096;

/** Runs of pages of `bytes` that hold anything but zeros: [first page, pages] pairs. */
function filledRuns(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const pages = Math.ceil(bytes.length / PAGE);
  const runs = [];
  for (let page = 0; page < pages; page++) {
    let filled = false;
    const end = Math.min((page + 1) * (PAGE / 4), words.length);
    for (let i = page * (PAGE / 4); i < end && !filled; i++) filled = words[i] !== 0;
    for (let i = Math.max(words.length * 4, page * PAGE); i < Math.min((page + 1) * PAGE, bytes.length) && !filled; i++) {
      filled = bytes[i] !== 0;       // the bytes after the last whole word
    }
    if (!filled) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) last[1]++;
    else runs.push([page, 1]);
  }
  return runs;
}

/** What `save` keeps of `bytes`: the map, then the filled pages. */
export function pack(bytes) {
  const runs = filledRuns(bytes);
  const spans = runs.map(([first, n]) => [first * PAGE, Math.min((first + n) * PAGE, bytes.length)]);
  const head = 4 + 8 * runs.length;
  const body = new Uint8Array(head + spans.reduce((sum, [from, to]) => sum + to - from, 0));
  const map = new DataView(body.buffer);
  map.setUint32(0, runs.length, true);
  let at = head;
  runs.forEach(([first, n], i) => {
    map.setUint32(4 + 8 * i, first, true);
    map.setUint32(8 + 8 * i, n, true);
    const [from, to] = spans[i];
    body.set(bytes.subarray(from, to), at);
    at += to - from;
  });
  return body;
}

/** The whole snapshot (`length` bytes) from what `pack` kept; throws when it does not add up. */
export function unpack(kept, length) {
  const damaged = () => new Error("the kept snapshot is damaged");
  if (!Number.isSafeInteger(length) || length <= 0 || kept.length < 4) throw damaged();
  const map = new DataView(kept.buffer, kept.byteOffset, kept.length);
  const runs = map.getUint32(0, true);
  let at = 4 + 8 * runs;
  if (at > kept.length) throw damaged();
  const whole = new Uint8Array(length);
  for (let i = 0; i < runs; i++) {
    const from = map.getUint32(4 + 8 * i, true) * PAGE;
    const to = Math.min(from + map.getUint32(8 + 8 * i, true) * PAGE, length);
    if (from >= to || at + to - from > kept.length) throw damaged();
    whole.set(kept.subarray(at, at + to - from), from);
    at += to - from;
  }
  if (at !== kept.length) throw damaged();
  return whole;
}

/** The snapshot store of one build (build-info.json). Every method resolves; none throws. */
export function snapshotStore(build) {
  const cacheName = `pygames ${SITE.pathname} ${build.build_id}`;
  const key = new URL(`python-snapshot?kept=pages&pyodide=${encodeURIComponent(build.pyodide)}` +
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
    const bytes = (async () => unpack(new Uint8Array(await response.arrayBuffer()),
                                      Number(response.headers.get(LENGTH))))();
    bytes.catch(() => {}); // awaited by Pyodide; a failure falls back there
    return { bytes };
  }

  /** Keeps `bytes` (a snapshot from pyodide.makeMemorySnapshot(): a fresh array, 16-byte aligned). */
  async function save(bytes) {
    if (!usable) return;
    try {
      await (await caches.open(cacheName)).put(key, new Response(pack(bytes), {
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

// A bare Pyodide boot, loaded the same way as ../worker.js loads it (same runtime, same server),
// as the baseline the app's ready time is compared with. Nothing else is loaded. Its standard library
// is Pyodide's whole python_stdlib.zip (build.py copies it here; the site's own is trimmed).
// Out: {type: "ready"} or {type: "error", message}.
// In (for tests and bench, after ready): {id, code, packages} -> {id, ok, result | error}:
// loads the named Pyodide packages, runs the Python code, returns its last expression (JSON-able).
const pyodideURL = new URL("../pyodide/", import.meta.url).href;

const booted = (async () => {
  const { loadPyodide } = await import(pyodideURL + "pyodide.mjs");
  return loadPyodide({ indexURL: pyodideURL, stdLibURL: new URL("python_stdlib.zip", import.meta.url).href });
})();

booted.then(
  () => postMessage({ type: "ready" }),
  (err) => postMessage({ type: "error", message: String(err && err.message ? err.message : err) }),
);

onmessage = async ({ data: { id, code, packages } }) => {
  try {
    const pyodide = await booted;
    if (packages && packages.length) await pyodide.loadPackage(packages, { messageCallback: () => {} });
    let result = await pyodide.runPythonAsync(code);
    if (result && typeof result.toJs === "function") {
      const proxy = result;
      result = proxy.toJs({ dict_converter: Object.fromEntries });
      proxy.destroy();
    }
    postMessage({ id, ok: true, result });
  } catch (err) {
    postMessage({ id, ok: false, error: String(err && err.message ? err.message : err) });
  }
};

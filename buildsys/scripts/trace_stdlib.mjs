// node trace_stdlib.mjs <pyodide package dir> <engine zip or wheel> <exercise.py> <trim.py> <modules json> <out zip>:
// boots the runtime as web/shell/worker.js does, imports the engine, makes a memory snapshot, formats an
// error, runs the exercise, then trim.py imports the listed modules and writes the zip.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pkg, engine, exercise, trim, modules, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pkg + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pkg + "/", _makeSnapshot: true });
py.FS.writeFile("/lib/engine.zip", readFileSync(engine));
py.runPython(`import sys\nsys.path.insert(0, "/lib/engine.zip")`);
py.pyimport("pygames.bridge").call("info", "{}");
py.makeMemorySnapshot();
try { py.runPython("raise ValueError('a traced error')"); } catch (err) { /* formatted: traced */ }
py.runPython(readFileSync(exercise, "utf8"));
py.globals.set("modules_json", readFileSync(modules, "utf8"));
py.runPython(readFileSync(trim, "utf8"));
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));

// node compile_engine.mjs <pyodide package dir> <wheel> <out zip> <left-out file names json>: the wheel's files,
// each module compiled by Pyodide's own Python as an unchecked hash-based .pyc in place of its .py
// (zipimport uses it as is). Leaner than a plain compile, for what the page never uses: no source
// (only a traceback's lines read it), no column ranges (PYTHONNODEBUGRANGES: a traceback's ^^^ marks),
// no docstrings of functions and methods (modules and classes keep theirs), no .dist-info (nothing
// reads the package's metadata) and not the command-line tools (NOT_IN_THE_BROWSER).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pkg, wheel, out, leftOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pkg + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pkg + "/", env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/tmp/in.whl", readFileSync(wheel));
py.globals.set("left_out", leftOut);
py.runPython(readFileSync(new URL("compile_engine.py", import.meta.url), "utf8"));
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));

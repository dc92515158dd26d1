# Run last in the traced boot (trace_stdlib.mjs), inside Pyodide's Python: imports the modules named in
# the global `modules_json` (STDLIB_EXTRA and the engine's imports), then writes /tmp/out.zip with the
# files of every standard-library module Python imported, each without its comments and docstrings
# (what `python -OO` drops; line numbers kept; checked: the same syntax tree, the docstrings aside, else
# the file is kept as it is). Sorted, the original dates: the same inputs, the same bytes.
import importlib, json, sys
for name in json.loads(modules_json):
    importlib.import_module(name)
STDLIB = "/lib/python314.zip/"
keep = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    frozen = getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"  # in the .wasm
    if path.startswith(STDLIB) and not frozen:
        keep.add(path[len(STDLIB):])

import ast, io, tokenize, zipfile  # only now: what writing the zip imports is not kept

def is_docstring(node):
    return (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
            and isinstance(node.body[0].value.value, str))

def lean(source):
    # the source without comments and docstrings (each docstring becomes `0`, so no body is empty)
    text = source.decode("utf-8")
    lines = text.splitlines(keepends=True)
    cuts = []   # (first line, first column, last line, end column, replacement), columns in characters
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT and not (tok.start[0] <= 2 and "coding" in tok.string):
            cuts.append((*tok.start, *tok.end, ""))
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if is_docstring(node):
            doc = node.body[0].value
            last = lines[doc.end_lineno - 1].encode()
            if last[doc.end_col_offset:].strip():   # more code after it on its line: leave it
                continue
            first = lines[doc.lineno - 1].encode()
            cuts.append((doc.lineno, len(first[:doc.col_offset].decode()), doc.end_lineno,
                         len(last[:doc.end_col_offset].decode()), "0" + "\n" * (doc.end_lineno - doc.lineno)))
            node.body[0] = ast.Expr(ast.Constant(0))
    for row, col, end_row, end_col, text_in in sorted(cuts, reverse=True):
        head, tail = lines[row - 1][:col], lines[end_row - 1][end_col:]
        if not text_in:
            head = head.rstrip(" \t")
        lines[row - 1:end_row] = [head + text_in + tail]
    out = "".join(lines)
    if ast.dump(ast.parse(out)) != ast.dump(tree):
        return source
    return out.encode("utf-8")

with zipfile.ZipFile(STDLIB.rstrip("/")) as zin:
    names = set(zin.namelist())
    for path in list(keep):   # every enclosing package, so each kept module can be found
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            keep.add("/".join(parts[:i]) + "/")
            if "/".join(parts[:i]) + "/__init__.py" in names:
                keep.add("/".join(parts[:i]) + "/__init__.py")
    keep &= names
    with zipfile.ZipFile("/tmp/out.zip", "w") as zout:
        for name in sorted(keep):
            item = zin.getinfo(name)
            kept = zipfile.ZipInfo(name, item.date_time)
            kept.external_attr = item.external_attr
            kept.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            data = zin.read(name)
            zout.writestr(kept, lean(data) if name.endswith(".py") else data, compresslevel=9)

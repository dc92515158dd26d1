# Run by compile_engine.mjs inside Pyodide's own Python (not by CPython): reads /tmp/in.whl, writes
# /tmp/out.zip with each module compiled as an unchecked hash-based .pyc in place of its .py, function
# docstrings dropped, and neither .dist-info nor the files named in the global `left_out` (a JSON list).
import ast, importlib.util, json, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def without_function_docstrings(source, filename):
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)):
            doc = node.body[0]
            node.body[0] = ast.copy_location(ast.Expr(ast.copy_location(ast.Constant(0), doc)), doc)
    return tree

with zipfile.ZipFile("/tmp/in.whl") as zin, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        if ".dist-info/" in item.filename or item.filename.rsplit("/", 1)[-1] in json.loads(left_out):
            continue
        data = zin.read(item)
        if not item.filename.endswith(".py"):
            zout.writestr(item, data)
        else:
            code = compile(without_function_docstrings(data, item.filename), item.filename, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            zout.writestr(zipfile.ZipInfo(item.filename[:-3] + ".pyc", item.date_time), bytes(pyc),
                          compress_type=zipfile.ZIP_DEFLATED)

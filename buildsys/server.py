"""The local static server: `build.py serve` (dist/ as GitHub Pages serves it), the tests and the bench
(dist/ with the bench's pages at bench/ over it, from the bench site)."""

import contextlib
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from buildsys.common import BENCH_SITE, DIST

MIME_TYPES = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
    ".css": "text/css", ".json": "application/json", ".map": "application/json",
    ".wasm": "application/wasm", ".whl": "application/zip", ".zip": "application/zip",
    ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8", ".woff2": "font/woff2", ".webmanifest": "application/manifest+json",
}
BENCH_PATH = "/bench/"      # where the bench's pages are served, over the site


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types and no-cache (revalidate every time) headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive
    quiet = True
    gzip = False                   # text compressed as GitHub Pages sends it (serve --gzip)
    bench = None                   # the bench site's folder, served at BENCH_PATH (None: not served)
    GZIP_TYPES = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest")

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def translate_path(self, path):
        if self.bench is None or not urlsplit(path).path.startswith(BENCH_PATH):
            return super().translate_path(path)
        site, self.directory = self.directory, str(self.bench)
        try:
            return super().translate_path(path)
        finally:
            self.directory = site

    def send_head(self):
        failing = getattr(self.server, "fail_paths", ())
        if self.path.split("?")[0] in failing:  # tests break a file on purpose
            self.send_error(404, "broken on purpose by a test")
            return None
        if self.gzip and "gzip" in self.headers.get("Accept-Encoding", ""):
            path = self.translate_path(self.path)
            if os.path.isdir(path):
                path = os.path.join(path, "index.html")
            if path.endswith(self.GZIP_TYPES) and os.path.isfile(path):
                with open(path, "rb") as f:
                    body = gzip.compress(f.read(), 6)
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)
        return super().send_head()

    def log_request(self, code="-", size="-"):
        requests = getattr(self.server, "request_log", None)
        if requests is not None:
            requests.append((self.command, self.path, int(code) if str(code).isdigit() else code))
        if not self.quiet:
            super().log_request(code, size)

    def log_error(self, *args):
        if not self.quiet:
            super().log_error(*args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, directory, port=0, host="127.0.0.1", quiet=True, gzip=False, bench=None):
        handler = type("Handler", (SiteHandler,), {"quiet": quiet, "gzip": gzip, "bench": bench})
        super().__init__((host, port), functools.partial(handler, directory=str(directory)))
        self.directory, self.bench = Path(directory), bench
        self.request_log = []  # (method, path, status) of every request, for tests
        self.fail_paths = set()  # URL paths answered with 404, for tests

    @property
    def url(self):
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def file_for(self, url_path):
        """The file a request for ``url_path`` (as in request_log) is answered from."""
        path = unquote(urlsplit(url_path).path)
        base = Path(self.bench) if self.bench is not None and path.startswith(BENCH_PATH) else self.directory
        return base / path.lstrip("/")


@contextlib.contextmanager
def serving(directory=DIST, port=0, quiet=True, bench=BENCH_SITE):
    """Serve directory (with the bench's pages at bench/) on localhost in a background thread;
    yields the SiteServer."""
    server = SiteServer(directory, port=port, quiet=quiet, bench=bench)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def serve_forever(directory, port, gzip=False):
    """Serve ``directory`` (the site alone, as deployed) at http://localhost:port until Ctrl+C."""
    try:
        server = SiteServer(directory, port=port, quiet=False, gzip=gzip)
    except OSError as e:
        sys.exit(f"build.py: cannot listen on port {port} ({e.strerror}); try --port {port + 1}")
    print(f"\nServing dist/ at http://localhost:{port}/  (open it in a browser; Ctrl+C stops)\n",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()

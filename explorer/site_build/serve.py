"""Serve the built site on 127.0.0.1 (``python -m explorer serve``), rebuilding it if stale.

Uses the standard library's ``http.server`` with the MIME types Pyodide needs (``.wasm`` must
be ``application/wasm`` for streaming compilation), the build's pre-compressed ``.br`` and
``.gz`` files when the browser accepts Brotli or gzip (as static hosts compress), and
``Cache-Control: no-cache`` so a rebuilt site is never mixed with stale cached files (the
browser revalidates every file: a file it has, ``Last-Modified`` unchanged, is answered 304
without its body).
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import sys
import threading
from pathlib import Path

import charsim
from charsim.resources import example_data
from explorer.site_build import build
from explorer.site_build.budget import identity
from explorer.site_build.common import PACKAGE, STATIC
from explorer.site_build.pins import NPM_LOCK

#: Inputs of the build: the site is stale when any of them is newer than its index.html.
BUILD_INPUTS = [STATIC, PACKAGE, Path(charsim.__file__).parent, example_data(), NPM_LOCK]


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with Pyodide MIME types, no caching and quiet logs."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".json": "application/json",
    }

    def end_headers(self) -> None:
        """Add ``Cache-Control: no-cache`` to every response."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        """Serve ``<file>.br`` or ``<file>.gz`` (written by the build) when the browser accepts
        Brotli or gzip, with ``Content-Encoding``. A file the site ships only gzip-compressed
        (the memory snapshots, the packages' archives: ``<file>.gz`` with no ``<file>``) is sent
        the same way, so that the browser unpacks it off the worker's thread (the worker unpacks
        it itself when a server sends it as it is)."""
        path = Path(self.translate_path(self.path))
        accepted = self.headers.get("Accept-Encoding", "")
        name = identity(path) if path.is_file() else path
        copies = [
            (encoding, name.with_name(f"{name.name}.{suffix}"))
            for encoding, suffix in (("br", "br"), ("gzip", "gz"))
            if encoding in accepted
        ]
        encoding, compressed = next(((e, c) for e, c in copies if c.is_file()), (None, None))
        if not path.is_file() or compressed is None:
            return super().send_head()
        modified = email.utils.formatdate(compressed.stat().st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(http.server.HTTPStatus.NOT_MODIFIED)  # a second worker's copy
            self.end_headers()
            return None
        body = compressed.open("rb")
        self.send_response(200)
        self.send_header("Last-Modified", modified)
        self.send_header("Content-Type", self.guess_type(str(name)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(compressed.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return body

    def copyfile(self, source, outputfile) -> None:
        """Send the body with the kernel's ``sendfile`` (``socket.sendfile``), which copies the
        whole file without holding Python's global interpreter lock: the standard library's
        copy loop waits for the lock at each 64 KiB, so that a busy Python thread in the same
        process (a test's) slowed a local download to the rate of a slow network, and the page
        judged the network too slow for the app's snapshot (static/snapshot.js)."""
        self.connection.sendfile(source)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        """Say why a link is refused when its request line is longer than ``http.server``
        reads (65,536 bytes: status 414), instead of the bare "Request-URI Too Long"."""
        if code == http.server.HTTPStatus.REQUEST_URI_TOO_LONG:
            message = "This link is too long for this server"
            explain = (  # the page's template ends it with a full stop
                "This link is longer than this server reads (65,536 characters). The explorer "
                "writes links of at most 8,000 characters into the address bar; shorten the "
                "candidate or the references of this link (its c and r fields), or paste the "
                "texts into the explorer instead"
            )
        super().send_error(code, message, explain)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        """Log only errors (4xx/5xx), not every request."""
        if len(args) >= 2 and str(args[1])[:1] in "45":
            super().log_message(format, *args)


def is_stale(out: Path) -> bool:
    """True if ``out`` has no built site or an input changed after it was built."""
    index = out / "index.html"
    if not index.is_file():
        return True
    built = index.stat().st_mtime
    for path in BUILD_INPUTS:
        files = [path] if path.is_file() else path.rglob("*") if path.is_dir() else []
        if any(
            f.is_file() and "__pycache__" not in f.parts and f.stat().st_mtime > built
            for f in files
        ):
            return True
    return False


class SiteServer(http.server.ThreadingHTTPServer):
    """The standard library's threading HTTP server, quiet when a browser leaves mid-response
    (a new navigation or a closed tab cuts a download: not a server error); any other error of
    a request is printed as the standard library prints it."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0) -> SiteServer:
    """An HTTP server for ``directory`` on 127.0.0.1 (``port=0``: any free port)."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    return SiteServer(("127.0.0.1", port), handler)


def serve_in_thread(directory: Path, port: int = 0) -> tuple[SiteServer, str]:
    """Start a server in a daemon thread; return it and its base URL (call ``shutdown()``)."""
    server = make_server(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True, name="explorer-site").start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _port(text: str) -> int:
    """``--port``: a TCP port number, 0 (any free port) to 65535."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give 0 to 65535")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point of ``python -m explorer serve``: the port is taken first, then the
    site built if it is missing or stale, then served until Ctrl-C.

    Returns:
        0 when stopped by Ctrl-C; 1 when the port cannot be taken or the build fails (one line
        on stderr); a bad option is a usage error (status 2).
    """
    parser = argparse.ArgumentParser(
        prog="python -m explorer serve",
        description="Serve the built explorer site on 127.0.0.1 and print its address; the "
        "site is built first if it is missing or older than the code.",
    )
    parser.add_argument("--port", type=_port, default=8000, help="port on 127.0.0.1 (8000)")
    parser.add_argument("--out", type=Path, default=build.DEFAULT_OUT, help="site folder")
    args = parser.parse_args(argv)
    if args.out.exists() and not args.out.is_dir():
        parser.error(f"--out {args.out} is a file, not a site folder")
    try:
        server = make_server(args.out, args.port)
    except OSError as error:  # the port is taken (or not allowed)
        print(
            f"{parser.prog}: error: cannot serve on 127.0.0.1:{args.port}: {error.strerror}; "
            "choose another port with --port N (in a clone of the repository: make explorer "
            "PORT=N)",
            file=sys.stderr,
        )
        return 1
    try:
        if is_stale(args.out):
            print(f"no site at {args.out}, or older than its sources: building it first")
            if build.main(["--out", str(args.out)]) != 0:
                return 1
        print(f"serving {args.out} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

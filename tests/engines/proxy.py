"""A proxy on 127.0.0.1 that refuses every request and records it: Firefox and WebKitGTK send
every request for another host than 127.0.0.1 here (:mod:`tests.engines.drivers`), so that
nothing leaves the machine and each attempt is seen."""

from __future__ import annotations

import http.server
import threading


class _Refuse(http.server.BaseHTTPRequestHandler):
    """Answer any method with 403 and record the request line."""

    def _refuse(self) -> None:
        self.server.requests.append(self.requestline)
        self.send_error(403, "charsim's tests allow no request off 127.0.0.1")

    do_GET = do_POST = do_HEAD = do_PUT = do_CONNECT = do_OPTIONS = _refuse

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        """Log nothing: the tests read ``requests``."""


class RefusingProxy:
    """The proxy, serving from a daemon thread until :meth:`close`.

    Attributes:
        port: its port on 127.0.0.1.
        requests: the request lines refused so far (``CONNECT host:443 HTTP/1.1`` for HTTPS).
    """

    def __init__(self) -> None:
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Refuse)
        self._server.requests = self.requests = []
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self) -> None:
        """Stop serving."""
        self._server.shutdown()
        self._server.server_close()

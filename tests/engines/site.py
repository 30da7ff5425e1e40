"""The built site served with a script of the caller's first in its page's ``<head>``: what
Playwright's and BiDi's init scripts do, for every engine alike (classic WebDriver, WebKitGTK's,
has none). The engine tests give :data:`PROBE`, which keeps every console error, uncaught error,
unhandled rejection and Python traceback in ``window.__charsimProblems`` (classic WebDriver
reads no console); the load benchmark gives its watcher."""

from __future__ import annotations

import functools
import io
import threading
from pathlib import Path

from explorer.site_build import serve

PROBE = """<script>(() => {
  const problems = window.__charsimProblems = [];
  const text = (args) => args.map(String).join(" ");
  for (const level of ["error", "warn"]) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      const said = text(args);
      if (level === "error" || said.includes("Traceback (most recent call last)")) {
        problems.push(`console ${level}: ${said}`);
      }
      original(...args);
    };
  }
  addEventListener("error", (event) => problems.push(`page error: ${event.message}`));
  addEventListener("unhandledrejection", (event) => problems.push(`unhandled: ${event.reason}`));
})();</script>"""


class ScriptedSiteHandler(serve.SiteHandler):
    """The site's handler, serving ``index.html`` with ``script`` (HTML) first in its head."""

    def __init__(self, script: str, *args, **kwargs) -> None:
        self.script = script
        super().__init__(*args, **kwargs)

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.name != "index.html" or not path.is_file():
            return super().send_head()
        body = (
            path.read_text(encoding="utf-8").replace("<head>", f"<head>{self.script}", 1).encode()
        )
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve_with_script(directory: Path, script: str = PROBE) -> tuple[serve.SiteServer, str]:
    """Serve ``directory`` with ``script`` in its page (:class:`ScriptedSiteHandler`) on
    127.0.0.1 from a daemon thread; the server (``shutdown()`` it) and its base URL."""
    handler = functools.partial(ScriptedSiteHandler, script, directory=str(directory))
    server = serve.SiteServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"

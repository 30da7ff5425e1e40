"""The local server's download rate (``python -m explorer serve``, and the tests' server): the
body sent with the kernel's ``sendfile`` (``SiteHandler.copyfile``) against the standard
library's copy loop, side by side, with the serving process idle and with one busy Python
thread in it (as in the test suite, whose own thread handles the browser's routed requests).

The page fetches the app's snapshot only when its first downloads came at 6 MB/s or more
(``APP_SNAPSHOT_MIN_RATE`` in static/snapshot.js): a server slower than that makes the page take
the slower path on a machine where the network is not slow at all. Each round fetches the
built site's app's snapshot (gzip-served) once with each copy, in an order that alternates;
prints the median MB/s of each and their ratio.
"""

from __future__ import annotations

import http.server
import statistics
import threading
import time
import urllib.request
from pathlib import Path

from _common import environment, positive, script_parser


def _rate(url: str) -> float:
    """MB/s of the body of ``url`` (gzip accepted), from the answer's start to its end."""
    with urllib.request.urlopen(
        urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    ) as r:
        start, size = time.perf_counter(), 0
        while chunk := r.read(1 << 20):
            size += len(chunk)
    return size / (time.perf_counter() - start) / 1e6


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument("--site", type=Path, required=True, help="a built site's folder")
    parser.add_argument("--repeat", type=positive, default=5, help="rounds (5)")
    args = parser.parse_args()
    print(environment())
    from explorer.site_build import serve

    (snapshot,) = (args.site / "pyodide").glob("app-snapshot-*.gz")
    servers = {}
    for name, copy in (("sendfile", serve.SiteHandler.copyfile), ("copy loop", None)):
        handler = type(name, (serve.SiteHandler,), {})
        handler.copyfile = copy or http.server.SimpleHTTPRequestHandler.copyfile
        server = serve.SiteServer(
            ("127.0.0.1", 0), lambda *a, h=handler: h(*a, directory=str(args.site))
        )
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers[name] = f"http://127.0.0.1:{server.server_address[1]}/pyodide/{snapshot.name}"
    busy = threading.Event()

    def work() -> None:
        while busy.is_set():
            sum(range(1000))

    for state in ("idle", "one busy thread"):
        if state != "idle":
            busy.set()
            threading.Thread(target=work, daemon=True).start()
        rates: dict[str, list[float]] = {name: [] for name in servers}
        for round_ in range(args.repeat):
            names = list(servers)[round_ % 2 :] + list(servers)[: round_ % 2]
            for name in names:
                rates[name].append(_rate(servers[name]))
        medians = {name: statistics.median(r) for name, r in rates.items()}
        said = ", ".join(f"{name} {m:,.0f} MB/s" for name, m in medians.items())
        ratio = medians["sendfile"] / medians["copy loop"]
        print(f"{state}: {said}; sendfile / copy loop {ratio:.1f}×")
    busy.clear()


if __name__ == "__main__":
    main()

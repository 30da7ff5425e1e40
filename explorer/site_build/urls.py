"""The site stays offline: URLs to other hosts that vendored JS would load are pointed at a
local path that does not exist (:data:`URL_REWRITES`), and the audit lists every other
``http(s)://`` host in the site's text files that :data:`URL_ALLOW` does not tolerate."""

from __future__ import annotations

import re
from fnmatch import fnmatch
from pathlib import Path

from explorer.site_build.common import BuildError

__all__ = ["TEXT_SUFFIXES", "URL_ALLOW", "URL_REWRITES", "foreign_urls", "rewrite_loaded_urls"]

#: Suffixes of files scanned for foreign URLs.
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".py", ".txt", ".svg", ".map", ".md"}
#: ``(path, host, reason)``: URLs to foreign hosts that vendored JS *would load* for features the
#: explorer does not use. The build points them at a local path that does not exist
#: (``unavailable-offline/<host>/...``), so such a feature fails locally instead of reaching out.
URL_REWRITES = [
    ("bokeh/bokeh.min.js", "cdn.jsdelivr.net", "MathJax and Tabler icon fonts, loaded on demand"),
    ("bokeh/bokeh.min.js", "maps.googleapis.com", "Google Maps API script (GMapPlot)"),
    ("bokeh/bokeh-tables.min.js", "octopart.com", "SlickGrid RemoteModel example endpoint"),
    ("panel/*/dist/panel.min.js", "panel.pyviz.org", "Tabulator remote-pagination ajaxURL"),
]
#: ``(path glob, host, reason)``: the only foreign URLs tolerated in the site's text files.
#: None is ever requested: they are licence/credit comments, error-message text, links a user
#: may click, or identifiers. (The UI tests also abort and fail on any non-local request.)
URL_ALLOW = [
    (
        "pyodide/pyodide.mjs",
        "cdn.jsdelivr.net",
        "default package CDN that Pyodide consults only under Node.js",
    ),
    ("*", "www.w3.org", "XML namespace identifiers (SVG, XHTML, MathML)"),
    ("*/LICENSE*", "*", "licence text of a bundled library"),
    ("bokeh/bokeh.min.js", "bokeh.org", "href of the toolbar logo link"),
    ("bokeh/bokeh.min.js", "docs.bokeh.org", "HelpTool link target"),
    ("bokeh/bokeh.min.js", "developers.google.com", "text of a GMapPlot error message"),
    ("bokeh/bokeh-gl.min.js", "get.webgl.org", "text of a WebGL error message"),
    ("bokeh/bokeh-gl.min.js", "www.npmjs.com", "text of a WebGL error message"),
    ("bokeh/bokeh-widgets.min.js", "redux.js.org", "text of a Redux error message"),
    ("panel/*/dist/panel.min.js", "foo.com", "dummy base of a URL parser, never fetched"),
] + [
    (path, host, "licence/credit comment of a bundled library")
    for path, hosts in {
        "bokeh/bokeh.min.js": ["github.com", "jquery.org", "tabler.io", "www.foretagsplatsen.se"],
        "bokeh/bokeh-widgets.min.js": ["github.com", "fusejs.io", "kiro.me", "www.apache.org"],
        "bokeh/bokeh-tables.min.js": [
            "github.com",
            "jquery.com",
            "jquery.org",
            "threedubmedia.com",
        ],
        "panel/*/dist/panel.min.js": ["github.com"],
        "panel/*/dist/bundled/reactiveesm/*/es-module-shims.min.js": ["www.jsdelivr.com"],
        "panel/*/dist/bundled/font-awesome/*": ["fontawesome.com"],
    }.items()
    for host in hosts
]


def rewrite_loaded_urls(out: Path) -> None:
    """Apply URL_REWRITES to the copied vendor files (each rewrite must still match)."""
    for glob, host, _reason in URL_REWRITES:
        paths = sorted(out.glob(glob))
        old = re.compile(rb"https?://" + re.escape(host.encode()))
        new = b"unavailable-offline/" + host.encode()
        if not paths or not any(old.search(p.read_bytes()) for p in paths):
            raise BuildError(f"URL_REWRITES entry {glob} {host} no longer matches: update it")
        for path in paths:
            path.write_bytes(old.sub(new, path.read_bytes()))


def foreign_urls(out: Path, extra_allow: list[tuple[str, str, str]]) -> list[str]:
    """Every ``http(s)://`` reference to a non-local host in the site's text files that
    neither URL_ALLOW nor ``extra_allow`` tolerates."""
    pattern = re.compile(rb"https?://([A-Za-z0-9.-]+)")
    problems = []
    for path in sorted(out.rglob("*")):
        if path.suffix not in TEXT_SUFFIXES or not path.is_file():
            continue
        relative = path.relative_to(out).as_posix()
        for host in sorted({m.decode() for m in pattern.findall(path.read_bytes())}):
            if host in ("127.0.0.1", "localhost"):
                continue
            if not any(
                fnmatch(relative, glob) and fnmatch(host, allowed)
                for glob, allowed, _ in URL_ALLOW + extra_allow
            ):
                problems.append(f"{relative}: {host}")
    return problems

"""The JS and CSS files the page loads and the app's models need: the app must need none that
the page does not load (Panel would fetch it from its CDN), checked after each part is built
(:class:`explorer.runtime.worker.Session`)."""

from __future__ import annotations

import os

__all__ = ["missing_resources", "page_resources_of"]


def page_resources_of(values) -> set[str]:
    """The page's JS and CSS files as a set of URLs, from a JS array or a Python iterable of
    strings (relative to the page, as ``PANEL_CDN_ROOT`` is)."""
    return set(values.to_py() if hasattr(values, "to_py") else values)


def missing_resources(loaded: set[str]) -> list[str]:
    """The JS and CSS files of Panel's models defined so far that are not in ``loaded``
    (URLs relative to the page, as ``PANEL_CDN_ROOT`` is; Bokeh's own files, which the page
    loads from this site under another name, aside). A URL's query is not compared: Panel
    adds its version (``?v=1.9.4``) to the relative URL of a CSS file."""
    from panel.io.resources import Resources, set_resource_mode

    with set_resource_mode("cdn"):
        resources = Resources(mode="cdn")
        wanted = resources.js_files + resources.js_modules + resources.css_files
    root = os.environ["PANEL_CDN_ROOT"]
    return [
        url
        for url in wanted
        if not url.startswith("https://cdn.bokeh.org/bokeh/release/")
        and (not url.startswith(root) or url.split("?", 1)[0] not in loaded)
    ]

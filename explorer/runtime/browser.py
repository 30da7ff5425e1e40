"""Entry point run inside Pyodide by the site's loader (static/loader.js).

``run(target, module)`` renders ``<module>.create_app()`` into a DOM node the way
``panel.io.pyodide.write`` does (the machinery behind ``panel convert --to pyodide``), and
``finish(document)`` then builds the parts staged for later (``explorer.runtime.staged``), once the
loader has installed the packages they need. Additions for an offline site:

* the ``pyodide.ffi.jsnull`` shim that Panel >= 1.8 needs on Pyodide < 0.28;
* an ``html.escape`` fallback for Panel's HTML sanitizer, whose ``nh3`` (Rust) has no Pyodide
  build available offline;
* :func:`link_documents` instead of Panel's ``_link_docs``, which loses and reorders changes
  typed fast into the page;
* loading the extra JS/CSS that the rendered models declare (e.g. Tabulator's), which
  ``panel convert`` would have put into the page's <head>. They resolve under
  ``PANEL_CDN_ROOT`` (set by the loader to this site's ``panel/`` folder), so they come from
  the site; a resource from anywhere else is an error, never a request.
"""

from __future__ import annotations

import importlib


def install_jsnull_shim() -> None:
    """Define ``pyodide.ffi.jsnull`` on Pyodide < 0.28, where it does not exist.

    Panel >= 1.8 (``panel.io.pyodide.to_py``) tests ``x is pyodide.ffi.jsnull`` while
    converting every message from the browser. Pyodide 0.28 converts JS ``null`` to that
    sentinel; Pyodide 0.27 converts it to ``None`` and has no ``jsnull``, so the attribute
    lookup raises and no browser -> Python update (typing into a widget) arrives. A fresh
    object that no JS value converts to is a faithful stand-in: the test is never true, and
    nulls stay ``None`` as Pyodide 0.27 made them.
    """
    import pyodide.ffi

    if not hasattr(pyodide.ffi, "jsnull"):

        class JsNull:
            """Stand-in for ``pyodide.ffi.jsnull`` (absent before Pyodide 0.28)."""

            def __repr__(self) -> str:
                return "jsnull"

        pyodide.ffi.jsnull = JsNull()


def install_sanitizer_fallback() -> None:
    """Let Panel's HTML sanitizer escape instead of importing ``nh3`` when nh3 is missing.

    Panel cleans every string parameter of ReactiveHTML components (``pn.FlexBox`` is one)
    with ``nh3.clean``, imported on first use. nh3 is compiled Rust with no Pyodide 0.27 build
    reachable offline. Escaping ``&``, ``<`` and ``>`` is at least as safe (markup is shown as
    text instead of being stripped) and leaves the plain values these parameters hold (CSS
    keywords) unchanged.
    """
    import functools
    import html
    import importlib.util

    from panel.util import HTML_SANITIZER

    if importlib.util.find_spec("nh3") is None:
        HTML_SANITIZER._sanitize = functools.partial(html.escape, quote=False)


STAGED_MODELS = ("panel.models.tabulator",)
"""Panel model modules that only the staged parts use (Panel imports them lazily): imported
before those parts are built, so that their JS/CSS can be in the page first."""


def missing_model_resources() -> list[tuple[str, str]]:
    """The Panel JS/CSS of the models defined so far that the page lacks: ``(kind, url)`` with
    kind ``script``, ``module`` or ``link``."""
    import os

    import js
    from panel.io.resources import Resources, set_resource_mode

    root = os.environ["PANEL_CDN_ROOT"]
    with set_resource_mode("cdn"):
        resources = Resources(mode="cdn")
        wanted = [("script", url) for url in resources.js_files]
        wanted += [("module", url) for url in resources.js_modules]
        wanted += [("link", url) for url in resources.css_files]
    present = {el.src for el in js.document.scripts}
    present |= {el.href for el in js.document.querySelectorAll("link[rel=stylesheet]")}
    missing = []
    for kind, url in wanted:
        url = str(js.URL.new(url).href)  # as the page spells it (e.g. "^" as "%5E")
        if url in present or url.startswith("https://cdn.bokeh.org/bokeh/release/"):
            continue  # already in the page (Bokeh core is loaded by the shell from the site)
        if not url.startswith(root):
            raise RuntimeError(f"Panel resource outside this site: {url}")
        missing.append((kind, url))
    return missing


async def load_model_resources() -> None:
    """Add to the page the Panel JS/CSS of the models defined so far, once each."""
    import js
    from pyodide.ffi import create_once_callable

    for kind, url in missing_model_resources():
        element = js.document.createElement("link" if kind == "link" else "script")
        if kind == "link":
            element.rel, element.href = "stylesheet", url
        else:
            element.src = url
            if kind == "module":
                element.type = "module"
        loaded = js.Promise.new(
            create_once_callable(
                lambda resolve, reject, url=url, element=element: (
                    setattr(element, "onload", create_once_callable(lambda *_: resolve())),
                    setattr(
                        element,
                        "onerror",
                        create_once_callable(
                            lambda *_: reject(js.Error.new(f"could not load {url}"))
                        ),
                    ),
                )
            )
        )
        js.document.head.appendChild(element)
        await loaded


def link_documents(pydoc, jsdoc) -> None:
    """Keep the page's Bokeh document (``jsdoc``) and Python's (``pydoc``) in step, both ways.

    Every change made in the page (a keystroke in a text area, a slider step, a click) is
    applied to Python at once, in the order it was made; every change made in Python is sent
    to the page (Panel's ``_link_docs_worker``, the protocol of its ``pyodide-worker`` target)
    and is not echoed back.

    This replaces ``panel.io.pyodide._link_docs`` (Panel 1.9.4), which loses and reorders the
    page's changes when they come faster than one per 500 ms: it applies the first at once and
    defers the others by calling ``jssync_proxy(event, ..., append=False)``. That is a call of
    a JS proxy, and Pyodide passes keyword arguments of such a call as one trailing JS object,
    so ``append`` arrives as that object, which is true: each deferred change is appended to
    the buffer once more and the throttle is never reset. The buffer is then applied with
    those duplicates after the newest change. Measured on the built site: 49 characters typed
    at once left Python with the text as it was after 3, 25 or 42 of them (4 of 4 loads), and
    the score on screen described that older text until the next keystroke.
    """
    import pyodide.ffi
    from panel.io.pyodide import _convert_json_patch, _link_docs_worker

    applying = False  # a change from Python is being applied to the page: not to send back

    def to_page(json_patch, buffers, _msg_id=None) -> None:
        nonlocal applying
        applying = True
        try:
            jsdoc.apply_json_patch(json_patch, buffers)
        finally:
            applying = False

    def from_page(event) -> None:
        if applying:
            return
        patch = jsdoc.create_json_patch(pyodide.ffi.to_js([event]))
        pydoc.apply_json_patch(_convert_json_patch(patch), setter="js")

    _PROXIES.append(pyodide.ffi.create_proxy(from_page))
    jsdoc.on_change(_PROXIES[-1], pyodide.ffi.to_js(False))
    _link_docs_worker(pydoc, to_page, setter="js")


_PROXIES: list = []
"""JS proxies of the callbacks the page calls, kept alive for the page's lifetime."""


async def run(target: str, module: str):
    """Render ``<module>.create_app()`` into the element with id ``target``; return the
    (Bokeh) document of the page, for ``finish``."""
    install_jsnull_shim()
    import js
    from panel.io.pyodide import _model_json, init_doc

    install_sanitizer_fallback()
    init_doc()
    app = importlib.import_module(module).create_app()
    # As panel.io.pyodide.write (panel 1.9.4), with the models' resources loaded in between.
    pydoc, model_json = _model_json(app, target)
    await load_model_resources()
    views = await js.window.Bokeh.embed.embed_item(js.JSON.parse(model_json))
    link_documents(pydoc, list(views.roots)[0].model.document)  # also releases pydoc
    return pydoc


async def finish(pydoc) -> None:
    """Build the parts of the page staged for later and send them to the page.

    Their models' JS/CSS (e.g. Tabulator's) is loaded first, while the page stays live; the
    parts are then built and sent in one step with nothing awaited in between, so that what the
    user types meanwhile reaches them through the usual updates (typing into a held document
    while awaiting made BokehJS reject the combined patch: "reference … isn't known").
    """
    from explorer.runtime.staged import build_later

    for module in STAGED_MODELS:
        importlib.import_module(module)
    await load_model_resources()
    pydoc.hold()
    build_later()
    if missing := missing_model_resources():
        raise RuntimeError(f"staged parts need {missing}: add their models to STAGED_MODELS")
    pydoc.unhold()

"""The Python side of the site's Web Worker (``static/worker.js``): Python runs off the page's
main thread, so the text boxes never wait for it.

One :class:`Session` per page, in three phases:

1. **Live** (:meth:`Session.start`, :meth:`Session.score`). With only ``charsim`` and ``param``
   installed, the page's own text boxes are scored on an
   :class:`~explorer.app.states.single.ExplorerState`, and the page shows the app's score card
   (:func:`explorer.app.markup.cards.card_html`, and the numbers of
   :func:`~explorer.app.markup.cards.numbers_html` below it).
2. **App** (:meth:`~Session.import_next`, :meth:`~Session.build`, :meth:`~Session.link`,
   :meth:`~Session.receive`). Panel, Bokeh and numpy are imported one module at a time (the
   page's requests are answered in between), and the app is built on the *same* state, so
   nothing the user typed is sent again. BokehJS renders it on the page; from then on page and
   worker exchange Bokeh patches, as in Panel's ``pyodide-worker`` protocol. The app's memory
   snapshot holds a session whose app and single-item page are built already
   (:func:`prebuild`), which a page at the site's plain address takes (:func:`open_session`).
3. **Staged** (:meth:`~Session.step`, :meth:`~Session.installed`): the parts staged with
   :func:`explorer.app.staging.later`, one per call, the single-item page first, then the
   other pages (the one the user opens first); each part once the package groups it needs
   are installed (:class:`explorer.runtime.staged.BrowserStaging`).
"""

from __future__ import annotations

import importlib
import os
import random
from urllib.parse import parse_qs

from explorer.app import staging
from explorer.app.i18n import LANGUAGES, UIText
from explorer.app.markup.cards import (
    card_html,
    derived_note,
    numbers_html,
    references_summary_html,
)
from explorer.app.panel_private import (
    document_json,
    document_patch,
    document_ready,
    model_json,
    page_patch,
    share_stylesheets,
)
from explorer.app.sources.item_link import decode_item_link
from explorer.app.sources.link import MAX_ADDRESS_QUERY
from explorer.app.staging import PAGES
from explorer.app.states.single import ExplorerState, address_query
from explorer.app.views.colour_scheme import chart_theme, use_colour_scheme

from .resources import missing_resources, page_resources_of
from .sacrebleu_standins import install_sacrebleu_standins
from .staged import BrowserStaging
from .standard_library import await_archive

__all__ = [
    "APP_CHECK",
    "APP_IMPORTS",
    "INPUTS",
    "SELF_CHECK",
    "SNAPSHOT_GROUPS",
    "Session",
    "app_check",
    "comparison_check",
    "import_app_module",
    "open_session",
    "prebuild",
    "restored",
    "self_check",
]

INPUTS = ("candidate", "references_text", "reference_format", "max_order", "weights")
"""The state's parameters that the page's live text boxes and settings hold."""

APP_IMPORTS = (
    "numpy",
    "bokeh.core.properties",
    "bokeh.models",
    "bokeh.plotting",
    "panel.io.pyodide",
    "panel",
    "explorer.app.page",
)
"""Modules imported for the app, one per :meth:`Session.import_next` (each takes up to about a
second in the browser; the page's live requests are answered between two of them). The app's
memory snapshot holds them all (:func:`import_app_module`)."""

_LABELS = {
    "candidate": "inputs.candidate",
    "candidate_placeholder": "inputs.candidate_placeholder",
    "references": "inputs.references",
    "references_placeholder": "inputs.references_placeholder",
    "format_lines": "inputs.format_lines",
    "format_json": "inputs.format_json",
    "add_empty": "inputs.add_empty",
    "cap": "inputs.cap",
    "weights_harmonic": "inputs.weights_harmonic",
    "weights_uniform": "inputs.weights_uniform",
    "tab_single": "tab.single",
    "tab_batch": "tab.batch",
    "tab_about": "tab.about",
    "tab_agreement": "tab.agreement",
}
"""What the live view shows, by the catalog keys of the app's own labels."""


SELF_CHECK = {"candidate": "the cat sat on the mat", "references_text": "a cat sat\nthe cat"}
"""The live view's inputs that a restored memory snapshot scores before it is trusted."""


def self_check() -> str:
    """The exact score (``"a/b"``) of :data:`SELF_CHECK` on a new :class:`ExplorerState`, as
    the live view computes it: the answer a restored snapshot must give (the site build computes
    it with CPython and writes it into the page's configuration)."""
    return str(ExplorerState(**SELF_CHECK).summary.score)


SNAPSHOT_GROUPS = ("comparison",)
"""The package groups (:data:`explorer.app.staging.NEEDS`) whose modules the app's memory
snapshot holds besides the live view's and the app's: the single-item page's comparison with
chrF, BLEU and TER (sacreBLEU and its pure-Python dependencies) then waits for no install. The
tables' group (pandas) is not held: Pyodide 0.27.7's snapshots keep no compiled library, and
only numpy's are loaded again before a restore (``static/snapshot.js``)."""


def comparison_check() -> str:
    """The comparison of :data:`SELF_CHECK` that the single-item page's metrics tab shows
    (:func:`charsim.compare.compare`, and chrF's and charsim's fragility), as text: made before
    a snapshot is taken, it imports every module of sacreBLEU that tab needs (some only on a first
    score); a restored snapshot must answer it as CPython does, before the standard library has
    arrived (then no module it needs is missing from memory)."""
    from charsim.compare import compare
    from charsim.compare.fragility import fragility

    install_sacrebleu_standins()
    inputs = (SELF_CHECK["candidate"], SELF_CHECK["references_text"].splitlines())
    return f"{compare(*inputs)!r}; {fragility(*inputs, metrics=('charsim', 'chrf'))!r}"


APP_CHECK = "285.0; 5.0"
"""What numpy answers in :func:`app_check` after the self-check's score."""


def app_check() -> str:
    """The self-check's score (:func:`self_check`) and two answers of numpy's compiled code (a
    dot product and a norm, :data:`APP_CHECK`), as text: what a restored memory snapshot of the
    app's Python must answer before it is trusted (its numpy runs on libraries loaded again at
    the addresses they had when the snapshot was made, ``static/snapshot.js``)."""
    import numpy

    values = numpy.arange(10.0)
    return f"{self_check()}; {float(values @ values)}; {float(numpy.linalg.norm([3.0, 4.0]))}"


def import_app_module(name: str) -> None:
    """Import ``name``, one of :data:`APP_IMPORTS`, with the stand-in for what Panel expects of
    Pyodide installed before Panel's Pyodide module is imported
    (:func:`explorer.runtime.shims.install_jsnull_shim`), and Bokeh's stable defaults
    remembered once its properties are (:mod:`explorer.runtime.bokeh_defaults`)."""
    if name == "panel.io.pyodide":
        from .shims import install_jsnull_shim

        install_jsnull_shim()
    importlib.import_module(name)
    if name == "bokeh.core.properties":
        from .bokeh_defaults import remember_stable_defaults

        remember_stable_defaults()


def restored(
    environment, standard_library: str | None = None, standard_library_bytes: int | None = None
) -> None:
    """Make the Python of a restored memory snapshot this page's own: the snapshot keeps the
    environment and the state of ``random`` of the build that made it, so every restore would
    draw the same numbers.

    Args:
        environment: the variables to set (a JS object or a mapping of str), e.g.
            ``PANEL_CDN_ROOT``, which Panel reads when it is imported (the page gives the value
            the app's snapshot was made with: Panel's URLs are relative to the page).
        standard_library: the URL of the standard library's archive if the restore went without
            it (:mod:`explorer.runtime.standard_library`): the first import of a module not in
            memory fetches it, unless the worker's own fetch has brought it first.
        standard_library_bytes: the archive's size, which a fetched archive must have (None:
            not checked).
    """
    os.environ.update(environment.to_py() if hasattr(environment, "to_py") else environment)
    random.seed()
    if standard_library:
        await_archive(standard_library, standard_library_bytes)


def _same_attribute(one, other) -> bool:
    """Whether the Bokeh document events ``one`` and ``other`` change the same attribute of the
    same model."""
    attribute = getattr(one, "attr", None)
    return attribute is not None and (one.model, attribute) == (other.model, other.attr)


def _to_js(value):
    """``value`` (dicts, lists, strings, numbers) as a plain JS value for ``postMessage``."""
    import js
    from pyodide.ffi import to_js

    return to_js(value, dict_converter=js.Object.fromEntries)


class Session:
    """The page's Python: its state from the first live score to the whole app.

    Args:
        post: the worker's ``postMessage`` to the page (a JS function of one plain object).
        page_resources: the URLs of the JS and CSS files the page loads, relative to the page
            (as ``PANEL_CDN_ROOT`` is): the app must need no other (Panel would fetch it from
            its CDN).
    """

    def __init__(self, post, page_resources) -> None:
        self._post, self._page_resources = post, page_resources_of(page_resources)
        self.text = UIText()
        self.staging = BrowserStaging(self.text, built=self._check_resources)
        staging.use(self.staging)
        self.state = ExplorerState(deferred=self.staging.after_pause)
        self._query = ""  # what the app still has to open (an item link)
        self.batch = None  # the batch page's state, once the app is built
        self._imports = list(APP_IMPORTS)
        self._single = False  # the single-item page is complete
        self._doc = None
        # parts built ahead (prebuild), not shown yet: each with its page
        self._ahead: list[tuple[str, object, list]] = []
        self._flush = lambda: None
        self._scheme = "light"  # the page's colour scheme, which the app's charts follow

    # -- live -----------------------------------------------------------------------------

    def start(self, query: str):
        """Open the page's query string; return what the live view shows (``live`` False for
        an item of a batch example or judged texts, which only the app can show: the files of
        meta-evaluation's modules come with the app). Its ``query`` is the address
        of the state shown if the link had a bad field (the page writes it, so that a reload or
        a copy does not repeat the error), None if the link is left as it is."""
        item_link, problems = decode_item_link(query)
        judged = "j" in parse_qs(query.removeprefix("?"))  # read with meta-evaluation's files
        if item_link is not None or problems or judged:
            self._query = query
            return _to_js({"live": False})
        if query:
            self.text.language = self.state.load_link(query).language
        labels = {name: self.text(key) for name, key in _LABELS.items()}
        labels["languages"] = list(LANGUAGES.values())
        view = self._live_view()
        too_long = len(self.state.to_link(self.text.language)) > MAX_ADDRESS_QUERY
        if not self.state.link_problems and not too_long:
            view["query"] = None  # a good link is left as it is
        return _to_js({"live": True, "language": self.text.language, "labels": labels, **view})

    def score(self, message):
        """Score the live view's inputs (a plain object holding :data:`INPUTS`, and
        ``format`` when the user switched the reference format); return what it shows, or
        None once the app is built: the page then hands what it holds to the app itself, and
        a change made here would reach the page after the user's newer typing."""
        if self._doc is not None:
            return None
        inputs = message.to_py()
        self.state.param.update({n: inputs[n] for n in INPUTS if n != "reference_format"})
        self.state.change_format(inputs.get("format") or inputs["reference_format"])
        return _to_js(self._live_view())

    def _live_view(self) -> dict:
        state, text = self.state, self.text
        summary = state.summary
        return {
            "inputs": {name: getattr(state, name) for name in INPUTS},
            "card": card_html(state, text) + numbers_html(state, text),
            "references_summary": references_summary_html(state, text),
            "derived": derived_note(state, text),
            "score": None if summary is None else f"{float(summary.score):.4f}",
            "query": None if state.references_unreadable else address_query(state, text.language),
        }

    # -- app ------------------------------------------------------------------------------

    def import_next(self) -> bool:
        """Import the next module the app needs; return whether one was left to import."""
        if not self._imports:
            return False
        import_app_module(self._imports.pop(0))
        return True

    def build(self):
        """Build the app on the live state (unless :func:`prebuild` has); return its Bokeh JSON
        (``model``) for the page's ``#app``, with the inputs it shows (the page compares them
        with its boxes)."""
        inputs = {n: getattr(self.state, n) for n in INPUTS}
        if self._doc is not None:  # prebuilt: the document as it is now
            use_colour_scheme(self._doc, self._scheme)
            return _to_js({"model": document_json(self._doc, "app"), "inputs": inputs})
        from panel.io.pyodide import init_doc

        from explorer.app.page import create_app
        from explorer.app.states.batch import BatchState

        from .shims import install_sanitizer_fallback

        install_sanitizer_fallback()
        init_doc()
        self.batch = BatchState()
        app = create_app(
            self.state,
            self.batch,
            self.text,
            query=self._query,
            replace_query=self._replace_query,
            new_entry=self._new_entry,
        )
        self._doc, model = model_json(app, "app", chart_theme(self._scheme))
        self._check_resources()
        return _to_js({"model": model, "inputs": inputs})

    def use_scheme(self, scheme: str) -> None:
        """Draw the app's charts in the page's colour scheme ``scheme`` (``"light"`` or
        ``"dark"``, :func:`~explorer.app.views.colour_scheme.use_colour_scheme`): from the
        build on, or at once once the app is built (its changes reach the page as a patch).

        Raises:
            ValueError: ``scheme`` is neither.
        """
        self._scheme = scheme
        if self._doc is not None:
            use_colour_scheme(self._doc, scheme)

    def _replace_query(self, query: str) -> None:
        if self._post is None:  # prebuilt for the page's plain address, which stays as it is
            return
        self._post(_to_js({"type": "address", "query": query}))

    def _new_entry(self) -> None:
        if self._post is not None:
            self._post(_to_js({"type": "entry"}))

    def navigate(self, query: str) -> None:
        """Show what the page's address ``query`` holds: the browser's Back or Forward went to
        another entry of the page's history (:func:`explorer.app.navigation.restore`)."""
        from explorer.app.navigation import restore

        restore(query, self.state, self.batch, self.text)

    def link(self, send_patch) -> None:
        """Send the changes of the app's document to the page from now on, starting with those
        held since the build: all those of one step of Python as one patch,
        ``send_patch(patch, buffers)``.

        Panel's ``_link_docs_worker`` (Panel's ``pyodide-worker`` protocol, which this follows)
        serializes and sends each change on its own: a keystroke changes some twenty models, each
        serialization walks every model of the document (slow enough to feel on every keystroke in
        the browser: ``docs/benchmarks.md``), and BokehJS lays the page out again for every patch.
        Changes still held are sent before a patch of the page is applied (:meth:`receive`):
        applying it marks every model new to the page as known to it, so a model held back would
        reach the page as a bare reference ("reference … isn't known").
        """
        import asyncio

        doc, pending = self._doc, []

        def flush() -> None:
            if not pending:
                return
            patch, buffers = document_patch(doc, pending[:])
            pending.clear()
            send_patch(patch, buffers)

        def collect(event) -> None:
            if getattr(event, "setter", None) == "js":  # the page's own change (receive()):
                # a change of the same attribute not sent yet is older than what the page shows
                pending[:] = [e for e in pending if not _same_attribute(e, event)]
                return
            if not pending:
                asyncio.get_event_loop().call_soon(flush)
            pending.append(event)

        self._flush = flush
        doc.on_change(collect)
        doc.unhold()
        document_ready(doc)
        flush()  # on their own, first: the answer to what the page handed over (its take-over)

    def receive(self, patch) -> None:
        """Apply a patch of the page's document (what the user did) to the app's."""
        self._flush()
        self._doc.apply_json_patch(page_patch(patch), setter="js")

    # -- staged ---------------------------------------------------------------------------

    def step(self) -> str:
        """Do the next piece of work once the app is on the page: show a part built ahead
        (:func:`prebuild`; of the page the user opened, first), import a module of an installed
        package group, or build a staged part (:class:`BrowserStaging`).

        Returns:
            ``"install:<group>"``: nothing can be built before the package group ``<group>``
            is installed (the worker installs it, then calls :meth:`installed`);
            ``"single"``: the single-item page has just been completed (said once);
            ``"done"``: every part of every page is built (a part that waits for a value, a
            batch table, is built by the staging itself once the value is set); ``""``
            otherwise.
        """
        if self._ahead:  # the page the user opened first
            pages = [page for page, _model, _children in self._ahead]
            opened = self.staging.page_opened
            _page, model, children = self._ahead.pop(pages.index(opened) if opened in pages else 0)
            for child in children:  # out of the document, its styles may have been updated
                share_stylesheets(self._doc, child)
            model.children = children
        elif not self.staging.pending():
            return "done"
        elif group := self.staging.build_next():
            return f"install:{group}"
        ahead = any(page == "single" for page, _model, _children in self._ahead)
        if not self._single and not ahead and not self.staging.pending("single"):
            self._single = True
            self._flush()  # the page is complete once it has the changes made so far
            return "single"
        return ""

    def installed(self, group: str) -> None:
        """The packages of ``group`` are installed (the worker says so)."""
        self.staging.installed(group)

    def finish(self, install) -> None:
        """The worker's loop is over (:meth:`step` said ``"done"``): from now on the staging
        builds what joins later itself, and asks ``install(group)`` (a JS function) for the
        package groups it needs (:meth:`BrowserStaging.finish`)."""
        self.staging.finish(install)

    def _check_resources(self) -> None:
        if missing := missing_resources(self._page_resources):
            raise RuntimeError(f"the app needs JS/CSS that the page does not load: {missing}")


_prebuilt: Session | None = None
"""The app's session that :func:`prebuild` left in the app's memory snapshot, until a page
takes it (:func:`open_session`)."""


def prebuild(page_resources) -> None:
    """Build the app and the parts of every page, the single-item page's first, for the page's
    plain address (no query) before the app's memory snapshot is taken, as the worker would: a
    page opened there takes them from the restored snapshot (:func:`open_session`).
    :meth:`Session.build` then only writes the app's JSON (the parts in progress, as the page is
    sent without a prebuilt session), and :meth:`Session.step` puts one part in its place per
    call, saying ``"single"`` once the single-item page's are. The batch page's tables, which
    wait for files and need pandas, are left to build.

    Args:
        page_resources: as :class:`Session` takes them.

    Raises:
        LookupError: a part of a page needs a package group that the snapshot does not hold
            (:data:`SNAPSHOT_GROUPS`).
    """
    global _prebuilt
    session = Session(None, page_resources)
    session.start("")
    while session.import_next():
        pass
    session.build()
    for group in SNAPSHOT_GROUPS:
        session.installed(group)
    session._ahead = [
        (page, *shown) for page in PAGES for shown in session.staging.build_ahead(page)
    ]
    # The page receives the document whole (build): the changes held since need not be sent.
    session._doc.unhold()
    session._doc.hold()
    _prebuilt = session


def open_session(post, page_resources, query: str) -> Session:
    """The page's :class:`Session` (``post`` and ``page_resources`` as it takes them) for the
    page's query string ``query``: the one :func:`prebuild` left when there is one and the
    query is empty (the app's snapshot restored for the page's plain address); else a new one.
    The prebuilt session is taken once."""
    global _prebuilt
    session, _prebuilt = _prebuilt, None
    if session is None or query:
        return Session(post, page_resources)
    session._post, session._page_resources = post, page_resources_of(page_resources)
    return session

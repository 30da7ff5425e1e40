"""The explorer page: composition only. ``create_app()`` builds it; state lives in ExplorerState
(the single-item page), BatchState (the batch page) and AboutState (the article's models), one
tab each; the UI language in one UIText (:mod:`explorer.app.i18n`) that every view reads, switched
at the top of the page.

In the browser (Pyodide) the page URL mirrors the single-item state and the language, so a
link reproduces the view, and a link to an item of a built-in batch example opens that item; under
``panel serve explorer/app/page.py`` the same page runs on a server for development.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import panel as pn

from explorer.app.i18n import LANGUAGES, UIText
from explorer.app.panel_private import retitle_tabs
from explorer.app.sources.item_link import decode_item_link
from explorer.app.sources.link import MAX_ADDRESS_QUERY, language_of, with_language
from explorer.app.staging import PAGES, later, opened
from explorer.app.states.batch import BatchState, OpenedItem
from explorer.app.states.batch_significance import SignificanceState
from explorer.app.states.single import LINK_FIELDS, ExplorerState, address_query
from explorer.app.views.about_page import AboutView
from explorer.app.views.batch_histogram import BatchHistogramView
from explorer.app.views.batch_inputs import BatchInputsView
from explorer.app.views.batch_significance import SignificanceView
from explorer.app.views.batch_summary import BatchSummaryView
from explorer.app.views.changes import ChangesView
from explorer.app.views.contributions import ContributionsView
from explorer.app.views.exact import ExactView
from explorer.app.views.inputs import InputsView
from explorer.app.views.matches import MatchesView
from explorer.app.views.references_table import ReferencesView
from explorer.app.views.score_card import ScoreCardView
from explorer.app.views.share import ShareView

__all__ = ["create_app", "single_item_page"]

_SINGLE_TAB, _BATCH_TAB, _ABOUT_TAB = 0, 1, 2
_TABS = ["tab.single", "tab.batch", "tab.about"]
_DETAILS = ["tab.matches", "tab.changes", "tab.references", "tab.exact", "tab.metrics"]


def _open_address(
    query: str, state: ExplorerState, batch: BatchState, text: UIText, tabs: pn.Tabs
) -> str | None:
    """Open what the page's query string asks for: an item of a built-in batch example (the
    batch tab), or a single-item state and its language. Returns the query string the address
    should show instead when the link had a problem (its messages are shown) or is longer than
    the address keeps (as the share view says), else None: a reload or a copy of the address
    then opens what the page shows, not the problem again."""
    item_link, problems = decode_item_link(query)
    if item_link is not None or problems:
        tabs.active = _BATCH_TAB
        text.language = language_of(query)
        if item_link is not None:
            pn.state.execute(partial(batch.open_link, item_link))
            return None
        batch.report(*problems)
        return with_language("", text.language)
    if query:
        text.language = state.load_link(query).language
        too_long = len(state.to_link(text.language)) > MAX_ADDRESS_QUERY  # as after a change
        if too_long or (state.link_problems and not state.references_unreadable):
            return address_query(state, text.language)
    return None


def _mirror_address(
    state: ExplorerState, batch: BatchState, text: UIText, replace: Callable[[str], None]
) -> None:
    """Keep the page's query string up to date: ``replace(query)`` with the single-item state
    and the language, or with the short link of an opened example item."""

    def write(*_events) -> None:
        if not state.references_unreadable:
            replace(address_query(state, text.language))

    def write_item_link(event) -> None:
        link = event.new.link
        if link is not None:  # after write(): the short link of the example's item
            replace(with_language(link, text.language))

    state.param.watch(write, LINK_FIELDS)
    text.param.watch(write, ["language"])
    batch.param.watch(write_item_link, ["opened"], precedence=1)


_HIDDEN_PAGES_FLAT = """
div[style*="visibility: hidden"] { max-height: 0; overflow: hidden; }
div.cs-out-of-layout[style*="visibility: hidden"] { display: none; }
"""
"""Bokeh lays the hidden pages of ``Tabs`` out in the same place as the shown one (so their
charts keep their sizes); without this, every tab would be as tall as the tallest. A page of
CSS class ``cs-out-of-layout`` (the About page) leaves the layout, as in
:data:`_HIDDEN_PAGES_OUT`."""
_HIDDEN_PAGES_OUT = """
div[style*="visibility: hidden"] { display: none; }
"""
"""The hidden pages taken out of the layout: BokehJS no longer lays them out and paints their
charts whenever any part of the document changes (a staged part, a keystroke's update), and
lays a page out when it is shown. For the details tabs and the About page only: a Panel
``FlexBox`` with a chart in it (the two columns of the single-item page) drawn on a page out of
the layout keeps its children's layouts of size 0 when shown, and the chart has no frame."""


_EVERY_PAGE_ON_PAPER = """
@media print {
  :host { display: block !important; }
  :host > div[style*="visibility: hidden"] { display: flex !important;
    visibility: visible !important; opacity: 1 !important; }
  .bk-header { display: none; }
  :host > div + div { border-top: 1px solid #d0d7de; margin-top: 1em; padding-top: 0.5em; }
}
"""
"""On paper, every page of the details tabs is printed, one below the other (their contents
are HTML, laid out by the browser, so a page never shown prints whole), without the row of
tab titles, which would mark only one of them."""


def _titled_tabs(keys: list[str], pages: list, text: UIText, hidden_pages: str) -> pn.Tabs:
    """Tabs whose titles are the catalog's ``keys``, renamed when the language changes; the
    stylesheet ``hidden_pages`` says how a hidden page is laid out."""
    tabs = pn.Tabs(
        *zip((text(key) for key in keys), pages, strict=True),
        dynamic=False,
        sizing_mode="stretch_width",
        stylesheets=[hidden_pages],
    )
    text.param.watch(lambda _event: retitle_tabs(tabs, [text(key) for key in keys]), ["language"])
    return tabs


def _metrics(state: ExplorerState, text: UIText) -> pn.viewable.Viewable:
    # Imported here: it needs sacreBLEU, installed after the first view (.staging).
    from explorer.app.views.metrics import metrics_view

    return metrics_view(state, text)


def _details(state: ExplorerState, text: UIText) -> pn.viewable.Viewable:
    pages = [
        MatchesView(state, text),
        ChangesView(state, text),
        ReferencesView(state, text),
        ExactView(state, text),
        later(partial(_metrics, state, text), page="single", needs=["comparison"]),
    ]
    return _titled_tabs(_DETAILS, pages, text, _HIDDEN_PAGES_OUT + _EVERY_PAGE_ON_PAPER)


def _heading(text: UIText, key: str) -> pn.pane.Markdown:
    """A section heading (h2, under the page's h1): the catalog's ``key``, in the current
    language; no anchor link (Panel gives h1 and h2 a focusable "¶" unless told not to)."""
    return pn.pane.Markdown(
        pn.bind(lambda _language: f"## {text(key)}", text.param.language), disable_anchors=True
    )


_ONE_BELOW_THE_OTHER_ON_PAPER = """
@media print {
  .bk-panel-models-layout-Column { flex: 1 1 100% !important; max-width: none !important; }
}
"""
"""On paper, the two columns go one below the other: the page is narrower than the window the
charts were drawn for (BokehJS does not lay them out again for paper), and a chart drawn
beside the inputs would be cut at the page's edge."""


def _two_columns(inputs: pn.viewable.Viewable, *results: pn.viewable.Viewable) -> pn.FlexBox:
    """Inputs on the left (at most 460 px), results on the right; both narrow down to 300 px,
    and the results go below the inputs when the window is narrower still, so the page never
    scrolls sideways."""
    column = {"sizing_mode": "stretch_width", "min_width": 300, "styles": {"flex": "1 1 300px"}}
    return pn.FlexBox(
        pn.Column(inputs, max_width=460, **column),
        pn.Column(*results, **column),
        stylesheets=[_ONE_BELOW_THE_OTHER_ON_PAPER],
    )


def _contributions(state: ExplorerState, text: UIText) -> pn.viewable.Viewable:
    return pn.Column(
        _heading(text, "heading.contributions"),
        ContributionsView(state, text),
        sizing_mode="stretch_width",
    )


def single_item_page(state: ExplorerState, text: UIText) -> pn.viewable.Viewable:
    """The single-item page of ``state`` in ``text``'s language, as the site's first tab: the
    inputs, the score card (scores, P, R, lengths, the precision-versus-recall decision, §3.1),
    the per-order contributions and the details tabs (shared n-grams, what would change the
    score, per reference, exact fractions, chrF, BLEU and TER), each part as
    :func:`~explorer.app.staging.later` builds it (at once by default). The notebook's
    :class:`explorer.notebook.Explorer` shows it on given texts."""
    return pn.Column(
        ShareView(state, text),
        _two_columns(
            InputsView(state, text),
            ScoreCardView(state, text),
            later(partial(_contributions, state, text), page="single"),
        ),
        later(partial(_details, state, text), page="single"),
        sizing_mode="stretch_width",
    )


def _batch_tables(batch: BatchState, text: UIText) -> pn.viewable.Viewable:
    # Imported here: they need pandas and sacreBLEU, installed after the first view (.staging).
    from explorer.app.views.batch_differences import DifferencesView
    from explorer.app.views.batch_items import ItemsView
    from explorer.app.views.batch_metrics import BatchMetricsView

    return pn.Column(
        ItemsView(batch, text),
        DifferencesView(batch, text),
        BatchMetricsView(batch, text),
        sizing_mode="stretch_width",
    )


def _buckets(batch: BatchState, text: UIText) -> pn.viewable.Viewable:
    # Imported here: it needs pandas, installed after the first view (.staging).
    from explorer.app.views.batch_buckets import BucketsView

    return BucketsView(batch, text)


def _significance(batch: BatchState, text: UIText) -> pn.viewable.Viewable:
    return pn.Column(
        _heading(text, "batch.significance.heading"),
        SignificanceView(SignificanceState(batch), text),
        sizing_mode="stretch_width",
    )


def _batch_fragility(batch: BatchState, text: UIText) -> pn.viewable.Viewable:
    # Imported here: it needs pandas and sacreBLEU, installed after the first view.
    from explorer.app.views.batch_fragility import FragilityView

    return FragilityView(batch, text)


def _batch_page(batch: BatchState, text: UIText) -> pn.viewable.Viewable:
    # The histogram goes below the two columns: drawn in a FlexBox on a page that has no height
    # (hidden, _HIDDEN_PAGES_FLAT), its axes kept a layout of size 0 once shown. The tables
    # (pandas's) wait for files: the page is complete without them until files are loaded.
    files = (batch, "batch", "batch.waiting")
    return pn.Column(
        _two_columns(BatchInputsView(batch, text), BatchSummaryView(batch, text)),
        BatchHistogramView(batch, text),
        later(partial(_significance, batch, text), page="batch"),
        _heading(text, "batch.buckets.heading"),
        later(partial(_buckets, batch, text), page="batch", needs=["tables"], waits_for=files),
        _heading(text, "heading.items"),
        later(
            partial(_batch_tables, batch, text),
            page="batch",
            needs=["tables", "comparison"],
            waits_for=files,
        ),
        _heading(text, "batch.fragility.heading"),
        later(
            partial(_batch_fragility, batch, text),
            page="batch",
            needs=["tables", "comparison"],
            waits_for=files,
        ),
        sizing_mode="stretch_width",
    )


def _language_switch(text: UIText) -> pn.widgets.RadioButtonGroup:
    """English | 日本語, bound to ``text.language``; no tooltip (Panel would show the
    parameter's English doc in every language, and the names say what they switch to)."""
    return pn.widgets.RadioButtonGroup.from_param(
        text.param.language,
        options={name: code for code, name in LANGUAGES.items()},
        name="",
        description=None,
        css_classes=["cs-language"],
    )


def create_app(
    state: ExplorerState | None = None,
    batch: BatchState | None = None,
    text: UIText | None = None,
    query: str = "",
    replace_query: Callable[[str], None] | None = None,
) -> pn.viewable.Viewable:
    """Build the explorer page for ``state``, ``batch`` and ``text`` (new defaults if None).

    Args:
        state, batch, text: the single-item state, the batch state, the UI language.
        query: a query string to open (a link: a single-item state, or an item of a built-in
            batch example), ``""`` for none.
        replace_query: if given, called with the new query string whenever the state or the
            language changes, so the page's address always reproduces the view (browser).
    """
    state, batch, text = state or ExplorerState(), batch or BatchState(), text or UIText()
    about: list[AboutView] = []  # once built
    tabs: pn.Tabs | None = None

    def about_page() -> AboutView:
        about.append(AboutView(state, text=text))
        if tabs is not None and tabs.active == _ABOUT_TAB:  # opened before it was built
            about[0].shown()
        return about[0]

    pages = [
        single_item_page(state, text),
        later(partial(_batch_page, batch, text), page="batch"),
        later(about_page, page="about"),
    ]
    tabs = _titled_tabs(_TABS, pages, text, _HIDDEN_PAGES_FLAT)

    def tab_opened(event) -> None:
        opened(PAGES[event.new])
        if event.new == _ABOUT_TAB and about:
            about[0].shown()

    tabs.param.watch(tab_opened, ["active"])

    def open_item(event) -> None:
        item: OpenedItem = event.new
        state.set_inputs(item.candidate, list(item.references))
        tabs.active = _SINGLE_TAB

    batch.param.watch(open_item, ["opened"])
    corrected = _open_address(query, state, batch, text, tabs)
    if replace_query is not None:
        _mirror_address(state, batch, text, replace_query)
        if corrected is not None:
            replace_query(corrected)
    return pn.Column(_language_switch(text), tabs, sizing_mode="stretch_width")


if __name__.startswith("bokeh"):
    create_app().servable(title="charsim explorer")

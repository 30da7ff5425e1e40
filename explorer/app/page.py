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
from explorer.app.navigation import (
    BATCH_TAB,
    mirror_address,
    open_address,
    open_item,
    open_judged,
)
from explorer.app.panel_private import FLEXBOX_CONTAINER, retitle_tabs
from explorer.app.staging import PAGES, later, opened
from explorer.app.states.agreement import AgreementState
from explorer.app.states.batch import BatchState
from explorer.app.states.batch_significance import SignificanceState
from explorer.app.states.single import ExplorerState
from explorer.app.views.about_page import AboutView
from explorer.app.views.batch_histogram import BatchHistogramView
from explorer.app.views.batch_inputs import BatchInputsView
from explorer.app.views.batch_significance import SignificanceView
from explorer.app.views.batch_summary import BatchSummaryView
from explorer.app.views.changes import ChangesView
from explorer.app.views.common import NOT_ON_PAPER
from explorer.app.views.contributions import ContributionsView
from explorer.app.views.evidence import EvidenceView
from explorer.app.views.exact import ExactView
from explorer.app.views.inputs import InputsView
from explorer.app.views.judged import JudgedView
from explorer.app.views.matches import MatchesView
from explorer.app.views.references_table import ReferencesView
from explorer.app.views.score_card import LengthsView, ScoreCardView
from explorer.app.views.share import ShareView
from explorer.app.views.source import SourceView

__all__ = ["create_app", "single_item_page"]

_ABOUT_TAB, _AGREEMENT_TAB = 2, 3
_TABS = ["tab.single", "tab.batch", "tab.about", "tab.agreement"]
_DETAILS = ["tab.matches", "tab.changes", "tab.references", "tab.exact", "tab.metrics"]


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


_MORE_TITLES_CUE = """
.bk-headers-wrapper {
  --cs-page: #fff;
  background:
    linear-gradient(to right, var(--cs-page) 40%, transparent) left / 24px 100% no-repeat local,
    linear-gradient(to left, var(--cs-page) 40%, transparent) right / 24px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgb(0 0 0 / 30%), transparent) left / 12px 100%
      no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgb(0 0 0 / 30%), transparent) right / 12px 100%
      no-repeat scroll;
}
.bk-tab.bk-active { background-color: transparent; }
@media screen and (prefers-color-scheme: dark) {
  .bk-headers-wrapper { --cs-page: #212529; }
}
"""
"""A row of tab titles wider than the window scrolls sideways (BokehJS); a shadow at its edge
says that more titles lie that way, and goes once they are scrolled into view (a page-coloured
cover scrolls with the titles over each shadow; L. Verou, "Pure CSS scrolling shadows with
background-attachment: local", https://lea.verou.me/blog/2012/04/background-attachment-local/).
The open tab's title is see-through, as it is of the page's colour, so that a shadow shows on
it too. The live view's row of titles (``.cs-live-tabs`` in static/style.css) has none: its
titles are not yet tabs, and do not scroll."""


def _titled_tabs(keys: list[str], pages: list, text: UIText, hidden_pages: str) -> pn.Tabs:
    """Tabs whose titles are the catalog's ``keys``, renamed when the language changes; the
    stylesheet ``hidden_pages`` says how a hidden page is laid out."""
    tabs = pn.Tabs(
        *zip((text(key) for key in keys), pages, strict=True),
        dynamic=False,
        sizing_mode="stretch_width",
        stylesheets=[hidden_pages, _MORE_TITLES_CUE],
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
    tabs = _titled_tabs(_DETAILS, pages, text, _HIDDEN_PAGES_OUT + _EVERY_PAGE_ON_PAPER)
    # A picked order (a bar of the contributions, the slider, a link) is shown in the matches
    # tab: it is opened, whichever tab was.
    state.param.watch(lambda _event: setattr(tabs, "active", 0), ["order"])
    return tabs


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


def _two_columns(
    inputs: pn.viewable.Viewable, *results: pn.viewable.Viewable, results_width: int = 300
) -> pn.FlexBox:
    """Inputs on the left (at most 460 px), results on the right; the inputs narrow down to 300
    px and the results to ``results_width`` px, and the results go below the inputs when the
    window is narrower still, so the page never scrolls sideways."""
    column = {"sizing_mode": "stretch_width", "min_width": 300}
    return pn.FlexBox(
        pn.Column(inputs, max_width=460, styles={"flex": "1 1 300px"}, **column),
        pn.Column(*results, styles={"flex": f"1 1 {results_width}px"}, **column),
        stylesheets=[_ONE_BELOW_THE_OTHER_ON_PAPER],
    )


_SINGLE_GRID = """
FLEXBOX { display: grid !important;
  grid-template-columns: minmax(300px, 460px) minmax(300px, 1fr);
  grid-template-areas: "inputs results" "examples results"; grid-template-rows: auto 1fr; }
.cs-area-inputs { grid-area: inputs; } .cs-area-results { grid-area: results; }
.cs-area-examples { grid-area: examples; }
@media (max-width: 700px), print {
  FLEXBOX { grid-template-columns: minmax(0, 1fr); grid-template-rows: auto;
    grid-template-areas: "inputs" "results" "examples"; }
}
""".replace("FLEXBOX", FLEXBOX_CONTAINER)
"""The single-item page's grid (on the container of Panel's ``FlexBox``,
:data:`~explorer.app.panel_private.FLEXBOX_CONTAINER`, whose children are its grid items): the
inputs and the examples under them on the left, the results on the right; in a narrow window
(as ``static/style.css`` lays the live view out) the results come right after the inputs,
before the examples, so that the score is where the live view showed it; on paper, as in a
narrow window, one below the other (:data:`_ONE_BELOW_THE_OTHER_ON_PAPER`)."""


def _single_columns(inputs: InputsView, *results: pn.viewable.Viewable) -> pn.FlexBox:
    """The inputs, the results and the examples in :data:`_SINGLE_GRID`."""
    area = {"sizing_mode": "stretch_width", "min_width": 0}
    return pn.FlexBox(
        pn.Column(inputs, css_classes=["cs-area-inputs"], **area),
        pn.Column(*results, css_classes=["cs-area-results"], **area),
        pn.Column(inputs.examples(), css_classes=["cs-area-examples"], **area),
        stylesheets=[_SINGLE_GRID],
        sizing_mode="stretch_width",
    )


def _contributions(state: ExplorerState, text: UIText) -> pn.viewable.Viewable:
    return pn.Column(
        _heading(text, "heading.contributions"),
        ContributionsView(state, text),
        sizing_mode="stretch_width",
    )


def _reserved(part: pn.viewable.Viewable, height: int) -> pn.Column:
    """``part`` in a column at least ``height`` px tall: a staged part beside the score takes
    the place it will fill (for the first example), so what follows it does not move when it
    arrives (the take-over's layout shift)."""
    return pn.Column(part, min_height=height, sizing_mode="stretch_width")


def single_item_page(
    state: ExplorerState, text: UIText, show_batch: Callable[[], None] | None = None
) -> pn.viewable.Viewable:
    """The single-item page of ``state`` in ``text``'s language, as the site's first tab: where
    its inputs came from (with the way back: ``show_batch()`` shows the batch page, if given),
    the inputs beside the score card (scores, P and R, the precision-versus-recall decision,
    §3.1), under it where the texts match, the per-order contributions and the lengths, then the
    details tabs (shared n-grams, what would change the score, per reference, exact fractions,
    chrF, BLEU and TER), each part as
    :func:`~explorer.app.staging.later` builds it (at once by default). The notebook's
    :class:`explorer.notebook.Explorer` shows it on given texts."""
    return pn.Column(
        SourceView(state, text, show_batch),
        ShareView(state, text),
        JudgedView(state, text),
        _single_columns(
            InputsView(state, text),
            ScoreCardView(state, text),
            _reserved(later(partial(EvidenceView, state, text), page="single"), 140),
            _reserved(later(partial(_contributions, state, text), page="single"), 400),
            LengthsView(state, text),
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


def _agreement_page(agreement: AgreementState, text: UIText) -> pn.viewable.Viewable:
    # Imported here: built when the page is first opened, with meta-evaluation's modules; the
    # disagreements' table (pandas's) waits for a report.
    from explorer.app.views.agreement_charts import AgreementChartsView
    from explorer.app.views.agreement_inputs import AgreementInputsView
    from explorer.app.views.agreement_results import AgreementResultsView

    def disagreements() -> pn.viewable.Viewable:
        from explorer.app.views.agreement_disagreements import DisagreementsView

        return DisagreementsView(agreement, text)

    report = (agreement, "report", "agreement.waiting")
    results = partial(AgreementResultsView, agreement, text)
    inputs = AgreementInputsView(agreement, text)
    return pn.Column(  # each part in a task of its own in the browser (see .staging)
        _heading(text, "agreement.heading"),
        # the results beside the inputs where the table of seven measures fits whole
        _two_columns(inputs, later(results, page="agreement"), results_width=560),
        later(partial(AgreementChartsView, agreement, text), page="agreement"),
        _heading(text, "agreement.disagreements_heading"),
        later(disagreements, page="agreement", needs=["tables"], waits_for=report),
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
        stylesheets=[NOT_ON_PAPER],
    )


def create_app(
    state: ExplorerState | None = None,
    batch: BatchState | None = None,
    text: UIText | None = None,
    query: str = "",
    replace_query: Callable[[str], None] | None = None,
    new_entry: Callable[[], None] | None = None,
    agreement: AgreementState | None = None,
) -> pn.viewable.Viewable:
    """Build the explorer page for ``state``, ``batch`` and ``text`` (new defaults if None).

    Args:
        state, batch, text: the single-item state, the batch state, the UI language.
        query: a query string to open (a link: a single-item state, or an item of a built-in
            batch example), ``""`` for none.
        replace_query: if given, called with the new query string whenever the state or the
            language changes, so the page's address always reproduces the view (browser).
        new_entry: if given, called before an example or a batch item replaces the user's
            inputs: the browser starts a new history entry there (and shows the page from its
            top), so that Back shows the inputs replaced (:mod:`explorer.app.navigation`).
        agreement: the Agreement page's state (a new one if None).
    """
    state, batch, text = state or ExplorerState(), batch or BatchState(), text or UIText()
    agreement = agreement or AgreementState()
    about: list[AboutView] = []  # once built
    tabs: pn.Tabs | None = None

    def about_page() -> AboutView:
        about.append(AboutView(state, text=text))
        if tabs is not None and tabs.active == _ABOUT_TAB:  # opened before it was built
            about[0].shown()
        return about[0]

    def show_batch() -> None:
        tabs.active = BATCH_TAB

    pages = [
        single_item_page(state, text, show_batch),
        later(partial(_batch_page, batch, text), page="batch"),
        later(about_page, page="about"),
        later(
            partial(_agreement_page, agreement, text),
            page="agreement",
            waits_for=(agreement, "visited", "staged.loading"),
        ),
    ]
    tabs = _titled_tabs(_TABS, pages, text, _HIDDEN_PAGES_FLAT)

    def tab_opened(event) -> None:
        opened(PAGES[event.new])
        if event.new == _AGREEMENT_TAB:
            agreement.visit()
        if event.new == _ABOUT_TAB and about:
            about[0].shown()

    tabs.param.watch(tab_opened, ["active"])

    batch.param.watch(lambda event: open_item(event.new, state, tabs), ["opened"])
    agreement.param.watch(lambda event: open_judged(*event.new, state, tabs), ["opened"])
    corrected = open_address(query, state, batch, text, tabs)
    if replace_query is not None:
        mirror_address(state, batch, text, replace_query, new_entry)
        if corrected is not None:
            replace_query(corrected)
    return pn.Column(_language_switch(text), tabs, sizing_mode="stretch_width")


if __name__.startswith("bokeh"):
    create_app().servable(title="charsim explorer")

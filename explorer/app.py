"""The explorer page: composition only. ``create_app()`` builds it; state lives in ExplorerState
(the single-item page), BatchState (the batch page) and AboutState (the article's models), one
tab each.

In the browser (Pyodide) the page URL mirrors the single-item state, so a link reproduces the
view, and a link to an item of a built-in batch example opens that item; under
``panel serve explorer/app.py`` the same page runs on a server for development.
"""

from __future__ import annotations

import sys
from functools import partial

import panel as pn

from explorer.batch_state import BatchState, OpenedItem
from explorer.item_link import decode_item_link
from explorer.staged import later
from explorer.state import ExplorerState
from explorer.views.about_page import AboutView
from explorer.views.batch_histogram import BatchHistogramView
from explorer.views.batch_inputs import BatchInputsView
from explorer.views.batch_summary import BatchSummaryView
from explorer.views.changes import TEXT as CHANGES_TEXT
from explorer.views.changes import ChangesView
from explorer.views.contributions import ContributionsView
from explorer.views.exact import ExactView
from explorer.views.inputs import InputsView
from explorer.views.score_card import ScoreCardView
from explorer.views.share import ShareView

__all__ = ["create_app"]

MAX_ADDRESS_QUERY = 8_000
"""Longest state kept in the address bar (common server limits are 8 KB)."""

_SINGLE_TAB, _BATCH_TAB, _ABOUT_TAB = 0, 1, 2
_LINK_FIELDS = ["candidate", "references", "max_order", "weights", "order", "reference_format"]


def _mirror_url(state: ExplorerState, batch: BatchState, tabs: pn.Tabs) -> None:
    """Read the state (or an item link) from the page URL, then keep the URL up to date
    (browser only)."""
    if sys.platform != "emscripten":
        return
    import js  # Pyodide's bridge to the page

    query = str(js.window.location.search)
    item_link, problems = decode_item_link(query)
    if item_link is not None or problems:
        tabs.active = _BATCH_TAB
        if item_link is not None:
            pn.state.execute(partial(batch.open_link, item_link))
        else:
            batch.report(" ".join(problems))
    elif query:
        state.load_link(query)

    def write(*_events) -> None:
        if state.message.startswith("The reference set could not be read"):
            return
        query = state.to_link()
        # A URL longer than servers accept (414) would break a reload: drop the state instead.
        address = "?" + query if len(query) <= MAX_ADDRESS_QUERY else js.window.location.pathname
        js.window.history.replaceState(None, "", address)

    def write_item_link(event) -> None:
        if event.new.link is not None:  # after write(): the short link of the example's item
            js.window.history.replaceState(None, "", "?" + event.new.link)

    state.param.watch(write, _LINK_FIELDS)
    batch.param.watch(write_item_link, ["opened"], precedence=1)


def _details(state: ExplorerState) -> pn.viewable.Viewable:
    # Imported here: they need pandas, installed after the first view (explorer.staged).
    from explorer.views.matches import MatchesView
    from explorer.views.references_table import ReferencesView

    return pn.Tabs(
        ("n-gram matches", MatchesView(state)),
        (CHANGES_TEXT["tab"], ChangesView(state)),
        ("Per reference", ReferencesView(state)),
        ("By hand (exact)", ExactView(state)),
        dynamic=False,
        sizing_mode="stretch_width",
    )


def _single_item_page(state: ExplorerState) -> pn.viewable.Viewable:
    return pn.Column(
        ShareView(state),
        pn.Row(
            pn.Column(InputsView(state), width=460),
            pn.Column(
                ScoreCardView(state),
                pn.pane.Markdown("### Per-order contributions"),
                ContributionsView(state),
                sizing_mode="stretch_width",
            ),
            sizing_mode="stretch_width",
        ),
        later(partial(_details, state)),
        sizing_mode="stretch_width",
    )


def _batch_tables(batch: BatchState) -> pn.viewable.Viewable:
    # Imported here: they need pandas, installed after the first view (explorer.staged).
    from explorer.views.batch_differences import DifferencesView
    from explorer.views.batch_items import ItemsView

    return pn.Column(ItemsView(batch), DifferencesView(batch), sizing_mode="stretch_width")


def _batch_page(batch: BatchState) -> pn.viewable.Viewable:
    return pn.Column(
        pn.Row(
            pn.Column(BatchInputsView(batch), width=460),
            pn.Column(
                BatchSummaryView(batch), BatchHistogramView(batch), sizing_mode="stretch_width"
            ),
            sizing_mode="stretch_width",
        ),
        pn.pane.Markdown("### Items"),
        later(partial(_batch_tables, batch)),
        sizing_mode="stretch_width",
    )


def create_app(
    state: ExplorerState | None = None, batch: BatchState | None = None
) -> pn.viewable.Viewable:
    """Build the explorer page for ``state`` and ``batch`` (new default states if None)."""
    state = state or ExplorerState()
    batch = batch or BatchState()
    about = AboutView(state)
    tabs = pn.Tabs(
        ("Single item", _single_item_page(state)),
        ("Batch: score files", _batch_page(batch)),
        ("About the metric", about),
        dynamic=False,
        sizing_mode="stretch_width",
    )
    tabs.param.watch(lambda event: event.new == _ABOUT_TAB and about.shown(), ["active"])

    def open_item(event) -> None:
        item: OpenedItem = event.new
        state.set_inputs(item.candidate, list(item.references))
        tabs.active = _SINGLE_TAB

    batch.param.watch(open_item, ["opened"])
    _mirror_url(state, batch, tabs)
    return tabs


if __name__.startswith("bokeh"):
    create_app().servable(title="charsim explorer")

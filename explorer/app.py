"""The explorer page: composition only. ``create_app()`` builds it; state lives in ExplorerState.

In the browser (Pyodide) the page URL mirrors the state, so a link reproduces the view; under
``panel serve explorer/app.py`` the same page runs on a server for development.
"""

from __future__ import annotations

import sys

import panel as pn

from explorer.state import ExplorerState
from explorer.views.contributions import ContributionsView
from explorer.views.exact import ExactView
from explorer.views.inputs import InputsView
from explorer.views.matches import MatchesView
from explorer.views.references_table import ReferencesView
from explorer.views.score_card import ScoreCardView
from explorer.views.share import ShareView

__all__ = ["create_app"]

_LINK_FIELDS = ["candidate", "references", "max_order", "weights", "order", "reference_format"]


def _mirror_url(state: ExplorerState) -> None:
    """Read the state from the page URL, then keep the URL up to date (browser only)."""
    if sys.platform != "emscripten":
        return
    import js  # Pyodide's bridge to the page

    if js.window.location.search:
        state.load_link(str(js.window.location.search))

    def write(*_events) -> None:
        if not state.message.startswith("The reference set could not be read"):
            js.window.history.replaceState(None, "", "?" + state.to_link())

    state.param.watch(write, _LINK_FIELDS)


def create_app(state: ExplorerState | None = None) -> pn.viewable.Viewable:
    """Build the explorer page for ``state`` (a new default state if None)."""
    state = state or ExplorerState()
    _mirror_url(state)
    details = pn.Tabs(
        ("n-gram matches", MatchesView(state)),
        ("Per reference", ReferencesView(state)),
        ("By hand (exact)", ExactView(state)),
        dynamic=False,
        sizing_mode="stretch_width",
    )
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
        details,
        sizing_mode="stretch_width",
    )


if __name__.startswith("bokeh"):
    create_app().servable(title="charsim explorer")

"""The "About the metric" tab: min(P, R) against F_β (§5.5), Figures 1 and 2 of the article with
the length model at the single item's lengths, and the §5.7 cap demos."""

from __future__ import annotations

import panel as pn
from panel.viewable import Viewer

from ..about_state import AboutState
from ..compare_state import CompareState
from ..state import ExplorerState
from . import about_bias, about_fbeta
from .about_block import BlockRatioView
from .about_caps import CapSensitivityView, WeightShareView
from .about_length import LengthModelView

__all__ = ["AboutView"]


class AboutView(Viewer):
    """The article's simplified models, live; ``shown()`` runs the cap demo if it has not run."""

    def __init__(self, item: ExplorerState, state: AboutState | None = None, **params) -> None:
        super().__init__(**params)
        self.state = state or AboutState()
        self._caps = CapSensitivityView(self.state, item)
        self.compare = CompareState(item)
        self._layout = pn.Column(
            pn.pane.Markdown(f"### {about_fbeta.TEXT['heading']}"),
            about_fbeta.FBetaView(self.compare),
            pn.pane.Markdown("### Length: how charsim, chrF and BLEU treat short and long "
                             "candidates (§6.1–§6.3)"),
            LengthModelView(self.state),
            pn.pane.Markdown(f"### {about_bias.TEXT['heading']}"),
            about_bias.LengthBiasView(self.compare),
            pn.pane.Markdown("### One block or scattered matches (§6.4)"),
            BlockRatioView(self.state),
            pn.pane.Markdown("### How much weight sits above order 4 (§5.7)"),
            WeightShareView(self.state),
            pn.pane.Markdown("### The cap and the single item of the first tab (§5.7)"),
            self._caps,
            sizing_mode="stretch_width",
        )  # fmt: skip

    def shown(self) -> None:
        """The tab was opened: score the single item at every cap unless already done."""
        if not self.state.cap_scores and not self.state.cap_message:
            self._caps.measure()

    def __panel__(self):
        return self._layout

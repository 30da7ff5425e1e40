"""The "About the metric" tab: min(P, R) against F_β (§5.5), Figures 1 and 2 of the article with
the length model at the single item's lengths, and the §5.7 cap demos."""

from __future__ import annotations

from functools import partial

import panel as pn
from panel.viewable import Viewer

from ..i18n import UIText
from ..staging import later, soon
from ..states.about import AboutState
from ..states.compare import CompareState
from ..states.single import ExplorerState
from . import about_bias, about_fbeta
from .about_block import BlockRatioView
from .about_caps import CapSensitivityView, WeightShareView
from .about_length import LengthModelView

__all__ = ["AboutView"]


class AboutView(Viewer):
    """The article's simplified models, live; ``shown()`` runs the cap demo if it has not run."""

    def __init__(
        self,
        item: ExplorerState,
        state: AboutState | None = None,
        text: UIText | None = None,
        **params,
    ) -> None:
        super().__init__(**params)
        self.state, self.text = state or AboutState(), text or UIText()
        self._caps = CapSensitivityView(self.state, item, self.text)
        self.compare = CompareState(item, deferred=soon)
        views = {
            "fbeta": about_fbeta.FBetaView(self.compare, self.text),
            "length": LengthModelView(self.state, self.text),
            "bias": about_bias.LengthBiasView(self.compare, self.text),
            "block": BlockRatioView(self.state, self.text),
            "shares": WeightShareView(self.state, self.text),
            "caps": self._caps,
        }
        self._headings = {key: pn.pane.Markdown(disable_anchors=True) for key in views}
        # One part per view (explorer.app.staging): the page draws each in a short task.
        self._layout = pn.Column(
            *(
                later(
                    partial(pn.Column, self._headings[key], view, sizing_mode="stretch_width"),
                    page="about",
                )
                for key, view in views.items()
            ),
            sizing_mode="stretch_width",
            css_classes=["cs-out-of-layout"],
        )
        self.text.param.watch(self._relabel, "language")
        self._relabel()

    def _relabel(self, *_events) -> None:
        for key, heading in self._headings.items():
            heading.object = f"## {self.text(f'about.heading.{key}')}"

    def shown(self) -> None:
        """The tab was opened: score the single item at every cap unless already done."""
        if not self.state.cap_scores and not self.state.cap_message:
            self._caps.measure()

    def __panel__(self):
        return self._layout

"""A Bokeh chart with "Download PNG" and "Download SVG" buttons below it.

The image is made on the page, where BokehJS draws the chart (Python may run in a Web
Worker): each button runs a JavaScript callback (Bokeh's ``CustomJS``) that asks the chart's
view for BokehJS's own export (``PlotView.export``: ``"png"`` draws it on a canvas, ``"svg"``
draws it again into an SVG document) and downloads the file. The charts keep the canvas backend, so
nothing is drawn twice until a button is pressed, and no server, selenium or network is needed.
"""

from __future__ import annotations

import panel as pn

from ..i18n import UIText
from ..panel_private import button_with_js_click
from .common import NOT_ON_PAPER

__all__ = ["IMAGE_FORMATS", "downloadable"]

IMAGE_FORMATS = ("png", "svg")
"""The image formats offered, as BokehJS's export names them (also the file extensions)."""

_SAVE = """
const view = Bokeh.index.find_one(chart);
if (view != null) {
  view.export(format).to_blob().then((blob) => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = filename;
    link.dispatchEvent(new MouseEvent("click"));
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  });
}
"""
"""The buttons' callback (page side): ``chart``, ``format`` and ``filename`` are its args."""

_LOOK = """
:host(.solid) .bk-btn.bk-btn-default { border: 1px solid #6e7781; }
@media screen and (prefers-color-scheme: dark) {
  :host(.solid) .bk-btn.bk-btn-default { border-color: #adb5bd; }
}
"""
"""The buttons' look: Panel's default button (its surface colour) with a border of 4.5:1
against the page in either colour scheme (WCAG's 3:1 for a control's boundary; Panel's own
border is transparent), so that they read as buttons; paper has no use for them."""


def downloadable(chart, name: str, text: UIText, **params) -> pn.Column:
    """``chart`` above a row of download buttons, one per format of :data:`IMAGE_FORMATS`.

    Args:
        chart: a Bokeh figure.
        name: the files' name without extension: ``charsim-<name>.png`` and ``.svg``.
        text: the page's language; the buttons read ``chart.download.<format>`` (live).
        params: further parameters of the column (e.g. ``visible``).

    Returns:
        A full-width column of CSS class ``cs-chart-<name>``; hiding it hides the chart and
        its buttons.
    """
    buttons = {
        image: button_with_js_click(
            _SAVE,
            {"chart": chart, "format": image, "filename": f"charsim-{name}.{image}"},
            css_classes=[f"cs-download-{image}"],
            stylesheets=[_LOOK, NOT_ON_PAPER],
        )
        for image in IMAGE_FORMATS
    }

    def relabel(*_events) -> None:
        for image, button in buttons.items():
            button.name = text(f"chart.download.{image}")

    relabel()
    text.param.watch(relabel, "language")
    return pn.Column(
        pn.pane.Bokeh(chart, sizing_mode="stretch_width"),
        pn.Row(*buttons.values()),
        sizing_mode="stretch_width",
        css_classes=[f"cs-chart-{name}"],
        **params,
    )

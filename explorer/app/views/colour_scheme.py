"""The charts in the page's colour scheme: Panel's dark theme for Bokeh, or Bokeh's own.

The page's CSS follows ``prefers-color-scheme`` by itself (``static/style.css``, the views'
``explorer.css`` and Panel's theme variables, which the site build makes follow it:
:func:`explorer.site_build.assets.follow_colour_scheme`). Bokeh draws its charts on a canvas with
the colours of its models' properties, so a dark page needs a Bokeh theme on the document: the
page tells the worker its scheme (``matchMedia``), which sets it with :func:`use_colour_scheme`
(a model added later takes the document's theme as it joins).
"""

from __future__ import annotations

from typing import Any

__all__ = ["SCHEMES", "chart_theme", "use_colour_scheme"]

SCHEMES = ("light", "dark")
"""The colour schemes a page may ask for (CSS ``prefers-color-scheme``'s values)."""

_TEXT = "#E0E0E0"
"""The text colour of Panel's dark Bokeh theme (its axis and title labels)."""


def chart_theme(scheme: str) -> Any:
    """The Bokeh theme of the charts in ``scheme``: Bokeh's default for ``"light"``; for
    ``"dark"`` Panel's dark theme (``panel.theme.DarkTheme``'s, Bokeh's ``dark_minimal`` on
    Panel's dark background) with the charts' text labels (``LabelSet``, ``Label``) in its text
    colour, which it leaves black. (A ``figure.text`` glyph sets its colour itself, black, which
    no theme changes: the charts label with a ``LabelSet``.)

    Raises:
        ValueError: ``scheme`` is not one of :data:`SCHEMES`.
    """
    from bokeh.themes import Theme
    from bokeh.themes import default as light
    from panel.theme.base import BOKEH_DARK

    if scheme not in SCHEMES:
        raise ValueError(f"unknown colour scheme {scheme!r}: one of {', '.join(SCHEMES)}")
    if scheme == "light":
        return light
    labels = {"text_color": _TEXT}
    return Theme(json={"attrs": {**BOKEH_DARK["attrs"], "LabelSet": labels, "Label": labels}})


def use_colour_scheme(document, scheme: str) -> None:
    """Draw the charts of the Bokeh ``document`` in ``scheme`` (see :func:`chart_theme`); the
    document's change events carry the new colours to the page.

    Raises:
        ValueError: ``scheme`` is not one of :data:`SCHEMES`.
    """
    document.theme = chart_theme(scheme)

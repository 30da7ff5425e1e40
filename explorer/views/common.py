"""Small helpers shared by the views."""

from __future__ import annotations

from html import escape
from pathlib import Path

import panel as pn

__all__ = ["STYLESHEETS", "alert", "html_pane"]

STYLESHEETS = [(Path(__file__).with_name("explorer.css")).read_text(encoding="utf-8")]
"""The explorer's CSS, handed to every HTML pane (panes render in shadow DOM)."""


def html_pane(**params) -> pn.pane.HTML:
    """An HTML pane with the explorer's styles; its content must be built from escaped text."""
    return pn.pane.HTML(stylesheets=STYLESHEETS, sizing_mode="stretch_width", **params)


def alert(text: str, kind: str = "warning") -> str:
    """An escaped message box: ``kind`` is ``warning``, ``info`` or ``error``."""
    return f'<div class="cs-alert cs-{kind}" role="status">{escape(text)}</div>'

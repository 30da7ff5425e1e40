"""Staged rendering: parts of the page built only once its first view is on screen.

In the browser, the first view (inputs, score card, chart) is rendered before the packages that
only some parts need (pandas, for the tables) are even installed: ``later(build)`` stands for such
a part. It is a placeholder until the loader has installed those packages and called
``build_later()`` (through ``explorer.runtime.browser.finish``), which puts ``build()`` in its
place.
Anywhere else (``panel serve``, tests) ``later(build)`` is simply ``build()``. A module that
needs the late packages must therefore be imported inside ``build``, not at the top of a module.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import panel as pn

__all__ = ["build_later", "later"]

_PENDING: list[tuple[pn.Column, Callable[[], pn.viewable.Viewable]]] = []


def later(build: Callable[[], pn.viewable.Viewable]) -> pn.viewable.Viewable:
    """``build()``, built after the first view in the browser (a placeholder until then)."""
    if sys.platform != "emscripten":
        return build()
    placeholder = pn.Column(pn.pane.Markdown("Loading…"), sizing_mode="stretch_width")
    _PENDING.append((placeholder, build))
    return placeholder


def build_later() -> None:
    """Build every part staged with ``later`` into its placeholder, in the order of the calls."""
    while _PENDING:
        placeholder, build = _PENDING.pop(0)
        placeholder.objects = [build()]

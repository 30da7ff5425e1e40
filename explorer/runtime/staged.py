"""Staged rendering: parts of the page rendered only once its first view is on screen.

In the browser, the first view (the inputs and the score card) is sent to the page alone: the
rest of the page is sent as parts, one at a time, so that BokehJS draws each in a short task and
the page keeps answering the user in between. ``later(build)`` stands for such a part: a
placeholder until the runtime calls :func:`build_next` (``explorer.runtime.worker``), which puts
``build()`` in its place. A part with ``tables=True`` also waits for the packages installed
after the first view (pandas, for the tables); a module that needs them must be imported inside
``build``, not at the top of a module.

The same goes for updates: a view wrapped in :func:`soon` redraws after the current step of
Python, so that the score card's change reaches the page first (one patch per step).

Anywhere else (``panel serve``, tests) ``later(build)`` is simply ``build()`` and ``soon(update)``
is ``update``. Panel is imported only by :func:`later`, so the live phase can use :func:`soon`
before Panel is installed.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import panel as pn

__all__ = ["build_later", "build_next", "later", "soon"]

_PENDING: list[tuple[pn.Column, Callable[[], pn.viewable.Viewable], bool]] = []


def later(
    build: Callable[[], pn.viewable.Viewable], *, tables: bool = False
) -> pn.viewable.Viewable:
    """``build()``, rendered after the first view in the browser (a placeholder until then).

    Args:
        build: makes the part (it may stage parts of its own).
        tables: the part needs the packages installed after the first view (pandas).
    """
    if sys.platform != "emscripten":
        return build()
    import panel as pn

    placeholder = pn.Column(pn.pane.Markdown("Loading…"), sizing_mode="stretch_width")
    _PENDING.append((placeholder, build, tables))
    return placeholder


def build_next(tables: bool = True) -> bool:
    """Build the oldest staged part that can be built now into its placeholder (one that needs
    the late packages only if ``tables``); return whether another can be built now."""
    ready = [i for i, (_, _, needs) in enumerate(_PENDING) if tables or not needs]
    if ready:
        placeholder, build, _ = _PENDING.pop(ready[0])
        placeholder.objects = [build()]
    return any(tables or not needs for _, _, needs in _PENDING)


def build_later() -> None:
    """Build every staged part, in the order of the calls."""
    while build_next():
        pass


def soon(update: Callable[..., None]) -> Callable[..., None]:
    """``update`` as a watcher that runs after the current step of Python in the browser
    (once, however many events came meanwhile, with the state as it is then); ``update``
    itself anywhere else."""
    if sys.platform != "emscripten":
        return update
    pending = False

    def run() -> None:
        nonlocal pending
        pending = False
        update()

    def schedule(*_events) -> None:
        nonlocal pending
        if not pending:
            pending = True
            asyncio.get_event_loop().call_soon(run)

    return schedule

"""A state derived from the single item's explanation, recomputed whenever it changes.

No Panel import here. :class:`FollowsItem` is the base of the states of the views that show
more about the single item (:mod:`explorer.app.states.compare`, :mod:`explorer.app.states.metrics`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import param

from .single import ExplorerState

__all__ = ["FollowsItem", "at_once"]


def at_once(update: Callable[..., Iterator | None]) -> Callable[..., None]:
    """``update`` as a watcher that runs it, every step of it when it returns an iterator
    (a generator), at once."""

    def run(*events) -> None:
        for _step in update(*events) or ():
            pass

    return run


class FollowsItem(param.Parameterized):
    """Follows an :class:`~explorer.app.states.single.ExplorerState`: ``_recompute()`` runs at
    once and after every change of its explanation. Subclasses define ``_recompute``, which may
    be a generator: each of its steps may then run in a task of its own (in the browser)."""

    def __init__(
        self,
        item: ExplorerState,
        deferred: Callable[[Callable], Callable] = at_once,
        **params,
    ) -> None:
        """Follow ``item``; ``deferred`` wraps the watcher of its explanation (the browser
        :func:`explorer.app.staging.soon` recomputes after the score card)."""
        super().__init__(**params)
        self.item = item
        item.param.watch(deferred(self._recompute), ["explanation"])
        at_once(self._recompute)()

    def _recompute(self, *_events) -> Iterator | None:
        raise NotImplementedError

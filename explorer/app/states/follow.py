"""A state derived from the single item's explanation, recomputed whenever it changes.

No Panel import here. :class:`FollowsItem` is the base of the states of the views that show
more about the single item (:mod:`explorer.app.states.compare`, :mod:`explorer.app.states.metrics`).
"""

from __future__ import annotations

from collections.abc import Callable

import param

from .single import ExplorerState

__all__ = ["FollowsItem"]


class FollowsItem(param.Parameterized):
    """Follows an :class:`~explorer.app.states.single.ExplorerState`: ``_recompute()`` runs at
    once and after every change of its explanation. Subclasses define ``_recompute``."""

    def __init__(
        self,
        item: ExplorerState,
        deferred: Callable[[Callable], Callable] = lambda f: f,
        **params,
    ) -> None:
        """Follow ``item``; ``deferred`` wraps the watcher of its explanation (the browser
        :func:`explorer.app.staging.soon` recomputes after the score card)."""
        super().__init__(**params)
        self.item = item
        item.param.watch(deferred(self._recompute), ["explanation"])
        self._recompute()

    def _recompute(self, *_events) -> None:
        raise NotImplementedError

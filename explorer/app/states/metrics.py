"""State of the single item's "Compared with chrF, BLEU, TER" view (§5).

No Panel import here: the view reads this object; tests drive it directly. It holds
:func:`charsim.compare.compare` of the item's candidate and reference set (all K references, as
sacreBLEU takes them) with the item's order cap and weights, and its
:func:`charsim.compare.fragility.fragility` (charsim and chrF raw and under NFC, NFKC, case
folding and whitespace/quote folding), or a
:class:`~explorer.app.i18n.Message` saying why there is none. sacreBLEU is imported on first use
(in the browser it is installed after the first view, with its stand-ins,
:mod:`explorer.runtime.sacrebleu_standins`).
"""

from __future__ import annotations

from collections.abc import Iterator

import param

from ..i18n import Message
from .follow import FollowsItem

__all__ = ["LIVE_COMPARE_LIMIT", "MetricsState"]

LIVE_COMPARE_LIMIT = 800
"""Most characters of the candidate and its longest reference compared live. The comparison
runs one metric at a time (:func:`charsim.compare.metrics.compare_steps`), TER against one
reference at a time, so that a keystroke is scored between two steps; sentence-level TER's
search for shifts grows much faster than the text (``docs/benchmarks.md`` gives the times in
CPython; Pyodide is slower still), so a longer pair would hold up the next score. charsim itself
is scored up to :data:`~explorer.app.states.single.LIVE_LIMIT` characters."""


class MetricsState(FollowsItem):
    """charsim beside sacreBLEU's chrF, chrF++, BLEU and TER on the single item."""

    comparison = param.Parameter(
        default=None, constant=True, doc="charsim.compare.Comparison of the item, or None."
    )
    fragility = param.Parameter(
        default=None,
        constant=True,
        doc="charsim.compare.fragility.Fragility of the item (charsim and chrF), or None.",
    )
    message = param.ClassSelector(
        class_=Message, default=None, constant=True, doc="Why there is no comparison, if none."
    )

    def _recompute(self, *_events) -> Iterator[None]:
        """The comparison and the fragility of the item, in steps (one metric each)."""
        from charsim.compare.fragility import fragility
        from charsim.compare.metrics import compare_steps

        item, comparison, moved, message = self.item, None, None, None
        e = item.explanation
        size = 0 if e is None else len(e.candidate) + max(map(len, e.references), default=0)
        if e is None:
            message = item.message
        elif size > LIVE_COMPARE_LIMIT:
            message = Message("metrics.too_long", {"size": size, "limit": LIVE_COMPARE_LIMIT})
        else:
            settings = {"max_order": item.max_order, "weights": item.weights}
            for comparison in compare_steps(e.candidate, list(e.references), **settings):
                if comparison is None:  # the Comparison comes last
                    yield
            moved = fragility(e.candidate, e.references, metrics=("charsim", "chrf"), **settings)
        with param.edit_constant(self):
            self.param.update(comparison=comparison, fragility=moved, message=message)

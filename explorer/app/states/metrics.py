"""State of the single item's "Compared with chrF, BLEU, TER" view (§5).

No Panel import here: the view reads this object; tests drive it directly. It holds
:func:`charsim.compare.compare` of the item's candidate and reference set (all K references, as
sacreBLEU takes them) with the item's order cap and weights, for every item the page scores
(up to :data:`~explorer.app.states.single.LIVE_LIMIT` characters), without TER above
:data:`LIVE_COMPARE_LIMIT` (:attr:`MetricsState.ter_message` says why), and, up to
:data:`LIVE_FRAGILITY_LIMIT`, its :func:`charsim.compare.fragility.fragility` (charsim and chrF raw
and under NFC, NFKC, case folding and whitespace/quote folding; above it
:attr:`MetricsState.fragility_message` says why there is none), or a
:class:`~explorer.app.i18n.Message` saying why there is no comparison. sacreBLEU is imported on
first use (in the browser it is installed after the first view, with its stand-ins,
:mod:`explorer.runtime.sacrebleu_standins`).
"""

from __future__ import annotations

from collections.abc import Iterator

import param

from ..i18n import Message
from .follow import FollowsItem

__all__ = ["LIVE_COMPARE_LIMIT", "LIVE_FRAGILITY_LIMIT", "MetricsState"]

LIVE_COMPARE_LIMIT = 800
"""Most characters of the candidate and its longest reference compared live with TER. The
comparison runs in short steps (:func:`charsim.compare.metrics.compare_steps`), TER against one
reference at a time, so that a keystroke is scored between two steps; sentence-level TER's
search for shifts grows much faster than the text and cannot be split further
(``docs/benchmarks.md`` gives the times in CPython; Pyodide is slower still), so a longer pair
would hold up the next score. Above it the comparison is shown without TER."""

LIVE_FRAGILITY_LIMIT = 20_000
"""Most characters (candidate plus references) whose fragility table is computed live. The
comparison itself runs in short steps at any size the page scores (charsim an order at a time,
chrF, chrF++ and BLEU a slice of the text at a time: :mod:`charsim.compare.slices`); the table
scores the item five more times and lists every character each setting changed, aligning the
raw and the preprocessed text where a setting does not work character by character
(:class:`difflib.SequenceMatcher`, whose time grows with the square of the text), so above this
size a keystroke would start seconds of work (``docs/benchmarks.md``)."""


class MetricsState(FollowsItem):
    """charsim beside sacreBLEU's chrF, chrF++, BLEU and TER on the single item."""

    comparison = param.Parameter(
        default=None,
        constant=True,
        doc="charsim.compare.Comparison of the item (without TER above LIVE_COMPARE_LIMIT), "
        "or None.",
    )
    fragility = param.Parameter(
        default=None,
        constant=True,
        doc="charsim.compare.fragility.Fragility of the item (charsim and chrF), or None.",
    )
    message = param.ClassSelector(
        class_=Message, default=None, constant=True, doc="Why there is no comparison, if none."
    )
    ter_message = param.ClassSelector(
        class_=Message,
        default=None,
        constant=True,
        doc="Why the comparison has no TER, if it has none.",
    )
    fragility_message = param.ClassSelector(
        class_=Message,
        default=None,
        constant=True,
        doc="Why the comparison has no fragility table, if it has none.",
    )

    def _recompute(self, *_events) -> Iterator[None]:
        """The comparison and the fragility of the item, in steps (one score each)."""
        from charsim.compare.fragility import fragility_steps
        from charsim.compare.metrics import COMPARE_LIMIT, compare_steps, compared_size

        item, e = self.item, self.item.explanation
        comparison, moved, message, ter_message, fragility_message = None, None, None, None, None
        if e is None:
            message = item.message
        else:
            pair = len(e.candidate) + max(map(len, e.references))
            ter = pair <= LIVE_COMPARE_LIMIT
            if not ter:
                fields = {"size": pair, "limit": LIVE_COMPARE_LIMIT, "explain_limit": COMPARE_LIMIT}
                ter_message = Message("metrics.ter_left_out", fields)
            settings = {"max_order": item.max_order, "weights": item.weights}
            texts = (e.candidate, list(e.references))
            for comparison in compare_steps(*texts, ter=ter, **settings):
                if comparison is None:  # the Comparison comes last
                    yield
            size = compared_size(*texts)
            if size > LIVE_FRAGILITY_LIMIT:
                fields = {"size": size, "limit": LIVE_FRAGILITY_LIMIT}
                fragility_message = Message("metrics.fragility_left_out", fields)
            else:
                yield
                for moved in fragility_steps(*texts, metrics=("charsim", "chrf"), **settings):
                    if moved is None:  # the Fragility comes last
                        yield
        with param.edit_constant(self):
            self.param.update(
                comparison=comparison,
                fragility=moved,
                message=message,
                ter_message=ter_message,
                fragility_message=fragility_message,
            )

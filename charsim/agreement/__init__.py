"""Meta-evaluation: does a metric agree with people?

charsim and its peers (its other forms and derived variants, sacreBLEU's chrF, chrF++, BLEU and
TER) against human judgments: Google's MQM annotations (``mqm``), DEMETR's minimal pairs
(``demetr``) or human scores in a plain layout (``plain``), all read into ``judgments``; the
metrics' segment scores (``scoring``); the measures of the field (``measures``: pairwise
accuracy, ``acc_eq`` and tie calibration, Kendall's τ_b, Pearson), computed at the system and
the segment level (``correlations``) and on minimal pairs (``minimal_pairs``), each with a
bootstrap interval over items and each metric's paired difference from charsim (``estimates``);
where charsim and the humans disagree most (``disagreements``); where people marked errors and
where charsim leaves characters unmatched (``spans``); and all of it in one call (``evaluate``:
:func:`meta_evaluate`, or :func:`meta_evaluate_steps` in steps).
May import: :mod:`charsim.version`,
:mod:`charsim.metric`, :mod:`charsim.io`, :mod:`charsim.corpus`, :mod:`charsim.significance`
and :mod:`charsim.compare` (sacreBLEU is imported on first use, for its metrics only).
"""

from .demetr import read_demetr
from .disagreements import Disagreement, explorer_query
from .estimates import Estimate
from .evaluate import AgreementReport, Source, meta_evaluate, meta_evaluate_steps
from .judgments import ErrorSpan, Judgments, MinimalPair, MinimalPairs, Skipped
from .mqm import read_mqm
from .plain import read_plain
from .scoring import DEFAULT_METRICS, METRICS
from .spans import SpanShares, item_spans, span_shares

__all__ = [
    "DEFAULT_METRICS",
    "METRICS",
    "AgreementReport",
    "Disagreement",
    "ErrorSpan",
    "Estimate",
    "Judgments",
    "MinimalPair",
    "MinimalPairs",
    "Skipped",
    "Source",
    "SpanShares",
    "meta_evaluate",
    "meta_evaluate_steps",
    "read_demetr",
    "read_mqm",
    "read_plain",
    "explorer_query",
    "item_spans",
    "span_shares",
]

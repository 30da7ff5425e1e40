"""Significance over per-item scores: bootstrap confidence intervals, paired bootstrap resampling
and paired approximate randomization, after ``sacrebleu/significance.py`` (``paired``), with
their settings and limits (``limits``), the bootstrap's p-value (``pvalues``) and the scores as
exact integers (``columns``), on one resampling loop of sums over items (``resample``). It works
on scores only, from sums that are never recounted. May import: :mod:`charsim.metric` only (it
reads no file and scores no corpus).
"""

from .columns import MAX_SCORE
from .limits import (
    DEFAULT_CONFIDENCE_LEVEL,
    DEFAULT_RANDOMIZATION_TRIALS,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    MAX_RESAMPLES,
    METHODS,
    MIN_BOOTSTRAP_ITEMS,
    MIN_ITEMS,
    MIN_RESAMPLES,
    PROGRESS_EVERY,
    SIGNIFICANT,
    p_value_floor,
    too_few_for_bootstrap,
    too_few_items,
)
from .paired import (
    PairedResult,
    bootstrap_interval,
    bootstrap_interval_steps,
    paired_bootstrap,
    paired_bootstrap_steps,
    paired_randomization,
    paired_randomization_steps,
    significant,
)
from .pvalues import bootstrap_p_value, p_value_decimals
from .resample import Interval

__all__ = [
    "DEFAULT_CONFIDENCE_LEVEL",
    "DEFAULT_RANDOMIZATION_TRIALS",
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "METHODS",
    "MAX_RESAMPLES",
    "MAX_SCORE",
    "MIN_BOOTSTRAP_ITEMS",
    "MIN_ITEMS",
    "MIN_RESAMPLES",
    "PROGRESS_EVERY",
    "Interval",
    "PairedResult",
    "SIGNIFICANT",
    "bootstrap_interval",
    "bootstrap_p_value",
    "bootstrap_interval_steps",
    "p_value_decimals",
    "p_value_floor",
    "paired_bootstrap",
    "paired_bootstrap_steps",
    "paired_randomization",
    "paired_randomization_steps",
    "significant",
    "too_few_for_bootstrap",
    "too_few_items",
]

"""Significance over per-item scores: bootstrap confidence intervals, paired bootstrap resampling
and paired approximate randomization, after ``sacrebleu/significance.py`` (``paired``), on one
resampling loop of sums over items (``resample``). It works on scores only, from sums that are
never recounted. May import: :mod:`charsim.metric` only (it reads no file and scores no corpus).
"""

from .paired import *  # noqa: F403
from .paired import __all__  # noqa: F401

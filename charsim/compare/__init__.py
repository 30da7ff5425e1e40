"""Comparisons with sacreBLEU's metrics: one item's charsim beside sacreBLEU's chrF, chrF++, BLEU
and TER with every difference keyed to the article (``metrics``: :func:`compare`), how fragile a
score is under invisible preprocessing (``fragility``), sacreBLEU's sentence statistics counted
a slice of the text at a time (``slices``), the one adapter module that owns
every use of sacreBLEU, its private calls included (``sacrebleu``), and the score records they
share (``base``: an item's ``MetricScore``, a system's ``MetricResult`` built on it).
sacreBLEU is imported on first use, so ``import charsim`` never needs it. May import:
:mod:`charsim.version`, :mod:`charsim.metric`, :mod:`charsim.io`, :mod:`charsim.corpus`,
:mod:`charsim.significance` and :mod:`charsim.compat`.
"""

from .metrics import *  # noqa: F403
from .metrics import __all__  # noqa: F401

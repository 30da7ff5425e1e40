"""charsim: a tuning-free character n-gram similarity metric (reference implementation).

charsim compares a candidate text with a reference set through their shared character n-grams
(orders 1..32, boundaries included, weight 1/n) and scores ``min(P, R)`` of the weighted overlap.
Section numbers (§) refer to the defining article.

    >>> import charsim
    >>> round(charsim.score("ca", ["cat"]), 3)
    0.498
    >>> charsim.explain("ca", ["cat"]).recall
    Fraction(100, 201)

``charsim.CharSim`` is the same metric with sacreBLEU's metric-object interface
(:mod:`charsim.compat`); it is imported on first use, as the chunked corpus scoring it runs on.
Results (:class:`Explanation`, :class:`~charsim.compare.Comparison`,
:class:`~charsim.corpus.CorpusResult`, :class:`PairedResult`, ``CharSimScore``) show as HTML in a
notebook (:mod:`charsim.render.html`, registered on import).
"""

import importlib
import sys
from typing import TYPE_CHECKING

try:  # python -m charsim: a Ctrl-C while these are imported is one line (see below)
    from .corpus.buckets import Bucket, LengthBuckets, length_buckets
    from .corpus.coverage import coverage
    from .metric.config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS, WEIGHTS, Config
    from .metric.decision import Decision
    from .metric.errors import UndefinedScoreError, WorkerError
    from .metric.explain import Explanation, Match, OrderDetail, ReferenceDetail, explain
    from .metric.ngrams import NGram, ngram_count
    from .metric.preprocess import NORMALIZATION_FORMS, Preprocessing, fold_whitespace_quotes
    from .metric.reference import ReferenceSet
    from .metric.scores import score, score_base, score_max, summarize
    from .metric.signature import VARIANTS, signature
    from .metric.stats import ItemSummary
    from .render import html as _html  # noqa: F401  # registers the results' notebook HTML
    from .significance.paired import (
        Interval,
        PairedResult,
        bootstrap_interval,
        paired_bootstrap,
        paired_randomization,
    )
    from .version import __version__
except KeyboardInterrupt:
    # While ``python -m`` locates its module, ``sys.argv[0]`` is "-m" (the -m option's
    # documentation), so this is ``python -m charsim`` starting, before charsim_entry's guard:
    # end as the command does after Ctrl-C, one line and status 130 (issue 25). Code that
    # imports charsim gets the KeyboardInterrupt.
    if sys.argv[:1] != ["-m"] or "charsim" not in getattr(sys, "orig_argv", ()):
        raise
    try:
        print("charsim: interrupted", file=sys.stderr, flush=True)
    except (OSError, AttributeError, ValueError):  # stderr closed or full: nothing to say
        pass
    raise SystemExit(130) from None

if TYPE_CHECKING:
    from .compat.sacrebleu_shape import CharSim, CharSimScore, CharSimSignature

__all__ = [
    "Bucket",
    "CharSim",
    "CharSimScore",
    "CharSimSignature",
    "DEFAULT_MAX_ORDER",
    "DEFAULT_WEIGHTS",
    "NORMALIZATION_FORMS",
    "VARIANTS",
    "WEIGHTS",
    "Config",
    "Decision",
    "Explanation",
    "Interval",
    "ItemSummary",
    "LengthBuckets",
    "Match",
    "NGram",
    "OrderDetail",
    "PairedResult",
    "Preprocessing",
    "ReferenceDetail",
    "ReferenceSet",
    "UndefinedScoreError",
    "WorkerError",
    "__version__",
    "bootstrap_interval",
    "coverage",
    "explain",
    "fold_whitespace_quotes",
    "length_buckets",
    "ngram_count",
    "paired_bootstrap",
    "paired_randomization",
    "score",
    "score_base",
    "score_max",
    "summarize",
    "signature",
]

_LAZY = ("CharSim", "CharSimScore", "CharSimSignature")
"""Names imported on first use (PEP 562): ``import charsim`` does not load the chunked corpus
scoring (and ``concurrent.futures``) that :class:`CharSim` runs on."""
_PUBLIC_MODULES = (
    "agreement",
    "compare",
    "corpus",
    "export",
    "fragility",
    "models",
    "significance",
)
"""The documented modules, imported on first use as attributes too (``charsim.compare.compare``
after ``import charsim``); ``import charsim`` itself loads neither sacreBLEU nor the comparisons."""


def __getattr__(name: str):
    """A name of :data:`_LAZY`, from :mod:`charsim.compat`, or a module of
    :data:`_PUBLIC_MODULES`, loaded on first use (the lazy names' machinery, PEP 562: not
    called directly)."""
    if name in _LAZY:
        from .compat import sacrebleu_shape

        return getattr(sacrebleu_shape, name)
    if name in _PUBLIC_MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with the lazy ones of :data:`_LAZY` and the modules of
    :data:`_PUBLIC_MODULES` (PEP 562), for ``dir(charsim)`` and completion in a notebook; not
    called directly."""
    return sorted({*globals(), *__all__, *_PUBLIC_MODULES})

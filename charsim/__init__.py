"""charsim: a tuning-free character n-gram similarity metric (reference implementation).

charsim compares a candidate text with a reference set through their shared character n-grams
(orders 1..32, boundaries included, weight 1/n) and scores ``min(P, R)`` of the weighted overlap.
Section numbers (§) refer to the defining article.

    >>> import charsim
    >>> round(charsim.score("ca", ["cat"]), 3)
    0.498
    >>> charsim.explain("ca", ["cat"]).recall
    Fraction(100, 201)

Every name below is imported from the layer that holds it on first use (PEP 562), as are the
public modules (``charsim.compare``, ``charsim.corpus``, ``charsim.significance``,
``charsim.agreement``): ``import charsim`` itself loads nothing more, so the ``charsim`` command
starts under its own Ctrl-C guard (:func:`charsim.cli.main`). Results (:class:`Explanation`,
:class:`~charsim.compare.Comparison`, :class:`~charsim.corpus.CorpusResult`,
:class:`PairedResult`, ``CharSimScore``, ...) show as HTML in a notebook: their renderers
(:mod:`charsim.render.html`) are loaded when the first is shown.
"""

import importlib as _importlib

from .metric import display as _display

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

_HOMES = {
    "metric.config": ("Config", "DEFAULT_MAX_ORDER", "DEFAULT_WEIGHTS", "WEIGHTS"),
    "metric.decision": ("Decision",),
    "metric.errors": ("UndefinedScoreError", "WorkerError"),
    "metric.explain": ("Explanation", "Match", "OrderDetail", "ReferenceDetail", "explain"),
    "metric.ngrams": ("NGram", "ngram_count"),
    "metric.preprocess": ("NORMALIZATION_FORMS", "Preprocessing", "fold_whitespace_quotes"),
    "metric.reference": ("ReferenceSet",),
    "metric.scores": ("score", "score_base", "score_max", "summarize"),
    "metric.signature": ("VARIANTS", "signature"),
    "metric.stats": ("ItemSummary",),
    "corpus.buckets": ("Bucket", "LengthBuckets", "length_buckets"),
    "corpus.coverage": ("coverage",),
    "significance.resample": ("Interval",),
    "significance.paired": (
        "PairedResult",
        "bootstrap_interval",
        "paired_bootstrap",
        "paired_randomization",
    ),
    "compat.sacrebleu_shape": ("CharSim",),
    "compat.score": ("CharSimScore", "CharSimSignature"),
    "version": ("__version__",),
}
"""The layer module that holds each public name (one public path per name: ``charsim.<name>``)."""
_HOME = {name: module for module, names in _HOMES.items() for name in names}

PUBLIC_MODULES = ("agreement", "compare", "corpus", "significance")
"""The public modules beside the package's own names: each is the one public path of its names
(its ``__all__``), loaded on first use as an attribute too (``charsim.compare.compare`` after
``import charsim``)."""


def __getattr__(name: str):
    """A public name (:data:`__all__`) or module (:data:`PUBLIC_MODULES`), or a layer package
    (``charsim.metric``), imported on first use and kept (the lazy names' machinery, PEP 562:
    not called directly).

    Raises:
        AttributeError: no such name.
    """
    if name in _HOME:
        value = getattr(_importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    elif name in PUBLIC_MODULES or name in _LAYERS:
        value = _importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


_LAYERS = ("metric", "io", "corpus", "significance", "compat", "compare", "agreement", "render")
"""The layer packages (``charsim.cli``, the command line, is not an attribute: it is imported
only by ``python -m charsim`` and the ``charsim`` command)."""


def __dir__() -> list[str]:
    """The package's names and modules (PEP 562), for ``dir(charsim)`` and completion in a
    notebook; not called directly."""
    return sorted({*globals(), *__all__, *PUBLIC_MODULES})


def _load_renderers() -> None:
    """Import the results' HTML renderers, which register themselves
    (:mod:`charsim.render.html`)."""
    _importlib.import_module(f"{__name__}.render.html")


_display.load_renderers = _load_renderers

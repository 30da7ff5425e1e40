"""Corpus scoring: many items scored in chunks, here or on any executor, with their mean and
signature (``rows``: :func:`score_rows`, :func:`score_systems`), a run of items as exact sums
(``parts``), the chunk loop (``chunks``), and the per-item views that corpus pages draw: means
per length bucket (``buckets``), per-character match coverage (``coverage``) and where charsim
and chrF or BLEU part ways on one item (``differences``). May import: :mod:`charsim.metric` and
:mod:`charsim.io`.

The names below are those of the flat layout's ``charsim.corpus``. They are imported on first
use: ``import charsim`` needs only ``buckets`` and ``coverage`` of this package, and so does not
load the chunked scoring (and ``concurrent.futures`` with it), in CPython or in the explorer's
Pyodide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .parts import CorpusResult
    from .rows import CHUNK_SIZE, common_nrefs, score_rows, score_systems

__all__ = ["CHUNK_SIZE", "CorpusResult", "common_nrefs", "score_rows", "score_systems"]


def __getattr__(name: str):
    """A name of :data:`__all__`, from the module that holds it, on first use (PEP 562)."""
    if name == "CorpusResult":
        from .parts import CorpusResult

        return CorpusResult
    if name in __all__:
        from . import rows

        return getattr(rows, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

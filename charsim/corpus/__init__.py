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
    """Not called directly: Python calls it for a name this package does not hold yet (PEP
    562). ``score_rows``, ``score_systems``, ``common_nrefs`` and ``CHUNK_SIZE`` (from
    :mod:`charsim.corpus.rows`) and ``CorpusResult`` (from :mod:`charsim.corpus.parts`) are
    imported the first time they are used, so that ``import charsim`` does not load the chunked
    scoring; each is documented below.

    Raises:
        AttributeError: ``name`` is none of them.
    """
    if name == "CorpusResult":
        from .parts import CorpusResult

        return CorpusResult
    if name in __all__:
        from . import rows

        return getattr(rows, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """Not called directly: what ``dir(charsim.corpus)`` and ``help`` list, the names imported
    on first use (:func:`__getattr__`) included."""
    return sorted({*globals(), *__all__})

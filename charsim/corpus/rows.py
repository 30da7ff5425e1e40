"""Scoring many items: per-item scores, their mean and the signature (sacreBLEU-style reporting).

The corpus score is the mean of the per-item scores of the chosen variant (exact, rounded once:
:mod:`charsim.corpus.parts`). Items are scored in chunks, in this process or on any
:class:`concurrent.futures.Executor` that the caller brings (:mod:`charsim.corpus.chunks`), with the
same results, in the same order, and the same errors.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor

from ..metric.config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS
from ..metric.signature import NREFS_VARIABLE
from ..metric.values import as_tuple, check_progress, counted, whole_number
from .chunks import run_chunks
from .parts import NO_ITEMS, CorpusResult, combine_parts, score_part

__all__ = ["CHUNK_SIZE", "CorpusResult", "common_nrefs", "score_rows", "score_systems"]

CHUNK_SIZE = 1000
"""Items per chunk by default (the command line's): enough work on TED sentence pairs that a
round trip to a process pool is a small share of it. Dask's round trip is slower, a few times the
pool's share; the README's Dask recipe sends 4,000 items a chunk. ``docs/benchmarks.md`` gives
the shares (``benchmarks/chunk_overhead.py``)."""


def score_rows(
    rows: Iterable[tuple[str | Sequence[str], Sequence[str]]],
    *,
    systems: int = 1,
    variant: str = "mean",
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
    executor: Executor | None = None,
    chunk_size: int = CHUNK_SIZE,
    in_flight: int | None = None,
    keep_scores: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[CorpusResult]:
    """Score a stream of items, in chunks, here or on ``executor``; the same results either way.

    Rows are read as chunks are sent, and at most ``in_flight`` chunks wait to be collected, so
    a long stream (e.g. :func:`charsim.io.filestream.aligned_files`) is never held whole; with
    ``keep_scores=False`` memory stays flat in the number of items.

    Args:
        rows: per item ``(candidate, references)``, as in :func:`score_part`.
        systems: as in :func:`score_part`; so are ``variant``, ``max_order``, ``weights``,
            ``normalize``, ``casefold``, ``fold_whitespace_quotes`` and ``keep_scores``.
        executor: a :class:`concurrent.futures.Executor` that runs the chunks (a
            ``ProcessPoolExecutor``, a Dask ``client.get_executor()``, ...); None scores them
            here, one after the other.
        chunk_size: items per chunk (:data:`CHUNK_SIZE`).
        in_flight: most chunks sent and not yet collected (default: two per core of this
            machine; for a cluster, give two per worker).
        progress: called with the number of chunks finished, after each.

    Returns:
        One :class:`CorpusResult` per system.

    Raises:
        TypeError, ValueError, UndefinedScoreError: the first bad item's error (see
            :func:`score_part`), or what reading ``rows`` raised if no earlier item was bad;
            invalid settings, ``systems``, ``chunk_size`` or ``in_flight``; an ``executor`` that
            is not one or a ``progress`` that cannot be called (TypeError).
        WorkerError: the executor could not score a chunk (names its items).
    """
    _check_count("chunk_size", chunk_size)
    _check_count("systems", systems)
    check_progress(progress)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            f"executor must be None or a concurrent.futures.Executor (what has "
            f"submit), got {type(executor).__name__}"
        )
    if in_flight is not None:
        _check_count("in_flight", in_flight)
    task = functools.partial(
        score_part,
        systems=systems,
        variant=variant,
        max_order=max_order,
        weights=weights,
        normalize=normalize,
        casefold=casefold,
        fold_whitespace_quotes=fold_whitespace_quotes,
        keep_scores=keep_scores,
    )
    empty = task([])  # checks the settings before any item is read or sent
    parts = run_chunks(
        task,
        rows,
        chunk_size=chunk_size,
        executor=executor,
        in_flight=in_flight,
        progress=progress,
    )
    return combine_parts(itertools.chain([empty], parts)).results()


def _check_count(name: str, value: object) -> None:
    try:
        value = whole_number(value, name)
    except TypeError:
        raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}") from None
    if value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")


def score_systems(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    variant: str = "mean",
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
    chunk_size: int = CHUNK_SIZE,
    in_flight: int | None = None,
) -> list[CorpusResult]:
    """Score each system's candidates against the per-item reference sets.

    Args:
        systems: ``S`` lists of candidates, each as long as ``references``.
        references: one reference set (``K >= 1`` texts) per item.
        variant: ``"mean"`` (charsim, §3.1), ``"base"`` (§2.4) or ``"max"`` (§3.3).
        max_order, weights, normalize, casefold, fold_whitespace_quotes: as in
            :func:`charsim.score`.
        progress, executor, chunk_size, in_flight: as in :func:`score_rows`.

    Returns:
        One :class:`CorpusResult` per system.

    Raises:
        TypeError: ``systems``, a system or ``references`` is not a sequence (see
            :func:`charsim.metric.values.is_sequence`; a system given as one ``str`` is refused, not
            split into letters).
        ValueError: no systems or no items (``no items: nothing to score ...``), a system's
            length differs from the number of reference sets, or an unknown variant; errors of
            items and of the executor as in :func:`score_rows`.
    """
    systems = [
        as_tuple(system, f"system {number} must be a sequence of str (a candidate per item)")
        for number, system in enumerate(
            as_tuple(systems, "systems must be a sequence of systems"), start=1
        )
    ]
    references = as_tuple(references, "references must be a sequence of reference sets")
    if not systems:  # no candidates: no items, as the command line says of an empty file
        raise ValueError(NO_ITEMS)
    for number, system in enumerate(systems, start=1):
        if len(system) != len(references):
            raise ValueError(
                f"system {number} has {counted(len(system), 'candidate')} for "
                f"{counted(len(references), 'item')}"
            )
    return score_rows(
        zip(zip(*systems, strict=True), references, strict=True) if len(systems) else (),
        systems=len(systems),
        variant=variant,
        max_order=max_order,
        weights=weights,
        normalize=normalize,
        casefold=casefold,
        fold_whitespace_quotes=fold_whitespace_quotes,
        executor=executor,
        chunk_size=chunk_size,
        in_flight=in_flight,
        progress=progress,
    )


def common_nrefs(references: Sequence[Sequence[str]]) -> int | str | None:
    """The number of references per item if every item has the same, ``"var"`` if they differ
    (sacreBLEU's ``nrefs:var``), None for no items.

    This is the ``nrefs`` field of a corpus signature (None omits it).

        >>> common_nrefs([("a",), ("b",)]), common_nrefs([("a",), ("b", "c")])
        (1, 'var')

    Raises:
        TypeError: ``references`` or a reference set is not a sequence (a single ``str`` was
            counted as that many reference sets of one letter each).
    """
    references = as_tuple(references, "references must be a sequence of reference sets")
    counts = {
        len(as_tuple(r, f"references[{i}] must be a sequence of str (a reference set)"))
        for i, r in enumerate(references)
    }
    if not counts:
        return None
    return counts.pop() if len(counts) == 1 else NREFS_VARIABLE

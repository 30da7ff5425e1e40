"""Scoring in chunks on any :class:`concurrent.futures.Executor`, results in input order.

The caller brings the executor (a ``ProcessPoolExecutor``, a Dask client's
``client.get_executor()``, ...); without one, chunks run in this process through the same loop,
so the serial path and every executor give the same results and the same errors. At most
``in_flight`` chunks are read ahead of the oldest one not yet collected: the rows of a long
stream are never all held.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from typing import TypeVar

from ..metric.errors import WorkerError

__all__ = ["Chunk", "InProcess", "chunked", "run_chunks"]

R = TypeVar("R")


class Chunk:
    """Consecutive rows, handed to a task as one opaque object: an executor that looks inside
    lists and tuples for objects of its own (Dask does, row by row, in the caller's process: see
    ``docs/benchmarks.md``) sends it without walking the rows.

    Attributes:
        rows: the rows, in order.
    """

    __slots__ = ("rows",)

    def __init__(self, rows: list) -> None:
        self.rows = rows

    def __iter__(self) -> Iterator:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


class InProcess(Executor):
    """An executor that runs each task in this process when it is submitted."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # collected as from any executor
            future.set_exception(error)
        return future


def chunked(rows: Iterable, size: int) -> Iterator[tuple[int, Chunk]]:
    """``(number of its first row, counted from 1, chunk)`` for consecutive chunks of ``size``.

    When reading the rows raises, the rows read before it come out first as a last (shorter)
    chunk, then the error: whatever the chunk size, an earlier row is dealt with first.
    """
    chunk: list = []
    first = 1
    try:
        for row in rows:
            chunk.append(row)
            if len(chunk) == size:
                yield first, Chunk(chunk)
                first, chunk = first + size, []
    except Exception:
        if chunk:
            yield first, Chunk(chunk)
        raise
    if chunk:
        yield first, Chunk(chunk)


def run_chunks(
    task: Callable[..., R],
    rows: Iterable,
    *,
    chunk_size: int,
    executor: Executor | None = None,
    in_flight: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[R]:
    """``task(chunk, first_item=k)`` for consecutive chunks of ``rows``, results in order.

    Args:
        task: a picklable function of a :class:`Chunk` and the number of its first row.
        rows: the rows, read as chunks are submitted.
        chunk_size: rows per chunk.
        executor: where chunks run; None runs them here, one at a time.
        in_flight: most chunks submitted and not yet collected (default: with an executor, two
            per core of this machine; give two per worker for a cluster).
        progress: called with the number of chunks finished so far, after each.

    Raises:
        TypeError, ValueError: what ``task`` raised for the first bad row (the same whatever
            the executor), or what reading ``rows`` raised, if no earlier row was bad.
        WorkerError: the executor failed to run a chunk (a worker died, ...); names its rows.
    """
    if executor is None:
        executor, in_flight = InProcess(), 1
    elif in_flight is None:
        in_flight = 2 * (os.cpu_count() or 1)
    pending: deque[tuple[int, int, Future]] = deque()
    finished = 0

    def collect(keep: int) -> Iterator[R]:
        nonlocal finished
        while len(pending) > keep:
            yield _result(*pending.popleft())
            finished += 1
            if progress is not None:
                progress(finished)

    chunks, failure = chunked(rows, chunk_size), None
    try:
        while True:
            try:
                first, chunk = next(chunks)
            except StopIteration:
                break
            except Exception as error:  # reading failed: the chunks before it are collected first
                failure = error
                break
            pending.append((first, len(chunk), executor.submit(task, chunk, first_item=first)))
            yield from collect(in_flight - 1)
        yield from collect(0)
    finally:
        for *_, future in pending:
            future.cancel()
    if failure is not None:
        raise failure


def _result(first: int, count: int, future: Future):
    try:
        return future.result()
    except (TypeError, ValueError):  # a bad row: the task's own error
        raise
    except Exception as error:
        rows = f"item {first:,}" if count == 1 else f"items {first:,}–{first + count - 1:,}"
        cause = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        raise WorkerError(f"{rows} could not be scored: {cause}") from error

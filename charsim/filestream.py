"""Evaluation files read line by line while they are scored: memory stays flat in their length.

The formats and the error messages are those of :mod:`charsim.textio` (which reads whole bytes,
as the explorer gets them); ``"-"`` reads stdin. Every file other than stdin is read once before
scoring, to count its lines and check its UTF-8, so a line count that differs or a bad byte
stops the run before any work, as when the files are read whole.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from .textio import DataError, check_line_counts, decode_line, jsonl_items

__all__ = ["STDIN", "ItemStream", "aligned_files", "file_lines", "jsonl_file", "source_name"]

STDIN = "-"
"""The path that stands for standard input."""

Row = tuple[tuple[str, ...], tuple[str, ...]]
"""One item: one candidate per system, and the reference set."""


@dataclass(frozen=True)
class ItemStream:
    """Items read from files as they are needed, for :func:`charsim.corpus.score_rows`.

    Attributes:
        names: the system names (the candidate files; ``"<stdin>"`` for stdin).
        count: the number of items, or None when it is not known before reading (stdin).
        rows: per item ``(one candidate per system, the reference set)``; reading them raises
            :class:`~charsim.textio.DataError` at a bad line.
    """

    names: tuple[str, ...]
    count: int | None
    rows: Iterator[Row]


def source_name(path: str | os.PathLike) -> str:
    """How a file is named in messages: its path, or ``"<stdin>"`` for ``"-"``."""
    return "<stdin>" if path == STDIN else os.fspath(path)


def file_lines(path: str | os.PathLike) -> Iterator[str]:
    """The lines of a UTF-8 file (``"-"``: stdin), one at a time, as
    :func:`~charsim.textio.decode_lines` splits them: a byte-order mark and ``\\r`` before
    ``\\n`` are dropped, and a final line break does not start another line.

    Raises:
        DataError: the file cannot be opened, or a line is not valid UTF-8 (names the line and
            the byte).
    """
    name = source_name(path)
    if path == STDIN:
        yield from _lines(sys.stdin.buffer, name)
        return
    try:
        stream = open(path, "rb")
    except OSError as error:
        raise DataError(name, None, f"cannot be read ({error.strerror})") from None
    with stream:
        yield from _lines(stream, name)


def _lines(stream: BinaryIO, source: str) -> Iterator[str]:
    for number, data in enumerate(stream, start=1):
        text = decode_line(data, source, number)
        if number == 1:
            text = text.removeprefix("\ufeff")
            if not text:  # the file holds a byte-order mark only
                return
        yield text.removesuffix("\n").removesuffix("\r")


def aligned_files(systems: Sequence[str], references: Sequence[str]) -> ItemStream:
    """Line ``i`` of every system file with line ``i`` of every reference file, streamed.

    Checks first, without holding them, that every file is UTF-8 and has as many lines as the
    first reference file (stdin is checked at its end instead, being read once).

    Args:
        systems: the candidate files, one per system (at least one).
        references: the reference files (line ``i`` of each is a reference for item ``i``).

    Raises:
        DataError: no reference file, a file that cannot be read, a line that is not UTF-8, or
            a line count that differs (the messages of :func:`~charsim.textio.aligned_lines`).
    """
    if not references:
        raise DataError(source_name(systems[0]), None, "no reference file given")
    counts = {path: None if path == STDIN else _count(file_lines(path)) for path in references}
    counts |= {path: None if path == STDIN else _count(file_lines(path)) for path in systems}
    if None not in counts.values():
        check_line_counts(
            [(source_name(p), counts[p]) for p in systems],
            [(source_name(p), counts[p]) for p in references],
        )
    known = [count for count in counts.values() if count is not None]
    rows = aligned_rows(
        [(source_name(p), file_lines(p)) for p in systems],
        [(source_name(p), file_lines(p)) for p in references],
    )
    return ItemStream(tuple(map(source_name, systems)), known[0] if known else None, rows)


def aligned_rows(
    systems: Sequence[tuple[str, Iterable[str]]], references: Sequence[tuple[str, Iterable[str]]]
) -> Iterator[Row]:
    """Rows of line-aligned streams; one that ends before the others raises, once all are read,
    the error of :func:`~charsim.textio.check_line_counts`.

    Args:
        systems: ``(file name, lines)`` per system.
        references: ``(file name, lines)`` per reference file (at least one).
    """
    k, ended = len(references), object()
    named = (*references, *systems)
    streams = itertools.zip_longest(*(lines for _, lines in named), fillvalue=ended)
    for done, lines in enumerate(streams):
        if any(line is ended for line in lines):  # count every file to the end, then say which
            counts = [done] * len(named)
            for more in itertools.chain([lines], streams):
                counts = [n + (line is not ended) for n, line in zip(counts, more, strict=True)]
            pairs = [(name, n) for (name, _), n in zip(named, counts, strict=True)]
            check_line_counts(pairs[k:], pairs[:k])  # raises: the counts differ
        yield tuple(lines[k:]), tuple(lines[:k])


def jsonl_file(path: str | os.PathLike) -> ItemStream:
    """The items of a JSON Lines file (``"-"``: stdin), streamed; see
    :func:`~charsim.textio.jsonl_items` (blank lines are skipped).

    Raises:
        DataError: the file cannot be read or is not UTF-8 (before any item is read), or a line
            is malformed (when it is read; the message names the line).
    """
    name = source_name(path)
    count = None if path == STDIN else _count(line for line in file_lines(path) if line.strip())
    items = jsonl_items(file_lines(path), name)
    return ItemStream((name,), count, (((item.candidate,), item.references) for item in items))


def _count(lines: Iterable[str]) -> int:
    return sum(1 for _ in lines)

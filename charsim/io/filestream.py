"""Evaluation files read line by line while they are scored: memory stays flat in their length.

The formats and the error messages are those of :mod:`charsim.io.textio` (which reads whole bytes,
as the explorer gets them); ``"-"`` reads stdin. Every regular file is read once before scoring,
to count its lines and check its UTF-8, so a line count that differs or a bad byte stops the run
before any work, as when the files are read whole. What can be read only once (stdin, a pipe, a
FIFO, process substitution ``<(...)``, ``/dev/stdin``) is not read ahead: it is checked at its
end instead; one named more than once is read into memory once and each name reads that copy,
except stdin as ``"-"``, which is refused when named twice (as ``-i - -``).
"""

from __future__ import annotations

import io
import itertools
import os
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from ..metric.values import as_tuple
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
            :class:`~charsim.io.textio.DataError` at a bad line.
    """

    names: tuple[str, ...]
    count: int | None
    rows: Iterator[Row]


def source_name(path: str | os.PathLike) -> str:
    """How a file is named in messages and output: its path, or ``"<stdin>"`` for ``"-"``; a
    control character in the path (a tab, a line break: a file can be named with one) is written
    as its escape, ``\\t``, ``\\n``, ``\\r`` or ``\\xNN``, so that a message stays one line
    and a table keeps its columns."""
    if path == STDIN:
        return "<stdin>"
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    return name.translate(_CONTROL_ESCAPES)


_CONTROL_ESCAPES = {
    code: {"\t": "\\t", "\n": "\\n", "\r": "\\r"}.get(chr(code), f"\\x{code:02x}")
    for code in (*range(32), *range(127, 160))
}


def file_lines(path: str | os.PathLike) -> Iterator[str]:
    """The lines of a UTF-8 file (``"-"``: stdin), one at a time, as
    :func:`~charsim.io.textio.decode_lines` splits them: a byte-order mark and ``\\r`` before
    ``\\n`` are dropped (a lone ``\\r``, even at the end, is a character of its line), and a
    final line break does not start another line.

    Raises:
        DataError: the file cannot be opened or read, or a line is not valid UTF-8 (names the
            line and the byte).
    """
    name = source_name(path)
    if path == STDIN:
        yield from _lines(_stdin(), name)
        return
    try:
        stream = open(path, "rb")
    except OSError as error:
        raise DataError(name, None, f"cannot be read ({error.strerror})") from None
    with stream:
        yield from _lines(stream, name)


def _stdin() -> BinaryIO:
    """Standard input's bytes.

    Raises:
        DataError: stdin is closed (``<&-``).
    """
    if sys.stdin is None:
        raise DataError(source_name(STDIN), None, "cannot be read (standard input is closed)")
    return sys.stdin.buffer


def _lines(stream: BinaryIO, source: str) -> Iterator[str]:
    numbered = enumerate(stream, start=1)
    while True:
        try:
            number, data = next(numbered)
        except StopIteration:
            return
        except OSError as error:  # a read that fails midway (an I/O error, a vanished mount)
            raise DataError(source, None, f"cannot be read ({error.strerror})") from None
        text = decode_line(data, source, number)
        if number == 1:
            text = text.removeprefix("\ufeff")
            if not text:  # the file holds a byte-order mark only
                return
        yield text[:-1].removesuffix("\r") if text.endswith("\n") else text


def aligned_files(systems: Sequence[str], references: Sequence[str]) -> ItemStream:
    """Line ``i`` of every system file with line ``i`` of every reference file, streamed.

    Checks first, without holding them, that every regular file is UTF-8 and has as many lines
    as the first reference file (what can be read only once, such as stdin or a pipe, is checked
    at its end instead; see the module's docstring).

    Args:
        systems: the candidate files, one per system (at least one).
        references: the reference files (line ``i`` of each is a reference for item ``i``).

    Raises:
        TypeError: ``systems`` or ``references`` is not a sequence of file names (one ``str``
            names one file: ``["ref.txt"]``, not ``"ref.txt"``, which is 7 files), or a name
            that is neither a ``str`` nor a path.
        DataError: no system file or no reference file, a file that cannot be read, stdin
            named twice, a line that is not UTF-8, or a line count that differs (the messages
            of :func:`~charsim.io.textio.aligned_lines`).
    """
    systems, references = _file_names(systems, "systems"), _file_names(references, "references")
    if not systems:
        where = source_name(references[0]) if references else "aligned_files"
        raise DataError(where, None, "no system file given: there is nothing to score")
    if not references:
        raise DataError(source_name(systems[0]), None, "no reference file given")
    sources = _Sources([*references, *systems])
    counts = {path: sources.count(path) for path in (*references, *systems)}
    if None not in counts.values():
        check_line_counts(
            [(source_name(p), counts[p]) for p in systems],
            [(source_name(p), counts[p]) for p in references],
        )
    known = [count for count in counts.values() if count is not None]
    rows = aligned_rows(
        [(source_name(p), sources.lines(p)) for p in systems],
        [(source_name(p), sources.lines(p)) for p in references],
    )
    return ItemStream(tuple(map(source_name, systems)), known[0] if known else None, rows)


def _file_names(value: object, name: str) -> tuple[str | os.PathLike, ...]:
    """``value``, a sequence of file names, as a tuple (checked)."""
    if isinstance(value, (str, os.PathLike)):
        raise TypeError(
            f"{name} must be a sequence of file names, got one "
            f"{type(value).__name__}; wrap it in a list: [{str(value)!r}]"
        )
    names = as_tuple(value, f"{name} must be a sequence of file names")
    for index, path in enumerate(names):
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(
                f"{name}[{index}] must be a file name (a str or a path), got {type(path).__name__}"
            )
    return names


class _Sources:
    """The files of one run, each read as it can be: a regular file as often as needed, one that
    can be read only once (stdin, a pipe, a FIFO) once, held in memory if it is named twice.

    Raises:
        DataError: a file that cannot be read, or stdin (``"-"``, or a path that is the same
            pipe) named twice.
    """

    def __init__(self, paths: Sequence[str | os.PathLike]) -> None:
        self._once: dict[str | os.PathLike, object] = {}  # path -> its identity
        for path in paths:
            identity = _read_once(path)
            if identity is not None:
                self._once[path] = identity
        named: dict[object, list] = {}
        for path in paths:
            if path in self._once:
                named.setdefault(self._once[path], []).append(path)
        self._held: dict[object, bytes] = {}
        for identity, names in named.items():
            if len(names) < 2:
                continue
            if STDIN in names:
                raise DataError(source_name(STDIN), None, _twice(names))
            self._held[identity] = _read_bytes(names[0])

    def count(self, path: str | os.PathLike) -> int | None:
        """The number of lines, or None for a file read once and not held (known at its end)."""
        if path not in self._once:
            return _count(file_lines(path))
        if self._once[path] in self._held:
            return _count(self.lines(path))
        return None

    def lines(self, path: str | os.PathLike) -> Iterator[str]:
        """The lines of ``path`` (see :func:`file_lines`)."""
        held = self._held.get(self._once.get(path))
        if held is None:
            return file_lines(path)
        return _lines(io.BytesIO(held), source_name(path))


def _twice(names: list) -> str:
    """Why stdin cannot be read under all of ``names`` (``"-"`` among them)."""
    others = sorted({os.fspath(name) for name in names if name != STDIN})
    if not others:
        return (
            f"'-' is named {len(names)} times, but stdin can be read only once: give the "
            "other systems as files"
        )
    return (
        f"'-' and {', '.join(others)} are the same pipe, but stdin can be read only once: "
        "give one of them as a file"
    )


def _read_once(path: str | os.PathLike) -> object | None:
    """The identity (device, inode) of a file that can be read only once, or None for a regular
    file (or one that cannot be found: opening it gives the error)."""
    try:
        status = os.fstat(sys.stdin.fileno()) if path == STDIN else os.stat(path)
    except (OSError, ValueError, AttributeError):  # no such file; stdin closed or replaced
        return ("stdin",) if path == STDIN else None
    regular = stat.S_ISREG(status.st_mode) or stat.S_ISDIR(status.st_mode)  # (a folder: refused)
    if regular and path != STDIN:
        return None
    return status.st_dev, status.st_ino


def _read_bytes(path: str | os.PathLike) -> bytes:
    """The whole content of ``path`` (``"-"``: stdin).

    Raises:
        DataError: it cannot be read.
    """
    name = source_name(path)
    try:
        if path == STDIN:
            return _stdin().read()
        with open(path, "rb") as stream:
            return stream.read()
    except OSError as error:
        raise DataError(name, None, f"cannot be read ({error.strerror})") from None


def aligned_rows(
    systems: Sequence[tuple[str, Iterable[str]]],
    references: Sequence[tuple[str, Iterable[str]]],
    reference_kind: str = "reference file",
) -> Iterator[Row]:
    """Rows of line-aligned streams; one that ends before the others raises, once all are read,
    the error of :func:`~charsim.io.textio.check_line_counts`.

    Args:
        systems: ``(file name, lines)`` per system.
        references: ``(file name, lines)`` per reference file (at least one).
        reference_kind: what a reference source is called in that error (``"reference
            file"``; ``"reference stream"`` for lists in memory, :class:`charsim.CharSim`).
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
            check_line_counts(pairs[k:], pairs[:k], reference_kind)  # raises: counts differ
        yield tuple(lines[k:]), tuple(lines[:k])


def jsonl_file(path: str | os.PathLike) -> ItemStream:
    """The items of a JSON Lines file (``"-"``: stdin), streamed; see
    :func:`~charsim.io.textio.jsonl_items` (blank lines are skipped).

    Raises:
        DataError: the file cannot be read or is not UTF-8 (before any item is read), or a line
            is malformed (when it is read; the message names the line).
    """
    name = source_name(path)
    once = _read_once(path) is not None  # stdin, a pipe: not read ahead
    count = None if once else _count(line for line in file_lines(path) if line.strip())
    items = jsonl_items(file_lines(path), name)
    return ItemStream((name,), count, (((item.candidate,), item.references) for item in items))


def _count(lines: Iterable[str]) -> int:
    return sum(1 for _ in lines)

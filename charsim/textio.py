"""Reading evaluation data: line-aligned text files and JSON Lines, with errors that say where.

Formats (the same for the command line and the explorer's batch mode):

* line files: one candidate file (or several systems) and one or more reference files; line ``i``
  of every reference file is a reference for candidate line ``i``. An empty reference line is an
  empty reference. A final line break does not start another item.
* JSON Lines: one object per line, ``{"candidate": str, "references": [str, ...]}``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

__all__ = ["DataError", "Item", "aligned_lines", "counted", "decode_lines", "items_from_jsonl"]


class DataError(ValueError):
    """Input data that cannot be scored; the message names the file and, where known, the line.

    Attributes:
        source: the file name (or ``"<stdin>"``).
        line: the 1-based line number, or None when the whole file is at fault.
    """

    def __init__(self, source: str, line: int | None, message: str) -> None:
        where = f"{source}, line {line:,}" if line is not None else source
        super().__init__(f"{where}: {message}")
        self.source, self.line = source, line


@dataclass(frozen=True)
class Item:
    """One candidate with its reference set (a multiset of ``K >= 1`` texts)."""

    candidate: str
    references: tuple[str, ...]


def decode_lines(data: bytes, source: str) -> list[str]:
    """Split UTF-8 ``data`` into lines at ``\\n`` (a ``\\r`` before it is dropped).

    A final line break ends the last line; it does not start an empty one.

    Raises:
        DataError: the bytes are not valid UTF-8 (names the line and column).
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise DataError(
            source, line, f"not valid UTF-8 (byte 0x{data[error.start]:02x} at byte {column})"
        ) from None
    text = text.removeprefix("\ufeff")
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless the number is 1: ``"1 line"``, ``"2,445 lines"``."""
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


def aligned_lines(
    systems: list[tuple[str, list[str]]], references: list[tuple[str, list[str]]]
) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Pair the lines of one or more system files with the same line of every reference file.

    The reference files set the number of items: every other reference file, then every system
    file, must have as many lines as the first reference file.

    Args:
        systems: ``(file name, candidate lines)`` per system (at least one).
        references: ``(file name, lines)`` per reference file.

    Returns:
        ``(candidates per system, reference set per item)``.

    Raises:
        DataError: no reference file, or a file whose line count differs (the message names that
            file, its line count and the count it should have).
    """
    if not references:
        raise DataError(systems[0][0], None, "no reference file given")
    first, expected = references[0][0], len(references[0][1])
    for source, lines in references[1:]:
        if len(lines) != expected:
            raise DataError(
                source,
                None,
                f"has {counted(len(lines), 'line')} but the reference file {first} has "
                f"{expected:,}; line counts must match",
            )
    for source, lines in systems:
        if len(lines) != expected:
            raise DataError(
                source,
                None,
                f"has {counted(len(lines), 'line')} but the references ({first}) have "
                f"{expected:,}; line counts must match",
            )
    reference_sets = [tuple(lines[i] for _, lines in references) for i in range(expected)]
    return [tuple(lines) for _, lines in systems], reference_sets


def items_from_jsonl(lines: list[str], source: str) -> list[Item]:
    """Read JSON Lines items; blank lines are skipped.

    Raises:
        DataError: malformed JSON, a missing or mistyped field, or an empty reference set
            (K = 0, for which charsim is undefined); the message names the line.
    """
    items = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if _nesting(line) > MAX_NESTING:
            raise DataError(source, number, f"malformed JSON (nested deeper than {MAX_NESTING})")
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as error:  # JSONDecodeError, huge integers, depth
            detail = getattr(error, "msg", None) or str(error) or "nested too deeply"
            column = getattr(error, "colno", None)
            raise DataError(
                source,
                number,
                f"malformed JSON ({detail}" + (f", column {column})" if column else ")"),
            ) from None
        items.append(_item(record, source, number))
    return items


MAX_NESTING = 100
"""Deepest JSON nesting read; deeper input is refused before parsing (in the browser a deep
parse overflows the JavaScript stack instead of raising RecursionError)."""


def _nesting(line: str) -> int:
    """The deepest ``[``/``{`` nesting of a JSON line, outside strings (cheap when shallow)."""
    if line.count("[") + line.count("{") <= MAX_NESTING:
        return 0
    depth = deepest = 0
    in_string = escaped = False
    for char in line:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _item(record: object, source: str, number: int) -> Item:
    if not isinstance(record, dict):
        raise DataError(
            source, number, 'expected an object {"candidate": ..., "references": [...]}'
        )
    candidate, references = record.get("candidate"), record.get("references")
    if not isinstance(candidate, str):
        raise DataError(source, number, '"candidate" must be a string')
    if not isinstance(references, list) or not all(isinstance(r, str) for r in references):
        raise DataError(source, number, '"references" must be a list of strings')
    if not references:
        raise DataError(
            source, number, "the reference set is empty (K = 0): charsim is undefined for it"
        )
    return Item(candidate, tuple(references))

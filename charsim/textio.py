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

__all__ = ["DataError", "Item", "decode_lines", "items_from_jsonl", "items_from_lines"]


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


def items_from_lines(
    candidates: list[str], candidate_source: str, references: list[tuple[str, list[str]]]
) -> list[Item]:
    """Pair candidate lines with the same line of every reference file.

    Args:
        candidates: candidate lines.
        candidate_source: their file name, for messages.
        references: ``(file name, lines)`` per reference file.

    Raises:
        DataError: no reference file, or a reference file whose line count differs.
    """
    if not references:
        raise DataError(candidate_source, None, "no reference file given")
    for source, lines in references:
        if len(lines) != len(candidates):
            raise DataError(
                source,
                None,
                f"has {len(lines):,} lines but the candidates ({candidate_source}) have "
                f"{len(candidates):,}; line counts must match",
            )
    return [
        Item(candidate, tuple(lines[i] for _, lines in references))
        for i, candidate in enumerate(candidates)
    ]


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

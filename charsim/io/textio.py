"""Reading evaluation data: line-aligned text files and JSON Lines, with errors that say where.

Formats (the same for the command line and the explorer's batch mode):

* line files: one candidate file (or several systems) and one or more reference files; line ``i``
  of every reference file is a reference for candidate line ``i``. An empty reference line is an
  empty reference. A final line break does not start another item.
* JSON Lines: one object per line, ``{"candidate": str, "references": [str, ...]}``.
"""

from __future__ import annotations

import codecs
import json
import shlex
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..metric.values import counted

__all__ = [
    "DataError",
    "Item",
    "aligned_lines",
    "check_line_counts",
    "decode_line",
    "decode_lines",
    "MAX_NESTING",
    "items_from_jsonl",
    "json_nesting",
    "jsonl_items",
    "unique_keys",
]


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
    """Split UTF-8 ``data`` into lines at ``\\n`` (a ``\\r`` before it is dropped; a lone ``\\r``,
    even at the end, is a character of its line).

    A final line break ends the last line; it does not start an empty one.

    Raises:
        DataError: the bytes are not valid UTF-8 (names the line and column; a file that starts
            with the byte-order mark of UTF-16 or UTF-32 is named so, with the ``iconv`` command
            that converts it), or they hold a NUL character (U+0000, in no text to score: a file
            in UTF-16 or UTF-32 without a byte-order mark reads as valid UTF-8 with a NUL
            beside each letter of the Latin script; the likely encoding is named, with the
            ``iconv`` command).
    """
    text = decode_line(data, source, 1).removeprefix("\ufeff")
    if not text:
        return []
    *ended, last = text.split("\n")  # last: what follows the final line break
    return [line.removesuffix("\r") for line in ended] + ([last] if last else [])


def decode_line(data: bytes, source: str, line: int) -> str:
    """Decode the UTF-8 bytes of line ``line`` of ``source`` (line break included, if any).

    Raises:
        DataError: the bytes are not valid UTF-8 or hold a NUL character (names the line and
            the byte, as :func:`decode_lines` does).
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _not_utf8(data, error.start, source, line) from None
    if "\x00" in text:
        raise _nul(data, source, line)
    return text


_BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "UTF-32", "little-endian"),
    (codecs.BOM_UTF32_BE, "UTF-32", "big-endian"),
    (codecs.BOM_UTF16_LE, "UTF-16", "little-endian"),
    (codecs.BOM_UTF16_BE, "UTF-16", "big-endian"),
)
"""The byte-order marks that name an encoding other than UTF-8 (UTF-32's first: UTF-32LE's
starts with UTF-16LE's), with the encoding's name as ``iconv -f`` takes it (which reads the mark
for the byte order)."""


def _not_utf8(data: bytes, start: int, source: str, first_line: int) -> DataError:
    """The error for the invalid byte ``data[start]``; ``data`` starts at line ``first_line``
    (line 1: the file's start, where a byte-order mark of UTF-16 or UTF-32 names the file's
    encoding and the error says how to convert it)."""
    for mark, encoding, order in _BYTE_ORDER_MARKS if first_line == 1 else ():
        if data.startswith(mark):
            found = f"is {encoding} ({order}, by its byte-order mark), not UTF-8"
            return DataError(source, None, f"{found}: {_conversion(encoding, source)}")
    line, column = _position(data, start, first_line)
    found = f"not valid UTF-8 (byte 0x{data[start]:02x} at byte {column})"
    return DataError(source, line, found + _unmarked(data, source, first_line))


def _nul(data: bytes, source: str, first_line: int) -> DataError:
    """The error for the first NUL byte of ``data`` (valid UTF-8 otherwise), which starts at line
    ``first_line``."""
    line, column = _position(data, data.index(b"\x00"), first_line)
    found = f"holds a NUL character (byte 0x00 at byte {column}), which no text to score holds"
    return DataError(source, line, found + _unmarked(data, source, first_line))


def _unmarked(data: bytes, source: str, first_line: int) -> str:
    """At a file's start (``first_line`` 1), the encoding without a byte-order mark that its
    first bytes look like, with how to convert it (``": UTF-16LE without ...? convert it
    with ..."``); else ``""``. The bytes of the first two characters of the Latin script (or
    one in UTF-32, :data:`_UNMARKED`) name it: ``ab`` is ``61 00 62 00`` in UTF-16LE,
    ``00 61 00 62`` in UTF-16BE, and ``a`` is ``61 00 00 00`` in UTF-32LE, ``00 00 00 61`` in
    UTF-32BE."""
    zeros = tuple(byte == 0 for byte in data[:4]) if first_line == 1 else ()
    for pattern, encoding in _UNMARKED:
        if zeros == tuple(byte == 0 for byte in pattern):
            return f": {encoding} without a byte-order mark? {_conversion(encoding, source)}"
    return ""


_UNMARKED = (
    (b"a\0\0\0", "UTF-32LE"),
    (b"\0\0\0a", "UTF-32BE"),
    (b"aa\0\0", "UTF-32LE"),
    (b"\0\0aa", "UTF-32BE"),
    (b"a\0a\0", "UTF-16LE"),
    (b"\0a\0a", "UTF-16BE"),
)
"""Each encoding's first four bytes (``a``: a byte not 0) as :func:`_unmarked` looks for them:
a first character of the Latin script, or in UTF-32 of any script of the Basic Multilingual
Plane (``日`` is ``e5 65 00 00`` in UTF-32LE)."""


def _position(data: bytes, start: int, first_line: int) -> tuple[int, int]:
    """The line and the 1-based byte in it of ``data[start]``; ``data`` starts at ``first_line``."""
    line = first_line + data.count(b"\n", 0, start)
    return line, start - (data.rfind(b"\n", 0, start) + 1) + 1


def _conversion(encoding: str, source: str) -> str:
    """How to make a UTF-8 copy of ``source``, in ``encoding`` as ``iconv -f`` names it."""
    command = f"iconv -f {encoding} -t UTF-8"
    if source == "<stdin>":
        return f"pipe it through {command}"
    return f"convert it with {command} {shlex.quote(source)} > {shlex.quote(_utf8_name(source))}"


def _utf8_name(source: str) -> str:
    """A name for the UTF-8 copy of ``source``: ``ted.txt`` -> ``ted.utf8.txt``."""
    stem, dot, suffix = source.rpartition(".")
    return f"{stem}.utf8.{suffix}" if dot and stem and "/" not in suffix else f"{source}.utf8"


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
    check_line_counts(
        [(source, len(lines)) for source, lines in systems],
        [(source, len(lines)) for source, lines in references],
    )
    reference_sets = list(zip(*(lines for _, lines in references), strict=True))
    return [tuple(lines) for _, lines in systems], reference_sets


def check_line_counts(
    systems: Sequence[tuple[str, int]],
    references: Sequence[tuple[str, int]],
    reference_kind: str = "reference file",
) -> None:
    """Check that every file has as many lines as the first reference file.

    Args:
        systems: ``(file name, number of lines)`` per system file.
        references: ``(file name, number of lines)`` per reference file (at least one).
        reference_kind: what a reference source is called in the message: ``"reference
            file"``, or ``"reference stream"`` for sacreBLEU's in-memory layout
            (:class:`charsim.CharSim`).

    Raises:
        DataError: the first file, reference files first, whose count differs (the message
            names it, its line count and the count it should have).
    """
    first, expected = references[0]
    for source, count in references[1:]:
        if count != expected:
            raise DataError(
                source,
                None,
                f"has {counted(count, 'line')} but the {reference_kind} {first} has "
                f"{expected:,}; line counts must match",
            )
    for source, count in systems:
        if count != expected:
            raise DataError(
                source,
                None,
                f"has {counted(count, 'line')} but the references ({first}) have "
                f"{expected:,}; line counts must match",
            )


def items_from_jsonl(lines: list[str], source: str) -> list[Item]:
    """Read JSON Lines items; blank lines are skipped (errors as in :func:`jsonl_items`)."""
    return list(jsonl_items(lines, source))


def jsonl_items(lines: Iterable[str], source: str) -> Iterator[Item]:
    """The JSON Lines items of ``lines``, one at a time; blank lines are skipped.

    Raises:
        DataError: text that is not valid JSON, a missing or mistyped field, or an empty
            reference set (K = 0, for which charsim is undefined); the message names the line.
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if json_nesting(line) > MAX_NESTING:
            raise DataError(source, number, f"not valid JSON (nested deeper than {MAX_NESTING})")
        try:
            record = json.loads(line, object_pairs_hook=unique_keys)
        except (ValueError, RecursionError) as error:  # JSONDecodeError, huge integers, depth
            raise DataError(source, number, not_valid_json(error)) from None
        yield _item(record, source, number)


def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """``object_pairs_hook`` of ``json.loads`` for a user's records: the object, or ValueError
    ``duplicate key "k"`` if a name occurs twice in it (``json.loads`` alone keeps the last
    value, so ``{"candidate": "a", "candidate": "b"}`` would be scored as ``"b"``; RFC 8259
    §4 leaves such an object's meaning open)."""
    record = dict(pairs)
    if len(record) < len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise ValueError(f"duplicate key {json.dumps(twice)}")
    return record


def as_json(value: object, limit: int = 40) -> str:
    """``value`` read from JSON written back as JSON for a message (numbers read as Fractions
    as decimals), cut to ``limit`` characters (code points): ``[0.5]``, ``"0.5"``, ``true``."""
    text = json.dumps(value, default=float, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def not_valid_json(error: ValueError | RecursionError) -> str:
    """What is wrong with a line ``json.loads`` refused, for a :class:`DataError`:
    ``not valid JSON (Expecting ',' delimiter, column 39)``; the column counts characters
    (code points) from 1 on the line of the error."""
    detail = getattr(error, "msg", None) or str(error) or "nested too deeply"
    column = getattr(error, "colno", None)
    return f"not valid JSON ({detail}" + (f", column {column})" if column else ")")


MAX_NESTING = 100
"""Deepest JSON nesting read; deeper input is refused before parsing (in the browser a deep
parse overflows the JavaScript stack instead of raising RecursionError)."""


def json_nesting(line: str) -> int:
    """The deepest ``[``/``{`` nesting of a JSON text, outside strings; 0 when the text holds
    at most :data:`MAX_NESTING` brackets in all (cheap when shallow). Check it before
    ``json.loads`` of text a user gave: in Pyodide a deep parse overflows the JavaScript stack
    (the page's Python dies) before Python's RecursionError is raised."""
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
    for key in ("candidate", "references"):
        if key not in record:
            one = (
                '; "reference" is not read: "references" is a list, even of one'
                if "reference" in record
                else ""
            )
            raise DataError(
                source,
                number,
                f'the key "{key}" is missing (an item is '
                f'{{"candidate": ..., "references": [...]}}{one})',
            )
    candidate, references = record["candidate"], record["references"]
    if not isinstance(candidate, str):
        raise DataError(source, number, '"candidate" must be a string')
    if not isinstance(references, list) or not all(isinstance(r, str) for r in references):
        raise DataError(source, number, '"references" must be a list of strings')
    if not references:
        raise DataError(
            source, number, "the reference set is empty (K = 0): charsim is undefined for it"
        )
    return Item(candidate, tuple(references))

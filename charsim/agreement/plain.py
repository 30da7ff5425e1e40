"""Human scores in a plain layout, for judgments that come in no layout of their own (DA, ESA,
MQM already scored): one segment per line, as JSON Lines or TSV.

JSON Lines (a file whose name ends in ``.jsonl``, or whose first line is a JSON object)::

    {"system": "A", "item": "1", "candidate": "...", "references": ["..."], "human": 0.8}

``"reference": "..."`` may stand for a single reference; ``item`` may be a string or a whole
number; ``human`` is a number (higher is better: give MQM as minus its error points) or null.
TSV (any other name): a header row naming ``system``, ``item``, ``candidate``, ``human`` and
one or more ``reference...`` columns (``reference``, ``reference2``, ...; an empty cell is no
reference), then one row per segment, with no quoting; an empty ``human`` is none.

Numbers are read exactly, as decimals (``0.1`` is 1/10). A segment whose human score is null
or empty is left out and counted (:attr:`Judgments.skipped`); anything malformed is refused
with its file and line: a missing field, an empty system or item, or one with white space at
an end (``"A "`` would be another system than ``"A"``), a human score that is not a finite
number (or is above :data:`MAX_HUMAN_SCORE` in magnitude), a segment given twice, an item
whose references differ from one line to another, no references, both ``"reference"`` and
``"references"`` in one record.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from fractions import Fraction

from ..io.filestream import file_lines, source_name
from ..io.textio import (
    MAX_NESTING,
    DataError,
    as_json,
    json_nesting,
    not_valid_json,
    unique_keys,
)
from ..metric.values import counted
from .judgments import Judgments, Skipped

__all__ = ["read_plain", "tsv_rows"]

_TSV_COLUMNS = ("system", "item", "candidate", "human")

MAX_HUMAN_SCORE = 10**100
"""The largest magnitude of a human score read: the correlations (Pearson's r) sum squares of
scores as floats, which overflow near 10^308 and lose the result long before."""


def read_plain(path: str | os.PathLike, *, human_name: str = "human") -> Judgments:
    """Read human scores in the plain layout (module docstring).

    Args:
        path: a JSON Lines or TSV file (``"-"``: stdin, JSON Lines or TSV by its first line).
        human_name: what the scores are, for the report (``"DA"``, ``"ESA"``, ``"MQM"``).

    Returns:
        The :class:`Judgments`, systems and items in the order first read.

    Raises:
        DataError: the file cannot be read or is not UTF-8, or a line is malformed (module
            docstring; the message names the file and the line); no segments.
    """
    name = source_name(path)
    lines = enumerate(file_lines(path), start=1)
    first = next(lines, None)
    if first is None:
        raise DataError(name, None, "holds no segments (it is empty)")
    jsonl = name.lower().endswith(".jsonl") or first[1].lstrip().startswith("{")
    rows = _jsonl_rows(name, [first], lines) if jsonl else _tsv_rows(name, first[1], lines)
    segments: dict[tuple[str, str], tuple[str, Fraction, int]] = {}
    references: dict[str, tuple[tuple[str, ...], int]] = {}
    missing = 0
    for number, system, item, candidate, refs, human in rows:
        _check_name(name, number, "system", system)
        _check_name(name, number, "item", item)
        if not refs:
            raise DataError(name, number, "no references: charsim is undefined without one")
        known = references.setdefault(item, (refs, number))
        if known[0] != refs:
            raise DataError(
                name, number, f"item {item} has other references than on line {known[1]:,}"
            )
        if (system, item) in segments:
            raise DataError(
                name,
                number,
                f"segment {item} of {system} is given twice (first on "
                f"line {segments[system, item][2]:,})",
            )
        if human is None:
            missing += 1
            continue
        if abs(human) > MAX_HUMAN_SCORE:
            raise DataError(
                name,
                number,
                "the human score is above 10^100 in magnitude (the correlations sum its "
                "square as a float, which would overflow)",
            )
        segments[system, item] = candidate, human, number
    if not segments:
        raise DataError(name, None, "holds no segment with a human score")
    systems = tuple(dict.fromkeys(system for system, _ in segments))
    items = tuple(dict.fromkeys(item for _, item in segments))
    skipped = ()
    if missing:
        why = "no human score (null or empty)"
        skipped = (Skipped(why, missing, "segment", "no_human_score"),)
    return Judgments(
        source=name,
        human_name=human_name,
        systems=systems,
        items=items,
        references=tuple(references[item][0] for item in items),
        candidates=tuple(tuple(segments.get((s, i), (None,))[0] for i in items) for s in systems),
        human=tuple(
            tuple(segments[s, i][1] if (s, i) in segments else None for i in items) for s in systems
        ),
        skipped=skipped,
    )


def _check_name(name: str, number: int, key: str, value: str) -> None:
    """Refuse an empty system or item name, or one with white space at an end (``"A "`` and
    ``"A"`` would be two systems, each with half of the segments)."""
    if not value.strip():
        raise DataError(name, number, f"the {key} is empty")
    if value != value.strip():
        raise DataError(
            name,
            number,
            f"the {key} {as_json(value)} has white space at its start or end "
            f"({as_json(value.strip())} would be another {key})",
        )


def _jsonl_rows(name, first, lines):
    for number, line in [*first, *lines]:
        if not line.strip():
            continue
        if json_nesting(line) > MAX_NESTING:
            raise DataError(name, number, f"nested deeper than {MAX_NESTING} levels")
        try:
            record = json.loads(
                line,
                parse_float=Fraction,
                parse_constant=_not_a_number,
                object_pairs_hook=unique_keys,
            )
        except ValueError as error:
            raise DataError(name, number, not_valid_json(error)) from None
        if not isinstance(record, dict):
            raise DataError(
                name,
                number,
                'expected an object {"system": ..., "item": ..., '
                '"candidate": ..., "references": [...], "human": ...}',
            )
        if "reference" in record and "references" in record:
            raise DataError(
                name, number, 'give "references" (a list) or "reference" (one string), not both'
            )
        refs = record.get("references", [record["reference"]] if "reference" in record else None)
        fields = [record.get(key) for key in ("system", "item", "candidate")]
        for key, value in zip(("system", "item", "candidate"), fields, strict=True):
            if key not in record:
                raise DataError(name, number, f'the key "{key}" is missing')
            if not isinstance(value, str) and not (key == "item" and _whole(value)):
                whole = " or a whole number" if key == "item" else ""
                if whole and isinstance(value, Fraction):  # read from a decimal point
                    whole += f" written without a decimal point, got {as_json(value)}"
                raise DataError(name, number, f'"{key}" must be a string{whole}')
        if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
            raise DataError(
                name, number, '"references" must be a list of strings (or "reference" one string)'
            )
        if "human" not in record:
            raise DataError(name, number, 'the key "human" is missing (null: no human score)')
        human = record["human"]
        if human is not None and not _number(human):
            raise DataError(name, number, f'"human" must be a number or null, got {as_json(human)}')
        system, item, candidate = fields
        yield number, system, str(item), candidate, tuple(refs), _exact(human)


def _tsv_rows(name, header, lines):
    columns = tsv_header(name, header)
    missing = [column for column in _TSV_COLUMNS if column not in columns]
    reference_columns = [i for i, column in enumerate(columns) if column.startswith("reference")]
    if missing or not reference_columns:
        what = repr(missing[0]) if missing else "'reference'"
        raise DataError(
            name,
            1,
            f"the header names no column {what} (a TSV of human scores "
            "names system, item, candidate, human and reference columns)",
        )
    where = {column: columns.index(column) for column in _TSV_COLUMNS}
    for number, fields in tsv_rows(name, lines, len(columns)):
        human = _human_score(fields[where["human"]].strip(), name, number)
        refs = tuple(fields[i] for i in reference_columns if fields[i])
        system, item, candidate = (fields[where[c]] for c in ("system", "item", "candidate"))
        yield number, system, item, candidate, refs, human


def tsv_header(name: str, line: str) -> list[str]:
    """The column names of a TSV file's header ``line`` (split at tabs).

    Raises:
        DataError: a name given twice (which of the two columns is meant is not known),
            naming the file and line 1.
    """
    columns = line.split("\t")
    twice = [column for column in dict.fromkeys(columns) if columns.count(column) > 1]
    if twice:
        raise DataError(name, 1, f"the header names the column {twice[0]!r} twice")
    return columns


def tsv_rows(name: str, lines, width: int) -> Iterator[tuple[int, list[str]]]:
    """``(line number, fields)`` of each numbered line, split at tabs with no quoting (a ``"``
    is a character), as many fields as the header's ``width``.

    Args:
        name: the file's name, for messages.
        lines: ``(line number, line)`` pairs, after the header.
        width: the header's number of fields.

    Raises:
        DataError: a line with another number of fields (naming the file and the line).
    """
    for number, line in lines:
        fields = line.split("\t")
        if len(fields) != width:
            raise DataError(
                name,
                number,
                f"{counted(len(fields), 'field')} where the header "
                f"has {width} (tab-separated, no quoting)",
            )
        yield number, fields


def _not_a_number(text: str):
    raise ValueError(f"{text} is not a finite number")


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?")
"""A human score in a TSV: a decimal in the digits 0-9 (``Fraction`` alone also reads ``0_5`` as
5 and full-width or Arabic-Indic digits, and an exponent of any size)."""


def _human_score(text: str, name: str, number: int) -> Fraction | None:
    """The exact value of a TSV's human score ``text``; None if it is empty (no score).

    Raises:
        DataError: not a decimal in the digits 0-9 (inf and nan: not a finite number).
    """
    if not text:
        return None
    if _DECIMAL.fullmatch(text):
        return Fraction(text)
    if text.lstrip("+-").lower() in ("inf", "infinity", "nan"):
        what = "not a finite number"
    else:
        what = "not a number written in the digits 0-9 (a decimal such as -2.5 or 0.8)"
    raise DataError(name, number, f"the human score {text!r} is {what}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return _whole(value) or isinstance(value, Fraction)


def _exact(value: int | Fraction | None) -> Fraction | None:
    return None if value is None else Fraction(value)

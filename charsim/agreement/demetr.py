"""DEMETR's minimal pairs (Karpinska et al. 2022, "DEMETR: Diagnosing Evaluation Metrics for
Translation", EMNLP; github.com/marzenakrp/demetr, folder ``dataset/``) as
:class:`~charsim.agreement.judgments.MinimalPairs`.

A directory of JSON files, one per perturbation (35 in DEMETR), each a list of objects with
``id`` (the source sentence: the same in every file), ``eng_sent`` (the human translation: the
reference), ``mt_sent`` (a machine translation), ``pert_sent`` (``mt_sent`` with one error put
in), ``pert_check`` (whether that was verified by hand), ``severity`` (``base``, ``minor``,
``major``, ``critical``) and ``pert_name``. As DEMETR's authors advise, only pairs with
``pert_check`` true are used; the others are counted in :attr:`MinimalPairs.skipped`. In
``base_id35_reference`` the perturbed text is the reference itself, so it should score higher
(:data:`REFERENCE_PERTURBATION`); in every other file lower.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

from ..io.filestream import file_lines, source_name
from ..io.textio import DataError, as_json, not_valid_json, unique_keys
from .judgments import SEVERITIES, MinimalPair, MinimalPairs, Skipped

__all__ = ["FIELDS", "REFERENCE_PERTURBATION", "read_demetr"]

REFERENCE_PERTURBATION = "base_id35_reference"
"""DEMETR's perturbation whose perturbed text is the reference: it should score higher."""
FIELDS = ("id", "eng_sent", "mt_sent", "pert_sent", "pert_check", "severity", "pert_name")
"""The fields every pair must have."""


def read_demetr(directory: str | os.PathLike) -> MinimalPairs:
    """Read DEMETR's JSON files (every ``*.json`` of ``directory``, in name order).

    Args:
        directory: the folder of the JSON files (DEMETR's ``dataset/``).

    Returns:
        The :class:`MinimalPairs` verified by hand, with the count of the others.

    Raises:
        DataError: the directory cannot be read or holds no JSON file; a file is not UTF-8 or
            not a JSON list of objects, or holds no pair; a pair lacks a field, has one of the
            wrong type, an unknown severity, another ``pert_name`` than the file's first pair,
            or the ``id`` of an earlier pair of its file (naming the file and the line the pair
            starts on).
    """
    folder = source_name(directory)
    if not Path(directory).is_dir():
        raise DataError(folder, None, "is not a directory (DEMETR's JSON files are in one)")
    try:
        files = sorted(Path(directory).glob("*.json"))
    except OSError as error:
        raise DataError(folder, None, f"cannot be read ({error.strerror})") from None
    if not files:
        raise DataError(folder, None, "holds no .json file (DEMETR's dataset/ holds 35)")
    pairs, unchecked = [], Counter()
    for path in files:
        for pair, checked in _file_pairs(path):
            if checked:
                pairs.append(pair)
            else:
                unchecked[pair.perturbation] += 1
    skipped = ()
    if unchecked:
        reason = "pert_check is false: the perturbation was not verified by hand"
        skipped = (Skipped(reason, sum(unchecked.values()), "pair", "not_verified"),)
    return MinimalPairs(folder, tuple(pairs), skipped)


def _file_pairs(path: Path) -> list[tuple[MinimalPair, bool]]:
    """Each pair of the DEMETR file ``path`` with its ``pert_check``.

    Raises:
        DataError: what :func:`read_demetr` says of a file; also a ``pert_name`` other than the
            first pair's, an ``id`` given twice, or no pair (a file of DEMETR holds 1,000).
    """
    name, first, lines, found = source_name(path), None, {}, []
    for line, record in _records(name, "\n".join(file_lines(path))):
        pair = _pair(name, line, record)
        first = first or pair
        if pair.perturbation != first.perturbation:
            raise DataError(
                name,
                line,
                f"pert_name {as_json(pair.perturbation)}, where the pair on line {first.line} "
                f"has {as_json(first.perturbation)} (one perturbation per file)",
            )
        if pair.item in lines:
            raise DataError(
                name, line, f"id {pair.item} is given twice (first on line {lines[pair.item]})"
            )
        lines[pair.item] = line
        found.append((pair, record["pert_check"]))
    if not found:
        raise DataError(name, None, "holds no pair (each file of DEMETR holds a list of pairs)")
    return found


def _records(name: str, text: str):
    """``(line, object)`` of each element of the JSON list ``text``."""
    decoder = json.JSONDecoder(object_pairs_hook=unique_keys)  # a key twice: refused
    position = _skip_space(text, 0)
    if text[position : position + 1] != "[":
        raise DataError(name, text.count("\n", 0, position) + 1, "expected a JSON list [...]")
    position = _skip_space(text, position + 1)
    line, counted_to = 1, 0
    while text[position : position + 1] != "]":
        line += text.count("\n", counted_to, position)
        counted_to = position
        try:
            record, position = decoder.raw_decode(text, position)
        except ValueError as error:
            raise DataError(name, getattr(error, "lineno", line), not_valid_json(error)) from None
        yield line, record
        position = _skip_space(text, position)
        if text[position : position + 1] == ",":
            position = _skip_space(text, position + 1)
        elif text[position : position + 1] != "]":
            raise DataError(
                name, line + text.count("\n", counted_to, position), "expected , or ] after a pair"
            )


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _pair(name: str, line: int, record: object) -> MinimalPair:
    if not isinstance(record, dict):
        raise DataError(name, line, "expected an object (a DEMETR pair)")
    missing = [field for field in FIELDS if field not in record]
    if missing:
        raise DataError(name, line, f"the pair has no {missing[0]!r}")
    texts = [record[key] for key in ("eng_sent", "mt_sent", "pert_sent", "pert_name")]
    if not all(isinstance(text, str) for text in texts):
        raise DataError(name, line, "eng_sent, mt_sent, pert_sent and pert_name must be strings")
    if not isinstance(record["id"], int) or isinstance(record["id"], bool):
        raise DataError(name, line, f"id must be a whole number, got {as_json(record['id'])}")
    if not isinstance(record["pert_check"], bool):
        raise DataError(
            name, line, f"pert_check must be true or false, got {as_json(record['pert_check'])}"
        )
    if record["severity"] not in SEVERITIES:
        raise DataError(
            name,
            line,
            f"unknown severity {as_json(record['severity'])} (DEMETR's: {', '.join(SEVERITIES)})",
        )
    return MinimalPair(
        item=record["id"],
        perturbation=record["pert_name"],
        severity=record["severity"],
        reference=record["eng_sent"],
        candidate=record["mt_sent"],
        perturbed=record["pert_sent"],
        perturbed_is_better=record["pert_name"] == REFERENCE_PERTURBATION,
        line=line,
    )

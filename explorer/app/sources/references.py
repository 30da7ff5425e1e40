"""The reference-set editor's text formats: one reference per line, or a JSON list.

One per line is the default; blank lines are skipped there, so a reference set holding an empty
reference (``[""]``) or a reference with a line break is written as a JSON list. Duplicates are
kept in both formats (the set is a multiset).
"""

from __future__ import annotations

import json

from charsim.io.textio import MAX_NESTING, json_nesting

__all__ = ["REFERENCE_FORMATS", "format_references", "parse_references"]

REFERENCE_FORMATS = ("lines", "json")
"""``lines``: one reference per line (blank lines skipped); ``json``: a JSON list of strings."""


def parse_references(text: str, fmt: str) -> list[str]:
    """Read a reference set from the editor's text.

    Args:
        text: the editor contents.
        fmt: one of :data:`REFERENCE_FORMATS`.

    Returns:
        The references, in order (possibly none: K = 0).

    Raises:
        ValueError: the JSON is malformed or not a list of strings; the message says where.
    """
    if fmt == "lines":
        return [line.removesuffix("\r") for line in text.split("\n") if line.removesuffix("\r")]
    if fmt != "json":
        raise ValueError(f"unknown reference format {fmt!r}; expected one of {REFERENCE_FORMATS}")
    try:
        if json_nesting(text) > MAX_NESTING:
            raise ValueError(f"JSON nested deeper than {MAX_NESTING} levels")
        value = json.loads(text) if text.strip() else []
    except json.JSONDecodeError as error:
        raise ValueError(
            f"JSON error at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None
    if not isinstance(value, list):
        raise ValueError(f"expected a JSON list of strings, got a JSON {type(value).__name__}")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise ValueError(f"item {i + 1} of the JSON list is not a string: {json.dumps(item)}")
    return value


def format_references(references: list[str], preferred: str = "lines") -> tuple[str, str]:
    """Write ``references`` for the editor, in ``preferred`` format if it can hold them.

    Returns:
        ``(fmt, text)``: ``parse_references(text, fmt) == references``. One per line cannot hold
        an empty reference or a line break; JSON is used then.
    """
    if preferred == "lines":
        text = "\n".join(references)
        if parse_references(text, "lines") == references:
            return "lines", text
    return "json", json.dumps(references, ensure_ascii=False)

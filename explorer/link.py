"""Shareable links: the explorer's full state in the URL's query string, and back.

A link is read defensively: every field is checked, and anything malformed or out of range is
reported in words and replaced by the default, so a hostile link can never break the page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlencode

from charsim.config import MAX_ORDER_LIMIT

from .references import FORMATS

__all__ = ["FIELD_NAMES", "LinkState", "MAX_LINK_CHARS", "decode_link", "encode_link", "unknown"]

MAX_LINK_CHARS = 100_000
"""Longer query strings are refused (browsers and servers truncate long URLs anyway)."""


@dataclass
class LinkState:
    """What a link carries. Defaults are the explorer's opening state.

    Attributes:
        candidate: the candidate text.
        references: the reference set.
        max_order: the order cap (32 is standard).
        weights: ``"harmonic"`` or ``"uniform"``.
        order: the order shown in the n-gram view.
        reference_format: the editor format, one of :data:`~explorer.references.FORMATS`.
    """

    candidate: str = "ca"
    references: list[str] = field(default_factory=lambda: ["cat"])
    max_order: int = 32
    weights: str = "harmonic"
    order: int = 1
    reference_format: str = "lines"


def encode_link(state: LinkState) -> str:
    """The query string (without ``?``) that :func:`decode_link` reads back to ``state``."""
    return urlencode(
        {
            "c": state.candidate,
            "r": json.dumps(state.references, ensure_ascii=False),
            "cap": state.max_order,
            "w": state.weights,
            "n": state.order,
            "fmt": state.reference_format,
        }
    )


def _integer(text: str, low: int, high: int) -> int:
    value = int(text)  # ValueError for non-digits
    if not low <= value <= high:
        raise ValueError(f"{value} is outside {low}..{high}")
    return value


def _references(text: str) -> list[str]:
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if not isinstance(value, list) or not all(isinstance(r, str) for r in value):
        raise ValueError("not a JSON list of strings")
    return value


def _choice(options: tuple[str, ...]):
    def check(text: str) -> str:
        if text not in options:
            raise ValueError(f"expected one of {', '.join(options)}")
        return text

    return check


_FIELDS = {
    "c": ("candidate", "candidate", str),
    "r": ("references", "references", _references),
    "cap": ("max_order", "order cap", lambda text: _integer(text, 1, MAX_ORDER_LIMIT)),
    "w": ("weights", "weights", _choice(("harmonic", "uniform"))),
    "n": ("order", "order", lambda text: _integer(text, 1, MAX_ORDER_LIMIT)),
    "fmt": ("reference_format", "reference format", _choice(FORMATS)),
}

FIELD_NAMES = {key: name for key, (_, name, _) in _FIELDS.items()}
"""What each field of a single-item link holds, in words: ``{"c": "candidate", ...}``."""


def unknown(key: str) -> str:
    """The sentence for a field no link has."""
    return f"The link has an unknown field {key!r}; it was ignored."


def decode_link(query: str) -> tuple[LinkState, list[str]]:
    """Read a query string (with or without the leading ``?``).

    Returns:
        ``(state, problems)``: the state, with defaults where a field was missing or bad, and
        one plain-English sentence per bad field (empty when the link was fine).
    """
    state, problems = LinkState(), []
    query = query.removeprefix("?")
    if len(query) > MAX_LINK_CHARS:
        return state, [f"The link is {len(query):,} characters long (limit {MAX_LINK_CHARS:,})."]
    try:
        fields = parse_qs(query, keep_blank_values=True, strict_parsing=False)
    except ValueError as error:
        return state, [f"The link could not be read: {error}."]
    for key, values in fields.items():
        if key not in _FIELDS:
            problems.append(unknown(key))
            continue
        attribute, name, read = _FIELDS[key]
        try:
            setattr(state, attribute, read(values[-1]))
        except ValueError as error:
            problems.append(
                f"The link's {name} field is not valid ({error}); the default was used."
            )
    return state, problems

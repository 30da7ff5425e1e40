"""Shareable links: the explorer's full state in the URL's query string, and back.

A link is read defensively: every field is checked, and anything malformed or out of range is
reported (as a :class:`~explorer.app.i18n.Message`) and replaced by the default, so a hostile link
can never break the page. Besides the state, a link holds the page's language (``lang``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlencode

from charsim.io.textio import MAX_NESTING, json_nesting
from charsim.metric.config import MAX_ORDER_LIMIT

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, Message
from .judged import Judged, decode_judged, encode_judged
from .references import REFERENCE_FORMATS

__all__ = [
    "FIELDS",
    "FieldError",
    "LinkState",
    "MAX_ADDRESS_QUERY",
    "MAX_LINK_CHARS",
    "decode_link",
    "encode_link",
    "field_name",
    "invalid",
    "language_of",
    "read_field",
    "unknown",
    "with_language",
]

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
        reference_format: the editor format, one of
            :data:`~explorer.app.sources.references.REFERENCE_FORMATS`.
        language: the UI language, one of :data:`~explorer.app.i18n.LANGUAGES`.
        judged: the texts of a judged item the candidate is one of (a disagreement between
            people and charsim, with people's error spans), or None.
    """

    candidate: str = "ca"
    references: list[str] = field(default_factory=lambda: ["cat"])
    max_order: int = 32
    weights: str = "harmonic"
    order: int = 1
    reference_format: str = "lines"
    language: str = DEFAULT_LANGUAGE
    judged: Judged | None = None


def encode_link(state: LinkState) -> str:
    """The query string (without ``?``) that :func:`decode_link` reads back to ``state``; the
    default language is left out."""
    fields = {
        "c": state.candidate,
        "r": json.dumps(state.references, ensure_ascii=False),
        "cap": state.max_order,
        "w": state.weights,
        "n": state.order,
        "fmt": state.reference_format,
    }
    if state.judged is not None:
        fields["j"] = encode_judged(state.judged)
    if state.language != DEFAULT_LANGUAGE:
        fields["lang"] = state.language
    return urlencode(fields)


class FieldError(ValueError):
    """A field's value is refused; ``reason`` says why (catalog ``link.reason.<why>``)."""

    def __init__(self, why: str, **fields) -> None:
        self.reason = Message(f"link.reason.{why}", fields)
        super().__init__(self.reason)


def _integer(text: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise FieldError("not_integer", value=repr(text)) from None
    if not low <= value <= high:
        raise FieldError("outside", value=value, low=low, high=high)
    return value


def _references(text: str) -> list[str]:
    if not text.strip():
        raise FieldError("not_list")  # not JSON at all (json's "Expecting value" says less)
    if json_nesting(text) > MAX_NESTING:  # before parsing: see charsim.io.textio.json_nesting
        raise FieldError("nested")
    value = json.loads(text)  # a JSONDecodeError (a ValueError) says why in English
    if not isinstance(value, list) or not all(isinstance(r, str) for r in value):
        raise FieldError("not_list")
    return value


def _choice(options: tuple[str, ...]):
    def check(text: str) -> str:
        if text not in options:
            raise FieldError("choices", options=", ".join(options))
        return text

    return check


_FIELDS = {
    "c": ("candidate", str),
    "r": ("references", _references),
    "cap": ("max_order", lambda text: _integer(text, 1, MAX_ORDER_LIMIT)),
    "w": ("weights", _choice(("harmonic", "uniform"))),
    "n": ("order", lambda text: _integer(text, 1, MAX_ORDER_LIMIT)),
    "fmt": ("reference_format", _choice(REFERENCE_FORMATS)),
    "lang": ("language", _choice(tuple(LANGUAGES))),
    "j": ("judged", decode_judged),
}
"""Query field → (LinkState attribute, reader); the field's name for users is the catalog's
``link.field.<query field>``."""

FIELDS = tuple(_FIELDS)
"""The query fields of a single-item link."""


def field_name(key: str) -> Message:
    """What field ``key`` of :data:`FIELDS` holds, in words (``c`` → "candidate")."""
    return Message(f"link.field.{key}")


def read_field(key: str, text: str):
    """The value of field ``key`` of :data:`FIELDS` in ``text``.

    Raises:
        ValueError: ``text`` is not a valid value (see :func:`invalid`); a :class:`FieldError`
            says why in words of the catalog, other errors (JSON) in English.
    """
    return _FIELDS[key][1](text)


def unknown(key: str) -> Message:
    """The message for a field no link has."""
    return Message("link.unknown_field", {"field": repr(key)})


def invalid(key: str, error: ValueError) -> Message:
    """The message for field ``key`` holding a value its reader refused with ``error``."""
    reason = error.reason if isinstance(error, FieldError) else str(error)
    return Message("link.invalid_field", {"field": field_name(key), "error": reason})


def decode_link(query: str) -> tuple[LinkState, list[Message]]:
    """Read a query string (with or without the leading ``?``).

    Returns:
        ``(state, problems)``: the state, with defaults where a field was missing or bad, and
        one message per bad field (empty when the link was fine). A reason that is a JSON
        parse error stays English.
    """
    state, problems = LinkState(), []
    query = query.removeprefix("?")
    if len(query) > MAX_LINK_CHARS:
        return state, [Message("link.too_long", {"length": len(query), "limit": MAX_LINK_CHARS})]
    try:  # bytes that are not UTF-8 are kept as lone surrogates, and refused by field below
        fields = parse_qs(query, keep_blank_values=True, errors="surrogateescape")
    except ValueError as error:
        return state, [Message("link.unreadable", {"error": str(error)})]
    for key, values in fields.items():
        if key not in _FIELDS:
            problems.append(unknown(key))
            continue
        try:
            if _NOT_UTF8.search(values[-1]):
                raise FieldError("not_utf8")
            setattr(state, _FIELDS[key][0], read_field(key, values[-1]))
        except ValueError as error:
            problems.append(invalid(key, error))
    return state, problems


_NOT_UTF8 = re.compile("[\udc80-\udcff]")
"""A byte that was not UTF-8, as ``surrogateescape`` keeps it."""


MAX_ADDRESS_QUERY = 8_000
"""Longest state kept in the address bar (common server limits are 8 KB; see
:func:`explorer.app.states.single.address_query`)."""


def language_of(query: str) -> str:
    """The UI language a query string (with or without ``?``) asks for in its ``lang`` field;
    the default language when it has none or a bad one. Read on its own, so that a link whose
    other fields are unusable (an item link to item ``abc``) still opens in its language."""
    values = parse_qs(query.removeprefix("?")).get("lang")
    try:
        return read_field("lang", values[-1]) if values else DEFAULT_LANGUAGE
    except ValueError:
        return DEFAULT_LANGUAGE


def with_language(query: str, language: str) -> str:
    """``query`` (may be empty) and the ``lang`` field, unless ``language`` is the default."""
    if language == DEFAULT_LANGUAGE:
        return query
    return "&".join(filter(None, (query, urlencode({"lang": language}))))

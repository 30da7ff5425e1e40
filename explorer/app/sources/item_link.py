"""Links to one item of a built-in batch example: ``?example=ted&system=2&item=17``.

Only data the site serves itself can be linked to this way (uploaded files never leave the
browser). A link is read defensively, like :mod:`explorer.app.sources.link`: problems become
messages. Like a single-item link, an item link may carry the page's language (``lang``).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from ..i18n import DEFAULT_LANGUAGE, Message
from .batch_examples import BATCH_EXAMPLES
from .link import FIELDS, field_name, invalid, read_field, unknown

__all__ = ["ItemLink", "decode_item_link", "encode_item_link"]


@dataclass(frozen=True)
class ItemLink:
    """Which item to open.

    Attributes:
        example: the key of a built-in example.
        system: the 1-based system number.
        item: the 1-based item (line) number.
        ignored: one message per other field the link carried and that was ignored (say a
            candidate ``c``: the example's item has its own); shown once the example is loaded.
        language: the UI language the link asks for.
    """

    example: str
    system: int
    item: int
    ignored: tuple[Message, ...] = ()
    language: str = DEFAULT_LANGUAGE


def encode_item_link(link: ItemLink) -> str:
    """The query string (without ``?``) of ``link``; the default language is left out."""
    fields = {"example": link.example, "system": link.system, "item": link.item}
    if link.language != DEFAULT_LANGUAGE:
        fields["lang"] = link.language
    return urlencode(fields)


def decode_item_link(query: str) -> tuple[ItemLink | None, list[Message]]:
    """Read an item link; ``(None, [])`` when ``query`` is not one (no ``example`` field).

    Returns:
        ``(link, problems)``: the link (None if unusable) and one message per problem that
        makes it unusable. Fields of a single-item link (``c``, ``r``, ...), unknown ones and a
        bad ``lang`` do not: they are listed in ``link.ignored``. The item number is checked
        against the data once it is loaded.
    """
    fields = {k: v[-1] for k, v in parse_qs(query.removeprefix("?")).items()}
    if "example" not in fields:
        return None, []
    example = BATCH_EXAMPLES.get(fields["example"])
    if example is None:
        known = ", ".join(BATCH_EXAMPLES)
        name = repr(fields["example"])
        return None, [Message("item_link.unknown_example", {"name": name, "known": known})]
    numbers, problems = {}, []
    for name, high in (("system", len(example.systems)), ("item", None)):
        text = fields.get(name, "1")
        if text.isdigit() and 1 <= int(text) <= (high or int(text)):
            numbers[name] = int(text)
        else:
            expected = Message(f"item_link.expected_{name}", {"high": high})
            what = Message(f"item_link.{name}")
            problems.append(
                Message(
                    "item_link.invalid", {"what": what, "value": repr(text), "expected": expected}
                )
            )
    if problems:
        return None, problems
    language, ignored = DEFAULT_LANGUAGE, []
    for key, text in fields.items():
        if key == "lang":
            try:
                language = read_field(key, text)
            except ValueError as error:
                ignored.append(invalid(key, error))
        elif key not in ("example", "system", "item"):
            ignored.append(_ignored(key))
    link = ItemLink(example.key, numbers["system"], numbers["item"], tuple(ignored), language)
    return link, []


def _ignored(key: str) -> Message:
    if key not in FIELDS:
        return unknown(key)
    return Message("item_link.ignored", {"field": field_name(key), "key": key})

"""Links to one item of a built-in batch example: ``?example=ted&system=2&item=17``.

Only data the site serves itself can be linked to this way (uploaded files never leave the
browser). A link is read defensively, like :mod:`explorer.link`: problems become messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from .batch_examples import BATCH_EXAMPLES
from .i18n import Message

__all__ = ["ItemLink", "decode_item_link", "encode_item_link"]


@dataclass(frozen=True)
class ItemLink:
    """Which item to open.

    Attributes:
        example: the key of a built-in example.
        system: the 1-based system number.
        item: the 1-based item (line) number.
    """

    example: str
    system: int
    item: int


def encode_item_link(link: ItemLink) -> str:
    """The query string (without ``?``) of ``link``."""
    return urlencode({"example": link.example, "system": link.system, "item": link.item})


def decode_item_link(query: str) -> tuple[ItemLink | None, list[Message]]:
    """Read an item link; ``(None, [])`` when ``query`` is not one (no ``example`` field).

    Returns:
        ``(link, problems)``: the link (None if unusable) and one message per problem. The
        item number is checked against the data once it is loaded.
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
    return ItemLink(example.key, numbers["system"], numbers["item"]), []

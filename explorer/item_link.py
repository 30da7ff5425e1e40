"""Links to one item of a built-in batch example: ``?example=ted&system=2&item=17``.

Only data the site serves itself can be linked to this way (uploaded files never leave the
browser). A link is read defensively, like :mod:`explorer.link`: problems become sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from .batch_examples import BATCH_EXAMPLES
from .link import FIELD_NAMES, unknown

__all__ = ["ItemLink", "decode_item_link", "encode_item_link"]


@dataclass(frozen=True)
class ItemLink:
    """Which item to open.

    Attributes:
        example: the key of a built-in example.
        system: the 1-based system number.
        item: the 1-based item (line) number.
        ignored: one sentence per other field the link carried and that was ignored (say a
            candidate ``c``: the example's item has its own); shown once the example is loaded.
    """

    example: str
    system: int
    item: int
    ignored: tuple[str, ...] = ()


def encode_item_link(link: ItemLink) -> str:
    """The query string (without ``?``) of ``link``."""
    return urlencode({"example": link.example, "system": link.system, "item": link.item})


def decode_item_link(query: str) -> tuple[ItemLink | None, list[str]]:
    """Read an item link; ``(None, [])`` when ``query`` is not one (no ``example`` field).

    Returns:
        ``(link, problems)``: the link (None if unusable) and one sentence per problem that
        makes it unusable. Fields of a single-item link (``c``, ``r``, ...) or unknown ones do
        not: they are listed in ``link.ignored``. The item number is checked against the data
        once it is loaded.
    """
    fields = {k: v[-1] for k, v in parse_qs(query.removeprefix("?")).items()}
    if "example" not in fields:
        return None, []
    example = BATCH_EXAMPLES.get(fields["example"])
    if example is None:
        known = ", ".join(BATCH_EXAMPLES)
        return None, [f"The link names an unknown example {fields['example']!r} (known: {known})."]
    numbers, problems = {}, []
    for name, high in (("system", len(example.systems)), ("item", None)):
        text = fields.get(name, "1")
        if text.isdigit() and 1 <= int(text) <= (high or int(text)):
            numbers[name] = int(text)
        else:
            limit = f"1..{high}" if high else "a line number from 1"
            problems.append(f"The link's {name} {text!r} is not valid (expected {limit}).")
    if problems:
        return None, problems
    ignored = tuple(_ignored(key) for key in fields if key not in ("example", "system", "item"))
    return ItemLink(example.key, numbers["system"], numbers["item"], ignored), []


def _ignored(key: str) -> str:
    if key not in FIELD_NAMES:
        return unknown(key)
    return (
        f"The link's {FIELD_NAMES[key]} field ({key}) was ignored: a link to an item of an "
        "example opens the item as the example has it."
    )

"""The explorer's UI text in English and Japanese, and the language it is shown in.

No Panel import here. The words and the formula notation are the article's (§ numbers refer to
it): 候補 (candidate), 参照文 / 参照集合 (reference / reference set), 次数 n and 次数上限 N (order,
order cap), 重なり m̄_n, 重み付き長さ L_t and L̄_r, 適合率 P, 再現率 R, 分母 D, 境界記号.

* The catalog is ``messages.toml`` next to this file: one table per message key, one string
  per language, e.g. ::

      [score.base]
      en = "base form"
      ja = "基本形"

  To add a text, add such a table (every language, the same ``{placeholders}``; the unit tests
  check both) and show it with ``text("score.base")``. Placeholders are :meth:`str.format`
  fields (``{size:,}`` works). Catalog strings are ours, but a view still escapes what it puts
  into HTML.
* :class:`UIText` holds the language, once per page: ``text(key, **fields)`` gives the string.
  Every view takes it and watches ``text.param.language`` to redraw; the language is not an
  input of the metric, so switching never rescores and never resets an input.
* The states (no Panel, no language) describe a problem as a :class:`Message` (a key and its
  fields); views show ``text.message(m)``. A field may itself be a Message or a list of them.
  Errors raised by the ``charsim`` core (file and line problems) stay English: they reach the
  page as the ``{error}`` field of a message.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from string import Formatter

import param

__all__ = [
    "CATALOG",
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Message",
    "UIText",
    "counted",
    "numbered",
    "placeholders",
]

LANGUAGES = {"en": "English", "ja": "日本語"}
"""Language code → its name in that language (the switch's labels)."""

DEFAULT_LANGUAGE = "en"


def _flatten(table: dict, prefix: str = "") -> dict[str, dict[str, str]]:
    if set(table) & set(LANGUAGES):
        return {prefix: table}
    entries: dict[str, dict[str, str]] = {}
    for name, value in table.items():
        entries |= _flatten(value, f"{prefix}.{name}" if prefix else name)
    return entries


CATALOG: dict[str, dict[str, str]] = _flatten(
    tomllib.loads(Path(__file__).with_name("messages.toml").read_text(encoding="utf-8"))
)
"""Message key (``"score.base"``) → language code → text."""


def placeholders(template: str) -> set[str]:
    """The names of the ``{fields}`` of a catalog string."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


@dataclass(frozen=True)
class Message:
    """A sentence for the user, not yet in a language: a catalog key and its fields.

    Attributes:
        key: the catalog key.
        fields: values of the key's placeholders (numbers, strings, Messages, lists of them).
    """

    key: str
    fields: dict[str, object] = field(default_factory=dict)


def numbered(key: str, number: int) -> str:
    """The catalog key of ``key`` said of ``number`` things: ``key.one`` for 1, else
    ``key.other`` (English: "1 reference", "2 references")."""
    return f"{key}.{'one' if number == 1 else 'other'}"


def counted(number: int, noun: str) -> Message:
    """``number`` and ``noun`` (the catalog's ``count.<noun>.one`` for 1, else ``.other``): in
    English "1 item", "2,445 items", as :func:`charsim.metric.values.counted` says it."""
    return Message(numbered(f"count.{noun}", number), {"count": number})


class UIText(param.Parameterized):
    """The page's language; call it for a catalog string in that language."""

    language = param.Selector(
        default=DEFAULT_LANGUAGE, objects=list(LANGUAGES), doc="Code of the language shown."
    )

    def __call__(self, key: str, /, **fields) -> str:
        """The text of ``key`` in the current language, ``fields`` filled in."""
        return CATALOG[key][self.language].format(**fields)

    def message(self, message: Message | list[Message]) -> str:
        """A message (or several, space-separated) in the current language."""
        if isinstance(message, list):
            return " ".join(map(self.message, message))
        fields = {
            name: self.message(value) if isinstance(value, Message | list) else value
            for name, value in message.fields.items()
        }
        return self(message.key, **fields)

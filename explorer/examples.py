"""The article's worked examples, one click each in the explorer."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["EXAMPLES", "Example"]


@dataclass(frozen=True)
class Example:
    """A candidate and a reference set with the article section it comes from.

    Attributes:
        label: the button text.
        candidate: the candidate text.
        references: the reference set (may hold empty references).
        note: what the example shows, one sentence.
    """

    label: str
    candidate: str
    references: tuple[str, ...]
    note: str


EXAMPLES = (
    Example("ca vs cat", "ca", ("cat",), "§3.4: one character missing; recall decides (100/201)."),
    Example("cat vs cat", "cat", ("cat",), "§3.4: exact match scores 1."),
    Example("cats vs cat", "cats", ("cat",), "§3.4: one character added; precision decides."),
    Example("catcat vs cat", "catcat", ("cat",), "§3.4: repetition is not rewarded twice."),
    Example(
        "a vs [a, abcdefghij]",
        "a",
        ("a", "abcdefghij"),
        "§3.3: base form 0.528 versus mean-length 0.134; max over references 1.",
    ),
    Example('"" vs [""]', "", ("",), "§7.4: candidate and every reference empty: score 1."),
    Example('"" vs ["a"]', "", ("a",), "§7.4: only the candidate empty: score 0."),
    Example('"a" vs [""]', "a", ("",), "§7.4: only the references empty: score 0."),
    Example(
        '"" vs ["", "a"]',
        "",
        ("", "a"),
        "§7.4: mean-length 0 but base form 0.5 (one empty pair scores 1).",
    ),
    Example(
        "^ and $ in the text",
        "^a$",
        ("a", "^a$"),
        "§7.4: typed ^ and $ are ordinary characters, never boundaries.",
    ),
    Example(
        "が: precomposed vs decomposed",
        "\u304c",
        ("\u304b\u3099",),
        "§1.1: one code point versus two; no normalisation unless you ask for it.",
    ),
)

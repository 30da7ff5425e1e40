"""The article's worked examples, one click each in the explorer."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["EXAMPLES", "Example"]


@dataclass(frozen=True)
class Example:
    """A candidate and a reference set from the article.

    Attributes:
        key: the example's name; its button text and the sentence saying what it shows (with
            the article's section) are the catalog's ``example.<key>.label`` and ``.note``
            (:mod:`explorer.app.i18n`).
        candidate: the candidate text.
        references: the reference set (may hold empty references).
    """

    key: str
    candidate: str
    references: tuple[str, ...]


EXAMPLES = (
    Example("missing", "ca", ("cat",)),
    Example("exact", "cat", ("cat",)),
    Example("added", "cats", ("cat",)),
    Example("repeated", "catcat", ("cat",)),
    Example("lengths", "a", ("a", "abcdefghij")),
    Example("all_empty", "", ("",)),
    Example("candidate_empty", "", ("a",)),
    Example("references_empty", "a", ("",)),
    Example("empty_pair", "", ("", "a")),
    Example("markers", "^a$", ("a", "^a$")),
    Example("composed", "\u304c", ("\u304b\u3099",)),
)

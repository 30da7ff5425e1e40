"""The characters a derived setting changed, in words (the single item's fragility table and the
batch page's most-moved items)."""

from __future__ import annotations

from collections.abc import Sequence

from charsim.compare.fragility import TextChange

from ..i18n import UIText

__all__ = ["SHOWN", "changed_characters"]

SHOWN = 5
"""Most changes named; beyond them, how many there are in all."""


def changed_characters(changes: Sequence[TextChange], text: UIText) -> str:
    """``"candidate: U+00A0 NO-BREAK SPACE → U+0020 SPACE; reference 1: …"`` for the first
    :data:`SHOWN` of ``changes`` (plus their count if there are more), ``"—"`` for none."""
    named = [
        (
            text("metrics.fragility.reference", number=change.text)
            if change.text
            else text("metrics.fragility.candidate")
        )
        + " "
        + change.describe()
        for change in changes[:SHOWN]
    ]
    if len(changes) > SHOWN:
        named.append(text("metrics.fragility.more", count=len(changes)))
    return "; ".join(named) or "—"

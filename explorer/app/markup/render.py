"""HTML for texts with their boundaries and matched n-grams drawn in (no Panel here).

Every piece of user text goes through :func:`html.escape` before it becomes HTML. Boundaries are
drawn as boxed ``⟨^⟩`` and ``⟨$⟩`` (charsim's one notation, as on the command line:
:mod:`charsim.metric.ngrams`) with a text label for screen readers, so a literal ``^`` or ``$``
typed by the user always looks different from a boundary. Matched
characters are underlined and shaded (shape and colour). Hover notes and boundary labels are the
catalog's ``render.*`` in the language of the ``text`` given (English by default).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from fractions import Fraction
from html import escape

from charsim import Match, NGram
from charsim.metric.ngrams import BEGIN_MARK, END_MARK

from ..i18n import UIText

__all__ = [
    "BEGIN_MARK",
    "END_MARK",
    "TEXT_SHOWN",
    "decimal",
    "fraction",
    "marked_text",
    "ngram_label",
]

TEXT_SHOWN = 3_000
"""Most characters of one text drawn character by character (marked matches, coverage); the
rest are summarised, so that a long text does not make the page slow to update."""

_VISIBLE = {" ": "␣", "\t": "⇥", "\n": "↵", "\r": "␍"}


def decimal(value: Fraction | float | None, digits: int = 4) -> str:
    """``"0.4975"`` for a number (``digits`` decimals, as the score card shows it), ``"—"`` for
    None (an undefined value)."""
    return "—" if value is None else f"{float(value):.{digits}f}"


def fraction(value: Fraction | None) -> str:
    """``"100/201"`` for a fraction, ``"3"`` for an integer, ``"—"`` for None."""
    if value is None:
        return "—"
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def ngram_label(ngram: NGram) -> str:
    """Plain-text label of an n-gram: boundaries as ⟨^⟩/⟨$⟩, whitespace made visible."""
    text = "".join(_VISIBLE.get(c, c) for c in ngram.text)
    return NGram(text, ngram.begin, ngram.end).display(BEGIN_MARK, END_MARK)


def _boundary(kind: str, hit: str | None, text: UIText) -> str:
    glyph = BEGIN_MARK if kind == "begin" else END_MARK
    classes = f"cs-boundary cs-{kind}" + (" cs-hit" if hit else "")
    label = text(f"render.boundary.{kind}")
    title = label + (f" — {hit}" if hit else "")
    return (
        f'<span class="{classes}" title="{escape(title)}" role="img" '
        f'aria-label="{escape(label)}">{glyph}</span>'
    )


@functools.lru_cache(maxsize=4096)  # a text repeats its characters, and at order 1 their notes
def _char(char: str, hit: str | None) -> str:
    shown = _VISIBLE.get(char)
    classes = ["cs-char"]
    if shown:
        classes.append("cs-space")
    if hit:
        classes.append("cs-hit")
    title = f' title="{escape(hit)}"' if hit else ""
    return f'<span class="{" ".join(classes)}"{title}>{escape(shown or char)}</span>'


def marked_text(
    text: str, matches: tuple[Match, ...], which: int | None, ui: UIText | None = None
) -> str:
    """One text as HTML, boundaries drawn, characters covered by a match of this order marked.

    Args:
        text: the candidate or one reference.
        matches: the matches of one order (from ``OrderDetail.matches``).
        which: ``None`` for the candidate, else the reference index.
        ui: the language of the hover notes and boundary labels (English if None).

    Returns:
        An HTML fragment (a ``<span class="cs-text">``) in which all of ``text`` is escaped. At
        most :data:`TEXT_SHOWN` characters are drawn; a longer text ends with a note saying so.
    """
    ui = ui or UIText()
    shown = text[:TEXT_SHOWN]
    notes: dict[int, list[str]] = defaultdict(list)  # position -1 and len(text): boundaries
    for match in matches:
        starts = match.candidate_starts if which is None else match.reference_starts[which]
        note = _note(match, ui)
        for start in starts:
            first = start - 1 if match.ngram.begin else start
            last = start + len(match.ngram.text) + (1 if match.ngram.end else 0)
            for position in range(first, min(last, len(shown) + 1)):
                notes[position].append(note)
    hits = {position: "; ".join(dict.fromkeys(items)) for position, items in notes.items()}
    body = "".join(_char(c, hits.get(i)) for i, c in enumerate(shown))
    if len(shown) == len(text):
        end = _boundary("end", hits.get(len(text)), ui)
    else:
        end = f' <span class="cs-shortened">{escape(_shortened(ui, len(text)))}</span>'
    return '<span class="cs-text">' + _boundary("begin", hits.get(-1), ui) + body + end + "</span>"


def _shortened(ui: UIText, size: int) -> str:
    return ui("render.shortened", shown=TEXT_SHOWN, size=size)


def _note(match: Match, ui: UIText) -> str:
    return ui(
        "render.note",
        ngram=ngram_label(match.ngram),
        candidate=match.candidate_count,
        counts=", ".join(map(str, match.reference_counts)),
        clipped=", ".join(map(str, match.overlaps)),
    )

"""One item's candidates with the error spans people marked and the characters charsim leaves
unmatched, as ``charsim meta-eval --explain ITEM`` shows them (text blocks and JSON-ready data;
docs/meta-evaluation.md, "Error spans and the characters charsim leaves unmatched")."""

from __future__ import annotations

from ..agreement.spans import SegmentSpans, runs
from .formats import Heading, Paragraph

__all__ = ["item_spans_blocks", "item_spans_data"]


def item_spans_blocks(item: str, references, found: tuple[SegmentSpans, ...], human: str) -> list:
    """One item's candidates (:func:`charsim.agreement.item_spans`) as blocks: each
    with its ``human`` score, the errors people marked in it, the characters charsim leaves
    unmatched (positions count code points from 1, both ends included) and the two shares
    (``charsim meta-eval --explain``)."""
    blocks = [
        Heading(
            (f"item {item}: the errors people marked, the characters charsim leaves unmatched",)
        ),
        Paragraph((f"reference: {' | '.join(references)}",)),
    ]
    for segment in found:
        text = segment.candidate
        blocks.append(Paragraph((f"{segment.system} ({human} {float(segment.human):g}): {text}",)))
        for span in segment.spans:
            what = f"{span.severity} · {span.category} · {span.rater}"
            where = (
                f"“{text[span.start : span.end]}” (characters {span.start + 1}–{span.end})"
                if span.located
                else "no span marked (an omission)"
            )
            blocks.append(Paragraph((f"  error: {where}: {what}",)))
        missed = [
            f"“{text[start:end]}” ({start + 1}–{end})" for start, end in runs(segment.unmatched)
        ]
        blocks.append(Paragraph((f"  unmatched by charsim: {'; '.join(missed) or 'none'}",)))
        shares = segment.shares
        blocks.append(
            Paragraph(
                (
                    f"  Of the {shares.marked:,} characters people marked, charsim leaves "
                    f"{shares.marked_unmatched:,} unmatched ({_percent(shares.marked_share)}); "
                    f"of the other {shares.unmarked:,}, {shares.unmarked_unmatched:,} "
                    f"({_percent(shares.unmarked_share)}).",
                )
            )
        )
    return blocks


def item_spans_data(found: tuple[SegmentSpans, ...]) -> list:
    """One item's candidates (:func:`charsim.agreement.item_spans`) as JSON-ready data:
    spans and unmatched runs as ``[start, end)`` code point offsets from 0."""
    return [
        {
            "system": segment.system,
            "candidate": segment.candidate,
            "human": float(segment.human),
            "spans": [
                {
                    "start": span.start,
                    "end": span.end,
                    "severity": span.severity,
                    "category": span.category,
                    "rater": span.rater,
                }
                for span in segment.spans
            ],
            "unmatched": [list(run) for run in runs(segment.unmatched)],
            "marked": segment.shares.marked,
            "marked_unmatched": segment.shares.marked_unmatched,
            "unmarked": segment.shares.unmarked,
            "unmarked_unmatched": segment.shares.unmarked_unmatched,
        }
        for segment in found
    ]


def _percent(share) -> str:
    return "—" if share is None else f"{float(share):.1%}"

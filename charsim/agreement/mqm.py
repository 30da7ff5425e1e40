"""Google's MQM annotations (the TSV layout of github.com/google/wmt-mqm-human-evaluation) as
:class:`~charsim.agreement.judgments.Judgments`.

The layout (Freitag et al. 2021, "Experts, Errors, and Context: A Large-Scale Study of Human
Evaluation for Machine Translation", TACL 9): one row per error a rater marked, tab-separated with
no quoting (``csv.QUOTE_NONE``: a ``"`` is an ordinary character), under a header row naming at
least the columns ``system``, ``seg_id``, ``rater``, ``target``, ``category`` and ``severity``
(Google's files also have ``doc``, ``doc_id``, ``source`` and, in some years, ``comment``);
``seg_id`` is a whole number. A segment a rater found no error in has one row of severity
``No-error``. The span a rater marked
is enclosed in ``<v>`` … ``</v>`` in ``target``; the candidate is ``target`` without them.
Each error keeps where it was marked (:class:`~charsim.agreement.judgments.ErrorSpan`, in code
points of the candidate; :func:`marked_span`): a ``<v>`` never closed marks up to the end of the
text, a ``</v>`` never opened marks nothing, and a row without marks (an omission) is an error
located nowhere.

The segment's MQM score is that of mt-metrics-eval's ``converters/score_mqm.py``: each error
weighs the weight of its most specific ``severity/category/subcategory`` prefix among
:data:`MQM_WEIGHTS` (Major 5, Major/Non-translation! 25, Minor 1, Minor/Fluency/Punctuation 0.1,
Neutral 0; case does not count), each rater's weights are summed, and the segment's score is
minus the mean over its raters, so that higher is better. It is exact (a
:class:`~fractions.Fraction`: 0.1 is 1/10, a mean over three raters a third). Where
``score_mqm.py`` gives 0 to a severity it does not know (a misspelt ``Majr``), this reader
refuses the row: a number is right or refused.

One system's segments are the candidates, the system named ``reference`` (``ref`` by default)
gives every item's reference, and a system whose name starts with ``ref`` (another human
translation) is not scored unless asked; both are counted in :attr:`Judgments.skipped`.
"""

from __future__ import annotations

import os
from collections import defaultdict
from fractions import Fraction

from ..io.filestream import file_lines, source_name
from ..io.textio import DataError
from .judgments import ErrorSpan, Judgments, Skipped
from .plain import tsv_header, tsv_rows

__all__ = [
    "DEFAULT_REFERENCE",
    "MQM_WEIGHTS",
    "REQUIRED_COLUMNS",
    "marked_span",
    "mqm_weight",
    "read_mqm",
]

MQM_WEIGHTS = {
    "major": Fraction(5),
    "major/non-translation!": Fraction(25),
    "minor": Fraction(1),
    "minor/fluency/punctuation": Fraction(1, 10),
    "neutral": Fraction(0),
    "no-error": Fraction(0),
}
"""The weight of an error by its lower-cased ``severity/category/subcategory`` prefix
(mt-metrics-eval's default ``--weights`` of ``converters/score_mqm.py``, with ``No-error``
weighing 0 as there)."""
DEFAULT_REFERENCE = "ref"
"""The system whose segments are the references (the human translation of Google's files)."""
REQUIRED_COLUMNS = ("system", "seg_id", "rater", "target", "category", "severity")
"""The columns the header row must name."""
_SPAN_MARKS = ("<v>", "</v>")
_LAYOUT = f"{', '.join(REQUIRED_COLUMNS)}, tab-separated"


def mqm_weight(severity: str, category: str) -> Fraction | None:
    """The weight of one error: that of the most specific prefix of
    ``severity/category/subcategory`` in :data:`MQM_WEIGHTS` (case does not count); None when
    the severity is none of Major, Minor, Neutral and No-error.

        >>> mqm_weight("Major", "Non-translation!"), mqm_weight("Minor", "Fluency/Punctuation")
        (Fraction(25, 1), Fraction(1, 10))
        >>> mqm_weight("Minor", "Accuracy/Mistranslation"), mqm_weight("Critical", "Other")
        (Fraction(1, 1), None)

    Args:
        severity: the row's ``severity`` (``Major``, ``Minor``, ``Neutral``, ``No-error``).
        category: the row's ``category``, ``/``-separated (``Fluency/Punctuation``).

    Returns:
        The weight in MQM points, exact, or None for an unknown severity.
    """
    parts = [severity.lower(), *category.lower().split("/")]
    if parts[0] not in MQM_WEIGHTS:
        return None
    while "/".join(parts) not in MQM_WEIGHTS:
        parts.pop()
    return MQM_WEIGHTS["/".join(parts)]


def marked_span(target: str) -> tuple[str, tuple[int, int] | None]:
    """The candidate in an MQM ``target`` and the span its ``<v>`` … ``</v>`` marks.

        >>> marked_span("Ich möchte <v>euch</v> alle bitten")
        ('Ich möchte euch alle bitten', (11, 15))
        >>> marked_span("Sie kommt <v>?"), marked_span("nichts")
        (('Sie kommt ?', (10, 11)), ('nichts', None))

    Args:
        target: the row's ``target``.

    Returns:
        ``(candidate, (start, end))``: the text without the marks and the span, in code points
        of the text (``end`` exclusive), from the first ``<v>`` to the first ``</v>`` after it
        (the end of the text when none follows); None when the target has no ``<v>``. A
        ``</v>`` never opened marks nothing.
    """
    opening, closing = _SPAN_MARKS
    text = target.replace(opening, "").replace(closing, "")
    start = target.find(opening)
    if start < 0:
        return text, None
    before = target[:start].count(closing) * len(closing)
    end = target.find(closing, start)
    inside = target[start:] if end < 0 else target[start:end]
    length = len(inside.replace(opening, "").replace(closing, ""))
    return text, (start - before, start - before + length)


def read_mqm(
    path: str | os.PathLike, *, reference: str = DEFAULT_REFERENCE, score_references: bool = False
) -> Judgments:
    """Read a file of Google's MQM layout (module docstring) as segment-level judgments.

    Args:
        path: the TSV file (``"-"``: stdin).
        reference: the system whose segments are the references.
        score_references: also score the other systems whose name starts with ``ref`` (human
            translations; left out by default, as in mt-metrics-eval's ``human=False``).

    Returns:
        The :class:`Judgments`: items in the order of their ``seg_id`` (a whole number),
        systems in the order first read.

    Raises:
        DataError: the file cannot be read or is not UTF-8, the header lacks a required column,
            or a row is malformed (naming the file and the line): a row with another number of
            fields than the header, the header again, a ``seg_id`` not written with the digits 0-9,
            an unknown severity, one segment given two different texts (once the ``<v>`` marks
            are removed), a column named twice, or no system ``reference``; an empty file; no
            segments; no system to score.
    """
    name = source_name(path)
    lines = enumerate(file_lines(path), start=1)
    first = next(lines, None)
    if first is None:
        raise DataError(
            name, None, f"is empty (Google's MQM layout starts with a header row: {_LAYOUT})"
        )
    columns = _header(name, first[1])
    texts: dict[tuple[str, str], tuple[str, int]] = {}
    errors: dict[tuple[str, str], dict[str, Fraction]] = defaultdict(dict)
    spans: dict[tuple[str, str], list[ErrorSpan]] = defaultdict(list)
    for number, fields in tsv_rows(name, lines, len(columns)):
        if fields == columns:
            raise DataError(name, number, "the header is repeated here (files joined with theirs?)")
        row = dict(zip(columns, fields, strict=True))
        if not (row["seg_id"].isascii() and row["seg_id"].isdigit()):
            raise DataError(
                name,
                number,
                f"seg_id {row['seg_id']!r} is not written with the digits 0-9 (Google's MQM "
                "layout numbers the segments of a file 1, 2, 3, …)",
            )
        weight = mqm_weight(row["severity"], row["category"])
        if weight is None:
            raise DataError(
                name,
                number,
                f"unknown severity {row['severity']!r} (MQM's are "
                "Major, Minor, Neutral and No-error)",
            )
        key = row["system"], row["seg_id"]
        text, span = marked_span(row["target"])
        first = texts.setdefault(key, (text, number))
        if first[0] != text:
            raise DataError(
                name,
                number,
                f"segment {key[1]} of {key[0]} has another text than "
                f"on line {first[1]:,} (the <v> marks removed)",
            )
        raters = errors[key]
        raters[row["rater"]] = raters.get(row["rater"], Fraction(0)) + weight
        if row["severity"].lower() != "no-error":
            start, end = span or (None, None)
            spans[key].append(ErrorSpan(start, end, row["severity"], row["category"], row["rater"]))
    return _judgments(name, texts, (errors, spans), reference, score_references)


def _header(name: str, line: str) -> list[str]:
    columns = tsv_header(name, line)
    missing = [column for column in REQUIRED_COLUMNS if column not in columns]
    if missing:
        raise DataError(
            name,
            1,
            f"the header names no column {missing[0]!r} (Google's MQM layout: {_LAYOUT})",
        )
    return columns


def _judgments(name, texts, marks, reference, score_references) -> Judgments:
    errors, spans = marks
    segments = {key: -sum(raters.values()) / len(raters) for key, raters in errors.items()}
    if not segments:
        raise DataError(name, None, "holds no segments (only a header, or nothing)")
    systems = list(dict.fromkeys(system for system, _ in segments))
    if reference not in systems:
        raise DataError(
            name,
            None,
            f"has no system {reference!r} to take the references from "
            f"(its systems: {', '.join(systems)})",
        )
    ids = sorted(dict.fromkeys(item for _, item in segments), key=int)
    skipped = []
    human = [s for s in systems if s != reference and s.startswith("ref")]
    scored = [s for s in systems if s != reference and (score_references or s not in human)]
    for system in systems:
        if system not in scored:
            code = "the_references" if system == reference else "human_translation"
            why = "the references" if system == reference else "a human translation, not scored"
            count = sum(key[0] == system for key in segments)
            skipped.append(
                Skipped(f"system {system}: {why}", count, "segment", code, {"system": system})
            )
    if not scored:
        raise DataError(
            name,
            None,
            f"has no system to score: its systems ({', '.join(systems)}) are the references "
            "or human translations (see --reference and --score-references)",
        )
    items = [item for item in ids if (reference, item) in texts]
    if len(items) < len(ids):
        count = sum(key[1] not in set(items) for key in segments if key[0] in scored)
        why = f"no reference (system {reference}) for the item"
        skipped.append(Skipped(why, count, "segment", "no_reference", {"system": reference}))
    return Judgments(
        source=name,
        human_name="MQM",
        systems=tuple(scored),
        items=tuple(items),
        references=tuple((texts[reference, item][0],) for item in items),
        candidates=tuple(tuple(texts.get((s, i), (None,))[0] for i in items) for s in scored),
        human=tuple(tuple(segments.get((s, i)) for i in items) for s in scored),
        skipped=tuple(skipped),
        spans=tuple(
            tuple(tuple(spans[s, i]) if (s, i) in segments else None for i in items) for s in scored
        ),
    )

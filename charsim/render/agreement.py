"""A meta-evaluation report (:class:`~charsim.agreement.AgreementReport`) as text, Markdown,
LaTeX, HTML (a notebook's display) or JSON, from one list of blocks
(:mod:`charsim.render.formats`), so that every format shows the same numbers.

Each measure is a table: per metric its value on all the items and its 95 % bootstrap interval,
then its difference from the baseline (charsim) with the interval of that difference and the
paired bootstrap's p-value, ``*`` marking a difference the project's rule calls significant.
Then the disagreements, each with the explorer's links, and every metric's signature.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from ..agreement.correlations import MEASURES
from ..agreement.evaluate import AgreementReport, Source
from ..agreement.minimal_pairs import OVERALL
from ..agreement.scoring import metric_label
from ..compare.sacrebleu import named_signature
from ..metric.values import counted
from ..significance.pvalues import p_value_decimals
from .formats import Heading, Label, Paragraph, Table, latex_escape, render

__all__ = [
    "DEFAULT_EXPLORER",
    "explorer_address",
    "report_blocks",
    "report_data",
    "report_html",
    "report_text",
]

DEFAULT_EXPLORER = "http://127.0.0.1:8000/"
"""The explorer's address in the links (where ``make explorer`` serves it)."""
_SEVERITY_GROUPS = ("base", "minor", "major", "critical", OVERALL)


def explorer_address(url: str) -> str:
    """``url`` if the disagreements' links can start with it: an ``http``, ``https`` or ``file``
    address of the explorer's page, with no query or fragment (a link appends ``?`` and its
    query) and no character a link cannot hold (a space or another blank, ``"``, ``<``, ``>``,
    a backquote, a control character).

    Raises:
        ValueError: another address, naming what is wrong with it.
    """
    parts = urlsplit(url)
    if unsafe := sorted({c for c in url if c.isspace() or not c.isprintable() or c in '"<>`'}):
        raise ValueError(
            f"{url!r} holds {', '.join(map(repr, unsafe))}, which a link cannot hold: write the "
            f"explorer's address percent-encoded (a space as %20)"
        )
    if parts.scheme not in ("http", "https", "file") or not (parts.netloc or parts.path):
        raise ValueError(
            f"{url!r} is not the explorer's address: give an http, https or file address "
            f"such as {DEFAULT_EXPLORER}"
        )
    if parts.query or parts.fragment or url.endswith(("?", "#")):
        raise ValueError(
            f"{url!r} has a query or fragment: give the explorer's address without one (each "
            f"link adds its own query)"
        )
    return url


def report_text(report: AgreementReport, fmt: str, explorer: str = DEFAULT_EXPLORER) -> str:
    """The report in ``fmt``: ``"text"``, ``"markdown"``, ``"latex"`` or ``"html"``.

    Args:
        report: the report.
        fmt: the format.
        explorer: the explorer's address, which the disagreements' links start with.

    Returns:
        The text, ending with a newline.

    Raises:
        ValueError: an unknown format, or ``explorer`` is not an address the links can start
            with (:func:`explorer_address`).
    """
    return render(report_blocks(report, explorer), fmt)


def report_html(report: AgreementReport) -> str:
    """The report as a ``<div>`` of HTML, for a notebook (every text escaped)."""
    return f'<div class="charsim-result">\n{report_text(report, "html")}</div>'


def report_blocks(report: AgreementReport, explorer: str = DEFAULT_EXPLORER) -> list:
    """The report's blocks (:mod:`charsim.render.formats`), in order: the legend, then per
    source its counts, one table per measure and the disagreements, then the signatures
    (``explorer`` starts the links).

    Raises:
        ValueError: ``explorer`` is not an address the links can start with
            (:func:`explorer_address`).
    """
    explorer_address(explorer)
    baseline = metric_label(report.baseline)
    blocks: list = [
        Heading((_title(report.metrics),)),
        Paragraph(
            (
                f"{counted(report.resamples, 'bootstrap resample')} of the items (seed "
                f"{report.seed}); [low, high]: {report.level:.0%} intervals; Δ: a metric's "
                f"measure minus {baseline}'s on the same resamples, p: the paired "
                "bootstrap's; * p < 0.05, 0 outside the interval of Δ and at least 300 "
                "items.",
            )
        ),
    ]
    if report.judgments is not None:
        blocks += _source(report.judgments)
        for measure, title in MEASURES.items():
            blocks += _measure_table(report, report.estimates, measure, title)
        blocks += _spans_table(report)
        blocks += _disagreements(
            report, report.disagreements, report.judgments.human_name, explorer
        )
    if report.minimal_pairs is not None:
        blocks += _source(report.minimal_pairs)
        blocks += _measure_table(
            report,
            report.pair_estimates,
            f"pairs:{OVERALL}",
            "minimal pairs: accuracy on every error (minor, major, critical)",
        )
        blocks += _severity_table(report)
        blocks += _perturbation_table(report)
        blocks += _disagreements(report, report.pair_disagreements, None, explorer)
    blocks.append(Heading(("Signatures",)))
    blocks += [
        Paragraph((f"{label}: {named_signature(metric_label(metric), signature)}",))
        for label, metric, signature in _signature_lines(report)
    ]
    return blocks


def _signature_lines(report: AgreementReport) -> list[tuple[str, str, str]]:
    """``(label, metric, signature)`` of each signature of the report: a metric's segment scores'
    and, where their signature differs, its system scores' (BLEU's: ``"BLEU, segment scores"``
    and ``"BLEU, system scores"``)."""
    systems = dict(report.system_signatures)
    lines = []
    for metric, signature in report.signatures:
        label = metric_label(metric)
        if metric not in systems:
            lines.append((label, metric, signature))
            continue
        lines.append((f"{label}, segment scores", metric, signature))
        lines.append((f"{label}, system scores", metric, systems[metric]))
    return lines


def _title(metrics: tuple[str, ...]) -> str:
    """ "Does charsim agree with people?", or the metrics asked when charsim is not among them
    ("Do chrF2 and BLEU agree with people?")."""
    if "charsim" in metrics:
        return "Does charsim agree with people?"
    labels = [metric_label(metric) for metric in metrics]
    if len(labels) == 1:
        return f"Does {labels[0]} agree with people?"
    return f"Do {', '.join(labels[:-1])} and {labels[-1]} agree with people?"


def _source(source: Source) -> list:
    what = f"{counted(len(source.systems), 'system')}, " if source.systems else ""
    lines = [
        Heading((f"{source.human_name}: {source.source}",)),
        Paragraph(
            (f"{what}{counted(source.items, 'item')}, {counted(source.units, source.unit)}.",)
        ),
    ]
    for skipped in source.skipped:
        lines.append(
            Paragraph((f"Left out: {counted(skipped.count, skipped.unit)} ({skipped.reason}).",))
        )
    return lines


def _measure_table(report: AgreementReport, estimates, measure: str, title: str) -> list:
    rows = []
    chosen = [e for e in estimates if e.measure == measure]
    calibrated = any(e.epsilon is not None for e in chosen)
    for e in chosen:
        row = [metric_label(e.metric), _number(e.value), _interval(e.interval)]
        if calibrated:
            row.append(f"{e.epsilon:#.4g}" if e.epsilon is not None else None)
        if e.metric == report.baseline:
            row += ["(baseline)", None, None]
        else:
            row += [_number(e.difference, "+"), _interval(e.difference_interval, "+"), _p_value(e)]
        rows.append(tuple(row))
    baseline = metric_label(report.baseline)
    header = ["metric", "value", "interval"] + (
        [Label("ε", r"$\varepsilon$")] if calibrated else []
    )
    header += [
        Label(f"Δ vs {baseline}", rf"$\Delta$ vs {latex_escape(baseline)}"),
        Label("interval of Δ", r"interval of $\Delta$"),
        "p",
    ]
    blocks = [Heading((title,)), Table(tuple(header), tuple(rows))]
    why = dict(report.notes).get(measure)
    if why is None and any(e.value is None for e in chosen):
        why = "— for a metric whose scores never differ where the humans' do: undefined"
    if why is not None:
        blocks.append(Paragraph((f"Note: {why}.",)))
    return blocks


def _spans_table(report: AgreementReport) -> list:
    shares = report.spans
    if shares is None or not shares.marked:
        return []
    rows = []
    for key, what, count, missed in (
        ("spans:marked", "marked by people", shares.marked, shares.marked_unmatched),
        ("spans:unmarked", "not marked", shares.unmarked, shares.unmarked_unmatched),
    ):
        e = report.estimate(key, "charsim")
        rows.append((what, f"{count:,}", f"{missed:,}", _number(e.value), _interval(e.interval)))
    return [
        Heading(("where charsim leaves characters unmatched, and where people marked errors",)),
        Paragraph(
            (
                f"The characters of the {counted(shares.segments, 'segment')} with a marked "
                "error span; unmatched: covered by no n-gram occurrence charsim matches "
                "(the leftmost ones of a repeated n-gram).",
            )
        ),
        Table(("characters", "in all", "unmatched", "share", "interval"), tuple(rows)),
    ]


def _severity_table(report: AgreementReport) -> list:
    groups = [
        g for g in _SEVERITY_GROUPS if any(e.measure == f"pairs:{g}" for e in report.pair_estimates)
    ]
    rows = []
    for metric in report.metrics:
        cells = [metric_label(metric)]
        for group in groups:
            e = report.estimate(f"pairs:{group}", metric)
            mark = "*" if e.significant else ""
            cells.append(f"{_number(e.value)}{mark} {_interval(e.interval)}")
        rows.append(tuple(cells))
    return [
        Heading(("minimal pairs: accuracy by severity",)),
        Table(("metric", *groups), tuple(rows)),
    ]


def _perturbation_table(report: AgreementReport) -> list:
    names = [
        e.measure.removeprefix("pairs:")
        for e in report.pair_estimates
        if e.metric == report.metrics[0]
    ]
    rows = []
    for name in names:
        if name in _SEVERITY_GROUPS:
            continue
        cells = [name]
        for metric in report.metrics:
            e = report.estimate(f"pairs:{name}", metric)
            cells.append(_number(e.value) + ("*" if e.significant else ""))
        rows.append(tuple(cells))
    labels = tuple(metric_label(metric) for metric in report.metrics)
    return [
        Heading(("minimal pairs: accuracy by perturbation",)),
        Table(("perturbation", *labels), tuple(rows)),
    ]


def _disagreements(report: AgreementReport, found, human: str | None, explorer: str) -> list:
    if "charsim" not in report.metrics:
        return [
            Paragraph(
                (
                    "No disagreements are listed: they are charsim's with the humans, and "
                    "charsim is not among the metrics.",
                )
            )
        ]
    if not found:
        return []
    who = "the human scores" if human else "the minimal pairs"
    blocks = [Heading((f"where charsim and {who} disagree most",))]
    for number, d in enumerate(found, start=1):
        scores = f"charsim {d.charsim[0]:.4f} against {d.charsim[1]:.4f}"
        if d.peer is not None:
            scores += (
                f"; {metric_label(d.peer)} {d.peer_scores[0]:.1f} against {d.peer_scores[1]:.1f}"
            )
        if d.human is not None:
            prefer = (
                f"the humans prefer {d.better} ({human} {d.human[0]:g}) to {d.worse} "
                f"({human} {d.human[1]:g})"
            )
        else:
            prefer = f"{d.kind}: the {d.better} text should score higher"
        blocks += [
            Paragraph((f"{number}. item {d.item}: {prefer}; {scores}.",)),
            Paragraph((f"reference: {' | '.join(d.references)}",)),
            Paragraph((f"{d.better}: {d.better_text}",)),
            Paragraph((f"{d.worse}: {d.worse_text}",)),
            Paragraph((f"explorer: {explorer}?{d.links[0]}",)),
            Paragraph((f"explorer: {explorer}?{d.links[1]}",)),
        ]
    return blocks


def _number(value: float | None, sign: str = "") -> str | None:
    return None if value is None else f"{value:{sign}.4f}"


def _interval(interval, sign: str = "") -> str | None:
    if interval is None:
        return None
    return f"[{interval.low:{sign}.4f}, {interval.high:{sign}.4f}]"


def _p_value(e) -> str | None:
    if e.p_value is None:
        return None
    return f"{e.p_value:.{p_value_decimals(e.p_value)}f}" + ("*" if e.significant else "")


def _spans_data(report: AgreementReport) -> dict:
    shares = report.spans
    found = {
        "segments": shares.segments,
        "marked": shares.marked,
        "marked_unmatched": shares.marked_unmatched,
        "unmarked": shares.unmarked,
        "unmarked_unmatched": shares.unmarked_unmatched,
    }
    for e in report.span_estimates:
        key = e.measure.removeprefix("spans:") + "_share"
        found[key] = {"value": e.value, "interval": _interval_data(e.interval)}
    return found


def _interval_data(i) -> dict | None:
    return None if i is None else {"low": i.low, "high": i.high, "mean": i.mean, "level": i.level}


def report_data(report: AgreementReport, explorer: str = DEFAULT_EXPLORER) -> dict:
    """The report as JSON-ready data: every estimate with every digit, the sources, the
    disagreements with their links (starting with ``explorer``), the signatures.

    Returns:
        A dict of lists, dicts, strings and numbers (``json.dumps`` writes it).

    Raises:
        ValueError: ``explorer`` is not an address the links can start with
            (:func:`explorer_address`).
    """
    explorer_address(explorer)

    interval = _interval_data

    def estimates(found):
        return [
            {
                "measure": e.measure,
                "metric": e.metric,
                "value": e.value,
                "interval": interval(e.interval),
                "epsilon": e.epsilon,
                "difference": e.difference,
                "difference_interval": interval(e.difference_interval),
                "p_value": e.p_value,
                "significant": e.significant,
            }
            for e in found
        ]

    def source(s):
        return (
            None
            if s is None
            else {
                "source": s.source,
                "human": s.human_name,
                "systems": list(s.systems),
                "items": s.items,
                s.unit + "s": s.units,
                "skipped": [
                    {"reason": k.reason, "count": k.count, "unit": k.unit} for k in s.skipped
                ],
            }
        )

    def disagreements(found):
        return [
            {
                "item": d.item,
                "kind": d.kind,
                "references": list(d.references),
                "better": d.better,
                "worse": d.worse,
                "better_text": d.better_text,
                "worse_text": d.worse_text,
                "human": d.human,
                "charsim": d.charsim,
                "peer": d.peer,
                "peer_scores": d.peer_scores,
                "explorer": [f"{explorer}?{link}" for link in d.links],
            }
            for d in found
        ]

    return {
        "metrics": list(report.metrics),
        "baseline": report.baseline,
        "resamples": report.resamples,
        "seed": report.seed,
        "level": report.level,
        "judgments": source(report.judgments),
        "estimates": estimates(report.estimates),
        "disagreements": disagreements(report.disagreements),
        "spans": None if report.spans is None else _spans_data(report),
        "minimal_pairs": source(report.minimal_pairs),
        "pair_estimates": estimates(report.pair_estimates),
        "pair_disagreements": disagreements(report.pair_disagreements),
        "signatures": dict(report.signatures),
        "system_signatures": dict(report.system_signatures),
        "notes": dict(report.notes),
    }

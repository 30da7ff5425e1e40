"""What the ``charsim`` command prints: corpus scores, item scores and worked examples, as text,
TSV, JSON, Markdown or LaTeX.

Without ``--metrics`` the text, TSV and JSON layouts are charsim's own (one score column per
system). With ``--metrics`` (and always in Markdown and LaTeX) there is one column per metric:
a table of systems × metrics, with ``--sentence-level`` a table of items × (system, metric),
then each metric's signature. Scores keep each metric's scale: charsim 0–1 (4 decimals in text),
sacreBLEU's 0–100 (1 decimal, as sacreBLEU prints); TSV has 6 decimals, JSON every digit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..compare.base import MetricResult
from ..compare.sacrebleu import named_signature
from ..metric.explain import Explanation
from ..metric.values import counted
from ..render.export import comparison_blocks, explanation_blocks, explanation_data
from ..render.formats import Heading, Paragraph, Table, render
from ..render.report import terminal_report
from . import significance as cli_significance

__all__ = ["ItemExplanation", "Report", "render_report"]


@dataclass(frozen=True)
class ItemExplanation:
    """The worked example of one item for one system.

    Attributes:
        system: the system's name.
        explanation: charsim's explanation.
        comparison: the :class:`~charsim.compare.Comparison`, or None without sacreBLEU.
        note: why there is no comparison (empty when there is one).
        variant: the variant asked (``--variant``): its score leads, under its signature.
    """

    system: str
    explanation: Explanation
    comparison: object | None
    note: str = ""
    variant: str = "mean"


@dataclass(frozen=True)
class Report:
    """Everything one run prints.

    Attributes:
        names: the systems' names (file names).
        n_items: the number of items.
        results: per system, the metrics' results by command-line name, in the order asked.
        derived_note: charsim's derived-variant sentence, or ``""``.
        by_metric: one column per metric (``--metrics`` given) rather than charsim's layout.
        sentence_level: print item scores too.
        item: the item explained (``--explain N``), or None.
        explanations: one :class:`ItemExplanation` per system when ``item`` is set.
        significance: charsim's intervals and paired tests
            (:class:`~charsim.cli.significance.Significance`), or None; only in charsim's layout.
    """

    names: tuple[str, ...]
    n_items: int
    results: tuple[dict[str, MetricResult], ...]
    derived_note: str
    by_metric: bool
    sentence_level: bool
    item: int | None = None
    explanations: tuple[ItemExplanation, ...] = ()
    significance: cli_significance.Significance | None = None


def render_report(report: Report, fmt: str) -> str:
    """The whole output of one run in ``fmt`` (text, json, tsv, markdown or latex)."""
    if fmt == "json":
        return _json(report)
    if fmt in ("markdown", "latex") or report.by_metric:
        return _by_metric(report, fmt) + _explanations(report, fmt)
    return _charsim_layout(report, fmt) + _explanations(report, fmt)


def scores_only(report: Report) -> str:
    """The corpus scores alone (``--score-only``, sacreBLEU's ``-b``): one line per system and
    metric, in the order of the systems and of ``--metrics``, as the text layout writes them."""
    return "".join(
        f"{_number(result, result.score, 'text')}\n"
        for res in report.results
        for result in res.values()
    )


def _json(report: Report) -> str:
    if report.by_metric:
        fields = [
            {"metrics": {m: _metric_json(r, report.sentence_level) for m, r in res.items()}}
            for res in report.results
        ]
        shared = {}
    else:  # charsim's layout: one signature for every system
        fields = [
            {
                "score": res["charsim"].score,
                **({"scores": list(res["charsim"].scores)} if report.sentence_level else {}),
                **cli_significance.json_fields(report.significance, s),
            }
            for s, res in enumerate(report.results)
        ]
        shared = {"signature": report.results[0]["charsim"].signature}
    if len(fields) == 1:  # sacreBLEU's layout for one system: the score's name first
        name = {} if report.by_metric else {"name": report.results[0]["charsim"].name}
        body = {**name, **fields[0], **shared, "n_items": report.n_items}
    else:
        systems = [{"name": n, **f} for n, f in zip(report.names, fields, strict=True)]
        body = {"systems": systems, **shared, "n_items": report.n_items}
    if report.explanations:
        body["explain"] = {
            "item": report.item,
            "text": {
                x.system: terminal_report(x.explanation, variant=x.variant)
                for x in report.explanations
            },
            "data": {
                x.system: explanation_data(x.explanation, x.comparison, x.note, x.variant)
                for x in report.explanations
            },
        }
    return json.dumps(body, ensure_ascii=False) + "\n"


def _metric_json(result: MetricResult, sentence_level: bool) -> dict:
    body = {"name": result.name, "score": result.score, "signature": result.signature}
    if sentence_level:
        body["scores"] = list(result.scores)
        body["sentence_signature"] = result.sentence_signature
    return body


def _charsim_layout(report: Report, fmt: str) -> str:
    """charsim's own text and TSV layouts (no ``--metrics``): one column per system."""
    results = [res["charsim"] for res in report.results]
    signature, n_items = results[0].signature, report.n_items
    if fmt == "tsv":  # one TSV layout: a column per system, named by its file
        rows = ["\t".join(["item", *report.names])]
        if report.sentence_level:
            rows += [
                "\t".join([str(i + 1), *(f"{r.scores[i]:.6f}" for r in results)])
                for i in range(n_items)
            ]
        rows.append("\t".join(["corpus", *(f"{r.score:.6f}" for r in results)]))
        rows += cli_significance.tsv_rows(report.significance, len(results))
        rows.append(f"#signature\t{signature}")
        return "\n".join(rows) + "\n"
    rows = []
    if report.sentence_level:  # a header names each column's file (scores right-aligned)
        widths = [max(6, len(name)) for name in report.names]
        rows.append(
            "  ".join(["  item", *(f"{n:>{w}}" for n, w in zip(report.names, widths, strict=True))])
        )
        rows += [
            "  ".join(
                [
                    f"{i + 1:>6}",
                    *(f"{r.scores[i]:>{w}.4f}" for r, w in zip(results, widths, strict=True)),
                ]
            )
            for i in range(n_items)
        ]
    names, significance = report.names, report.significance
    if significance is not None and significance.paired:  # sacreBLEU names the baseline so
        names = (f"Baseline: {names[0]}", *names[1:])
    width = max(map(len, names))
    for s, (name, result) in enumerate(zip(names, results, strict=True)):
        label = f"{name:<{width}}  " if len(results) > 1 else ""
        cells = cli_significance.text_cells(significance, s)
        rows.append(
            f"{label}{result.name} = {result.score:.4f}{cells}  ({counted(n_items, 'item')})"
        )
    rows += cli_significance.legend(significance, report.names)
    rows += [*([report.derived_note] if report.derived_note else []), signature]
    return "\n".join(rows) + "\n"


def _number(result: MetricResult, value: float, fmt: str) -> str:
    if fmt == "tsv":
        return f"{value:.6f}"
    return f"{value:.4f}" if result.metric == "charsim" else f"{value:.1f}"


def _by_metric(report: Report, fmt: str) -> str:
    """One column per metric: the items table, the systems table, the signatures."""
    first = report.results[0]
    columns = [(s, m) for s in range(len(report.names)) for m in first]

    def label(s: int, m: str) -> str:
        name = first[m].name
        if fmt == "tsv":  # one TSV layout: FILE:METRIC, for one system too
            return f"{report.names[s]}:{name}"
        return name if len(report.names) == 1 else f"{report.names[s]}:{name}"

    rows = []
    if report.sentence_level:
        rows = [
            (
                str(i + 1),
                *(_number(first[m], report.results[s][m].scores[i], fmt) for s, m in columns),
            )
            for i in range(report.n_items)
        ]
    signatures = []
    for result in first.values():
        signatures.append(named_signature(result.name, result.signature))
        if report.sentence_level and result.sentence_signature != result.signature:
            signatures.append(
                "item scores: " + named_signature(result.name, result.sentence_signature)
            )
    if fmt == "tsv":
        rows.append(
            ("corpus", *(_number(first[m], report.results[s][m].score, fmt) for s, m in columns))
        )
        table = render([Table(("item", *(label(s, m) for s, m in columns)), tuple(rows))], fmt)
        return table + "".join(f"#signature\t{line}\n" for line in signatures)
    blocks = [Table(("item", *(label(s, m) for s, m in columns)), tuple(rows))] if rows else []
    blocks += [
        Table(
            ("system", *(r.name for r in first.values())),
            tuple(
                (name, *(_number(r, r.score, fmt) for r in res.values()))
                for name, res in zip(report.names, report.results, strict=True)
            ),
        ),
        Paragraph((counted(report.n_items, "item"),)),
        *([Paragraph((report.derived_note,))] if report.derived_note else []),
        *(Paragraph((line,)) for line in signatures),
    ]
    return render(blocks, fmt)


def _explanations(report: Report, fmt: str) -> str:
    """The worked examples; in TSV every line starts with ``#`` so the table stays a table."""
    if not report.explanations:
        return ""
    if fmt in ("markdown", "latex"):
        blocks = []
        for x in report.explanations:
            blocks += [
                Heading((f"Item {report.item} of", x.system)),
                *explanation_blocks(x.explanation, x.variant),
                *comparison_blocks(x.comparison, x.note),
            ]
        return "\n" + render(blocks, fmt)
    text = "".join(
        f"\n== item {report.item} of {x.system} ==\n"
        f"{terminal_report(x.explanation, variant=x.variant)}\n"
        + render(comparison_blocks(x.comparison, x.note), "text")
        for x in report.explanations
    )
    if fmt == "tsv":
        text = "".join("# " + line + "\n" for line in text.splitlines())
    return text

"""The HTML a notebook shows for charsim's results (Jupyter's display protocol, ``_repr_html_``).

Each renderer goes through the blocks every format shares (:mod:`charsim.render.export`,
:mod:`charsim.render.formats`), so a notebook shows the numbers the command line's ``--explain``
and the Markdown and LaTeX exports show, and every text a user gave (a candidate, a reference,
a signature) is escaped with :func:`html.escape`: a ``<script>`` in a candidate is shown, never
run. Importing this module registers the renderers (:func:`charsim.metric.display.register_html`)
by class path, so it imports none of the classes' modules (``import charsim`` imports it and
stays light):

* :class:`~charsim.Explanation`: score, P, R, the decision sentence, the boundary-marked shared
  n-grams of each order and the per-order contributions ``m̄_n / (n D)`` (§4.4), exact;
* :class:`~charsim.compare.Comparison`: the same beside chrF, chrF++, BLEU and TER (§5);
* :class:`~charsim.corpus.CorpusResult`: the corpus score, the items and the signature;
* :class:`~charsim.PairedResult`: the difference, the p-value, the significance mark and the
  intervals of a paired test;
* ``CharSimScore`` (:class:`charsim.CharSim`'s): the printable line, P, R, the decision;
* :class:`~charsim.agreement.AgreementReport`: the meta-evaluation's tables
  (:func:`charsim.render.agreement.report_html`, imported when one is shown).
"""

from __future__ import annotations

from fractions import Fraction

from ..metric.display import register_html
from ..metric.explain import Explanation
from ..metric.values import counted
from ..significance.limits import METHODS
from ..significance.paired import PairedResult, significant
from ..significance.pvalues import p_value_decimals
from ..significance.resample import Interval
from .export import comparison_blocks, explanation_blocks, matches_blocks
from .formats import Heading, Table, render

__all__ = [
    "MAX_MATCHES",
    "agreement_report_html",
    "comparison_html",
    "corpus_result_html",
    "explanation_html",
    "paired_result_html",
    "score_html",
]

MAX_MATCHES = 12
"""Shared n-grams listed per order (the rest are counted), as the command line's ``--explain``."""

_CLASS = "charsim-result"
"""The ``class`` of the ``<div>`` around every result (for a notebook's own CSS)."""


def _document(blocks: list) -> str:
    return f'<div class="{_CLASS}">\n{render(blocks, "html")}</div>'


def _headline(e: Explanation) -> Heading:
    return Heading((f"charsim = {float(e.score):.4f} ({e.score}):", e.decision.value, "decides"))


def explanation_html(e: Explanation, max_matches: int = MAX_MATCHES) -> str:
    """An :class:`~charsim.Explanation` as HTML: the headline score and decision, the texts, the
    exact quantities (score, P, R, M̄, L_t, L̄_r, D), the decision sentence, the per-order table
    with each order's contribution ``w_n m̄_n / D`` (``m̄_n / (n D)`` with the standard weights,
    §4.4), the per-reference numbers and the shared n-grams with the boundaries marked.

    Args:
        e: the explanation.
        max_matches: shared n-grams listed per order (the rest are counted).

    Returns:
        A ``<div>`` fragment; every text of ``e`` is escaped.
    """
    return _document([_headline(e), *explanation_blocks(e), *matches_blocks(e, max_matches)])


def comparison_html(c, max_matches: int = MAX_MATCHES) -> str:
    """A :class:`~charsim.compare.Comparison` as HTML: every metric's score and signature, the
    differences keyed to the article (§5), then charsim's explanation (as
    :func:`explanation_html`).

    Returns:
        A ``<div>`` fragment; every text is escaped.
    """
    e = c.explanation
    return _document(
        [
            _headline(e),
            *comparison_blocks(c),
            *explanation_blocks(e),
            *matches_blocks(e, max_matches),
        ]
    )


def corpus_result_html(result) -> str:
    """A :class:`~charsim.corpus.CorpusResult` as HTML: the corpus score (the mean of the item
    scores, 0–1), the number of items and the signature.

    Returns:
        A ``<div>`` fragment.
    """
    return _document(
        [
            Heading((f"corpus score = {result.score:.4f}",)),
            Table(
                ("", "value"),
                (
                    ("score (the mean of the item scores)", f"{result.score:.6f}"),
                    ("items", counted(result.n_items, "item")),
                    ("signature", result.signature),
                ),
                text_columns=(1,),
            ),
        ]
    )


def _interval(interval: Interval | None, sign: str = "") -> str | None:
    """``low to high (μ = mean ± half width, level)``; ``sign="+"`` signs a difference."""
    if interval is None:
        return None
    low, high, mean = (f"{x:{sign}.4f}" for x in (interval.low, interval.high, interval.mean))
    return f"{low} to {high} (μ = {mean} ± {interval.half_width:.4f}, {interval.level:.0%})"


def paired_result_html(result: PairedResult) -> str:
    """A :class:`~charsim.PairedResult` as HTML: the test, the difference ``Δ`` (the system's
    mean minus the baseline's), the p-value, whether it is marked significant
    (:func:`charsim.significance.significant`) and, for the paired bootstrap, the intervals.

    Returns:
        A ``<div>`` fragment.
    """
    p_value = f"{result.p_value:.{p_value_decimals(result.p_value)}f}"
    mark = "*" if significant(result) else ""
    noun = "bootstrap resample" if result.method == "bs" else "trial"
    return _document(
        [
            Heading((f"Δ = {result.difference:+.4f}  (p = {p_value}){mark}",)),
            Table(
                ("", "value"),
                (
                    ("test", METHODS[result.method]),
                    ("samples", f"{counted(result.samples, noun)}, seed {result.seed}"),
                    ("Δ = system − baseline", f"{result.difference:+.6f}"),
                    ("p-value", p_value),
                    (
                        "significant (p < 0.05 and, for bs, 0 outside the interval of Δ)",
                        "yes" if mark else "no",
                    ),
                    ("interval of Δ", _interval(result.difference_interval, "+")),
                    ("baseline's interval", _interval(result.baseline_interval)),
                    ("system's interval", _interval(result.system_interval)),
                ),
                text_columns=(1,),
            ),
        ]
    )


def _decimal_exact(value: Fraction | None) -> str | None:
    return None if value is None else f"{float(value):.6f} ({value})"


def score_html(score) -> str:
    """A ``CharSimScore`` (:class:`charsim.CharSim`'s) as HTML: the printable line, then the exact
    score, P, R and the decision sentence of a sentence score, or the items of a corpus score,
    with the interval and the signature.

    Returns:
        A ``<div>`` fragment; the signature is escaped.
    """
    rows = [
        (
            "score (0–1)",
            f"{score.score:.6f}" if score.exact is None else _decimal_exact(score.exact),
        )
    ]
    if score.decision is not None:
        rows += [
            ("P = M̄ / L_t", _decimal_exact(score.precision)),
            ("R = M̄ / L̄_r", _decimal_exact(score.recall)),
            ("decision", score.decision.description),
        ]
    rows.append(("items", counted(score.n_items, "item")))
    if score.interval is not None:
        rows.append(("95 % interval", _interval(score.interval)))
    rows.append(("signature", score.signature))
    return _document([Heading((str(score),)), Table(("", "value"), tuple(rows), text_columns=(1,))])


def agreement_report_html(report) -> str:
    """A :class:`~charsim.agreement.AgreementReport` as HTML
    (:func:`charsim.render.agreement.report_html`; imported on first use, so that ``import
    charsim`` does not load the meta-evaluation).

    Returns:
        A ``<div>`` fragment; every text is escaped.
    """
    from .agreement import report_html

    return report_html(report)


for _path, _render in {
    "charsim.metric.explain.Explanation": explanation_html,
    "charsim.compare.metrics.Comparison": comparison_html,
    "charsim.corpus.parts.CorpusResult": corpus_result_html,
    "charsim.significance.paired.PairedResult": paired_result_html,
    "charsim.compat.score.CharSimScore": score_html,
    "charsim.agreement.evaluate.AgreementReport": agreement_report_html,
}.items():
    register_html(_path, _render)
del _path, _render

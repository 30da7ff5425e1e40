"""The score records every comparison shares, as sacreBLEU's ``metrics/base.py`` holds the
``Score`` that each of its metrics' results extends.

:class:`MetricScore` is one metric's score of one thing: the command-line name, the metric's own
name, the score on its own scale and the signature saying how it was computed (§5). Two records
exist because two things are scored, and they differ by what a corpus adds:

* :class:`MetricScore` is **one item's** score (``charsim.compare.compare``: charsim, chrF,
  chrF++, BLEU and TER on one candidate and its references); an item has no item scores.
* :class:`MetricResult` extends it to **one system's corpus** score, adding the item scores and
  their own signature (sacreBLEU's sentence BLEU uses ``effective_order=True``, so its item
  scores are not computed as its corpus score is). The command line prints these.

Both are importable where they were before the split: ``charsim.compare.MetricScore`` (and
``charsim.compare.metrics``), ``charsim.compare.sacrebleu.MetricResult``. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MetricResult", "MetricScore"]


@dataclass(frozen=True)
class MetricScore:
    """One metric's score of one item (a candidate and its references).

    Attributes:
        metric (str): the command-line name (``"charsim"``, ``"chrf"``, ``"chrf++"``,
            ``"bleu"``, ``"ter"``).
        name (str): the metric's own name (``"charsim"``, ``"chrF2"``, ``"chrF2++"``,
            ``"BLEU"``, ``"TER"``).
        score (float): on the metric's own scale: charsim 0–1, sacreBLEU's metrics 0–100 (TER is
            an error rate: lower is better, and it can exceed 100).
        signature (str): how it was computed (charsim's signature, or sacreBLEU's).
    """

    metric: str
    name: str
    score: float
    signature: str


@dataclass(frozen=True)
class MetricResult(MetricScore):
    """One metric's scores of one system: its corpus score (the fields of
    :class:`MetricScore`) and, when asked (``--sentence-level``), every item's score.

    A corpus score is not always computed as the item scores are: sacreBLEU's metrics sum the
    items' statistics first (charsim takes the mean of its item scores), and sentence BLEU uses
    ``effective_order=True``; hence the item scores come with a signature of their own (charsim's
    is its corpus signature).

    Attributes:
        metric (str): the command-line name (``"charsim"``, ``"chrf"``, ...).
        name (str): the metric's own name (``"chrF2"``, ``"chrF2++"``, ``"BLEU"``, ``"TER"``, or
            charsim's variant name).
        score (float): the corpus score on the metric's own scale (sacreBLEU's 0–100; charsim's
            0–1).
        signature (str): how the corpus score was computed (sacreBLEU's signature for its
            metrics).
        scores (tuple[float, ...] | None): the item scores, in item order, or None when they
            were not asked for.
        sentence_signature (str | None): how the item scores were computed (None without them).
    """

    scores: tuple[float, ...] | None = None
    sentence_signature: str | None = None

"""State of the batch page's "metric against metric" view: charsim beside chrF and BLEU per item.

No Panel import here: the view reads this object and runs :meth:`BatchMetricsState.compute`
when the batch's charsim scores arrive; tests drive it directly. The item scores are sacreBLEU's
sentence scores with its defaults (:func:`charsim.compare.sacrebleu.corpus_scores`: ``CHRF()``
and ``BLEU(effective_order=True)``, as ``sacrebleu --sentence-level``), computed in chunks that
yield to the event loop, so the page keeps answering. The correlations and ranks are pandas';
pandas and sacreBLEU are imported on first use (in the browser they are installed after the first
view).
"""

from __future__ import annotations

import asyncio

import param

from .batch import BatchState

__all__ = ["CHUNK", "METRICS", "BatchMetricsState"]

METRICS = ("charsim", "chrf", "bleu")
"""The metrics compared, by their command-line names (charsim's scores are the batch's own)."""

NAMES = {"charsim": "charsim", "chrf": "chrF2", "bleu": "BLEU"}
"""Each metric's own name, as its signature and sacreBLEU print it."""

CHUNK = 25
"""Items (for every system) scored by sacreBLEU between two yields to the event loop: short, as
the worker answers the page (typing, the paired test's slices) only between two of them
(``docs/benchmarks.md``, the batch page's analyses)."""


class BatchMetricsState(param.Parameterized):
    """Per-item charsim, chrF and BLEU of the loaded systems, and how they agree."""

    scores = param.Dict(
        default={},
        constant=True,
        doc="Metric name → per system, the item scores (empty until computed).",
    )
    signatures = param.Dict(default={}, constant=True, doc="Metric name → item-score signature.")
    computing = param.Boolean(default=False, constant=True, doc="Whether a run is under way.")

    def __init__(self, batch: BatchState, **params) -> None:
        super().__init__(**params)
        self.batch = batch
        self._generation = 0

    async def compute(self) -> None:
        """Score every item of every system with chrF and BLEU (charsim's are the batch's);
        a newer batch or run makes this one stop. Clears the scores while there are none."""
        from charsim.compare.sacrebleu import corpus_scores

        self._generation += 1
        generation, state = self._generation, self.batch
        with param.edit_constant(self):
            self.param.update(scores={}, signatures={}, computing=bool(state.results))
        if not state.results:
            return
        batch = state.batch
        scores = {"charsim": [list(r.scores) for r in state.results]}
        signatures = {"charsim": state.results[0].signature}
        for metric in METRICS[1:]:
            scores[metric] = [[] for _ in batch.systems]
            for start in range(0, batch.size, CHUNK):
                chunk = slice(start, start + CHUNK)
                results = corpus_scores(
                    [system[chunk] for system in batch.systems],
                    batch.references[chunk],
                    metric,
                    sentence_level=True,
                )
                for column, result in zip(scores[metric], results, strict=True):
                    column.extend(result.scores)
                await asyncio.sleep(0)  # let the page draw and answer clicks
                if generation != self._generation:
                    return
            signatures[metric] = results[0].sentence_signature
        with param.edit_constant(self):
            self.param.update(scores=scores, signatures=signatures, computing=False)

    def frame(self, system: int):
        """A pandas DataFrame of one system (0-based): one row per item, a column per metric,
        plus ``item`` (1-based), ``candidate`` and ``reference`` (the first)."""
        import pandas as pd

        batch = self.batch.batch
        columns = {m: self.scores[m][system] for m in METRICS}
        frame = pd.DataFrame(columns)
        frame.insert(0, "item", range(1, len(frame) + 1))
        frame["candidate"] = batch.systems[system]
        frame["reference"] = [references[0] for references in batch.references]
        return frame

    def correlations(self, system: int) -> dict[str, float]:
        """Pearson's and Spearman's correlation over the items of ``system`` between charsim and
        each other metric: ``{"pearson chrf": …, "spearman chrf": …, …}`` (NaN when a metric is
        constant)."""
        frame = self.frame(system)[list(METRICS)]
        found = {}
        for method in ("pearson", "spearman"):
            matrix = frame.corr(method=method)
            found |= {f"{method} {m}": float(matrix.loc["charsim", m]) for m in METRICS[1:]}
        return found

    def disagreements(self, system: int, rows: int = 50):
        """The ``rows`` items of ``system`` whose rank by charsim and by chrF differ most (rank
        1 = the best score, ties ranked by their mean rank), largest difference first, then by
        item: a DataFrame with the ranks and ``rank difference`` (chrF rank − charsim rank)."""
        frame = self.frame(system)
        frame["charsim rank"] = frame["charsim"].rank(ascending=False)
        frame["chrF rank"] = frame["chrf"].rank(ascending=False)
        frame["rank difference"] = frame["chrF rank"] - frame["charsim rank"]
        order = frame["rank difference"].abs().sort_values(ascending=False, kind="stable").index
        return frame.loc[order].head(rows).reset_index(drop=True)

    def means(self) -> dict[str, list[float]]:
        """Metric name → per system, the mean of its item scores."""
        return {m: [sum(s) / len(s) for s in self.scores[m]] for m in METRICS}

"""The batch page's confidence intervals and paired test: resampling in slices, superseded by
newer input.

No Panel import here. Once the batch is scored (``BatchState.results``), or whenever a setting
changes, a run starts: with one system its bootstrap interval (``charsim --confidence``); with
two, the paired bootstrap of the second against the first, the baseline (``--paired-bs``: the
difference of means, its interval and its bootstrap distribution, both intervals), and with the
approximate randomization test chosen also its p-value (``--paired-ar``). The numbers are those
of :mod:`charsim.significance` for the same scores, settings and seed, so they equal the command
line's. The run takes the core's stepwise forms a slice of :data:`SLICE` seconds at a time and
yields to the event loop in between (Python in the browser's worker has one thread: so it keeps
answering typing); a newer input (data, scores or a setting) stops it and starts another.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Generator
from dataclasses import dataclass

import param

import charsim
from charsim.corpus import common_nrefs
from charsim.significance import (
    DEFAULT_RANDOMIZATION_TRIALS,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    SIGNIFICANT,
    Interval,
    PairedResult,
    bootstrap_interval_steps,
    paired_bootstrap_steps,
    paired_randomization_steps,
)

from .batch import BatchState

__all__ = [
    "PAGE_MAX_RESAMPLES",
    "PAGE_MAX_TRIALS",
    "P_MARKED_BELOW",
    "SLICE",
    "STEP",
    "SignificanceResult",
    "SignificanceState",
]

SLICE = 0.02
"""Seconds of resampling between two yields to the event loop (and two progress updates)."""
STEP = 10
"""Resamples or trials between two looks at the clock."""
PAGE_MAX_RESAMPLES = 100_000
"""Most bootstrap resamples the page runs (their time in Pyodide: ``docs/benchmarks.md``): a
tenth of the command line's :data:`charsim.significance.MAX_RESAMPLES`, so that a run stays
within a minute or two of a tab's time."""
PAGE_MAX_TRIALS = 1_000_000
"""Most approximate-randomization trials the page runs (as many as the command line's; their time
in Pyodide: ``docs/benchmarks.md``)."""
P_MARKED_BELOW = SIGNIFICANT
"""A p-value below this is marked ``*`` on the page and called unlikely to come from chance
alone (the catalog's ``batch.significance.significant``, which says "p < 0.05" in words), when
the bootstrap's interval of ``Δ`` also leaves out 0: the page marks by the core's rule,
:func:`charsim.significance.significant`, as ``charsim --paired-bs`` and ``--paired-ar`` do;
a test holds the catalog's sentences to this number."""


@dataclass(frozen=True)
class SignificanceResult:
    """The numbers of one run.

    Attributes:
        intervals: per system, the bootstrap interval of its mean (with two systems, from the
            paired bootstrap's resamples, as ``charsim --paired-bs`` gives them).
        bootstrap: two systems: the paired bootstrap (the difference of means, its interval,
            its distribution and its p-value); None with one.
        test: two systems: the chosen test, ``bootstrap`` itself or the approximate
            randomization; None with one.
        signature: the signature, with the resampling (``|bs:1000|seed:12345``).
    """

    intervals: tuple[Interval, ...]
    bootstrap: PairedResult | None
    test: PairedResult | None
    signature: str


class SignificanceState(param.Parameterized):
    """The settings, the progress and the result of the resampling of a batch's item scores."""

    method = param.Selector(
        objects=["bs", "ar"],
        default="bs",
        doc="The paired test: bs (paired bootstrap) or ar (approximate randomization).",
    )
    resamples = param.Integer(
        default=DEFAULT_RESAMPLES, bounds=(1, PAGE_MAX_RESAMPLES), doc="Bootstrap resamples."
    )
    trials = param.Integer(
        default=DEFAULT_RANDOMIZATION_TRIALS,
        bounds=(1, PAGE_MAX_TRIALS),
        doc="Trials of approximate randomization (method ar).",
    )
    seed = param.Integer(default=DEFAULT_SEED, bounds=(0, None), doc="The generator's seed.")
    result = param.ClassSelector(
        class_=SignificanceResult,
        default=None,
        constant=True,
        doc="The last complete run's numbers (None while one runs, or without scores).",
    )
    done = param.Integer(default=0, constant=True, doc="Resamples and trials done so far.")
    total = param.Integer(default=0, constant=True, doc="Resamples and trials to do.")
    running = param.Boolean(default=False, constant=True, doc="Whether a run is under way.")

    def __init__(self, batch: BatchState, **params) -> None:
        super().__init__(**params)
        self.batch = batch
        self._generation = 0  # bumped by every new input, so a stale run stops
        batch.param.watch(self._restart, ["results"])
        self.param.watch(self._restart, ["method", "resamples", "trials", "seed"])
        if batch.results:
            self._restart()

    def _restart(self, *_events) -> None:
        """Clear the result, stop a run under way and start one on the current input."""
        self._generation += 1
        scores = [result.scores for result in self.batch.results]
        trials = self.trials if len(scores) == 2 and self.method == "ar" else None
        with param.edit_constant(self):
            self.param.update(
                result=None,
                done=0,
                running=bool(scores),
                total=self.resamples + (trials or 0) if scores else 0,
            )
        if scores:
            signature = charsim.signature(
                "mean",
                nrefs=common_nrefs(self.batch.batch.references),
                seed=self.seed,
                bootstrap=self.resamples,
                randomization=trials,
            )
            settings = (self.resamples, trials, self.seed, signature, self._generation)
            run = self._run(scores, *settings)
            param.parameterized.async_executor(lambda: run)

    async def _run(
        self,
        scores: list,
        resamples: int,
        trials: int | None,
        seed: int,
        signature: str,
        generation: int,
    ) -> None:
        """Resample ``scores`` (one or two systems; with ``trials`` approximate randomization
        too) and show the result, unless an input newer than ``generation`` has come."""
        options = {"resamples": resamples, "seed": seed, "every": STEP}
        if len(scores) == 1:
            steps = bootstrap_interval_steps(scores[0], **options)
            interval = await self._steps(steps, 0, generation)
            result = interval and SignificanceResult((interval,), None, None, signature)
        else:
            result = None
            steps = paired_bootstrap_steps(*scores, **options)
            bootstrap = test = await self._steps(steps, 0, generation)
            if bootstrap and trials:
                steps = paired_randomization_steps(*scores, trials=trials, seed=seed, every=STEP)
                test = await self._steps(steps, resamples, generation)
            if test:
                intervals = (bootstrap.baseline_interval, bootstrap.system_interval)
                result = SignificanceResult(intervals, bootstrap, test, signature)
        if result is not None and generation == self._generation:
            with param.edit_constant(self):
                self.param.update(result=result, done=self.total, running=False)

    async def _steps(self, steps: Generator, before: int, generation: int):
        """Run ``steps`` a slice at a time, showing progress (``before`` + the count done);
        its result, or None once an input newer than ``generation`` has come."""
        start = time.perf_counter()
        while generation == self._generation:
            try:
                done = next(steps)
            except StopIteration as finished:
                return finished.value
            if time.perf_counter() - start >= SLICE:
                with param.edit_constant(self):
                    self.done = before + done
                await asyncio.sleep(0)  # let the worker answer the page (typing, clicks)
                start = time.perf_counter()
        return None

"""The command line's confidence intervals and paired tests: checks, computation and rendering.

``--confidence`` gives each system's bootstrap interval; ``--paired-bs`` (which also gives the
intervals, from its own resamples) or ``--paired-ar`` compares every system with the first one,
the baseline, as sacreBLEU does. The numbers come from :mod:`charsim.significance`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from ..io.textio import DataError
from ..metric.values import counted
from ..significance.limits import (
    DEFAULT_RANDOMIZATION_TRIALS,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    METHODS,
    MIN_BOOTSTRAP_ITEMS,
    SIGNIFICANT,
    too_few_for_bootstrap,
    too_few_items,
)
from ..significance.paired import (
    PairedResult,
    bootstrap_interval,
    paired_bootstrap,
    paired_randomization,
    significant,
)
from ..significance.pvalues import p_value_decimals
from ..significance.resample import Interval

__all__ = [
    "SIGNIFICANT",
    "Significance",
    "asked",
    "check_items",
    "compute",
    "json_fields",
    "legend",
    "problem",
    "text_cells",
    "tsv_rows",
]


def asked(args: argparse.Namespace) -> bool:
    """Whether the options ask for an interval or a paired test."""
    return args.confidence or args.paired_bs or args.paired_ar


def problem(args: argparse.Namespace, n_systems: int) -> str | None:
    """What is wrong with the significance options for ``n_systems`` systems (None: nothing)."""
    paired = "--paired-bs" if args.paired_bs else "--paired-ar" if args.paired_ar else None
    option = paired or ("--confidence" if args.confidence else None)
    if option and args.metrics not in (None, ("charsim",)):
        return (
            f"{option} resamples charsim's item scores only: leave out --metrics or give charsim "
            f"alone (sacrebleu {option} resamples its own metrics)"
        )
    if option and args.format in ("markdown", "latex"):
        return f"{option} prints as text, json or tsv, not {args.format}"
    if paired and n_systems < 2:
        return (
            f"{paired} compares systems: give two or more with -i BASELINE SYSTEM ... (the "
            f"first is the baseline); for one system's interval use --confidence"
        )
    if args.paired_bs and args.confidence:
        return (
            "--paired-bs already gives every system's interval, from its own resamples "
            "(--paired-bs-n): drop --confidence"
        )
    unused = [
        option
        for option, value, needs in (
            ("--confidence-n", args.confidence_n, args.confidence),
            ("--paired-bs-n", args.paired_bs_n, args.paired_bs),
            ("--paired-ar-n", args.paired_ar_n, args.paired_ar),
            ("--seed", args.seed, args.confidence or paired),
        )
        if value is not None and not needs
    ]
    if unused:
        needed = {
            "--confidence-n": "--confidence",
            "--paired-bs-n": "--paired-bs",
            "--paired-ar-n": "--paired-ar",
            "--seed": "--confidence, --paired-bs or --paired-ar",
        }
        return f"{unused[0]} has no effect without {needed[unused[0]]}"
    return None


def check_items(args: argparse.Namespace, source: str, n_items: int) -> None:
    """Refuse an interval or a paired test on fewer items than they need
    (:data:`~charsim.significance.MIN_ITEMS`), rather than print a ``*`` or an interval that so
    few items cannot support.

    Raises:
        DataError: too few items (names the source, the option and why).
    """
    paired = "--paired-bs" if args.paired_bs else "--paired-ar" if args.paired_ar else None
    reason = too_few_items(n_items, test=paired is not None)
    if reason:
        raise DataError(source, None, f"{paired or '--confidence'}: {reason}")


@dataclass(frozen=True)
class Significance:
    """What the command computed beyond the means.

    Attributes:
        intervals: per system, its interval (empty: none asked for).
        tests: per system, its comparison with the baseline (None for the baseline itself, and
            for all without a paired test).
        bootstrap: the bootstrap resamples behind the intervals or the paired bootstrap, if any.
        randomization: the trials of approximate randomization, if any.
        seed: the seed of the resampling.
    """

    intervals: tuple[Interval, ...]
    tests: tuple[PairedResult | None, ...]
    bootstrap: int | None
    randomization: int | None
    seed: int

    @property
    def paired(self) -> bool:
        """Whether the systems were compared with the baseline."""
        return any(test is not None for test in self.tests)

    @property
    def signature_fields(self) -> dict:
        """Keyword arguments of :func:`charsim.signature` for this resampling."""
        return {"bootstrap": self.bootstrap, "randomization": self.randomization, "seed": self.seed}


def compute(
    args: argparse.Namespace,
    systems: Sequence[Sequence[float]],
    progress: Callable[[int], tuple[Callable[[int], None] | None, Callable[[], None]]],
) -> Significance:
    """Run what the options ask for (see :func:`asked`) on each system's item scores.

    Args:
        args: the parsed options (checked by :func:`problem`).
        systems: per system, its item scores; the first is the baseline.
        progress: given the total number of resamples and trials, returns (update, close) as
            the command line's progress bar does.
    """
    seed = DEFAULT_SEED if args.seed is None else args.seed
    bootstrap = trials = None
    base, others = systems[0], systems[1:]
    jobs = []  # (resamples or trials, the computation)
    if args.paired_bs:
        bootstrap = args.paired_bs_n or DEFAULT_RESAMPLES
        jobs += [
            (bootstrap, partial(paired_bootstrap, base, system, resamples=bootstrap, seed=seed))
            for system in others
        ]
    elif args.confidence:
        bootstrap = args.confidence_n or DEFAULT_RESAMPLES
        jobs += [
            (bootstrap, partial(bootstrap_interval, system, resamples=bootstrap, seed=seed))
            for system in systems
        ]
    if args.paired_ar:
        trials = args.paired_ar_n or DEFAULT_RANDOMIZATION_TRIALS
        jobs += [
            (trials, partial(paired_randomization, base, system, trials=trials, seed=seed))
            for system in others
        ]
    update, close = progress(sum(samples for samples, _ in jobs))
    results, done = [], 0
    try:
        for samples, job in jobs:
            step = None if update is None else (lambda count, before=done: update(before + count))
            results.append(job(progress=step))
            done += samples
    finally:
        close()
    tests = [result for result in results if isinstance(result, PairedResult)]
    intervals = [result for result in results if isinstance(result, Interval)]
    if args.paired_bs:
        intervals = [tests[0].baseline_interval, *(test.system_interval for test in tests)]
    tests = [None, *tests] if tests else [None] * len(systems)
    return Significance(tuple(intervals), tuple(tests), bootstrap, trials, seed)


def text_cells(significance: Significance | None, system: int) -> str:
    """What follows a system's score in the text output: ``(μ = … ± …)`` and ``(p = …)*``."""
    if significance is None:
        return ""
    cells = ""
    if significance.intervals:
        interval = significance.intervals[system]
        cells += f" (μ = {interval.mean:.4f} ± {interval.half_width:.4f})"
    test = significance.tests[system]
    if test is not None:
        p_value = f"{test.p_value:.{p_value_decimals(test.p_value)}f}"
        cells += f"  (p = {p_value}){'*' if significant(test) else ''}"
    return cells


def legend(significance: Significance | None, names: Sequence[str]) -> list[str]:
    """The lines under the scores: each compared system's difference from the baseline, then
    what the numbers are (nothing without resampling)."""
    if significance is None:
        return []
    lines = []
    tests = [(name, t) for name, t in zip(names, significance.tests, strict=True) if t is not None]
    for name, test in tests:
        line = f"Δ = {name} − baseline = {test.difference:+.4f}"
        if test.difference_interval is not None:
            low, high = test.difference_interval.low, test.difference_interval.high
            line += f" (95 % CI {low:+.4f} to {high:+.4f})"
        lines.append(line)
    if significance.intervals:
        resamples = counted(significance.bootstrap, "bootstrap resample")
        lines.append(
            f"μ ± 95 % CI: the mean of the {resamples} ± half the width of their central 95 %."
        )
    if tests:
        test = tests[0][1]
        samples = counted(test.samples, "resample" if test.method == "bs" else "trial")
        rule = f"p < {SIGNIFICANT}"
        if test.method == "bs":
            rule += f", 0 outside the CI of Δ and at least {MIN_BOOTSTRAP_ITEMS} items"
        lines += [
            f"p: {METHODS[test.method]}, {samples}; * {rule}: unlikely to be chance alone",
            "   (a difference in charsim, not proof of better translations).",
        ]
        note = next(filter(None, (_unmarked(test) for _, test in tests)), None)
        if note:
            lines.append(f"{note[0].upper()}{note[1:]}.")
    return lines


def _unmarked(test: PairedResult) -> str | None:
    """Why the paired bootstrap marks no ``*`` on a difference that its p and the interval of Δ
    alone would mark: too few items (:func:`~charsim.significance.too_few_for_bootstrap`).
    None where the item count is not the reason (enough items, or p and the interval do not
    mark it, as on p = 1), and for ``--paired-ar``."""
    if test.method != "bs" or test.items is None:
        return None
    if not significant(replace(test, items=None)):  # p and Δ's interval alone
        return None
    return too_few_for_bootstrap(test.items)


def json_fields(significance: Significance | None, system: int) -> dict:
    """The JSON keys of one system: ``ci`` (and ``ci_mean``); for a compared system
    ``method``, ``p_value``, ``difference`` (and ``difference_ci`` with the bootstrap; ``note``
    where too few items for it are why the text marks no ``*``)."""
    if significance is None:
        return {}
    fields = {}
    if significance.intervals:
        interval = significance.intervals[system]
        fields |= {"ci": [interval.low, interval.high], "ci_mean": interval.mean}
    test = significance.tests[system]
    if test is not None:
        fields |= {"method": test.method, "p_value": test.p_value, "difference": test.difference}
        if test.difference_interval is not None:
            fields["difference_ci"] = [test.difference_interval.low, test.difference_interval.high]
        if _unmarked(test):
            fields["note"] = _unmarked(test)
    return fields


def tsv_rows(significance: Significance | None, n_systems: int) -> list[str]:
    """TSV rows after ``mean``, named as the JSON keys (``ci`` as ``ci_low`` and ``ci_high``),
    one cell per system; the baseline's cells of the paired rows are empty."""
    if significance is None:
        return []
    columns = [json_fields(significance, s) for s in range(n_systems)]
    rows = []
    for key in ("ci", "ci_mean", "method", "p_value", "difference", "difference_ci", "note"):
        values = [fields.get(key) for fields in columns]
        if all(value is None for value in values):
            continue
        if key.endswith("ci"):
            rows.append(_row(f"{key}_low", [None if v is None else v[0] for v in values]))
            rows.append(_row(f"{key}_high", [None if v is None else v[1] for v in values]))
        else:
            rows.append(_row(key, values))
    return rows


def _row(name: str, values: list) -> str:
    cells = ["" if v is None else v if isinstance(v, str) else f"{v:.6f}" for v in values]
    return "\t".join([name, *cells])

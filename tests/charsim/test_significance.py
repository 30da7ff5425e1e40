"""Intervals and paired tests with known answers, against the documented recipe and sacreBLEU."""

import dataclasses
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import charsim
from charsim import significance
from charsim.significance import DEFAULT_SEED


def _dyadic(rng: random.Random, n: int, low: int = 0, high: int = 1024) -> list[float]:
    """``n`` scores that are multiples of 1/1024: every sum of them is exact in a float."""
    return [rng.randrange(low, high) / 1024 for _ in range(n)]


def _noisy(scores: list[float], seed: int) -> list[float]:
    """Each score moved up or down by 1/64 at random (kept in [0, 1])."""
    rng = random.Random(seed)
    return [min(1.0, max(0.0, x + rng.choice((-1, 1)) / 64)) for x in scores]


BASELINE = _dyadic(random.Random(1), 300)
NOISY = _noisy(BASELINE, 2)  # close to the baseline item by item
CLOSE = _dyadic(random.Random(3), 300)  # unrelated to BASELINE, with about the same mean


# --- known answers -------------------------------------------------------------------------


def test_a_system_compared_with_itself_gets_p_1_and_a_zero_width_interval():
    bootstrap = charsim.paired_bootstrap(BASELINE, list(BASELINE))
    randomization = charsim.paired_randomization(BASELINE, list(BASELINE))
    assert (bootstrap.p_value, randomization.p_value) == (1.0, 1.0)  # sacreBLEU: 1/1001, 1/10001
    assert bootstrap.difference == randomization.difference == 0.0
    interval = bootstrap.difference_interval
    assert (interval.low, interval.high, interval.mean, interval.half_width) == (0, 0, 0, 0)
    assert set(bootstrap.differences) == set(randomization.differences) == {0.0}
    assert bootstrap.baseline_interval == bootstrap.system_interval


@pytest.mark.parametrize("shift", [0.05, -0.001])
def test_a_constant_shift_on_every_item_is_significant(shift):
    rng = random.Random(4)
    baseline = [rng.random() for _ in range(200)]
    system = [x + shift for x in baseline]
    bootstrap = charsim.paired_bootstrap(baseline, system)
    randomization = charsim.paired_randomization(baseline, system)
    # no resample is as extreme: the smallest p-values there are, both below 0.001
    assert bootstrap.p_value == 1 / 1001 < 0.001
    assert randomization.p_value == 1 / 10001 < 0.001
    assert bootstrap.difference == pytest.approx(shift, abs=1e-12)
    assert bootstrap.difference_interval.low == pytest.approx(shift, abs=1e-12)
    assert bootstrap.difference_interval.high == pytest.approx(shift, abs=1e-12)


def test_systems_that_differ_on_one_item_are_a_tie_for_approximate_randomization():
    """Swapping scores gives ±the same difference in every trial: all trials tie with it."""
    system = [*BASELINE[:-1], BASELINE[-1] + 0.5]
    result = charsim.paired_randomization(BASELINE, system, trials=2000)
    assert result.difference == 0.5 / 300
    assert {abs(d) for d in result.differences} == {0.5 / 300}
    assert result.p_value == 1.0


def test_an_unrelated_system_with_about_the_same_mean_is_not_significant():
    assert abs(math.fsum(CLOSE) - math.fsum(BASELINE)) / 300 < 0.02
    assert charsim.paired_bootstrap(BASELINE, CLOSE).p_value > 0.2
    assert charsim.paired_randomization(BASELINE, CLOSE).p_value > 0.2


# --- the documented recipe: anyone can redo the resampling with the standard library ----------


def _recipe_sums(scores, resamples, seed):
    """Resample j is the j-th ``choices(range(N), k=N)`` of ``random.Random(seed)``."""
    rng, n = random.Random(seed), len(scores)
    return [math.fsum(scores[i] for i in rng.choices(range(n), k=n)) for _ in range(resamples)]


def _recipe_means(scores, resamples, seed):
    return [total / len(scores) for total in _recipe_sums(scores, resamples, seed)]


@pytest.mark.parametrize("resamples", [1, 40, 999, 1000])
def test_the_interval_is_sacrebleus_ranks_of_the_recipes_resampled_means(resamples):
    scores = _dyadic(random.Random(5), 257, -500, 500)  # negative scores too
    means = sorted(_recipe_means(scores, resamples, 7))
    interval = charsim.bootstrap_interval(scores, resamples=resamples, seed=7)
    tail = resamples // 40  # sacreBLEU's estimate_ci: 1/40 from each side at 95 %
    assert (interval.low, interval.high) == (means[tail], means[resamples - tail - 1])
    assert interval.mean == pytest.approx(math.fsum(means) / resamples, abs=1e-15)


def test_the_trials_swap_the_items_whose_bits_are_set():
    baseline, system = BASELINE[:21], NOISY[:21]  # 21 items: the last byte is partial
    rng = random.Random(11)
    expected = []
    for _ in range(500):
        bits = rng.getrandbits(21)
        swapped = [
            (y, x) if bits >> i & 1 else (x, y)
            for i, (x, y) in enumerate(zip(baseline, system, strict=True))
        ]
        expected.append(math.fsum(y - x for x, y in swapped) / 21)
    result = charsim.paired_randomization(baseline, system, trials=500, seed=11)
    assert list(result.differences) == expected


def test_the_paired_bootstrap_resamples_the_same_items_as_the_interval():
    result = charsim.paired_bootstrap(BASELINE, NOISY, resamples=300, seed=3)
    assert result.baseline_interval == charsim.bootstrap_interval(BASELINE, resamples=300, seed=3)
    assert result.system_interval == charsim.bootstrap_interval(NOISY, resamples=300, seed=3)
    base, system = _recipe_sums(BASELINE, 300, 3), _recipe_sums(NOISY, 300, 3)  # exact sums
    assert list(result.differences) == [(y - x) / 300 for x, y in zip(base, system, strict=True)]


# --- coverage, seeds, bad input ---------------------------------------------------------------


@given(st.sampled_from([(2.0, 5.0), (0.5, 0.5)]), st.integers(0, 2**32))
@settings(max_examples=2, deadline=None, derandomize=True)
def test_the_95_percent_interval_covers_the_true_mean_95_percent_of_the_time(shape, seed):
    """500 synthetic corpora of 80 Beta(a, b) item scores (skewed or U-shaped, true mean
    a/(a + b)), 200 resamples each. So few items and resamples cover a little less than 95 %:
    0.93 on average, measured (0.95 at 300 items and 1,000 resamples). Tolerance: 0.935 ± 0.033,
    three binomial standard errors; 99 % intervals (about 0.98) fall outside it."""
    a, b = shape
    rng = random.Random(seed)
    covered = 0
    for corpus in range(500):
        scores = [rng.betavariate(a, b) for _ in range(80)]
        interval = charsim.bootstrap_interval(scores, resamples=200, seed=corpus)
        covered += interval.low <= a / (a + b) <= interval.high
    assert 0.90 <= covered / 500 <= 0.97


def test_the_same_seed_gives_the_same_numbers_and_another_seed_others():
    def run(seed):
        return (
            charsim.bootstrap_interval(NOISY, seed=seed),
            charsim.paired_bootstrap(BASELINE, NOISY, seed=seed),
            charsim.paired_randomization(BASELINE, NOISY, trials=2000, seed=seed),
        )

    first, again, other = run(DEFAULT_SEED), run(DEFAULT_SEED), run(54321)
    assert first == again
    for ours, theirs in zip(first, other, strict=True):
        assert ours != theirs
    assert first[1].p_value != other[1].p_value and first[2].p_value != other[2].p_value
    assert first[0].low != other[0].low and first[1].differences != other[1].differences


def test_the_level_sets_the_ranks():
    scores = _dyadic(random.Random(8), 100)
    means = sorted(_recipe_means(scores, 1000, 1))
    interval = charsim.bootstrap_interval(scores, seed=1, level=0.9)  # 5 % each side: rank 50
    assert (interval.low, interval.high, interval.level) == (means[50], means[949], 0.9)


def test_scores_can_be_ints_and_fractions():
    as_floats = charsim.paired_bootstrap([0.0, 1.0, 0.5], [1.0, 1.0, 0.25], resamples=50)
    exact = [0, 1, Fraction(1, 2)], [1, 1, Fraction(1, 4)]
    assert charsim.paired_bootstrap(*exact, resamples=50) == as_floats


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: charsim.bootstrap_interval([]), ValueError, "scores holds no scores"),
        (
            lambda: charsim.bootstrap_interval([0.5, math.nan]),
            ValueError,
            "scores[1] (item 2) is nan: scores must be finite",
        ),
        (
            lambda: charsim.bootstrap_interval([0.5, "0.7"]),
            TypeError,
            "scores[1] (item 2) must be a number, got str",
        ),
        (lambda: charsim.bootstrap_interval([True]), TypeError, "must be a number, got bool"),
        (
            lambda: charsim.bootstrap_interval("0.5"),
            TypeError,
            "scores must be a sequence of numbers, got str",
        ),
        (
            lambda: charsim.paired_bootstrap([0.5, 0.5], [0.5]),
            ValueError,
            "system has 1 score but baseline has 2 scores; a paired test needs one score per item",
        ),
        (
            lambda: charsim.paired_randomization([0.5], [math.inf]),
            ValueError,
            "system[0] (item 1) is inf",
        ),
        (
            lambda: charsim.bootstrap_interval([0.5], resamples=0),
            ValueError,
            "resamples must be at least 1, got 0",
        ),
        (
            lambda: charsim.paired_randomization([0.5], [0.5], trials=0),
            ValueError,
            "trials must be at least 1, got 0",
        ),
        (
            lambda: charsim.paired_bootstrap([0.5], [0.5], resamples=10.0),
            TypeError,
            "resamples must be an int, got float",
        ),
        (
            lambda: charsim.bootstrap_interval([0.5], seed=-1),
            ValueError,
            "seed must be at least 0, got -1",
        ),
        (
            lambda: charsim.bootstrap_interval([0.5], level=95),
            ValueError,
            "level must be strictly between 0 and 1 (0.95 for 95 %), got 95",
        ),
        (
            lambda: charsim.bootstrap_interval([0.5], level="0.95"),
            TypeError,
            "level must be a number, got str",
        ),
        # counts, p-values and resample counts that were not refused
        (
            lambda: significance.too_few_items(0),
            ValueError,
            "n_items must be at least 1 (a test needs items), got 0",
        ),
        (lambda: significance.too_few_items(-1), ValueError, "n_items must be at least 1"),
        (lambda: significance.too_few_items(2.5), TypeError, "n_items must be an int, got float"),
        (lambda: significance.too_few_items("3"), TypeError, "n_items must be an int, got str"),
        (lambda: significance.p_value_floor(True), TypeError, "n_items must be an int, got bool"),
        (
            lambda: significance.p_value_decimals(math.nan),
            ValueError,
            "p_value must be from 0 to 1, got nan",
        ),
        (lambda: significance.p_value_decimals(1.5), ValueError, "p_value must be from 0 to 1"),
        (
            lambda: significance.p_value_decimals("0.5"),
            TypeError,
            "p_value must be a number, got str",
        ),
        (
            lambda: charsim.bootstrap_interval([0.5], resamples=10**12),
            ValueError,
            "resamples must be at most 1,000,000 (each one is kept), got 1,000,000,000,000",
        ),
        (
            lambda: charsim.paired_randomization([0.5], [0.5], trials=10**6 + 1),
            ValueError,
            "trials must be at most 1,000,000",
        ),
        (
            lambda: significance.significant(0.01),
            TypeError,
            "result must be a PairedResult, got float",
        ),
    ],
)
def test_bad_input_is_named(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert message in str(raised.value)


# --- stepwise ------------------------------------------------------------------------------


def _run_steps(steps):
    """The counts a stepwise computation yields, and what it returns."""
    counts = []
    while True:
        try:
            counts.append(next(steps))
        except StopIteration as finished:
            return counts, finished.value


@pytest.mark.parametrize(
    ("stepwise", "whole", "options", "counts"),
    [
        (
            significance.bootstrap_interval_steps,
            charsim.bootstrap_interval,
            {"resamples": 250, "seed": 7},
            [100, 200, 250],
        ),
        (
            significance.paired_bootstrap_steps,
            charsim.paired_bootstrap,
            {"resamples": 60, "seed": 8},
            [25, 50, 60],
        ),
        (
            significance.paired_randomization_steps,
            charsim.paired_randomization,
            {"trials": 75, "seed": 9},
            [25, 50, 75],
        ),
    ],
)
def test_the_stepwise_forms_yield_the_count_done_and_return_the_same_result(
    stepwise, whole, options, counts
):
    columns = (
        (BASELINE,) if stepwise is significance.bootstrap_interval_steps else (BASELINE, NOISY)
    )
    every = counts[1] - counts[0]
    assert _run_steps(stepwise(*columns, every=every, **options)) == (
        counts,
        whole(*columns, **options),
    )
    reported = []
    whole(*columns, progress=reported.append, **options)
    assert reported == list(range(100, counts[-1], 100)) + [counts[-1]]  # every PROGRESS_EVERY


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: significance.paired_bootstrap_steps([0.5], [0.5], every=0),
            ValueError,
            "every must be at least 1 (resamples or trials per step), got 0",
        ),
        (
            lambda: significance.paired_randomization_steps([0.5], [0.5], every=2.0),
            TypeError,
            "every must be an int, got float",
        ),
        (lambda: significance.bootstrap_interval_steps([]), ValueError, "scores holds no scores"),
    ],
)
def test_the_stepwise_forms_check_their_input_at_once(call, error, message):
    with pytest.raises(error) as raised:
        call()  # no step taken: the generator is not started
    assert message in str(raised.value)


# --- p-values and marks that the data support -----------------------------------


def _shifted(seed: int, n: int, denominator: int, low: int, high: int) -> tuple[list, list]:
    """A baseline of ``n`` multiples of ``1/denominator`` and a system moved by ``low`` to
    ``high - 1`` of them per item (kept in [0, 1])."""
    rng = random.Random(seed)
    base = [rng.randrange(0, denominator) / denominator for _ in range(n)]
    moved = [min(1.0, max(0.0, x + rng.randrange(low, high) / denominator)) for x in base]
    return base, moved


def test_no_p_value_is_below_what_the_item_count_supports():
    """6 items: the bootstrap alone said p = 1/1001 (the exact randomization test's floor is
    2/2**6 = 0.03125; approximate randomization gave 0.0332)."""
    base, system = _shifted(0, 6, 16, 0, 6)
    bootstrap = charsim.paired_bootstrap(base, system)
    randomization = charsim.paired_randomization(base, system)
    assert significance.p_value_floor(6) == 0.03125
    assert bootstrap.p_value == 0.03125  # was 0.000999
    assert randomization.p_value >= 0.03125
    # Δ's interval, 0.115 to 0.219, leaves out 0, but 6 items are too few for the bootstrap
    assert not significance.significant(bootstrap) and bootstrap.items == 6
    assert significance.significant(dataclasses.replace(bootstrap, items=300))
    assert significance.too_few_for_bootstrap(299) and not significance.too_few_for_bootstrap(300)


def test_a_bootstrap_p_below_005_is_not_marked_when_the_interval_of_the_difference_holds_0():
    """50 items: p = 0.030 while Δ's own 95 % interval runs from -0.0013 to +0.1019."""
    result = charsim.paired_bootstrap(*_shifted(0, 50, 64, -20, 24))
    interval = result.difference_interval
    assert result.p_value < significance.SIGNIFICANT and interval.low < 0 < interval.high
    assert not significance.significant(result)
    shifted = charsim.paired_bootstrap(BASELINE, [x + 1 / 1024 for x in BASELINE])
    assert significance.significant(shifted) and not significance.significant(shifted, 1e-4)
    ar = charsim.paired_randomization(BASELINE, [x + 1 / 1024 for x in BASELINE])
    assert ar.difference_interval is None and significance.significant(ar)


@settings(deadline=None, max_examples=60)
@given(st.lists(st.integers(0, 16), min_size=1, max_size=12), st.data())
def test_the_p_values_are_never_below_the_floor_of_their_item_count(base, data):
    system = data.draw(st.lists(st.integers(0, 16), min_size=len(base), max_size=len(base)))
    base, system = [x / 16 for x in base], [x / 16 for x in system]
    floor = significance.p_value_floor(len(base))
    assert charsim.paired_bootstrap(base, system, resamples=50).p_value >= floor
    assert charsim.paired_randomization(base, system, trials=50).p_value >= floor


def test_the_item_count_and_resample_bounds_are_the_command_lines():
    from charsim.cli import parser as cli

    assert significance.too_few_items(significance.MIN_ITEMS) is None
    assert cli.MAX_RESAMPLES == significance.MAX_RESAMPLES


def test_one_item_is_too_few_in_words_said_of_one():
    """2^1 = 2 swaps, C(1, 1) = 1 distinct resample, said of one item (it read "all 2 swaps" and
    "1 distinct resample of them")."""
    test, interval = significance.too_few_items(1), significance.too_few_items(1, test=False)
    assert "randomization test (both of its 2 swaps) cannot give p below 1 on it," in test
    assert "the bootstrap draws from 1 distinct resample of it, too few" in interval


def test_the_explorer_marks_by_the_cores_rule_not_a_copy():
    """The batch page's ``*`` is :func:`charsim.significance.significant`, imported, not its own
    ``p_value < P_MARKED_BELOW`` (which marked what the command line no longer marks)."""
    import ast
    from pathlib import Path

    view = Path(__file__).resolve().parents[2] / "explorer/app/views/batch_significance.py"
    tree = ast.parse(view.read_text(encoding="utf-8"))
    imported = {
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert ("charsim.significance", "significant") in imported
    compared = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare) and "p_value" in ast.unparse(node.left)
    ]
    assert not compared, [ast.unparse(node) for node in compared]

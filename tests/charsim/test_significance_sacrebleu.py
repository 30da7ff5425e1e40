"""sacreBLEU's own significance functions agree with ours where the conventions agree, and differ
exactly where we deliberately differ: ties count (>=) here, not there (>)."""

import random

import pytest

import charsim
from charsim.significance import DEFAULT_SEED

from .test_significance import BASELINE, NOISY, _dyadic, _recipe_means

sacrebleu_significance = pytest.importorskip("sacrebleu.significance")
np = pytest.importorskip("numpy")


def test_sacrebleus_estimate_ci_gives_our_centre_and_half_width():
    scores = _dyadic(random.Random(6), 400)
    mean, half_width = sacrebleu_significance.estimate_ci(np.array(_recipe_means(scores, 1000, 9)))
    interval = charsim.bootstrap_interval(scores, seed=9)
    assert interval.mean == pytest.approx(mean, rel=1e-12)
    assert interval.half_width == pytest.approx(half_width, rel=1e-12)


_RNG = random.Random(12)
CONTINUOUS = [_RNG.random() for _ in range(300)]  # no two sums of these are equal


@pytest.mark.parametrize(
    "system",
    [
        [min(1.0, x + _RNG.gauss(0.005, 0.05)) for x in CONTINUOUS],
        [_RNG.random() for _ in CONTINUOUS],
    ],
    ids=["noisy", "unrelated"],
)
def test_sacrebleus_p_value_of_our_resamples_is_ours_when_nothing_ties(system):
    bootstrap = charsim.paired_bootstrap(CONTINUOUS, system)
    sizes = np.abs(np.array(bootstrap.differences))
    expected = sacrebleu_significance._compute_p_value(
        sizes - sizes.mean(), abs(bootstrap.difference)
    )
    assert bootstrap.p_value == expected
    randomization = charsim.paired_randomization(CONTINUOUS, system)
    sizes = np.abs(np.array(randomization.differences))
    expected = sacrebleu_significance._compute_p_value(sizes, abs(randomization.difference))
    assert randomization.p_value == expected
    assert 0.001 < randomization.p_value < 1 and 0.001 < bootstrap.p_value < 1  # not a bound


def test_on_discrete_scores_we_count_exactly_the_ties_sacrebleu_leaves_out():
    """Item differences of ±1/64: many trials give exactly the observed |Δ| again."""
    result = charsim.paired_randomization(BASELINE, NOISY)
    sizes = [abs(d) for d in result.differences]
    ties = sizes.count(abs(result.difference))
    theirs = sacrebleu_significance._compute_p_value(np.array(sizes), abs(result.difference))
    assert ties >= 50
    assert result.p_value == pytest.approx(theirs + ties / 10001, abs=1e-15)


class _MeanOfItems:
    """A stand-in sacreBLEU metric whose statistic is the item score: the corpus score is their
    mean, as charsim's. Scores are multiples of 1/16 so that numpy's float32 sums are exact."""

    def __init__(self, n: int) -> None:
        self.n = n

    def _extract_corpus_statistics(self, hypotheses, references):
        return np.array([[h] for h in hypotheses], dtype="float32")

    def _aggregate_and_compute(self, stats):
        return sacrebleu_significance.Result(float(np.sum(stats, axis=0)[0]) / self.n)

    def _compute_score_from_stats(self, stats):
        return sacrebleu_significance.Result(float(stats[0]) / self.n)


def _sacrebleu_p(test, baseline, system, samples):
    metric = _MeanOfItems(len(baseline))
    stats = metric._extract_corpus_statistics(baseline, None)
    info = {"m": (stats, metric._aggregate_and_compute(stats))}
    _, results = test(info, "s", system, None, {"m": metric}, samples, -1, DEFAULT_SEED)
    return results["m"].p_value


SIXTEENTHS = [k / 16 for k in (3, 9, 0, 16, 7, 7, 12, 5, 1, 10, 14, 2, 8, 6, 11, 4)]


@pytest.mark.parametrize(
    ("system", "ours", "theirs"),
    [
        (SIXTEENTHS, 1.0, 1 / 1001),  # identical: a tie in every resample
        ([x + 1 / 16 for x in SIXTEENTHS], 1 / 1001, 1 / 1001),  # a constant shift: no ties
    ],
    ids=["identical", "shifted"],
)
def test_sacrebleus_paired_bootstrap_differs_only_on_ties(system, ours, theirs):
    assert _sacrebleu_p(sacrebleu_significance._paired_bs_test, SIXTEENTHS, system, 1000) == theirs
    assert charsim.paired_bootstrap(SIXTEENTHS, system).p_value == ours


@pytest.mark.parametrize(
    ("system", "ours", "theirs"),
    [
        (SIXTEENTHS, 1.0, 1 / 10001),  # identical
        ([*SIXTEENTHS[:-1], 1.0], 1.0, 1 / 10001),  # one item differs: every trial ties
        ([x + 1 / 16 for x in SIXTEENTHS], 2 / 10001, 1 / 10001),  # a shift: one trial (of
        # 10,000, each 1 in 2^15) swaps all or none of the 16 items and ties
    ],
    ids=["identical", "one item", "shifted"],
)
def test_sacrebleus_approximate_randomization_differs_only_on_ties(system, ours, theirs):
    assert _sacrebleu_p(sacrebleu_significance._paired_ar_test, SIXTEENTHS, system, 10000) == theirs
    assert charsim.paired_randomization(SIXTEENTHS, system).p_value == ours


def test_a_shift_on_64_items_never_ties_and_both_give_the_smallest_p():
    baseline = SIXTEENTHS * 4
    system = [x + 1 / 16 for x in baseline]
    test = sacrebleu_significance._paired_ar_test
    assert _sacrebleu_p(test, baseline, system, 10000) == 1 / 10001
    assert charsim.paired_randomization(baseline, system).p_value == 1 / 10001

"""The measures of agreement (charsim.agreement.measures) and the resampling of sums
(charsim.significance.resample): exact values worked out by hand, and each measure against a
brute-force or independent implementation (scipy, numpy) on random data."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

from charsim.agreement.measures import (
    PairCounts,
    pair_counts,
    pairwise_accuracy,
    pearson,
    pearson_from_sums,
    tie_calibration,
)
from charsim.significance import bootstrap_p_value
from charsim.significance.resample import exact_column, percentile_interval, resampled_sums

# small integer scores make ties frequent, as human scores have them
scores = st.lists(st.integers(-3, 3), min_size=2, max_size=8)


def test_pair_counts_by_hand():
    # human 3 2 2 0, metric .9 .5 .5 .7: pairs (0,1) 3>2 .9>.5 concordant; (0,2) concordant;
    # (0,3) 3>0 .9>.7 concordant; (1,2) 2=2 and .5=.5 tied by both; (1,3) 2>0 .5<.7
    # discordant; (2,3) discordant
    counts = pair_counts([3, 2, 2, 0], [0.9, 0.5, 0.5, 0.7])
    assert counts == PairCounts(concordant=3, discordant=2, ties_both=1)
    assert counts.accuracy == Fraction(4, 6)  # (3 + 1) / 6
    # τ_b: (3 - 2) / √((6 - 1)(6 - 1)) = 1/5
    assert counts.tau_b == pytest.approx(0.2, abs=1e-15)
    # ε = 0.2 ties .5/.7 (twice, discordant) and .9/.7 (concordant) as well: 2 concordant left
    assert pair_counts([3, 2, 2, 0], [0.9, 0.5, 0.5, 0.7], 0.2 + 1e-9) == PairCounts(
        concordant=2, ties_metric=3, ties_both=1
    )


def test_tau_b_is_undefined_when_a_side_ties_every_pair():
    assert pair_counts([1, 1, 1], [1, 2, 3]).tau_b is None
    assert pair_counts([1, 2, 3], [5, 5, 5]).tau_b is None
    assert pair_counts([1], [2]).accuracy is None  # no pairs


def test_pairwise_accuracy_by_hand():
    # pairs (a,b): 3>2 vs .2<.3 disagree; (a,c) 3>1 .2>.1 agree; (b,c) agree: 2/3
    assert pairwise_accuracy([3, 2, 1], [0.2, 0.3, 0.1]) == Fraction(2, 3)
    # a tie agrees with a tie only: (1,1) vs (.5,.5) agree; the other two pairs agree too
    assert pairwise_accuracy([1, 1, 0], [0.5, 0.5, 0.1]) == 1
    assert pairwise_accuracy([1, 1], [0.5, 0.6]) == 0
    with pytest.raises(ValueError, match="two systems or more"):
        pairwise_accuracy([1], [1])


def test_pearson_by_hand():
    # x = 1 2 3, y = 1 3 2: cov ∝ 3·13 − 6·6 = 3, spreads 3·14 − 36 = 6 each: r = 3/6
    assert pearson([1, 2, 3], [1, 3, 2]) == 0.5
    assert pearson([1, 2, 3], [3, 2, 1]) == -1.0
    assert pearson([1, 1, 1], [1, 2, 3]) is None
    assert pearson_from_sums(1, 1, 1, 1, 1, 1) is None


def test_tie_calibration_by_hand():
    # one item, human 2 2 0, metric .50 .52 .10: at ε = 0 the pair (0,1), tied by the humans,
    # is not tied by the metric: acc_eq = 2/3 (the two concordant pairs); at ε = .02 it is a
    # tie of both: 3/3; at ε = .40 the concordant pair (0,2) is tied too, and so on down
    found = tie_calibration([([2, 2, 0], [0.50, 0.52, 0.10])])
    assert found.epsilon == pytest.approx(0.02) and found.accuracy == 1 and found.groups == 1
    # two items: the second has one pair (1 > 0, metric .3 > .1, concordant); the mean of 1
    # and 1 is 1, first reached at ε ≈ .02
    found = tie_calibration([([2, 2, 0], [0.50, 0.52, 0.10]), ([1, 0], [0.3, 0.1])])
    assert found.accuracy == 1 and found.groups == 2
    with pytest.raises(ValueError, match="two segments or more"):
        tie_calibration([([1], [0.5])])


def _brute_counts(human, metric, epsilon=0.0):
    c = d = th = tm = tb = 0
    for i, j in combinations(range(len(human)), 2):
        human_tie, metric_tie = human[i] == human[j], abs(metric[i] - metric[j]) <= epsilon
        if human_tie and metric_tie:
            tb += 1
        elif human_tie:
            th += 1
        elif metric_tie:
            tm += 1
        elif np.sign(human[i] - human[j]) == np.sign(metric[i] - metric[j]):
            c += 1
        else:
            d += 1
    return PairCounts(c, d, th, tm, tb)


@settings(deadline=None, max_examples=200)
@given(st.data())
def test_pair_counts_and_tau_b_against_brute_force_and_scipy(data):
    human = data.draw(scores)
    metric = data.draw(st.lists(st.integers(-3, 3), min_size=len(human), max_size=len(human)))
    metric = [m / 4 for m in metric]
    epsilon = data.draw(st.sampled_from([0.0, 0.25, 0.5]))
    assert pair_counts(human, metric, epsilon) == _brute_counts(human, metric, epsilon)
    tau = pair_counts(human, metric).tau_b
    expected = scipy.stats.kendalltau(human, metric, variant="b").statistic
    if np.isnan(expected):
        assert tau is None
    else:
        assert tau == pytest.approx(expected, abs=1e-12)


@settings(deadline=None, max_examples=200)
@given(st.data())
def test_pairwise_accuracy_and_pearson_against_numpy(data):
    human = data.draw(scores)
    eighths = st.integers(-40, 40).map(lambda v: v / 8)
    metric = data.draw(st.lists(eighths, min_size=len(human), max_size=len(human)))
    signs = [
        np.sign(human[i] - human[j]) == np.sign(metric[i] - metric[j])
        for i, j in combinations(range(len(human)), 2)
    ]
    assert pairwise_accuracy(human, metric) == Fraction(sum(signs), len(signs))
    r = pearson(human, metric)
    if len(set(human)) < 2 or len(set(metric)) < 2:
        assert r is None
    else:
        assert r == pytest.approx(np.corrcoef(human, metric)[0, 1], abs=1e-12)


@settings(deadline=None, max_examples=100)
@given(st.lists(st.tuples(scores, st.randoms(use_true_random=False)), min_size=1, max_size=4))
def test_tie_calibration_against_every_threshold(groups):
    data = [(h, [r.randint(0, 6) / 8 for _ in h]) for h, r in groups]
    found = tie_calibration(data)
    # brute force: the mean acc_eq at every candidate threshold, the first maximum
    candidates = sorted({0.0} | {abs(a - b) for _, m in data for a, b in combinations(m, 2)})
    means = [sum(_brute_counts(h, m, e).accuracy for h, m in data) / len(data) for e in candidates]
    best = max(means)
    assert found.accuracy == best
    assert found.epsilon == candidates[means.index(best)]


@settings(deadline=None, max_examples=50)
@given(
    st.lists(st.lists(st.integers(-50, 50), min_size=4, max_size=4), min_size=1, max_size=5),
    st.integers(0, 2**32),
)
def test_resampled_sums_against_the_drawn_items(rows, seed):
    columns = [list(column) for column in zip(*rows, strict=True)]
    found = list(resampled_sums(columns, resamples=20, seed=seed))
    rng = random.Random(seed)
    for sums in found:
        chosen = rng.choices(range(len(rows)), k=len(rows))
        assert sums == tuple(sum(column[i] for i in chosen) for column in columns)


def test_exact_columns_and_intervals_by_hand():
    assert exact_column([0.25, Fraction(1, 3)]) == ([3, 4], 12)
    with pytest.raises(ValueError, match=r"values\[1\] is nan"):
        exact_column([1.0, float("nan")])
    with pytest.raises(TypeError, match="must be a number, got bool"):
        exact_column([True])
    # 40 values 1..40: rank 40 // 40 = 1 from each end: 2 and 39; mean 20.5
    interval = percentile_interval(list(range(40, 0, -1)), 0.95)
    assert (interval.low, interval.high, interval.mean) == (2, 39, 20.5)


def test_the_bootstrap_p_value_by_hand():
    # Δ* = 1 2 3 0 4 2: mean |Δ*| = 2; |Δ*| − 2 >= |Δ| = 1 for 3 and 4: (2 + 1) / (6 + 1)
    assert bootstrap_p_value(1, [1, 2, 3, 0, 4, 2], n_items=300) == 3 / 7
    assert bootstrap_p_value(0.5, [0.5, 1.0, 1.5, 0.0, 2.0, 1.0], n_items=300) == 3 / 7
    # never below 2/2^N: 3 items, p at least 0.25
    assert bootstrap_p_value(10, [10] * 6, n_items=3) == 0.25

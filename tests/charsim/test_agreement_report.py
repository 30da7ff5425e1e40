"""Meta-evaluation end to end (charsim.agreement.meta_evaluate): a case worked out by hand, then
every measure on the committed human judgments against an independent implementation (numpy,
scipy, sacreBLEU's public scores, charsim.score, and the bootstrap's resamples drawn again)."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
import sacrebleu
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

import charsim
from charsim.agreement import (
    Judgments,
    MinimalPair,
    MinimalPairs,
    Skipped,
    meta_evaluate,
    read_demetr,
    read_mqm,
)
from charsim.agreement.correlations import correlate
from charsim.agreement.minimal_pairs import PairScores, pair_accuracy
from charsim.agreement.scoring import MetricScores

ROOT = Path(__file__).resolve().parents[2]
S = Fraction(100, 201)  # charsim("ab", ["abc"]): recall decides (§3.4's "ca" against "cat")


def _hand_made() -> Judgments:
    # reference "abc" for both items; charsim: "abc" 1, "ab" S, "xyz" 0
    return Judgments(
        source="hand",
        human_name="MQM",
        systems=("A", "B", "C"),
        items=("1", "2"),
        references=(("abc",), ("abc",)),
        candidates=(("abc", "abc"), ("ab", "xyz"), ("xyz", "ab")),
        human=((0, 0), (-1, -5), (-5, -5)),
    )


def test_a_case_worked_out_by_hand():
    report = meta_evaluate(_hand_made(), metrics=("charsim", "charsim_cap8"), resamples=1000)
    value = {e.measure: e for e in report.estimates if e.metric == "charsim"}
    # system level: human sums A 0, B -6, C -10; charsim sums A 2, B S, C S: (A, B) and (A, C)
    # agree, (B, C) the humans order and charsim ties: 2/3
    assert value["system_accuracy"].value == 2 / 3
    # Pearson of the means: human (0, -3, -5), charsim (1, S/2, S/2)
    expected = np.corrcoef([0, -3, -5], [1, float(S) / 2, float(S) / 2])[0, 1]
    assert value["system_pearson"].value == pytest.approx(expected, abs=1e-12)
    # item 1: human 0 > -1 > -5, charsim 1 > S > 0: 3 concordant pairs, acc_eq 1, τ_b 1;
    # item 2: human 0 > -5 = -5, charsim 1 > S > 0: 2 concordant, 1 tied by the humans only:
    # acc_eq 2/3, τ_b = 2 / √(2 · 3); the means over the two items
    assert value["segment_acc_eq"].value == 5 / 6
    assert value["segment_tau_b"].value == pytest.approx((1 + 2 / math.sqrt(6)) / 2, abs=1e-15)
    # tie calibration: tying B/C (diff S) wins item 2 a pair and loses item 1 one: no better;
    # larger thresholds tie concordant pairs: ε stays 0
    assert value["segment_acc_star"].value == 5 / 6 and value["segment_acc_star"].epsilon == 0
    # two items: a resample holds item 1 twice (acc 1), both (5/6) or item 2 twice (2/3), each
    # often enough to be a bound: [2/3, 1]
    interval = value["segment_acc_eq"].interval
    assert (interval.low, interval.high) == (2 / 3, 1)
    # cap 8 scores these short texts as cap 32 does: every difference 0, p = 1 (ties count)
    cap8 = report.estimate("segment_acc_eq", "charsim_cap8")
    assert cap8.difference == 0 and cap8.p_value == 1
    assert (cap8.difference_interval.low, cap8.difference_interval.high) == (0, 0)
    # the disagreement: B's item-2 segment (-5) against C's (-5) is a human tie, not one; on
    # item 1 and 2 every other pair agrees: none
    assert report.disagreements == ()


def test_a_threshold_that_ties_every_pair_is_named_in_a_note():
    # item 1: the humans tie every pair, charsim orders them (1 > S > 0): tying them all, ε 1,
    # gets the 3 pairs right; item 2: the same candidate three times, which charsim ties at
    # any ε while the humans order them: acc*_eq (3/3 + 0/3) / 2, the share of pairs people tie
    tied = Judgments(
        source="hand",
        human_name="MQM",
        systems=("A", "B", "C"),
        items=("1", "2"),
        references=(("abc",), ("abc",)),
        candidates=(("abc", "abc"), ("ab", "abc"), ("xyz", "abc")),
        human=((0, 0), (0, -1), (0, -5)),
    )
    report = meta_evaluate(tied, metrics=("charsim", "charsim_cap8"), resamples=40)
    star = report.estimate("segment_acc_star", "charsim")
    assert (star.value, star.epsilon) == (0.5, 1.0)
    assert dict(report.notes)["segment_acc_star"] == (
        "every metric's best ε ties every pair of an item's segments: acc*_eq is then the share "
        "of pairs with equal MQM scores, the same for every metric, so it cannot tell them apart"
    )
    alone = meta_evaluate(tied, metrics=("charsim",), resamples=40)
    assert dict(alone.notes)["segment_acc_star"] == (
        "the best ε of charsim ties every pair of an item's segments: acc*_eq is then the share "
        "of pairs with equal MQM scores, whatever the metric's scores"
    )
    assert "segment_acc_star" not in dict(meta_evaluate(_hand_made(), resamples=40).notes)


def test_a_correlation_of_two_systems_is_exactly_plus_or_minus_one():
    # two points lie on a line: r = -1 here (the humans prefer "a cat", charsim "the cat");
    # floats' statistics.correlation gave -1.0000000000000002, beyond what r can be
    two = Judgments(
        source="hand",
        human_name="MQM",
        systems=("A", "B"),
        items=("1",),
        references=(("the cat sat on the mat",),),
        candidates=(("a cat",), ("the cat",)),
        human=((0,), (-5,)),
    )
    pearson = meta_evaluate(two, metrics=("charsim",), resamples=40).estimate(
        "system_pearson", "charsim"
    )
    assert pearson.value == -1 and (pearson.interval.low, pearson.interval.high) == (-1, -1)


def test_the_system_level_takes_the_items_every_system_has():
    judgments = _hand_made()
    without = Judgments(**{**judgments.__dict__, "human": ((0, 0), (-1, -5), (-5, None))})
    report = meta_evaluate(without, metrics=("charsim",), resamples=40)
    # item 1 alone: human A 0 > B -1 > C -5, charsim A 1 > B S > C 0: every pair agrees (over
    # both items B's -6 would fall below C's -5 where charsim puts B above C)
    assert report.estimate("system_accuracy", "charsim").value == 1
    # the segment level keeps item 2's two segments: acc_eq (1 + 1) / 2 (A 0 > B -5, 1 > 0)
    assert report.estimate("segment_acc_eq", "charsim").value == 1
    # and the report says so (it was silent: a system missing a segment changed the system
    # level with no line saying why)
    reason = (
        "from the system level only: not every system has a segment of item 2 (C has none of "
        "it), and a system's score is its mean over the items every system has"
    )
    names = {"items": ("2",), "systems": ("C",)}  # what a page says in its own language
    assert report.judgments.skipped == (Skipped(reason, 2, "segment", "system_level_only", names),)
    assert meta_evaluate(judgments, metrics=("charsim",), resamples=40).judgments.skipped == ()


def test_the_disagreements_are_the_largest_products():
    judgments = _hand_made()
    flipped = Judgments(**{**judgments.__dict__, "human": ((-5, 0), (-1, -5), (0, -5))})
    report = meta_evaluate(flipped, metrics=("charsim",), resamples=40)
    # item 1: the humans prefer C (0) to A (-5), charsim A (1) to C (0): 5 × 1; C (0) to B
    # (-1), charsim B (S) to C (0): 1 × S; B (-1) to A (-5): 4 × (1 - S)
    assert [(d.item, d.better, d.worse) for d in report.disagreements] == [
        ("1", "C", "A"),
        ("1", "B", "A"),
        ("1", "C", "B"),
    ]
    first = report.disagreements[0]
    assert first.human == (0, -5) and first.charsim == (0.0, 1.0)
    assert first.links[0] == "c=xyz&r=%5B%22abc%22%5D&cap=32&w=harmonic&n=1&fmt=lines"


@pytest.fixture(scope="module")
def mqm():
    judgments = read_mqm(ROOT / "data" / "mqm-ted-ende" / "mqm_ted_ende.tsv")
    report = meta_evaluate(judgments, metrics=("charsim", "chrf"), resamples=200)
    return judgments, report


@pytest.fixture(scope="module")
def independent(mqm):
    """charsim.score and sacreBLEU's public sentence_score of every segment, [system][item]."""
    judgments = mqm[0]
    chrf = sacrebleu.metrics.CHRF()
    segments = [(row, judgments.references) for row in judgments.candidates]
    return {
        "charsim": np.array(
            [
                [charsim.score(c, r) for c, r in zip(row, refs, strict=True)]
                for row, refs in segments
            ]
        ),
        "chrf": np.array(
            [
                [chrf.sentence_score(c, list(r)).score for c, r in zip(row, refs, strict=True)]
                for row, refs in segments
            ]
        ),
    }


def test_every_measure_against_numpy_and_scipy_on_the_mqm_file(mqm, independent):
    judgments, report = mqm
    human = np.array([[float(v) for v in row] for row in judgments.human])  # systems × items
    scores = independent
    chrf = sacrebleu.metrics.CHRF()
    refs = [[r[0] for r in judgments.references]]
    system = {
        "charsim": scores["charsim"].mean(axis=1),
        "chrf": np.array(
            [chrf.corpus_score(list(row), refs).score for row in judgments.candidates]
        ),
    }
    for e in report.estimates:  # chrF's difference from charsim, measure by measure
        if e.metric == "chrf":
            base = report.estimate(e.measure, "charsim").value
            assert e.difference == pytest.approx(e.value - base, abs=1e-15)
            assert e.difference_interval.low <= e.difference <= e.difference_interval.high
    for metric, metric_scores in scores.items():
        got = {e.measure: e.value for e in report.estimates if e.metric == metric}
        sys_h, sys_m = human.mean(axis=1), system[metric]
        pairs = list(combinations(range(13), 2))
        agree = [np.sign(sys_h[a] - sys_h[b]) == np.sign(sys_m[a] - sys_m[b]) for a, b in pairs]
        assert got["system_accuracy"] == pytest.approx(np.mean(agree), abs=1e-12)
        r = scipy.stats.pearsonr(sys_h, sys_m).statistic
        assert got["system_pearson"] == pytest.approx(r, abs=1e-9)
        r = scipy.stats.pearsonr(human.ravel(), metric_scores.ravel()).statistic
        assert got["segment_pearson"] == pytest.approx(r, abs=1e-9)
        items = range(human.shape[1])
        taus = [scipy.stats.kendalltau(human[:, i], metric_scores[:, i]).statistic for i in items]
        assert got["segment_tau_b"] == pytest.approx(np.nanmean(taus), abs=1e-12)
        assert got["segment_acc_eq"] == pytest.approx(_acc_eq(human, metric_scores, 0), abs=1e-12)
        epsilon = report.estimate("segment_acc_star", metric).epsilon
        best = _acc_eq(human, metric_scores, epsilon)
        assert got["segment_acc_star"] == pytest.approx(best, abs=1e-12)
        # no other threshold among the pairs' differences does better (a sample of them)
        differences = np.abs(metric_scores[:, None, :] - metric_scores[None, :, :]).ravel()
        for other in random.Random(0).sample(sorted(set(differences)), 50):
            assert _acc_eq(human, metric_scores, other) <= best + 1e-12


def _acc_eq(human, metric, epsilon):
    """The mean over items of (concordant + tied by both) / pairs, brute force with numpy."""
    values = []
    for i in range(human.shape[1]):
        h, m = human[:, i], metric[:, i]
        dh = np.sign(h[:, None] - h[None, :])
        tie = np.abs(m[:, None] - m[None, :]) <= epsilon
        dm = np.where(tie, 0, np.sign(m[:, None] - m[None, :]))
        upper = np.triu_indices(len(h), 1)
        values.append(np.mean((dh == dm)[upper]))
    return float(np.mean(values))


def test_the_intervals_are_the_resampled_items_drawn_again(mqm, independent):
    judgments, report = mqm
    human = np.array([[float(v) for v in row] for row in judgments.human])
    metric = independent["charsim"]
    assert human.shape == (13, 101)  # the shipped file: two talks' segments
    items = human.shape[1]
    per_item = []
    for i in range(items):
        dh = np.sign(human[:, i, None] - human[None, :, i])
        dm = np.sign(metric[:, i, None] - metric[None, :, i])
        per_item.append(np.mean((dh == dm)[np.triu_indices(13, 1)]))
    rng = random.Random(12345)  # the project's resamples: choices(range(N), k=N), in turn
    means = sorted(
        np.mean([per_item[k] for k in rng.choices(range(items), k=items)]) for _ in range(200)
    )
    interval = report.estimate("segment_acc_eq", "charsim").interval
    # 200 resamples: ranks 200 // 40 = 5 from each end
    assert interval.low == pytest.approx(means[5], abs=1e-12)
    assert interval.high == pytest.approx(means[194], abs=1e-12)


def test_minimal_pairs_against_a_loop_over_the_pairs():
    every = read_demetr(ROOT / "data" / "demetr")
    # three perturbations (TER is slow): the reference, one minor, one critical
    chosen = {"base_id35_reference", "minor_id1_repeat2", "critical_id22_verb_removed"}
    pairs = MinimalPairs(every.source, tuple(p for p in every.pairs if p.perturbation in chosen))
    report = meta_evaluate(minimal_pairs=pairs, metrics=("charsim", "ter"), resamples=100)
    ter = sacrebleu.metrics.TER()
    score = {
        "charsim": lambda t, r: charsim.score(t, [r]),
        "ter": lambda t, r: -ter.sentence_score(t, [r]).score,  # lower is better
    }
    for metric, function in score.items():
        passed = {}
        for p in pairs.pairs:
            better = function(p.perturbed, p.reference) - function(p.candidate, p.reference)
            ok = better > 0 if p.perturbation == "base_id35_reference" else better < 0
            for group in (p.perturbation, p.severity) + (("overall",) * (p.severity != "base")):
                passed.setdefault(group, []).append(ok)
        assert set(passed) == {*chosen, "base", "minor", "critical", "overall"}
        for group, results in passed.items():
            value = report.estimate(f"pairs:{group}", metric).value
            assert value == pytest.approx(sum(results) / len(results), abs=1e-15), group


@settings(deadline=None, max_examples=40)
@given(st.data())
def test_every_measure_against_brute_force_on_random_judgments(data):
    """correlate() assembles the measures from sums over items: on random human and metric
    scores, with segments missing, the same values as numpy and scipy on the segments."""
    systems, items = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 5))
    grid = st.lists(
        st.lists(st.integers(-3, 0), min_size=items, max_size=items),
        min_size=systems,
        max_size=systems,
    )
    human = data.draw(grid)
    missing = data.draw(st.sets(st.tuples(st.integers(0, systems - 1), st.integers(0, items - 1))))
    human = [
        [None if (s, i) in missing else v for i, v in enumerate(row)] for s, row in enumerate(human)
    ]
    metric = [[v / 4 for v in row] for row in data.draw(grid)]
    judgments = Judgments(
        "random",
        "MQM",
        tuple("ABCD"[:systems]),
        tuple(map(str, range(items))),
        (("r",),) * items,
        tuple(tuple("c" for _ in row) for row in human),
        tuple(map(tuple, human)),
    )
    found = {
        e.measure: e.value
        for e in correlate(
            judgments,
            [MetricScores("charsim", tuple(map(tuple, metric)))],
            baseline="charsim",
            resamples=1,
            seed=1,
            level=0.95,
        )
    }
    h = np.array([[np.nan if v is None else v for v in row] for row in human], dtype=float)
    m = np.array(metric)
    judged = ~np.isnan(h)
    # Pearson over every judged segment
    x, y = m[judged], h[judged]
    expected = None if len(x) < 2 or np.ptp(x) == 0 or np.ptp(y) == 0 else np.corrcoef(x, y)[0, 1]
    assert found["segment_pearson"] == (
        None if expected is None else pytest.approx(expected, abs=1e-9)
    )
    # by item: the mean over items with two judged segments or more
    values, taus = [], []
    for i in range(items):
        rows = np.flatnonzero(judged[:, i])
        if len(rows) < 2:
            continue
        values.append(_brute_acc_eq(h[rows, i], m[rows, i]))
        tau = scipy.stats.kendalltau(h[rows, i], m[rows, i]).statistic
        if not np.isnan(tau):
            taus.append(tau)
    assert found["segment_acc_eq"] == (
        pytest.approx(np.mean(values), abs=1e-12) if values else None
    )
    assert found["segment_tau_b"] == (pytest.approx(np.mean(taus), abs=1e-12) if taus else None)
    # system level on the items every system has
    complete = judged.all(axis=0)
    if complete.any() and systems > 1:
        hs, ms = h[:, complete].mean(axis=1), m[:, complete].mean(axis=1)
        agree = [
            np.sign(hs[a] - hs[b]) == np.sign(ms[a] - ms[b])
            for a, b in combinations(range(systems), 2)
        ]
        assert found["system_accuracy"] == pytest.approx(np.mean(agree), abs=1e-12)
    else:
        assert found["system_accuracy"] is None


def _brute_acc_eq(h, m) -> float:
    pairs = list(combinations(range(len(h)), 2))
    return np.mean([np.sign(h[a] - h[b]) == np.sign(m[a] - m[b]) for a, b in pairs])


@settings(deadline=None, max_examples=40)
@given(st.data())
def test_minimal_pair_accuracy_against_brute_force(data):
    n = data.draw(st.integers(1, 12))
    kinds = st.sampled_from([("base_id35_reference", "base"), ("m1", "minor"), ("c1", "critical")])
    drawn = [data.draw(st.tuples(st.integers(1, 4), kinds)) for _ in range(n)]
    pairs = MinimalPairs(
        "random",
        tuple(
            MinimalPair(item, name, severity, "r", "a", "b", name == "base_id35_reference")
            for item, (name, severity) in drawn
        ),
    )
    before = [data.draw(st.integers(0, 3)) for _ in range(n)]
    after = [data.draw(st.integers(0, 3)) for _ in range(n)]
    scores = PairScores(("charsim", "ter"), [before, before], [after, after])
    found = {
        (e.measure, e.metric): e.value
        for e in pair_accuracy(pairs, scores, baseline="charsim", resamples=1, seed=1, level=0.95)
    }
    for group in {name for _, (name, _) in drawn} | {s for _, (_, s) in drawn} | {"overall"}:
        members = [
            j
            for j, (_, (name, severity)) in enumerate(drawn)
            if group in (name, severity) or (group == "overall" and severity != "base")
        ]
        for metric, sign in (("charsim", 1), ("ter", -1)):  # TER: lower is better
            wins = [
                sign * (after[j] - before[j]) > 0
                if drawn[j][1][0] == "base_id35_reference"
                else sign * (after[j] - before[j]) < 0
                for j in members
            ]
            expected = sum(wins) / len(wins) if wins else None
            assert found[f"pairs:{group}", metric] == expected


def test_progress_goes_stage_by_stage_to_its_total():
    seen = []
    meta_evaluate(
        _hand_made(), metrics=("charsim",), resamples=250, progress=lambda *a: seen.append(a)
    )
    # two items in one chunk; 250 resamples, reported every 100 and at the last
    assert seen == [
        ("scoring segments", 2, 2),
        ("resampling items", 100, 250),
        ("resampling items", 200, 250),
        ("resampling items", 250, 250),
    ]


@pytest.mark.parametrize("resamples", [0, 1, 39, 1_000_001])
def test_resamples_that_give_no_central_interval_are_refused_as_on_the_command_line(resamples):
    """Below 40 resamples a 95 % percentile interval is the resamples' whole range
    (:func:`charsim.significance.resample.tail_rank` is 0): refused, as ``--paired-bs-n`` is."""
    with pytest.raises(ValueError, match=f"resamples must be from 40 to 1,000,000, .*{resamples}"):
        meta_evaluate(_hand_made(), metrics=("charsim",), resamples=resamples)

"""CharSim where sacreBLEU's metric objects go: sacreBLEU's own ``PairedTest`` (bootstrap and
approximate randomization) beside ``CHRF()``, sacreBLEU's option name ``lowercase``, its score's
``_mean``, ``_ci`` and ``estimate_ci``, its signature's ``update``. Before, ``PairedTest`` failed
with ``AttributeError: ... '_extract_corpus_statistics'`` and ``CharSim(lowercase=True)`` with a
``TypeError``.

The expected numbers are computed here from the items' ``charsim.score``, each resample's mean
an exact ``Fraction`` rounded once, on the resamples that sacreBLEU 2.6.0 draws
(``numpy.random.default_rng(12345)``, ``sacrebleu/significance.py``)."""

import functools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import charsim
from charsim import CharSim
from charsim.compat.statistics import MAX_ITEMS, item_statistics, mean_of_statistics
from charsim.corpus import score_systems

from ..data import TED

np = pytest.importorskip("numpy")
significance = pytest.importorskip("sacrebleu.significance")
from sacrebleu.metrics import CHRF  # noqa: E402

N = 300


def _lines(name: str) -> list[str]:
    return (TED / f"ted.{name}.txt").read_text(encoding="utf-8").split("\n")[:N]


SYS1, SYS2, REF = _lines("sys1"), _lines("sys2"), _lines("ref")
SCORES1 = [Fraction(charsim.score(t, [r])) for t, r in zip(SYS1, REF, strict=True)]
SCORES2 = [Fraction(charsim.score(t, [r])) for t, r in zip(SYS2, REF, strict=True)]


def _mean(scores, picks) -> float:
    return float(sum(scores[i] for i in picks) / len(picks))


def _interval(means: list[float]) -> tuple[float, float]:
    """sacreBLEU's ``estimate_ci``: μ and half the width between ranks n // 40 and n-1-n // 40."""
    ordered = sorted(means)
    rank = len(ordered) // 40
    return float(np.mean(ordered)), 0.5 * (ordered[-1 - rank] - ordered[rank])


def _p(statistics: list[float], observed: float) -> float:
    """sacreBLEU's p-value: (1 + the statistics strictly above the observed) / (1 + n)."""
    return (1 + sum(x > observed for x in statistics)) / (1 + len(statistics))


@functools.cache
def _paired(test_type: str) -> tuple:
    """sacreBLEU's ``PairedTest`` of system 2 against system 1: (signatures, results)."""
    test = significance.PairedTest(
        [("sys1", SYS1), ("sys2", SYS2)],
        {"chrf": CHRF(), "charsim": CharSim()},
        [REF],
        test_type=test_type,
        n_samples=1000,
        n_ar_confidence=-1,
    )
    return test()


@pytest.mark.parametrize("test_type", ["bs", "ar"])
def test_the_paired_test_runs_beside_chrf_with_charsims_scores_and_signature(test_type):
    signatures, scores = _paired(test_type)
    assert list(scores) == ["System", "chrF2", "charsim"]
    baseline, system = scores["charsim"]
    assert baseline.score == float(sum(SCORES1) / N)  # charsim's corpus score, to the last bit
    assert system.score == score_systems([SYS2], [[r] for r in REF])[0].score
    assert str(signatures["charsim"]) == (
        f"charsim|variant:mean|cap:32|w:1/n|norm:none|nrefs:1|{test_type}:1000|seed:12345|"
        "version:0.1.0"
    )


def test_the_paired_bootstrap_is_sacrebleus_on_charsims_item_scores():
    scores = _paired("bs")[1]
    picks = np.random.default_rng(12345).choice(N, size=(1000, N), replace=True)
    means1 = [_mean(SCORES1, row) for row in picks]
    means2 = [_mean(SCORES2, row) for row in picks]
    sizes = np.abs(np.array(means2) - np.array(means1))
    observed = abs(float(sum(SCORES1) / N) - float(sum(SCORES2) / N))
    baseline, system = scores["charsim"]
    assert (system.mean, system.ci) == pytest.approx(_interval(means2), rel=1e-15, abs=0)
    assert system.p_value == _p(list(sizes - sizes.mean()), observed)
    assert 0.001 < system.p_value < 1  # a p-value, not a bound, on these 300 items
    # the baseline's interval, from sacreBLEU's own resampling (seed 12345 again)
    picks = np.random.default_rng(12345).choice(N, size=(1000, N), replace=True)
    assert (baseline.mean, baseline.ci) == pytest.approx(
        _interval([_mean(SCORES1, row) for row in picks]), rel=1e-15, abs=0
    )


def test_the_paired_randomization_is_sacrebleus_on_charsims_item_scores():
    scores = _paired("ar")[1]
    swaps = np.random.default_rng(12345).integers(2, size=(1000, N), dtype=bool)
    observed = abs(float(sum(SCORES1) / N) - float(sum(SCORES2) / N))
    sizes = []
    for row in swaps:
        a = [SCORES1[i] if keep else SCORES2[i] for i, keep in enumerate(row)]
        b = [SCORES2[i] if keep else SCORES1[i] for i, keep in enumerate(row)]
        sizes.append(abs(float(sum(a) / N) - float(sum(b) / N)))
    assert scores["charsim"][1].p_value == _p(sizes, observed)


def test_an_unseeded_paired_test_is_refused_in_one_line(monkeypatch):
    monkeypatch.setenv("SACREBLEU_SEED", "None")
    with pytest.raises(ValueError, match="^seed 'none': charsim records the seed of every "):
        significance.PairedTest([("a", SYS1), ("b", SYS2)], {"charsim": CharSim()}, [REF], "bs")


SCORES = st.one_of(st.just(0.0), st.just(1.0), st.floats(2.0**-52, 1.0))


@given(st.lists(SCORES, min_size=1, max_size=50), st.integers(0, 2**32))
@settings(max_examples=300, deadline=None)
def test_statistics_summed_in_float32_give_the_exact_mean_of_the_scores(scores, seed):
    """sacreBLEU sums resampled statistics in float32: the mean is still the exact one."""
    picks = random.Random(seed).choices(range(len(scores)), k=len(scores))
    rows = np.array([item_statistics(score) for score in scores], dtype="float32")
    mean, count = mean_of_statistics(rows[picks].sum(0))
    assert count == len(picks)
    assert mean == float(sum(Fraction(scores[i]) for i in picks) / len(picks))


def test_a_score_that_cannot_be_written_exactly_is_refused():
    with pytest.raises(ValueError, match=r"^an item score of 1e-20 cannot be written exactly"):
        item_statistics(1e-20)


def test_more_items_than_float32_sums_exactly_are_refused_before_any_is_scored():
    hypotheses = ["a"] * (MAX_ITEMS + 1)
    with pytest.raises(ValueError, match=r"^65,794 items: sacreBLEU's paired tests sum"):
        CharSim()._extract_corpus_statistics(hypotheses, [hypotheses])


def test_lowercase_is_sacrebleus_name_for_case_folding():
    folded = CharSim(lowercase=True).corpus_score(["The Cat"], [["the cat"]])
    assert folded.score == 1.0 and "|case:fold|" in str(folded.signature)
    assert CharSim().corpus_score(["The Cat"], [["the cat"]]).score < 1.0
    with pytest.raises(TypeError, match="lowercase must be a bool"):
        CharSim(lowercase="yes")


def test_the_score_has_sacrebleus_interval_attributes():
    plain = CharSim().corpus_score(SYS1, [REF])
    assert (plain._mean, plain._ci) == (-1.0, -1.0)
    resampled = CharSim().corpus_score(SYS1, [REF], n_bootstrap=1000)
    assert resampled._mean == resampled.interval.mean
    assert resampled._ci == resampled.interval.half_width
    assert f"(μ = {resampled._mean:.4f} ± {resampled._ci:.4f})" in resampled.format()
    # estimate_ci on sacreBLEU's scores of resamples: ranks 1 and 38 of 40, and their mean
    plain.estimate_ci(
        [CharSim().sentence_score(t, [r]) for t, r in zip(SYS1[:40], REF[:40], strict=True)]
    )
    ordered = sorted(float(s) for s in SCORES1[:40])
    assert (plain.interval.low, plain.interval.high) == (ordered[1], ordered[38])
    assert plain._mean == float(sum(Fraction(x) for x in ordered) / 40)

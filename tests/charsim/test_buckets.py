"""Length buckets: edges, the reference length with several references, counts and means."""

import math

import pytest

import charsim
from charsim.corpus import score_systems

from ..data import TED

LENGTH_LABELS = ["[0, 25)", "[25, 50)", "[50, 100)", "[100, 150)", "[150, 200)", "[200, ∞)"]
RATIO_LABELS = [
    "[0, 0.5)",
    "[0.5, 0.8)",
    "[0.8, 0.9)",
    "[0.9, 1)",
    "1",
    "(1, 1.1]",
    "(1.1, 1.25]",
    "(1.25, 2]",
    "(2, ∞)",
]


def _where(buckets):
    """Per system, the labels of the buckets holding its items."""
    return [[b.label for b in buckets if b.counts[s]] for s in range(len(buckets[0].counts))]


def test_the_labels_are_the_documented_edges():
    result = charsim.length_buckets([[0.5]], [["abc"]], [["abc"]])
    assert [b.label for b in result.by_reference_length] == LENGTH_LABELS
    assert [b.label for b in result.by_length_ratio] == RATIO_LABELS


def test_with_two_references_the_reference_length_is_their_mean():
    """References of 10 and 60 characters: 35, neither the first (10), the shortest nor the
    longest (60); a candidate of 35 characters then has ratio 1."""
    references = [["r" * 10, "r" * 60]]
    result = charsim.length_buckets([[0.25]], [["c" * 35]], references)
    assert _where(result.by_reference_length) == [["[25, 50)"]]
    assert _where(result.by_length_ratio) == [["1"]]


@pytest.mark.parametrize(
    ("references", "label"),
    [
        (["a" * 24, "a" * 25], "[0, 25)"),  # a mean of 24.5 is below 25
        (["a" * 25], "[25, 50)"),  # an edge starts the next bucket
        (["a" * 199], "[150, 200)"),
        (["a" * 200], "[200, ∞)"),
        ([""], "[0, 25)"),
    ],
)
def test_reference_length_edges(references, label):
    result = charsim.length_buckets([[1.0]], [["x"]], [references])
    assert _where(result.by_reference_length) == [[label]]


@pytest.mark.parametrize(
    ("candidate_length", "label"),
    [
        (4, "[0, 0.5)"),
        (5, "[0.5, 0.8)"),  # below 1 an edge belongs to the bucket farther from 1
        (8, "[0.8, 0.9)"),
        (9, "[0.9, 1)"),
        (10, "1"),
        (11, "(1, 1.1]"),  # above 1 as well
        (12, "(1.1, 1.25]"),
        (20, "(1.25, 2]"),
        (21, "(2, ∞)"),
    ],
)
def test_ratio_edges_belong_to_the_bucket_farther_from_1(candidate_length, label):
    result = charsim.length_buckets([[1.0]], [["c" * candidate_length]], [["r" * 10]])
    assert _where(result.by_length_ratio) == [[label]]


def test_empty_references_give_ratio_1_or_infinity():
    result = charsim.length_buckets([[1.0], [0.0]], [[""], ["a"]], [[""]])
    assert _where(result.by_length_ratio) == [["1"], ["(2, ∞)"]]


def test_lengths_are_code_points():
    """é as e + combining accent is 2 code points, precomposed 1; an emoji is 1, not 2 UTF-16
    units."""
    result = charsim.length_buckets(
        [[1.0], [1.0], [1.0]], [["e\u0301"], ["\u00e9"], ["\U0001f600"]], [["ab"]]
    )
    assert _where(result.by_length_ratio) == [["1"], ["[0.5, 0.8)"], ["[0.5, 0.8)"]]


def test_counts_and_means_per_system():
    references = [["cat"], ["cat"], ["the cat sat on the mat"], ["a" * 60]]
    candidates = [["cat", "ca", "the cat", "b" * 60], ["cats", "cat", "x", "a" * 60]]
    scores = [[1.0, 0.5, 0.25, 0.0], [0.75, 1.0, 0.0, 1.0]]
    result = charsim.length_buckets(scores, candidates, references)
    by_length = {b.label: b for b in result.by_reference_length}
    assert by_length["[0, 25)"].counts == (3, 3)
    assert by_length["[0, 25)"].means == ((1.0 + 0.5 + 0.25) / 3, (0.75 + 1.0 + 0.0) / 3)
    assert by_length["[50, 100)"].means == (0.0, 1.0)
    assert by_length["[25, 50)"].counts == (0, 0) and by_length["[25, 50)"].means == (None, None)
    by_ratio = {b.label: b for b in result.by_length_ratio}
    # system 1: cat (1), ca (2/3), the cat (7/22), b*60 (1); system 2: 4/3, 1, 1/22, 1
    assert by_ratio["1"].counts == (2, 2) and by_ratio["1"].means == (0.5, 1.0)
    assert by_ratio["[0.5, 0.8)"].counts == (1, 0) and by_ratio["[0.5, 0.8)"].means == (0.5, None)
    assert by_ratio["[0, 0.5)"].means == (0.25, 0.0)
    assert by_ratio["(1.25, 2]"].counts == (0, 1) and by_ratio["(1.25, 2]"].means == (None, 0.75)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        (([[1.0]], [["a"], ["b"]], [["a"]]), ValueError, "1 systems of scores but 2 of candidates"),
        (
            ([[1.0, 0.5]], [["a"]], [["a"]]),
            ValueError,
            "system 1 has 2 scores and 1 candidate for 1 item",
        ),
        (
            ([[1.0, 0.5]], [["a", "b"]], [["a"], []]),
            charsim.UndefinedScoreError,
            "item 2: charsim is undefined for an empty reference set",
        ),
        (([[1.0]], [["a"]], ["a"]), TypeError, "item 1: references must be a sequence of str"),
        (
            ([[1.0], [1.0]], [["a"], [3]], [["a"]]),
            TypeError,
            "item 1 of system 2: the candidate must be a str, got int",
        ),
        # a bare str where a sequence goes was split into letters
        (
            ([[1.0]], "a", [["a"]]),
            TypeError,
            "candidates must be a sequence of systems, each a sequence of texts, got str",
        ),
        (
            ([[1.0]], ["a"], [["a"]]),
            TypeError,
            "candidates[0] (system 1) must be a sequence of texts, got str",
        ),
        (
            ("abc", [["a"]], [["a"]]),
            TypeError,
            "scores must be a sequence of systems, each a sequence of scores, got str",
        ),
        (
            ([[1.0]], [["a"]], "a"),
            TypeError,
            "references must be a sequence of reference sets (one per item), got str",
        ),
        (
            (iter([[1.0]]), [["a"]], [["a"]]),
            TypeError,
            "scores must be a sequence of systems, each a sequence of scores, got list_iterator",
        ),
        (
            ([[float("nan")]], [["a"]], [["a"]]),
            ValueError,
            "item 1 of system 1: the score is nan: scores must be finite numbers",
        ),
        (
            ([[0.5, float("inf")]], [["a", "b"]], [["a"], ["b"]]),
            ValueError,
            "item 2 of system 1: the score is inf",
        ),
        (
            ([[10**400]], [["a"]], [["a"]]),
            ValueError,
            "item 1 of system 1: the score is too large for a float",
        ),  # not OverflowError
        (
            ([["0.5"]], [["a"]], [["a"]]),
            TypeError,
            "item 1 of system 1: a score must be a number, got str",
        ),
    ],
)
def test_bad_input_names_the_item_and_system(arguments, error, message):
    with pytest.raises(error) as raised:
        charsim.length_buckets(*arguments)
    assert message in str(raised.value)


def test_ted_buckets_hold_every_item_and_average_back_to_the_mean():
    def lines(name):
        return (TED / f"ted.{name}.txt").read_text(encoding="utf-8").split("\n")[:-1]

    references = [(r,) for r in lines("ref")]
    systems = [lines("sys1"), lines("sys2")]
    results = score_systems(systems, references)
    scores = [r.scores for r in results]
    buckets = charsim.length_buckets(scores, systems, references)
    assert [b.counts[0] for b in buckets.by_reference_length] == [168, 577, 881, 453, 191, 175]
    for bucketing in (buckets.by_reference_length, buckets.by_length_ratio):
        for s, result in enumerate(results):
            assert sum(b.counts[s] for b in bucketing) == 2445
            total = math.fsum(b.means[s] * b.counts[s] for b in bucketing if b.counts[s])
            assert total / 2445 == pytest.approx(result.score, abs=1e-12)

"""Parts of a corpus: exact sums that add up in any grouping, and errors that name the item."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import charsim
from charsim.corpus import parts, score_rows, score_systems
from charsim.corpus.parts import CorpusResult, combine_parts, score_part

from .strategies import reference_sets, texts

SCORES = {"mean": charsim.score, "base": charsim.score_base, "max": charsim.score_max}


@given(st.lists(st.floats(0, 1), max_size=60))
def test_the_corpus_score_is_the_exact_mean_rounded_once(scores):
    exact = sum(map(Fraction, scores), Fraction(0))
    assert CorpusResult(tuple(scores), "s").score == (float(exact / len(scores)) if scores else 0)


def test_the_mean_of_ten_tenths_is_a_tenth():
    """Adding floats one by one gives 0.9999999999999999 / 10; the exact mean is 0.1."""
    assert CorpusResult((0.1,) * 10, "s").score == 0.1
    assert CorpusResult((0.1,) * 10, "s").n_items == 10


items = st.lists(st.tuples(texts, reference_sets), max_size=12)


@given(items, st.lists(st.integers(0, 12), max_size=4), st.sampled_from(list(SCORES)))
@settings(max_examples=60, deadline=None)
def test_parts_add_up_to_the_whole_in_any_grouping(rows, cuts, variant):
    whole = score_part(rows, variant=variant)
    bounds = [0, *sorted(min(cut, len(rows)) for cut in cuts), len(rows)]
    pieces = [
        score_part(rows[a:b], first_item=a + 1, variant=variant)
        for a, b in itertools.pairwise(bounds)
    ]
    assert combine_parts(pieces) == whole
    if len(pieces) > 1:  # a tree of sums, as a Dask reduction builds it
        half = len(pieces) // 2
        assert combine_parts([combine_parts(pieces[:half]), combine_parts(pieces[half:])]) == whole
    if not rows:  # no items have no score, as the command line's "holds no items"
        with pytest.raises(ValueError, match="^no items: nothing to score"):
            whole.results()
        return
    (result,) = whole.results()
    assert result.scores == tuple(SCORES[variant](c, r) for c, r in rows)
    nrefs = {len(r) for _, r in rows}
    assert result.signature == charsim.signature(
        variant, nrefs=nrefs.pop() if len(nrefs) == 1 else "var"
    )


def test_several_systems_in_one_row():
    rows = [(("ca", "cat"), ["cat"]), (("a", "b"), ["a", "abcdefghij"])]
    first, second = score_part(rows, systems=2).results()
    assert first.scores == (100 / 201, charsim.score("a", ["a", "abcdefghij"]))
    assert second.scores == (1.0, charsim.score("b", ["a", "abcdefghij"]))
    assert first.signature == second.signature == charsim.signature(nrefs="var")  # K varies


def test_a_reference_set_shared_within_a_chunk_gets_one_table(monkeypatch):
    built = []

    class Counting(charsim.ReferenceSet):
        def __init__(self, references, **options):
            built.append(tuple(references))
            super().__init__(references, **options)

    monkeypatch.setattr(parts, "ReferenceSet", Counting)
    rows = [(f"the cat {i}", ["the cat sat"]) for i in range(80)] + [("x", ["y"])] * 31
    (result,) = score_rows(rows, chunk_size=40)
    assert built == [("the cat sat",), ("the cat sat",)]  # one per chunk of 40; "y": 31 uses
    assert result.scores == tuple(charsim.score(c, r) for c, r in rows)


@pytest.mark.parametrize(
    ("row", "error", "message"),
    [
        (
            ("a", []),
            charsim.UndefinedScoreError,
            r"item 7: charsim is undefined for an empty reference set \(K = 0\); a set holding one "
            r'empty reference is \[""\]',
        ),
        (("a", "abc"), TypeError, "item 7: references must be a sequence of str, got a single str"),
        ((3, ["a"]), TypeError, "item 7: candidate must be a str, got int"),
        (("a", ["a", None]), TypeError, r"item 7: references\[1\] must be a str, got NoneType"),
        (("a",), TypeError, r"item 7: expected \(candidate, references\), got tuple"),
        ((("a", "b"), ["a"]), ValueError, "item 7 has 2 candidates for 1 system$"),
    ],
)
def test_a_bad_item_is_named(row, error, message):
    rows = [("a", ["a"])] * 3 + [row]
    with pytest.raises(error, match=f"^{message}"):
        score_part(rows, first_item=4)


def test_a_system_of_another_length_is_counted_in_words():
    with pytest.raises(ValueError, match="^system 1 has 2 candidates for 1 item$"):
        score_systems([["a", "b"]], [["a"]])


def test_a_bad_item_in_score_systems_is_named():
    with pytest.raises(charsim.UndefinedScoreError, match="^item 2,002: charsim is undefined"):
        score_systems([["a"] * 2500], [("a",)] * 2001 + [()] + [("a",)] * 498)


@pytest.mark.parametrize(
    ("pieces", "message"),
    [
        ([], "no parts to combine"),
        (
            [score_part([("a", ["a"])]), score_part([("a", ["a"])], variant="max")],
            "parts scored with different settings",
        ),
        (
            [score_part([("a", ["a"])]), score_part([("a", ["a"])], keep_scores=False)],
            "parts scored with different settings, numbers of systems or kept scores",
        ),
    ],
)
def test_parts_that_do_not_belong_together_are_refused(pieces, message):
    with pytest.raises(ValueError, match=message):
        combine_parts(pieces)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"chunk_size": 0}, "chunk_size must be a whole number of at least 1, got 0"),
        ({"in_flight": 0}, "in_flight must be a whole number of at least 1, got 0"),
        ({"chunk_size": 2.5}, "chunk_size must be a whole number of at least 1, got 2.5"),
        ({"variant": "median"}, "variant must be one of"),
        ({"max_order": 0}, "max_order must be at least 1"),
    ],
)
def test_bad_settings_stop_before_any_item_is_read(options, message):
    def rows():
        raise AssertionError("read")
        yield

    with pytest.raises(ValueError, match=message):
        score_rows(rows(), **options)


def test_a_result_without_scores_needs_its_mean():
    result = CorpusResult(None, "s", 0.5, 4)
    assert (result.scores, result.score, result.n_items) == (None, 0.5, 4)
    with pytest.raises(TypeError, match="needs the scores, or the score and n_items"):
        CorpusResult(None, "s")

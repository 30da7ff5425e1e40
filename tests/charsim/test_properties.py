"""Properties of §2–§4 and §7.2, and agreement with the simple implementation in naive.py.

The two agreements of the fast paths with naive.py draw ``PROPERTY_EXAMPLES`` cases each
(environment; 1,000 by default, about 20 s for both on a shared 2-core machine): run with
``PROPERTY_EXAMPLES=10000`` after a change to ``charsim/automaton.py``, ``table.py`` or ``pair.py``.
"""

import dataclasses
import os
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import charsim
from charsim.metric.config import MAX_ORDER_LIMIT
from charsim.metric.pair import pair_overlaps

from . import naive
from .strategies import items_sharing_text, reference_sets, texts

FAST_PATH_EXAMPLES = int(os.environ.get("PROPERTY_EXAMPLES", "1000"))
caps = st.integers(1, 40)
weight_schemes = st.sampled_from(charsim.WEIGHTS)


@given(texts, reference_sets, caps, weight_schemes)
@settings(max_examples=400)
def test_fast_code_equals_naive(candidate, references, cap, weights):
    options = {"max_order": cap, "weights": weights}
    e = charsim.explain(candidate, references, **options)
    assert e.score == naive.score(candidate, references, **options)
    assert e.base_score == naive.score_base(candidate, references, **options)
    assert e.max_score == naive.score_max(candidate, references, **options)
    assert charsim.score(candidate, references, **options) == float(e.score)
    assert charsim.score_base(candidate, references, **options) == float(e.base_score)
    assert charsim.score_max(candidate, references, **options) == float(e.max_score)
    reference_set = charsim.ReferenceSet(references, **options)
    assert reference_set.score(candidate) == float(e.score)
    summary = charsim.summarize(candidate, references, **options)
    assert (summary.score, summary.base_score, summary.max_score, summary.decision) == (
        float(e.score),
        float(e.base_score),
        float(e.max_score),
        e.decision,
    )
    assert summary.precision == (None if e.precision is None else float(e.precision))
    assert summary.recall == (None if e.recall is None else float(e.recall))
    assert summary.candidate_length == float(e.candidate_length)
    assert summary.mean_reference_length == float(e.mean_reference_length)


def _without_matches(e: charsim.Explanation) -> charsim.Explanation:
    orders = tuple(dataclasses.replace(o, tally=None) for o in e.orders)
    return dataclasses.replace(e, orders=orders, matches_listed=True)


@given(texts, reference_sets, caps, weight_schemes)
@settings(max_examples=300)
def test_explain_without_matches_has_every_quantity_of_explain(candidate, references, cap, weights):
    options = {"max_order": cap, "weights": weights}
    full = charsim.explain(candidate, references, **options)
    fast = charsim.explain(candidate, references, matches=False, **options)
    assert (full.matches_listed, fast.matches_listed) == (True, False)
    assert _without_matches(fast) == _without_matches(full)
    assert all(o.matches == () and o.candidate_positions == () for o in fast.orders)


@given(texts, reference_sets)
def test_scores_lie_in_unit_interval(candidate, references):
    e = charsim.explain(candidate, references)
    for value in (e.score, e.base_score, e.max_score):
        assert 0 <= value <= 1


@given(texts, caps, weight_schemes)
def test_exact_match_scores_one_for_any_cap(text, cap, weights):
    assert charsim.score(text, [text], max_order=cap, weights=weights) == 1.0


@given(texts, reference_sets)
def test_score_is_min_of_precision_and_recall(candidate, references):
    e = charsim.explain(candidate, references)
    if e.candidate_length > 0 and e.mean_reference_length > 0:
        assert e.score == min(e.precision, e.recall)
        assert e.score == e.mean_overlap / e.denominator


@given(texts, reference_sets, weight_schemes)
def test_score_is_sum_of_contributions(candidate, references, weights):
    e = charsim.explain(candidate, references, weights=weights)
    if e.denominator > 0:
        assert sum(o.contribution for o in e.orders) == e.score
        for o in e.orders:
            assert o.contribution == o.mean_overlap * o.gain
            assert o.gain == o.weight / e.denominator


@given(texts, reference_sets, st.randoms())
def test_reference_order_is_irrelevant(candidate, references, rng):
    shuffled = list(references)
    rng.shuffle(shuffled)
    a, b = charsim.explain(candidate, references), charsim.explain(candidate, shuffled)
    assert (a.score, a.base_score, a.max_score) == (b.score, b.base_score, b.max_score)


@given(texts, reference_sets)
def test_duplicates_weigh_double(candidate, references):
    doubled = charsim.explain(candidate, references + references)
    assert doubled.score == charsim.explain(candidate, references).score
    first_twice = charsim.explain(candidate, [references[0], *references])
    big_m, _, length_r = naive.quantities(candidate, references)
    k = len(references)
    assert first_twice.mean_overlap == (big_m[0] + sum(big_m)) / (k + 1)
    assert first_twice.mean_reference_length == (length_r[0] + sum(length_r)) / (k + 1)


@given(texts, st.integers(0, 30), st.lists(st.text(alphabet="abc^", min_size=0), max_size=3))
def test_base_equals_mean_when_lengths_are_equal(candidate, size, seeds):
    references = [(seed or "z") * (size + 1) for seed in seeds][:3] or ["q" * (size + 1)]
    references = [r[: size + 1] for r in references]
    e = charsim.explain(candidate, references)
    assert e.base_score == e.score


@given(st.integers(0, 60), st.integers(1, 70))
def test_ngram_count_closed_form(length, n):
    text = "ab" * 30
    assert charsim.ngram_count(length, n) == sum(naive.ngram_counts(text[:length], n).values())


@given(texts, reference_sets)
def test_summing_to_the_cap_regardless_of_n_prime_changes_nothing(candidate, references):
    """§7.2: orders above N' add zero terms; summing every order to 32 gives the same value."""
    big_m, length_t, length_r = naive.quantities(candidate, references, max_order=32)
    top = 32
    w = [Fraction(1, n) for n in range(1, top + 1)]
    full_t = sum(wn * charsim.ngram_count(len(candidate), n) for n, wn in enumerate(w, 1))
    assert full_t == length_t
    for r, l_i in zip(references, length_r, strict=True):
        assert sum(wn * charsim.ngram_count(len(r), n) for n, wn in enumerate(w, 1)) == l_i


@given(texts, reference_sets)
def test_length_bounds_of_sections_4_2_and_4_3(candidate, references):
    e = charsim.explain(candidate, references)
    if e.decision is charsim.Decision.RECALL:
        assert e.score <= e.candidate_length / e.mean_reference_length == e.length_bound
    elif e.decision is charsim.Decision.PRECISION:
        assert e.score <= e.mean_reference_length / e.candidate_length == e.length_bound


@given(texts, reference_sets)
def test_matches_point_at_real_occurrences(candidate, references):
    e = charsim.explain(candidate, references)
    for order in e.orders:
        assert sum(m.mean_overlap for m in order.matches) == order.mean_overlap
        for match in order.matches:
            g = match.ngram
            assert g.order == order.n
            expected = naive.ngram_counts(candidate, order.n)[_as_tuple(g)]
            assert match.candidate_count == expected > 0
            for start in match.candidate_starts:
                assert candidate[start : start + len(g.text)] == g.text
                assert not g.begin or start == 0
                assert not g.end or start + len(g.text) == len(candidate)
            for reference, starts in zip(references, match.reference_starts, strict=True):
                assert len(starts) == naive.ngram_counts(reference, order.n)[_as_tuple(g)]
                for start in starts:
                    assert reference[start : start + len(g.text)] == g.text


def _as_tuple(ngram):
    return (
        *([naive.BEGIN] if ngram.begin else []),
        *ngram.text,
        *([naive.END] if ngram.end else []),
    )


@pytest.mark.parametrize(
    ("candidate", "references"),
    [
        ("a" * 500, ["a" * 300]),
        ("a" * 40, ["a" * 41, "a" * 39]),
        ("ab" * 200, ["ab" * 150 + "b"]),
        ("\x00" * 100, ["\x00" * 99 + "^"]),
    ],
)
def test_long_runs_of_one_character_equal_naive(candidate, references):
    e = charsim.explain(candidate, references)
    assert e.score == naive.score(candidate, references)
    assert e.base_score == naive.score_base(candidate, references)
    assert charsim.ReferenceSet(references).score(candidate) == float(e.score)


@given(items_sharing_text(), caps, weight_schemes)
@settings(max_examples=FAST_PATH_EXAMPLES, deadline=None)
def test_reference_set_equals_naive(item, cap, weights):
    """The precomputed table (suffix automaton, repeats corrected) scores exactly, also for
    candidates that repeat pieces of their references."""
    candidate, references = item
    options = {"max_order": cap, "weights": weights}
    expected = float(naive.score(candidate, references, **options))
    assert charsim.ReferenceSet(references, **options).score(candidate) == expected


@given(texts, texts, st.integers(1, 40))
@settings(max_examples=FAST_PATH_EXAMPLES, deadline=None)
def test_pair_overlaps_equal_naive(candidate, reference, cap):
    """The fast pair path (unique n-grams grown by character comparison) counts exactly."""
    assert pair_overlaps(candidate, reference, cap) == naive.order_overlaps(
        candidate, reference, cap
    )


_STRETCH = "".join(chr(0x61 + (i * 7) % 26) + chr(0x3B1 + (i * 5) % 24) for i in range(120))


@pytest.mark.parametrize("cap", [2, 5, 32, 96, 97, 150, 250])
@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        (_STRETCH, _STRETCH),  # one stretch longer than the head's comparison window
        (_STRETCH[:150] + "!" + _STRETCH[150:], _STRETCH),  # broken once
        ("x" + _STRETCH + "y" + _STRETCH, _STRETCH + "z" + _STRETCH[:90]),  # repeats, two diagonals
        (_STRETCH[::-1] + _STRETCH, _STRETCH + _STRETCH[::-1]),
    ],
    ids=["one-stretch", "broken-once", "repeats", "two-diagonals"],
)
def test_pair_overlaps_long_stretches_equal_naive(candidate, reference, cap):
    """Shared stretches longer than the cap and than the comparison window at a stretch's head
    (the pairs after a capped head must be re-measured) count exactly."""
    assert pair_overlaps(candidate, reference, cap) == naive.order_overlaps(
        candidate, reference, cap
    )
    if cap > MAX_ORDER_LIMIT:  # the public API refuses caps above 64
        return
    # The reference set: matches longer than the cap, a candidate repeating a shared stretch.
    options = {"max_order": cap}
    references = [reference, reference[::2], candidate[:40]]
    for text in (candidate, candidate + candidate[:100]):
        expected = float(naive.score(text, references, **options))
        assert charsim.ReferenceSet(references, **options).score(text) == expected

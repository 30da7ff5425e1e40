"""Adversarial checks of ReferenceSet (suffix-automaton table) and of explain's lazy matches."""

import copy
import pickle
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import charsim

from . import naive
from .strategies import ADVERSARIAL, items_sharing_text, reference_sets, texts

# The code points the table tries first for its begin/end boundaries and its placeholder.
PRIVATE = ["\ue000", "\ue001", "\ue002", "\ue003", "\ue004", "\ue005"]
boundary_texts = st.lists(st.sampled_from([*PRIVATE, "^", "$", "\x00", "a"]), max_size=8).map(
    "".join
)


@given(
    reference_sets,
    st.lists(st.one_of(texts, boundary_texts), min_size=1, max_size=8),
    st.sampled_from([1, 2, 3, 32, 64]),
    st.sampled_from(charsim.WEIGHTS),
)
@settings(max_examples=150, deadline=None)
def test_one_reference_set_reused_for_many_candidates(references, candidates, cap, weights):
    """One table, candidates of every length (the cap N moves with |t| on short references),
    including candidates made only of the table's own boundary/placeholder code points."""
    options = {"max_order": cap, "weights": weights}
    reference_set = charsim.ReferenceSet(references, **options)
    for candidate in [*candidates, *(c * 5 for c in candidates)]:
        expected = charsim.score(candidate, references, **options)
        assert reference_set.score(candidate) == expected
        assert expected == float(naive.score(candidate, references, **options))


@pytest.mark.parametrize("cap", [1, 2, 32])
@pytest.mark.parametrize(
    "references",
    [["a"], PRIVATE[:3] + ["x" + PRIVATE[3]], ["".join(PRIVATE[:4]), "", "^$"], ["", ""]],
)
def test_candidates_of_boundary_code_points(references, cap):
    reference_set = charsim.ReferenceSet(references, max_order=cap)
    for candidate in ["", *PRIVATE, "".join(PRIVATE) * 3, "x\ue004x\ue004", "\ue005x\ue005x"]:
        expected = float(naive.score(candidate, references, max_order=cap))
        assert reference_set.score(candidate) == expected
        assert charsim.score(candidate, references, max_order=cap) == expected


@given(items_sharing_text(), st.sampled_from([None, "NFC", "NFKD"]), st.booleans())
@settings(max_examples=150, deadline=None)
def test_reference_set_with_preprocessing(item, normalize, casefold):
    candidate, references = item
    options = {"normalize": normalize, "casefold": casefold}
    assert charsim.ReferenceSet(references, **options).score(candidate) == charsim.score(
        candidate, references, **options
    )


def test_table_of_a_run_of_one_character_is_linear():
    """K F_g(m) is stored up to m = 64 only: one reference "a" * L used to take O(L²)."""
    tracemalloc.start()
    try:
        charsim.ReferenceSet(["a" * 1200])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8_000_000  # a random 1,200-character reference needs well under 1 MB


def _brute_matches(candidate, references, n):
    """(NGram, candidate starts, starts per reference) of every shared n-gram of order n."""

    def starts(text):
        padded = [naive.BEGIN, *text, naive.END]
        found = {}
        for p in range(len(padded) - n + 1):
            gram = tuple(padded[p : p + n])
            boundary = [c is naive.BEGIN or c is naive.END for c in gram]
            if all(boundary):
                continue
            found.setdefault(gram, []).append(max(p - 1, 0))
        return found

    def ngram(gram):
        begin, end = gram[0] is naive.BEGIN, gram[-1] is naive.END
        return charsim.NGram("".join(gram[begin : len(gram) - end]), begin, end)

    in_references = [starts(r) for r in references]
    rows = [
        (ngram(g), tuple(s), tuple(tuple(r.get(g, ())) for r in in_references))
        for g, s in starts(candidate).items()
        if any(g in r for r in in_references)
    ]
    return sorted(rows, key=lambda row: (row[1][0], row[0]))


def _rows(order):
    return [(m.ngram, m.candidate_starts, m.reference_starts) for m in order.matches]


@given(items_sharing_text(), st.sampled_from([1, 2, 5, 32]), st.integers(0, 3))
@settings(max_examples=150, deadline=None)
def test_lazy_matches_survive_copy_and_pickle(item, cap, how):
    candidate, references = item
    e = charsim.explain(candidate, references, max_order=cap)
    if how == 3:  # lists the matches first, then copies them along
        [order.matches for order in e.orders]
    copied = [e, copy.deepcopy(e), pickle.loads(pickle.dumps(e)), copy.copy(e)][how]
    assert copied == e and hash(copied) == hash(e)
    for order in copied.orders:
        assert _rows(order) == _brute_matches(candidate, references, order.n)
        starts = sorted(
            1 + s if not m.ngram.begin else 0 for m in order.matches for s in m.candidate_starts
        )
        assert list(order.candidate_positions) == starts
    assert charsim.coverage(copied) == tuple(naive.coverage(candidate, references, max_order=cap))
    from_set = charsim.ReferenceSet(references, max_order=cap).explain(candidate)
    assert from_set == e
    assert [_rows(o) for o in from_set.orders] == [_rows(o) for o in e.orders]


def test_explanation_of_adversarial_characters_pickles():
    text = "".join(ADVERSARIAL)
    e = charsim.explain(text + text[:5], [text, "", text[::-1]])
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(e, protocol))
        assert again == e
        assert [_rows(o) for o in again.orders] == [_rows(o) for o in e.orders]


@pytest.mark.parametrize(
    ("candidate", "references"),
    [
        ("a" * 90, ["a" * 100, "a" * 70 + "b", "ab"]),  # counts above 64 on both sides
        ("ab" * 80, ["ab" * 65, "b" * 200]),
        ("a" * 200, ["a" * 64, "a" * 65]),
        ("xa" * 70 + "a" * 70, ["a" * 66 + "x", "xa" * 3]),
    ],
)
def test_counts_above_the_stored_range(candidate, references):
    """A candidate repeating an n-gram more than 64 times, against references that hold it more
    than 64 times: K F_g is computed from the counts beyond the stored range."""
    for cap in (1, 3, 32):
        expected = float(naive.score(candidate, references, max_order=cap))
        assert charsim.ReferenceSet(references, max_order=cap).score(candidate) == expected

"""The article's worked numbers: §7.4 table, §3.4 table and derivation, §3.3 example, §2.5 cap."""

from fractions import Fraction

import pytest

import charsim
from charsim import Decision

# §7.4 table: (candidate, references, charsim, charsim_base), printed to 3 decimals.
TABLE_7_4 = [
    ("cat", ["cat"], 1, 1),
    ("a", ["b"], 0, 0),
    ("", [""], 1, 1),
    ("", ["a"], 0, 0),
    ("a", [""], 0, 0),
    ("", ["", "a"], 0, 0.5),
    ("ca", ["cat"], 0.498, 0.498),
    ("a", ["a", "abcdefghij"], 0.134, 0.528),
]

# §3.4 table, single reference "cat": (candidate, N, decision, charsim to 3 decimals).
TABLE_3_4 = [
    ("cat", 5, Decision.EQUAL, 1.000),
    ("ca", 5, Decision.RECALL, 0.498),
    ("cats", 6, Decision.PRECISION, 0.592),
    ("catcat", 8, Decision.PRECISION, 0.449),
]


@pytest.mark.parametrize(("candidate", "references", "mean", "base"), TABLE_7_4)
def test_table_7_4(candidate, references, mean, base):
    assert round(charsim.score(candidate, references), 3) == mean
    assert round(charsim.score_base(candidate, references), 3) == base
    assert round(charsim.ReferenceSet(references).score(candidate), 3) == mean


def test_table_7_4_undefined_for_empty_reference_set():
    for function in (charsim.score, charsim.score_base, charsim.score_max, charsim.explain):
        with pytest.raises(charsim.UndefinedScoreError, match=r"K = 0"):
            function("a", [])
    with pytest.raises(charsim.UndefinedScoreError):
        charsim.ReferenceSet([])
    assert issubclass(charsim.UndefinedScoreError, ValueError)


@pytest.mark.parametrize(("candidate", "order_cap", "decision", "expected"), TABLE_3_4)
def test_table_3_4(candidate, order_cap, decision, expected):
    e = charsim.explain(candidate, ["cat"])
    assert e.order_cap == order_cap
    assert e.decision is decision
    assert round(float(e.score), 3) == expected
    assert e.score == e.base_score == e.max_score  # one reference: the forms agree (§3.3)


def test_section_3_4_derivation_of_ca():
    """Every number of the worked table of §3.4, exactly."""
    e = charsim.explain("ca", ["cat"])
    assert [o.overlaps[0] for o in e.orders] == [2, 2, 1, 0, 0]
    assert [o.candidate_count for o in e.orders] == [2, 3, 2, 1, 0]
    assert [o.reference_counts[0] for o in e.orders] == [3, 4, 3, 2, 1]
    assert e.mean_overlap == Fraction(10, 3)
    assert e.candidate_length == Fraction(53, 12)
    assert e.mean_reference_length == Fraction(67, 10)
    assert e.precision == Fraction(40, 53)
    assert e.recall == Fraction(100, 201)
    assert e.score == Fraction(100, 201)
    assert charsim.score("ca", ["cat"]) == 100 / 201
    # shared n-grams of §3.4: c, a; ^c, ca; ^ca
    shown = [[m.ngram.display("^", "$") for m in o.matches] for o in e.orders]
    assert shown == [["c", "a"], ["^c", "ca"], ["^ca"], [], []]


def test_section_3_3_base_versus_mean():
    e = charsim.explain("a", ["a", "abcdefghij"])
    s1, s2 = (d.score for d in e.reference_details)
    assert s1 == 1
    assert round(float(s2), 4) == 0.0569
    assert e.base_score == (s1 + s2) / 2
    assert round(float(e.base_score), 3) == 0.528
    assert round(float(e.score), 3) == 0.134
    assert e.max_score == 1
    assert charsim.score_max("a", ["a", "abcdefghij"]) == 1.0


@pytest.mark.parametrize(
    ("candidate", "references", "n_prime", "order_cap"),
    [
        ("cat", ["cat"], 5, 5),
        ("a" * 30, ["b"], 32, 32),  # longest 30 characters: all orders used (§2.5)
        ("a" * 31, ["b"], 33, 32),  # longer: capped at 32
        ("", [""], 2, 2),
        ("x", ["y" * 1000], 1002, 32),
    ],
)
def test_order_cap_section_2_5(candidate, references, n_prime, order_cap):
    e = charsim.explain(candidate, references)
    assert e.n_prime == n_prime
    assert e.order_cap == order_cap
    assert len(e.orders) == order_cap


def test_markers_inside_text_are_ordinary_characters():
    """§7.4: '^' and '$' in the input are ordinary characters, never boundaries."""
    assert charsim.score("^a$", ["^a$"]) == 1.0
    # "^a" shares the characters '^' and 'a' with "a^" but no boundary n-gram "⟨^⟩a"
    e = charsim.explain("^a", ["a^"])
    assert [o.overlaps[0] for o in e.orders[:2]] == [2, 0]
    # the text "a" must not match the boundary-padded "^a" of a text starting with "^a"
    e = charsim.explain("a", ["^a"])
    assert e.orders[1].overlaps == (1,)  # only "a⟨$⟩" is shared at order 2
    assert e.orders[1].matches[0].ngram == charsim.NGram("a", begin=False, end=True)

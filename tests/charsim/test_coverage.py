"""charsim.coverage: the longest matched order covering each candidate character."""

from hypothesis import given, settings
from hypothesis import strategies as st

import charsim

from . import naive
from .strategies import reference_sets, texts


def covered(candidate, references, **options):
    return charsim.coverage(charsim.explain(candidate, references, **options))


def test_hand_worked_examples():
    # ⟨^⟩ca⟨$⟩ against ⟨^⟩cat⟨$⟩: c, a (n = 1); ⟨^⟩c, ca (2); ⟨^⟩ca (3); ⟨^⟩ca⟨$⟩ is not in
    # the reference
    assert covered("ca", ["cat"]) == (3, 3)
    # ⟨^⟩cab⟨$⟩: ⟨^⟩ca is shared (3), ⟨^⟩cab is not; b occurs in no reference
    assert covered("cab", ["cat"]) == (3, 3, 0)
    # ⟨^⟩xcat⟨$⟩: cat⟨$⟩ is shared (4); x is not
    assert covered("xcat", ["cat"]) == (0, 4, 4, 4)
    # the whole text with both boundaries: order |t| + 2
    assert covered("cat", ["cat"]) == (5, 5, 5)
    # a different reference for each end: the longest per character, over all references
    assert covered("abcd", ["xab", "cdy"]) == (2, 2, 2, 2)
    # ⟨^⟩ab (3); ⟨^⟩ab⟨$⟩ is not in ⟨^⟩abcd⟨$⟩
    assert covered("abcd", ["ab", "cdy"]) == (3, 3, 2, 2)


def test_boundary_marks_and_clipping():
    # ⟨^⟩a (2) covers the first a; a⟨$⟩ (2) covers the last; the middle one only matches as a (1)
    assert covered("aaa", ["a"]) == (2, 1, 2)
    # clipping does not single out an occurrence: both "ab" are covered by the shared ab
    assert covered("xabyab", ["ab"]) == (0, 2, 2, 0, 3, 3)
    assert covered("", ["abc"]) == ()
    assert covered("abc", [""]) == (0, 0, 0)
    assert covered("^$", ["ab"]) == (0, 0)  # typed ^ and $ are characters, not boundaries


def test_the_cap_bounds_the_orders():
    assert covered("cat", ["cat"], max_order=2) == (2, 2, 2)
    assert covered("xcat", ["cat"], max_order=1) == (0, 1, 1, 1)


def test_preprocessing_is_applied_first():
    assert covered("CA", ["cat"], casefold=True) == (3, 3)
    assert covered("CA", ["cat"]) == (0, 0)


@given(texts, reference_sets, st.integers(1, 40))
@settings(max_examples=400)
def test_coverage_equals_naive(candidate, references, cap):
    assert list(covered(candidate, references, max_order=cap)) == naive.coverage(
        candidate, references, cap
    )

"""The paths of the fast pair overlaps (charsim/metric/pair.py) and of boundaries(), one by one.

Each case below reaches one way an n-gram is handled: shared once in each text (it leaves the
counting and grows by character comparison), repeated in both, once in one text and repeated in
the other, and stretches of unique pairs whose last pair agrees on exactly 2, 3 or more
characters; texts that hold the boundaries' usual code points; empty texts; every cap 1..10.
"""

import pytest

from charsim.metric.ngrams import boundaries
from charsim.metric.pair import pair_overlaps

from . import naive

U0, U1, U2, U3, U4 = map(chr, range(0xE000, 0xE005))  # the first private-use code points


@pytest.mark.parametrize(
    ("candidate", "reference", "expected"),
    [
        # ^abab$ and ^ab$: a, b twice against once; ^a, b$ once each, ab twice against once;
        # ^ab and ab$ once each; no 4-gram of ^ab$ is in ^abab$.
        ("abab", "ab", [2, 3, 2, 0, 0]),
        ("ab", "abab", [2, 3, 2, 0, 0]),
        # One shared stretch abc: ab and bc are unique pairs; abc is the only shared 3-gram.
        ("xabcy", "zabcw", [3, 2, 1, 0, 0, 0]),
        # ^a, a$ at order 2; ^a$ at order 3.
        ("a", "a", [1, 2, 1, 0]),
        # Texts made of the boundaries' usual code points: ^XY$ in both.
        (U0 + U1, U0 + U1, [2, 3, 2, 1, 0]),
        (U1 + U0 + U3, U0 + U3 + U2, [2, 1, 0, 0, 0]),  # only the pair U0 U3 is shared
        ("", "abc", [0, 0, 0]),
        ("abc", "", [0, 0, 0]),
        ("", "", [0, 0]),
    ],
)
def test_overlaps_worked_out_by_hand(candidate, reference, expected):
    assert pair_overlaps(candidate, reference, len(expected)) == expected
    assert naive.order_overlaps(candidate, reference, len(expected)) == expected


CASES = [
    ("the cat sat", "the cat sits"),  # every shared 2-gram occurs once in each text
    ("abcabcabc", "abcxabc"),  # repeated in both, over several orders
    ("abab", "abababab"),  # once in one text, repeated in the other
    ("xaby", "zabw"),  # a stretch agreeing on exactly 2 characters
    ("xabcy", "zabcw"),  # a stretch whose last pair agrees on 2, its first on 3
    ("ab ab xabcq", "ab ab yabcr"),  # past a repeated 2-gram (ab): a last pair agreeing on 3
    ("aa bcde", "aa bcdf"),  # ... on 4, 5 characters past the repeated a
    ("abcdefghij", "abcdefghij"),  # one stretch longer than the small caps
    ("abcdefghij" * 2, "xabcdefghijy"),  # repeated stretch in one text only
    ("a", "a"),
    ("a", "b"),
    ("^$", "$^"),  # typed ^ and $ are ordinary characters
    (U0 + "ab" + U1, "ab" + U2 + U3 + U4),  # every usual boundary code point is taken
    (
        "And the question is, how do we get there from here? That is what I talk about.",
        "And the question is: how can we get there from here? That's what I'll talk about",
    ),
    ("", "ab"),
]


@pytest.mark.parametrize("cap", [*range(1, 11), 32])
@pytest.mark.parametrize(("candidate", "reference"), CASES)
def test_each_path_equals_naive_at_every_cap(candidate, reference, cap):
    expected = naive.order_overlaps(candidate, reference, cap)
    assert pair_overlaps(candidate, reference, cap) == expected
    assert pair_overlaps(reference, candidate, cap) == naive.order_overlaps(
        reference, candidate, cap
    )


@pytest.mark.parametrize(
    ("texts", "count", "expected"),
    [
        (["abc", "de"], 2, (U0, U1)),
        (["abc", "de"], 4, (U0, U1, U2, U3)),
        (["abc", U1], 2, (U0, U2)),  # the second text holds a usual code point
        ([U3, "x"], 2, (U0, U1)),  # unused among the first two: the usual answer
        ([U3, "x"], 4, (U0, U1, U2, U4)),
        ([], 5, (U0, U1, U2, U3, U4)),  # more than the usual few
        ((c for c in [U0 + U2, "y"]), 2, (U1, U3)),  # any iterable, read once
    ],
)
def test_boundaries_are_the_first_unused_code_points(texts, count, expected):
    assert boundaries(texts, count) == expected


@pytest.mark.parametrize("reference", ["same", "one change in 100", "letters"])
def test_texts_longer_than_find_limit_look_up_their_unique_ngrams(reference):
    """Past 2,000 characters each n-gram shared once is looked up among its order's n-grams
    instead of found by a scan (a text against itself: tens of thousands of such n-grams)."""
    candidate = "".join(f"{i} the cat sat; " for i in range(250))  # 3,890 characters
    other = {
        "same": candidate,
        "one change in 100": "".join(c if i % 100 else "#" for i, c in enumerate(candidate)),
        "letters": "the cat sat on the mat " * 100,
    }[reference]
    assert pair_overlaps(candidate, other, 12) == naive.order_overlaps(candidate, other, 12)

"""How fragile is a score: crafted inputs from sacreBLEU's issues, with exact values by hand."""

from fractions import Fraction

import pytest

import charsim
from charsim.compare.fragility import (
    SETTINGS,
    TextChange,
    code_points,
    fragility,
    fragility_steps,
    item_moved,
    most_moved,
)
from charsim.metric.explain import explain_steps

# "the?cat" against "the cat" (7 characters, N = 9), ? not matching: shared are t h e c a t,
# ^t th he ca at t$, ^th the cat at$, ^the cat$: M = 6 + 6/2 + 4/3 + 2/4 = 65/6, and
# L = 7 + 8/2 + 7/3 + 6/4 + 5/5 + 4/6 + 3/7 + 2/8 + 1/9 = 4357/252
ONE_CHARACTER_OFF_IN_7 = Fraction(65, 6) / Fraction(4357, 252)
# "ţară" against "țară" (4 characters, N = 6): shared a r ă, ar ră ă$, ară ră$, ară$:
# M = 3 + 3/2 + 2/3 + 1/4 = 65/12, L = 4 + 5/2 + 4/3 + 3/4 + 2/5 + 1/6 = 549/60
FIRST_OF_4_OFF = Fraction(65, 12) / Fraction(549, 60)
# "“it’s”" against '"it\'s"' (6 characters, N = 8): shared i t s, it: M = 3 + 1/2;
# L = 6 + 7/2 + 6/3 + 5/4 + 4/5 + 3/6 + 2/7 + 1/8 = 4049/280
QUOTES_OFF = Fraction(7, 2) / Fraction(4049, 280)
# "ﬁne" (3 characters) against "fine" (4, N = 6): shared n e, ne e$, ne$: M = 2 + 2/2 + 1/3;
# L_t = 3 + 4/2 + 3/3 + 2/4 + 1/5 = 67/10 < L_r = 549/60 = 183/20: recall decides
LIGATURE_OFF = Fraction(10, 3) / Fraction(183, 20)

CASES = [
    # (candidate, references, raw score, {setting: score}, {setting: changes as described})
    (
        "the\u00a0cat",
        ["the cat"],
        ONE_CHARACTER_OFF_IN_7,
        {"NFKC": 1, "whitespace+quotes": 1},
        {
            "NFKC": [(0, 3, "U+00A0 NO-BREAK SPACE → U+0020 SPACE")],
            "whitespace+quotes": [(0, 3, "U+00A0 NO-BREAK SPACE → U+0020 SPACE")],
        },
    ),
    (
        "\u201cit\u2019s\u201d",
        ['"it\'s"'],
        QUOTES_OFF,
        {"whitespace+quotes": 1},  # NFKC keeps curly quotes
        {
            "whitespace+quotes": [
                (0, 0, "U+201C LEFT DOUBLE QUOTATION MARK → U+0022 QUOTATION MARK"),
                (0, 3, "U+2019 RIGHT SINGLE QUOTATION MARK → U+0027 APOSTROPHE"),
                (0, 5, "U+201D RIGHT DOUBLE QUOTATION MARK → U+0022 QUOTATION MARK"),
            ]
        },
    ),
    (
        "\u0163ar\u0103",
        ["\u021bar\u0103"],
        FIRST_OF_4_OFF,
        {},  # ţ (cedilla) and ț (comma below) stay different under every setting
        {},
    ),
    (
        "\ufb01ne",
        ["fine"],
        LIGATURE_OFF,
        {"NFKC": 1, "casefold": 1},  # full case folding also expands the ligature
        {
            "NFKC": [
                (
                    0,
                    0,
                    "U+FB01 LATIN SMALL LIGATURE FI → U+0066 LATIN SMALL LETTER F, "
                    "U+0069 LATIN SMALL LETTER I",
                )
            ],
            "casefold": [
                (
                    0,
                    0,
                    "U+FB01 LATIN SMALL LIGATURE FI → U+0066 LATIN SMALL LETTER F, "
                    "U+0069 LATIN SMALL LETTER I",
                )
            ],
        },
    ),
]


@pytest.mark.parametrize("candidate, references, raw, moved, changes", CASES)
def test_fragility_of_crafted_items(candidate, references, raw, moved, changes):
    f = fragility(candidate, references)
    assert f.raw.score == raw and not f.raw.derived and f.raw.changes == ()
    assert [s.setting for s in f.settings] == list(SETTINGS)
    for s in f.settings:
        assert s.derived
        assert s.score == moved.get(s.setting, raw), s.setting
        assert [(c.text, c.start, c.describe()) for c in s.changes] == changes.get(s.setting, [])
        assert s.signature == charsim.signature(nrefs=1, **s.preprocessing.options)
    if moved:
        assert f.most_moved.setting == next(iter(moved)) and f.delta(f.most_moved) == 1 - raw


def test_chrf_ignores_the_no_break_space_but_not_the_quotes():
    nbsp = fragility("the\u00a0cat", ["the cat"], metrics=("charsim", "chrf"))
    assert nbsp.raw.chrf == 100.0  # chrF removes every whitespace character, U+00A0 too
    quotes = fragility("\u201cit\u2019s\u201d", ['"it\'s"'], metrics=("charsim", "chrf"))
    folded = {s.setting: s.chrf for s in quotes.settings}
    assert quotes.raw.chrf < 100 and folded["whitespace+quotes"] == 100.0
    assert folded["NFKC"] == quotes.raw.chrf
    assert fragility("a", ["a"]).raw.chrf is None  # not asked for


def test_changes_in_references_and_of_other_lengths():
    f = fragility("ab", ["  a\u3000\u3000b ", "\ufb03"])
    fold = {s.setting: s for s in f.settings}["whitespace+quotes"]
    # leading spaces removed, the two ideographic spaces collapse to one space, trailing removed
    assert [(c.text, c.start, c.before, c.after) for c in fold.changes] == [
        (1, 0, "  ", ""),
        (1, 3, "\u3000\u3000", " "),
        (1, 6, " ", ""),
    ]
    nfkc = {s.setting: s for s in f.settings}["NFKC"]
    assert [(c.text, c.before, c.after) for c in nfkc.changes] == [
        (1, "\u3000", " "),
        (1, "\u3000", " "),
        (2, "\ufb03", "ffi"),
    ]


def test_a_composition_is_one_change():
    nfc = fragility("cafe\u0301", ["caf\u00e9"]).settings[0]
    assert nfc.setting == "NFC" and nfc.score == 1
    assert [(c.text, c.start, c.before, c.after) for c in nfc.changes] == [
        (0, 3, "e\u0301", "\u00e9")
    ]


def test_code_points_names_each_character():
    assert code_points("a\u00a0") == "U+0061 LATIN SMALL LETTER A, U+00A0 NO-BREAK SPACE"
    assert code_points("\ue000") == "U+E000 <Co>"  # private use: no name


def test_most_moved_items_of_a_batch():
    candidates = ["the\u00a0cat", "same", "\ufb01ne", "Cat"]
    references = [("the cat",), ("same",), ("fine",), ("cat",)]
    moved = most_moved(candidates, references)
    # "ﬁne" moves from 200/549 to 1 under NFKC (the first setting that moves it that far),
    # "Cat" from 100/201 (§3.4's "ca" arithmetic: M = 10/3, L = 67/10) to 1, "the cat" from
    # 2730/4357 to 1; "same" does not move
    assert [(m.index, m.setting) for m in moved] == [(2, "NFKC"), (3, "casefold"), (0, "NFKC")]
    assert moved[0].delta == pytest.approx(1 - float(LIGATURE_OFF))
    assert moved[2].raw == float(ONE_CHARACTER_OFF_IN_7) and moved[2].derived == 1.0
    assert most_moved(candidates, references, top=1) == moved[:1]
    assert moved[0].metric == "charsim"
    assert moved[0].changes == (TextChange(0, 0, "\ufb01", "fi"),)  # what NFKC changed
    assert moved[1].changes == (TextChange(0, 0, "C", "c"),)


def test_most_moved_items_by_chrf():
    candidates = ["the\u00a0cat", "\u201cit\u2019s\u201d", "same"]
    references = [("the cat",), ('"it\'s"',), ("same",)]
    (moved,) = most_moved(candidates, references, metric="chrf")
    # chrF removes whitespace (U+00A0 too), so only the quotes move it: to 100 when folded
    assert (moved.index, moved.setting, moved.metric, moved.derived) == (
        1,
        "whitespace+quotes",
        "chrf",
        100.0,
    )
    raw = fragility(candidates[1], references[1], metrics=("charsim", "chrf")).raw.chrf
    assert moved.raw == raw and [c.start for c in moved.changes] == [0, 3, 5]


def test_an_item_no_setting_moves():
    assert item_moved(0, "same", ["same"]) is None
    assert item_moved(0, "same", ["same"], metric="chrf") is None
    assert item_moved(7, "Cat", ["cat"]).index == 7


def test_bad_arguments():
    with pytest.raises(ValueError, match="charsim and chrf only"):
        fragility("a", ["a"], metrics=("bleu",))
    with pytest.raises(charsim.UndefinedScoreError):
        fragility("a", [])
    with pytest.raises(ValueError, match="top must be at least 0"):
        most_moved(["a"], [("a",)], top=-1)
    with pytest.raises(ValueError, match="2 candidates but 1 reference sets"):
        most_moved(["a", "b"], [("a",)])
    with pytest.raises(ValueError, match="metric must be 'charsim' or 'chrf'"):
        item_moved(0, "a", ["a"], metric="bleu")
    with pytest.raises(charsim.UndefinedScoreError):
        item_moved(0, "a", [])


def test_item_moved_takes_a_known_raw_score():
    moved = item_moved(0, "Cat", ["cat"], raw=0.25)  # not recomputed: the caller's number
    assert (moved.raw, moved.derived, moved.setting) == (0.25, 1.0, "casefold")
    assert item_moved(0, "same", ["same"], raw=0.25) is None  # no setting changes a text


def test_fragility_comes_in_steps_one_per_score():
    item = ("the\u00a0Cat", ["the cat", "The cat"])
    steps = list(fragility_steps(*item, metrics=("charsim", "chrf")))
    # charsim (a step per order its explanation walks) under each of raw, NFC, NFKC, casefold
    # and whitespace+quotes, and a step between two settings
    orders = sum(len(list(explain_steps(*item, **p.options))) for p in SETTINGS.values())
    alone = list(fragility_steps(*item))
    assert alone[:-1] == [None] * (len(list(explain_steps(*item))) + orders + 4)
    # and chrF after each, a slice of a text at a time: more steps, all None
    assert set(steps[:-1]) == {None} and len(steps) > len(alone)
    assert steps[-1] == fragility(*item, metrics=("charsim", "chrf"))

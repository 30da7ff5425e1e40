"""Public API details: input errors, derived variants, signatures, preprocessing."""

import re
import unicodedata
from fractions import Fraction

import pytest

import charsim
from charsim.corpus import common_nrefs, score_systems


@pytest.mark.parametrize(
    ("candidate", "references", "message"),
    [
        (None, ["a"], "candidate must be a str, got NoneType"),
        (b"a", ["a"], "candidate must be a str, got bytes"),
        ("a", "abc", "got a single str"),
        ("a", ["x", 3], r"references\[1\] must be a str, got int"),
        (
            "a",
            ["x", float("nan")],
            r"references\[1\] must be a str, got float \(a missing value, "
            r"NaN\)$",
        ),  # how pandas keeps a None of an object column
        (float("nan"), ["a"], r"candidate must be a str, got float \(a missing value, NaN\)$"),
        (1.5, ["a"], "candidate must be a str, got float$"),
        ("a", None, "references must be a sequence of str, got NoneType"),
        ("a", {"a"}, "references must be a sequence of str, got set"),
        ("a", b"a", "references must be a sequence of str, got bytes"),
        ("a", bytearray(b"a"), "references must be a sequence of str, got bytearray"),
    ],
)
def test_bad_types_name_the_argument(candidate, references, message):
    for function in (charsim.score, charsim.score_base, charsim.score_max, charsim.explain):
        with pytest.raises(TypeError, match=message):
            function(candidate, references)


def test_reference_set_rejects_bad_candidate_and_references():
    with pytest.raises(TypeError, match="candidate must be a str"):
        charsim.ReferenceSet(["a"]).score(1)
    with pytest.raises(TypeError, match="single str"):
        charsim.ReferenceSet("abc")


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"max_order": 0}, ValueError),
        ({"max_order": 65}, ValueError),
        ({"max_order": 10**9}, ValueError),
        ({"max_order": 2.5}, TypeError),
        ({"max_order": True}, TypeError),
        ({"weights": "1/n"}, ValueError),
        ({"normalize": "nfc"}, ValueError),
    ],
)
def test_bad_settings(options, error):
    with pytest.raises(error):
        charsim.score("a", ["a"], **options)


@pytest.mark.parametrize(
    "call",
    [
        lambda cap: charsim.score("a", ["a"], max_order=cap),
        lambda cap: charsim.score_base("a", ["a"], max_order=cap),
        lambda cap: charsim.score_max("a", ["a"], max_order=cap),
        lambda cap: charsim.explain("a", ["a"], max_order=cap),
        lambda cap: charsim.ReferenceSet(["a"], max_order=cap),
        lambda cap: charsim.signature(max_order=cap),
    ],
    ids=["score", "score_base", "score_max", "explain", "ReferenceSet", "signature"],
)
def test_every_entry_point_takes_order_caps_1_to_64_only(call):
    """As the command line and the explorer: 64 is the largest cap, one check for all."""
    call(64)
    for cap in (65, 10**9):
        with pytest.raises(ValueError, match=f"^max_order must be at most 64 .*, got {cap}$"):
            call(cap)


def test_derived_variants_are_labelled_and_change_the_value():
    standard = charsim.explain("cats", ["cat"])
    assert standard.is_standard
    uniform = charsim.explain("cats", ["cat"], weights="uniform")
    assert not uniform.is_standard
    # uniform weights, N = 6: M = 3+3+2+1 = 9, L_t = 4+5+4+3+2+1 = 19, L_r = 3+4+3+2+1 = 13
    assert uniform.score == Fraction(9, 19)
    capped = charsim.explain("cats", ["cat"], max_order=2)
    assert not capped.is_standard
    # N = 2: M = 3 + 3/2, L_t = 4 + 5/2, so P = 9/13
    assert capped.score == Fraction(9, 13)
    assert "cap:2" in capped.signature and "w:uniform" in uniform.signature


def test_signature_format():
    version = charsim.__version__
    assert charsim.signature() == f"charsim|variant:mean|cap:32|w:1/n|norm:none|version:{version}"
    assert charsim.signature("base", normalize="NFKC", casefold=True, nrefs=2) == (
        f"charsim|variant:base|cap:32|w:1/n|norm:NFKC|case:fold|nrefs:2|version:{version}"
    )
    assert charsim.ReferenceSet(["a", "b"]).signature.endswith(f"nrefs:2|version:{version}")
    with pytest.raises(ValueError, match="variant"):
        charsim.signature("median")


def test_common_nrefs_is_the_signature_field():
    assert common_nrefs([("a",), ("b",)]) == 1
    assert common_nrefs([("a", "b"), ("c", "")]) == 2
    assert common_nrefs([("a",), ("b", "c")]) == "var"  # varying reference sets (sacreBLEU)
    assert common_nrefs([]) is None
    (result,) = score_systems([["a", "b"]], [("a", "x"), ("b", "y")])
    assert result.signature == charsim.signature(nrefs=2)


def test_preprocessing_is_explicit():
    precomposed, decomposed = "\u304c", "\u304b\u3099"  # が as one and as two code points (§1.1)
    assert charsim.score(precomposed, [decomposed]) == 0.0
    assert charsim.score(precomposed, [decomposed], normalize="NFC") == 1.0
    assert charsim.score("Straße", ["STRASSE"]) < 0.5
    assert charsim.score("Straße", ["STRASSE"], casefold=True) == 1.0
    e = charsim.explain("Straße", ["strasse"], normalize="NFKC", casefold=True)
    assert e.candidate == "strasse" and "norm:NFKC|case:fold" in e.signature
    prep = charsim.Preprocessing("NFD", casefold=True)
    folded = prep.apply("\u00c9")
    assert folded == unicodedata.normalize("NFD", "\u00e9")


def test_reference_set_reuses_one_table():
    references = ["the cat sat", "a cat sat down", "the cat sat"]
    reference_set = charsim.ReferenceSet(references)
    for candidate in ["the cat", "cat sat down the", "", "zzz", "the cat sat"]:
        assert reference_set.score(candidate) == charsim.score(candidate, references)
        explanation = charsim.explain(candidate, references)
        assert reference_set.explain(candidate).score == explanation.score


def test_reference_set_candidate_holding_private_use_characters():
    """The table's boundaries never collide with a candidate character."""
    reference_set = charsim.ReferenceSet(["ab"])
    for candidate in ["\ue000ab", "ab\ue001", "\ue000\ue001\ue002", "a\ue000b"]:
        assert reference_set.score(candidate) == charsim.score(candidate, ["ab"])


def test_decision_descriptions():
    assert "Recall decides" in charsim.explain("ca", ["cat"]).decision.description
    assert "Precision decides" in charsim.explain("cats", ["cat"]).decision.description
    assert charsim.explain("", ["", ""]).decision is charsim.Decision.ALL_EMPTY
    assert charsim.explain("a", ["", ""]).decision is charsim.Decision.REFERENCES_EMPTY
    assert charsim.explain("", ["", "a"]).decision is charsim.Decision.CANDIDATE_EMPTY


def test_gain_of_one_more_match():
    """§4.4: one more unit of m̄_n adds 1/(nD); one more m_{i,n} adds 1/(KnD)."""
    e = charsim.explain("ca", ["cat", "cut"])
    d = e.denominator
    for o in e.orders:
        assert o.gain == Fraction(1, o.n) / d
        assert o.gain_one_reference == Fraction(1, 2 * o.n) / d


@pytest.mark.parametrize(
    ("settings", "error", "message"),
    [
        ({"nrefs": -1}, ValueError, "nrefs must be at least 1 (references per item), got -1"),
        ({"nrefs": 0}, ValueError, "nrefs must be at least 1 (references per item), got 0"),
        (
            {"nrefs": "2"},
            ValueError,
            "nrefs must be None, an int or 'var' (counts that vary), got '2'",
        ),
        (
            {"nrefs": "x"},
            ValueError,
            "nrefs must be None, an int or 'var' (counts that vary), got 'x'",
        ),
        (
            {"nrefs": 1.5},
            TypeError,
            "nrefs must be None, an int or 'var' (counts that vary), got float",
        ),
        (
            {"nrefs": True},
            TypeError,
            "nrefs must be None, an int or 'var' (counts that vary), got bool",
        ),
        ({"max_order": 0}, ValueError, "max_order must be at least 1, got 0"),
        ({"max_order": 65}, ValueError, "max_order must be at most 64 (32 is charsim), got 65"),
        ({"max_order": "32"}, TypeError, "max_order must be an int, got str"),
        ({"weights": "1/n"}, ValueError, "weights must be one of ('harmonic', 'uniform')"),
        ({"normalize": "nfc"}, ValueError, "normalize must be None or one of"),
        ({"casefold": "yes"}, TypeError, "casefold must be a bool, got str"),
        (
            {"bootstrap": 0, "seed": 1},
            ValueError,
            "bootstrap must be at least 1 (resamples), got 0",
        ),
        ({"randomization": 2.0, "seed": 1}, TypeError, "randomization must be None or an int"),
        ({"bootstrap": 10, "seed": "1"}, TypeError, "seed must be None or an int, got str"),
        ({"bootstrap": 10}, ValueError, "seed is required with bootstrap or randomization"),
        ({"seed": 12345}, ValueError, "seed is required with bootstrap or randomization, and only"),
    ],
)
def test_signature_refuses_bad_arguments_by_name(settings, error, message):
    with pytest.raises(error) as raised:
        charsim.signature(**settings)
    assert str(raised.value).startswith(message)


def test_signature_records_the_resampling_as_sacrebleu_spells_it():
    """sacreBLEU: ``nrefs:1|bs:1000|seed:12345|...``; the version stays last."""
    assert charsim.signature(nrefs=1, bootstrap=1000, seed=12345) == (
        "charsim|variant:mean|cap:32|w:1/n|norm:none|nrefs:1|bs:1000|seed:12345|version:0.1.0"
    )
    assert charsim.signature(bootstrap=1000, randomization=10000, seed=0).endswith(
        "|norm:none|bs:1000|ar:10000|seed:0|version:0.1.0"
    )


@pytest.mark.parametrize("matches", [True, False])
def test_explain_steps_yield_each_order_then_return_the_explanation(matches):
    from charsim.metric.explain import explain_steps

    steps = explain_steps("ca", ["cat", "a"], max_order=2, matches=matches)
    done = []
    with pytest.raises(StopIteration) as end:
        while True:
            done.append(next(steps))
    # matches=True: one step per order with shared n-grams (n = 1, 2); False: one per reference
    assert done == [1, 2]
    assert end.value.value == charsim.explain("ca", ["cat", "a"], max_order=2, matches=matches)
    assert float(end.value.value.score) == charsim.score("ca", ["cat", "a"], max_order=2)


def test_explain_steps_check_their_arguments_at_once():
    from charsim.metric.explain import explain_steps

    with pytest.raises(charsim.UndefinedScoreError):
        explain_steps("ca", [])
    with pytest.raises(TypeError, match="unexpected keyword argument 'max_ordr'"):
        explain_steps("ca", ["cat"], max_ordr=3)
    with pytest.raises(ValueError):
        explain_steps("ca", ["cat"], max_order=0)


@pytest.mark.parametrize(
    ("accepted", "refused", "message"),
    [
        ({"max_order": 32}, {"max_order": 32.0}, "max_order must be an int, got float"),
        ({"max_order": 4}, {"max_order": True}, "max_order must be an int, got bool"),
        ({"casefold": True}, {"casefold": 1}, "casefold must be a bool, got int"),
        ({"weights": "uniform"}, {"weights": ["uniform"]}, "weights must be one of"),
        ({"normalize": "NFC"}, {"normalize": ["NFC"]}, "normalize must be None or one of"),
    ],
)
def test_settings_kept_from_one_call_never_pass_an_equal_value_of_another_type(
    accepted, refused, message
):
    """The checked settings are kept between calls (scoring sentence by sentence); a value equal
    to a kept one but of another type (``32.0 == 32``, ``1 == True``), or one that cannot be
    kept (a list), is still checked and refused."""
    assert charsim.score("abc", ["abd"], **accepted) > 0
    with pytest.raises((TypeError, ValueError), match=re.escape(message)):
        charsim.score("abc", ["abd"], **refused)

"""Whitespace/quote folding: what it changes, what it keeps, and that it is always recorded."""

import json
import unicodedata
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import charsim
from charsim.metric.preprocess import fold_whitespace_quotes

from .strategies import items_sharing_text, texts

FOLDS = [
    ("a\u00a0b", "a b"),  # NO-BREAK SPACE (sacreBLEU #178)
    ("a\u202fb\u2009c\u3000d\te", "a b c d e"),  # narrow, thin, ideographic space, tab
    ("  a \u00a0 b\u2028", "a b"),  # runs collapse, ends are stripped
    ("\u201cIt\u2019s\u201d", '"It\'s"'),  # smart quotes (sacreBLEU #39)
    ("\u201a\u201b\u201e\u201f", "''\"\""),
    ("\u00abnon\u00bb \u2032 \u300ca\u300d", "\u00abnon\u00bb \u2032 \u300ca\u300d"),  # kept
    ("a\u200bb\u200dc", "a\u200bb\u200dc"),  # zero-width space and joiner are not whitespace
    ("\u0163ar\u0103", "\u0163ar\u0103"),  # ţ (cedilla) is not folded to ț (comma below)
    ("", ""),
]


@pytest.mark.parametrize("text, folded", FOLDS)
def test_fold_whitespace_quotes(text, folded):
    assert fold_whitespace_quotes(text) == folded


def test_fold_is_an_explicit_preprocessing_recorded_in_the_signature():
    version = charsim.__version__
    # one NBSP in "the\u00a0cat": folded, the candidate equals the reference
    assert charsim.score("the\u00a0cat", ["the cat"]) < 1
    assert charsim.score("the\u00a0cat", ["the cat"], fold_whitespace_quotes=True) == 1.0
    e = charsim.explain("\u2018ca\u2019", ["'cat'"], fold_whitespace_quotes=True)
    assert e.candidate == "'ca'" and e.references == ("'cat'",)
    assert e.signature == (
        f"charsim|variant:mean|cap:32|w:1/n|norm:none|fold:space+quote|nrefs:1|version:{version}"
    )
    assert charsim.signature(normalize="NFKC", casefold=True, fold_whitespace_quotes=True) == (
        f"charsim|variant:mean|cap:32|w:1/n|norm:NFKC|case:fold|fold:space+quote|version:{version}"
    )
    assert charsim.Preprocessing(fold_whitespace_quotes=True).is_identity is False
    with pytest.raises(TypeError, match="fold_whitespace_quotes must be a bool, got str"):
        charsim.score("a", ["a"], fold_whitespace_quotes="yes")


def test_fold_after_normalisation_keeps_the_form_and_folds_what_nfkc_made():
    # NFKC turns U+00A8 DIAERESIS into SPACE + COMBINING DIAERESIS: the fold then sees the space
    prep = charsim.Preprocessing("NFKC", fold_whitespace_quotes=True)
    assert prep.apply("a \u00a8") == "a \u0308"
    assert (
        charsim.Preprocessing("NFC", casefold=True, fold_whitespace_quotes=True).apply(
            "\u201cSTRA\u00dfE\u201d\u00a0 X"
        )
        == '"strasse" x'
    )


@given(texts, st.sampled_from([None, "NFC", "NFD", "NFKC", "NFKD"]), st.booleans())
@settings(max_examples=300, deadline=None)
def test_folded_text_is_folded_and_in_the_requested_form(text, normalize, casefold):
    folded = charsim.Preprocessing(normalize, casefold, True).apply(text)
    assert fold_whitespace_quotes(folded) == folded
    assert not set(folded) & set(charsim.metric.preprocess.QUOTE_FOLDS)
    if normalize:
        assert unicodedata.is_normalized(normalize, folded)


@given(items_sharing_text())
@settings(max_examples=100, deadline=None)
def test_reference_set_with_folding(item):
    candidate, references = item
    reference_set = charsim.ReferenceSet(references, fold_whitespace_quotes=True)
    assert reference_set.score(candidate) == charsim.score(
        candidate, references, fold_whitespace_quotes=True
    )
    assert reference_set.explain(candidate).signature == reference_set.signature


def test_fold_changes_the_exact_score_as_reasoned():
    # "c a" vs "c\u00a0a" (N = 5): shared are c, a, ^c, a$, so M = 2 + 2/2 = 3, and
    # L_t = L_r = 3 + 4/2 + 3/3 + 2/4 + 1/5 = 67/10: 30/67 unfolded, 1 folded
    assert charsim.explain("c a", ["c\u00a0a"]).score == Fraction(30, 67)
    assert charsim.explain("c a", ["c\u00a0a"], fold_whitespace_quotes=True).score == 1


def test_command_line_fold_is_recorded(tmp_path, capsys):
    from charsim.cli import main

    (tmp_path / "s.txt").write_text("the\u00a0cat\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("the cat\n", encoding="utf-8")
    args = ["-i", str(tmp_path / "s.txt"), "-r", str(tmp_path / "r.txt"), "--format", "json"]
    assert main([*args, "--fold-whitespace-quotes"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["score"] == 1.0
    assert result["signature"] == charsim.signature(fold_whitespace_quotes=True, nrefs=1)

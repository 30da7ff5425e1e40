"""charsim beside sacreBLEU's chrF, chrF++, BLEU and TER on one item: values reasoned by hand,
equality with sacreBLEU's public API on adversarial text, and the differences found."""

import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU, CHRF, TER

import charsim
from charsim.compare import compare
from charsim.compare.metrics import compare_steps
from charsim.compare.sacrebleu import metric_object, require_sacrebleu
from charsim.corpus.differences import SECTIONS, SENTENCES, _boundary_overlap

from .strategies import texts

PUBLIC = {
    "chrf": CHRF,
    "chrf++": lambda: CHRF(word_order=2),
    "bleu": lambda: BLEU(effective_order=True),  # as `sacrebleu --sentence-level` sets it
    "ter": TER,
}

ADVERSARIAL = [
    ("ca", ["cat"]),
    ("", [""]),  # everything empty
    ("a", [""]),  # an empty reference
    ("", ["a"]),  # an empty candidate
    ("a", ["a"]),  # one character
    ("a", ["b", "", "a"]),  # one of three references empty
    ("犬が走った", ["犬が走っている", "犬が走る"]),  # CJK without spaces
    ("e\u0301t\u00e9", ["\u00e9t\u00e9", "e\u0301te\u0301"]),  # combining marks and precomposed
    ("the cat sat on the mat", ["the cat is on the mat", "a cat sat on a mat"]),
    (" \u00a0 ", ["  "]),  # whitespace only
    ("(hi) ^$ |x|", ["(hi) ^ $ |x|"]),  # punctuation chrF++ splits, boundary look-alikes
]


@pytest.mark.parametrize("candidate, references", ADVERSARIAL)
def test_scores_equal_sacrebleu_public_sentence_scores(candidate, references):
    c = compare(candidate, references)
    for metric, make in PUBLIC.items():
        expected = make().sentence_score(candidate, references)
        assert c.score(metric).score == expected.score
        assert c.score(metric).name == expected.name
    for detail in (c.chrf, c.chrf_plus):
        # the exact F_β recomputes sacreBLEU's float
        assert float(detail.f_beta) * 100 == pytest.approx(c.score(detail.metric).score, abs=1e-9)
        # the reference kept is the one whose statistics sacreBLEU keeps
        scorer = metric_object(detail.metric, sentence=True)
        kept = scorer._extract_corpus_statistics([candidate], [[r] for r in references])[0]
        flat = [x for o in detail.orders for x in (o.candidate_count, o.reference_count, o.matches)]
        assert flat == kept
    bleu = PUBLIC["bleu"]().sentence_score(candidate, references)
    assert (c.bleu.matches, c.bleu.totals) == (tuple(bleu.counts), tuple(bleu.totals))
    assert c.bleu.brevity_penalty == bleu.bp
    assert c.ter.edits == TER().sentence_score(candidate, references).num_edits


def test_chrf_of_ca_against_cat_by_hand():
    c = compare("ca", ["cat"])
    # order 1: c, a of c, a, t → P = 2/2, R = 2/3; order 2: ca of ca, at → P = 1, R = 1/2;
    # order 3: the candidate has none (not averaged); orders 4..6: neither has any
    assert [(o.matches, o.candidate_count, o.reference_count) for o in c.chrf.orders] == [
        (2, 2, 3),
        (1, 1, 2),
        (0, 0, 1),
        (0, 0, 0),
        (0, 0, 0),
        (0, 0, 0),
    ]
    assert [o.n for o in c.chrf.effective_orders] == [1, 2]
    assert (c.chrf.precision, c.chrf.recall) == (Fraction(1), Fraction(7, 12))
    # F_2 = 5 P R / (4 P + R) = (35/12) / (55/12) = 7/11
    assert c.chrf.f_beta == Fraction(7, 11)
    assert c.score("chrf").score == pytest.approx(700 / 11, abs=1e-12)
    # charsim's side: §3.4, recall decides
    assert (c.explanation.precision, c.explanation.recall) == (Fraction(40, 53), Fraction(100, 201))


def test_bleu_of_one_sentence_by_hand():
    c = compare("the cat sat on the mat", ["the cat is on the mat"])
    # 1-grams: the ×2, cat, on, mat match (5/6); 2-grams: the cat, on the, the mat (3/5);
    # 3-grams: on the mat (1/4); 4-grams: none of 3, 'exp' smoothing: 100 / (2 · 3)
    assert (c.bleu.matches, c.bleu.totals) == ((5, 3, 1, 0), (6, 5, 4, 3))
    assert c.bleu.zero_match_orders == (4,) and c.bleu.orders_used == 4
    assert c.bleu.precisions[3] == pytest.approx(100 / 6)
    assert c.bleu.brevity_penalty == 1.0 and c.bleu.unsmoothed == 0.0
    # (5/6 · 3/5 · 1/4 · 1/6)^(1/4) = (1/48)^(1/4)
    assert c.score("bleu").score == pytest.approx(100 * (1 / 48) ** 0.25, abs=1e-9)
    assert "bleu-zero-matches" in [d.key for d in c.differences]


def test_brevity_penalty_by_hand():
    c = compare("the cat", ["the cat sat down"])
    assert (c.bleu.candidate_length, c.bleu.reference_length) == (2, 4)
    assert c.bleu.brevity_penalty == pytest.approx(2.718281828459045 ** (1 - 4 / 2))
    assert c.bleu.orders_used == 2  # no 3-gram in a 2-word candidate: effective order 2
    keys = [d.key for d in c.differences]
    assert "brevity-penalty" in keys and "longer-candidate" not in keys


def test_several_references_are_aggregated_as_each_metric_does():
    c = compare("a cat", ["a dog", "a cat", "the cat"])
    assert c.chrf.chosen_reference == 1 and c.chrf.reference_scores[1] == 100.0
    assert c.ter.reference_edits == (1, 0, 1) and c.ter.chosen_reference == 1
    assert c.ter.mean_reference_length == 2.0 and c.score("ter").score == 0.0
    assert c.bleu.reference_lengths == (2, 2, 2) and c.bleu.matches[:2] == (2, 1)
    # charsim averages: "a cat" matches itself in one reference of three (§5.3)
    e = c.explanation
    assert e.mean_overlap == sum(d.weighted_overlap for d in e.reference_details) / 3
    keys = [d.key for d in c.differences]
    assert "best-reference" in keys and "pooled-references" in keys
    # each signature is sacreBLEU's own for three references (TER's said nrefs:1)
    for metric, scorer in (("chrf", CHRF()), ("bleu", BLEU(effective_order=True)), ("ter", TER())):
        scorer.sentence_score("a cat", ["a dog", "a cat", "the cat"])
        assert c.score(metric).signature == scorer.get_signature().format()


def test_first_best_reference_is_kept_on_a_tie():
    c = compare("ab", ["ab", "ab"])
    assert c.chrf.reference_scores == (100.0, 100.0) and c.chrf.chosen_reference == 0


@pytest.mark.parametrize(
    "candidate, references, present, absent",
    [
        ("", [""], {"empty-input"}, {"bleu-no-matches", "f-beta-versus-min"}),
        ("a", [""], {"empty-input"}, {"bleu-no-matches"}),
        (
            "ca",
            ["cat"],
            {"bleu-no-matches", "boundaries", "f-beta-versus-min"},
            {"whitespace", "orders-above-six", "best-reference", "empty-input"},
        ),
        ("abcdefgh", ["abcdefgh"], {"orders-above-six", "boundaries"}, {"bleu-zero-matches"}),
        ("x y", ["z w"], {"whitespace"}, {"boundaries", "orders-above-six"}),
        ("And Amy?", ["So, Amy?"], {"brevity-penalty", "boundaries"}, {"f-beta-versus-min"}),
    ],
)
def test_differences_that_apply(candidate, references, present, absent):
    keys = {d.key for d in compare(candidate, references).differences}
    assert present <= keys and not absent & keys


def test_every_difference_has_a_section_and_a_sentence_that_formats():
    assert SECTIONS.keys() == SENTENCES.keys()
    seen = set()
    for candidate, references in ADVERSARIAL + [("the cat", ["the cat sat down"])]:
        for ter in (True, False):
            for d in compare(candidate, references, ter=ter).differences:
                assert d.section in d.sentence
                seen.add(d.key)
    assert seen == set(SECTIONS)


def test_a_comparison_without_ter_has_the_other_metrics_unchanged():
    candidate, references = "Thank you. (Applause)", ["Thank you.", "Thanks a lot."]
    full, without = compare(candidate, references), compare(candidate, references, ter=False)
    assert without.ter is None and [s.metric for s in without.scores] == [
        "charsim",
        "chrf",
        "chrf++",
        "bleu",
    ]
    assert without.scores == full.scores[:4] and without.bleu == full.bleu
    assert (without.chrf, without.chrf_plus) == (full.chrf, full.chrf_plus)
    with pytest.raises(KeyError):
        without.score("ter")
    # charsim (an order a step), chrF, chrF++, BLEU (a slice of a text a step): Nones between
    # them, and no TER step per reference (with TER: one more step per reference)
    steps = list(compare_steps(candidate, references, ter=False))
    assert set(steps[:-1]) == {None} and repr(steps[-1]) == repr(without)
    assert len(list(compare_steps(candidate, references))) == len(steps) + len(references)
    empty = {d.key: d.sentence for d in compare("", ["a b"], ter=False).differences}
    assert empty["empty-input-no-ter"] == (
        "An empty-input rule of charsim applies (candidate-empty), so charsim is 0; chrF and "
        "BLEU have no such rule and give 0.0 and 0.0 (§3.1)."
    )


def test_charsim_settings_apply_to_charsim_only():
    c = compare("Cat", ["cat"], casefold=True)
    assert c.explanation.score == 1 and "case:fold" in c.score("charsim").signature
    assert c.score("chrf").score == CHRF().sentence_score("Cat", ["cat"]).score < 100
    assert "case:mixed" in c.score("chrf").signature


def test_a_missing_sacrebleu_gets_the_install_command(monkeypatch):
    monkeypatch.setitem(sys.modules, "sacrebleu", None)  # import sacrebleu now fails
    with pytest.raises(ImportError, match=r"pip install 'charsim\[compare\]'"):
        require_sacrebleu()
    with pytest.raises(ImportError, match="need sacreBLEU"):
        compare("a", ["a"])


def test_importing_charsim_does_not_import_sacrebleu():
    code = (
        "import sys, charsim, charsim.compare, charsim.render.export, charsim.cli\n"
        "assert 'sacrebleu' not in sys.modules, 'sacrebleu imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@given(st.lists(texts, min_size=1, max_size=3), texts)
@settings(max_examples=60, deadline=None)
def test_any_text_gives_sacrebleu_public_sentence_scores(references, candidate):
    c = compare(candidate, references)
    for metric, make in PUBLIC.items():
        assert c.score(metric).score == make().sentence_score(candidate, references).score
    for detail in (c.chrf, c.chrf_plus):
        assert float(detail.f_beta) * 100 == pytest.approx(c.score(detail.metric).score, abs=1e-9)
    assert c.explanation.score == charsim.explain(candidate, references).score


@settings(max_examples=200, deadline=None)
@given(candidate=texts, references=st.lists(texts, min_size=1, max_size=3))
def test_the_boundary_share_counts_what_the_listed_shared_ngrams_count(candidate, references):
    # only each order's first and last candidate n-grams are looked up; the definition sums
    # over every shared n-gram listed
    e = charsim.explain(candidate, references)
    listed = sum(
        (
            order.weight * match.mean_overlap
            for order in e.orders
            for match in order.matches
            if match.ngram.begin or match.ngram.end
        ),
        Fraction(0),
    )
    assert _boundary_overlap(e) == listed

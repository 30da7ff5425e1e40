"""Error spans people marked beside the characters charsim leaves unmatched
(charsim.agreement.spans, charsim.corpus.coverage.unmatched): cases worked out by hand, the
leftmost-first rule against a brute force over every n-gram occurrence, against an independent
path through charsim.explain's matched n-grams on the TED file, and the file's two shares."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import charsim
from charsim.agreement import ErrorSpan, Judgments, meta_evaluate, read_mqm
from charsim.agreement.evaluate import meta_evaluate_steps
from charsim.agreement.mqm import marked_span
from charsim.agreement.spans import SpanShares, marked_characters, span_shares
from charsim.corpus.coverage import unmatched
from charsim.render.agreement import report_data, report_text

ROOT = Path(__file__).resolve().parents[2]
TED = ROOT / "data" / "mqm-ted-ende" / "mqm_ted_ende.tsv"


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("Ein <v>Hund</v>.", ("Ein Hund.", (4, 8))),
        ("<v>Cat</v>", ("Cat", (0, 3))),
        ("Tschüß <v>?", ("Tschüß ?", (7, 8))),  # never closed: to the end of the text
        ("a</v>b<v>cd</v>e", ("abcde", (2, 4))),  # a </v> never opened marks nothing
        ("<v></v>x", ("x", (0, 0))),  # a span of no characters
        ("keine Marke", ("keine Marke", None)),  # an omission: located nowhere
    ],
)
def test_the_span_a_target_marks(target, expected):
    assert marked_span(target) == expected


def test_the_reader_keeps_each_error_where_it_was_marked(tmp_path):
    header = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tcomment"
    rows = [
        "A\td\t1\t1\tr1\ts\tEin <v>Hund</v>.\tAccuracy/Mistranslation\tMajor\t",
        "A\td\t1\t1\tr1\ts\tEin Hund.\tAccuracy/Omission\tMinor\t",
        "A\td\t1\t2\tr1\ts\tZwei.\tNo-error\tNo-error\t",
        "ref\td\t1\t1\tr1\ts\tEine Katze.\tNo-error\tNo-error\t",
        "ref\td\t1\t2\tr1\ts\tZwei.\tNo-error\tNo-error\t",
    ]
    path = tmp_path / "mqm.tsv"
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    judgments = read_mqm(path)
    assert judgments.spans == (
        (
            (
                ErrorSpan(4, 8, "Major", "Accuracy/Mistranslation", "r1"),
                ErrorSpan(None, None, "Minor", "Accuracy/Omission", "r1"),
            ),
            (),
        ),
    )
    assert not judgments.spans[0][0][1].located


def test_the_committed_file_keeps_its_spans():
    judgments = read_mqm(TED)
    s = judgments.systems.index("HuaweiTSC")
    # Its fourth row (segment 221): "<v>Ich war in Ehrfurcht</v>.", Style/Awkward, Minor
    (span,) = judgments.spans[s][3]
    assert span == ErrorSpan(0, 20, "Minor", "Style/Awkward", "rater3")
    assert judgments.candidates[s][3][0:20] == "Ich war in Ehrfurcht"


def test_unmatched_characters_by_hand():
    # "abab" against "abx": order 1 matches the first a and the first b (one of each in the
    # reference); ab, ⟨^⟩a, ⟨^⟩ab match the first "ab"; the second "ab" is clipped at every
    # order and b⟨$⟩ is not in the reference: characters 2 and 3 are unmatched
    assert unmatched("abab", ["abx"]) == (False, False, True, True)
    # against "ab", ab⟨$⟩ (order 3) matches the second "ab": nothing is unmatched
    assert unmatched("abab", ["ab"]) == (False, False, False, False)
    # with the cap at 2 only the order-2 b⟨$⟩ is left to match the last b
    assert unmatched("abab", ["ab"], max_order=2) == (False, False, True, False)
    # x is in no reference; two references: each n-gram's clipped count is the larger one
    assert unmatched("xaa", ["a", "aa"]) == (True, False, False)
    assert unmatched("", ["a"]) == ()
    assert unmatched("abc", [""]) == (True, True, True)


def test_unmatched_refuses_what_is_not_texts():
    with pytest.raises(ValueError, match="at least one reference"):
        unmatched("a", [])
    with pytest.raises(TypeError):
        unmatched("a", "a")
    with pytest.raises(ValueError, match="max_order"):
        unmatched("a", ["a"], max_order=0)


def _brute_force(candidate: str, references: list[str], max_order: int) -> tuple[bool, ...]:
    """Every n-gram occurrence of every order, counted from the left, the first
    max_i c_{r_i}(g) of each n-gram matched: a character no matched one covers is unmatched."""
    begin, end = "\x00", "\x01"  # in no text of the strategy below

    def grams(text: str, n: int) -> list[tuple[int, str]]:
        padded = begin + text + end
        found = [(p, padded[p : p + n]) for p in range(len(padded) - n + 1)]
        return [(p, g) for p, g in found if g.strip(begin + end)]  # no boundary-only n-gram

    matched = [False] * len(candidate)
    for n in range(1, max_order + 1):
        allowed = Counter()
        for reference in references:
            for gram, count in Counter(g for _, g in grams(reference, n)).items():
                allowed[gram] = max(allowed[gram], count)
        for p, gram in grams(candidate, n):
            if allowed[gram] > 0:
                allowed[gram] -= 1
                for q in range(max(p - 1, 0), min(p + n - 1, len(candidate))):
                    matched[q] = True
    return tuple(not m for m in matched)


@settings(deadline=None, max_examples=400)
@given(
    st.text("ab c", max_size=14),
    st.lists(st.text("abc ", max_size=14), min_size=1, max_size=3),
    st.integers(1, 8),
)
def test_unmatched_against_a_brute_force(candidate, references, max_order):
    assert unmatched(candidate, references, max_order) == _brute_force(
        candidate, references, max_order
    )


def _through_explain(candidate: str, references: tuple[str, ...]) -> tuple[bool, ...]:
    """The same rule read off charsim.explain's matched n-grams (each Match's candidate
    occurrences, from the left, as many as its largest clipped overlap)."""
    matched = [False] * len(candidate)
    for order in charsim.explain(candidate, references).orders:
        for match in order.matches:
            for start in match.candidate_starts[: max(match.overlaps)]:
                matched[start : start + len(match.ngram.text)] = [True] * len(match.ngram.text)
    return tuple(not m for m in matched)


def test_unmatched_on_ted_as_explain_matches_it():
    judgments = read_mqm(TED)
    picked = random.Random(7).sample(range(len(judgments.items)), 25)
    for s in (0, 5, 12):
        for i in picked:
            candidate, references = judgments.candidates[s][i], judgments.references[i]
            assert unmatched(candidate, references) == _through_explain(candidate, references)


def test_one_segments_shares_by_hand():
    error = ErrorSpan(4, 7, "Major", "Accuracy/Mistranslation", "r1")
    # "the cat" against "the hat": c is in no reference; a and both t are matched at order 1
    shares = span_shares("the cat", ["the hat"], [error])
    assert shares == SpanShares(3, 1, 4, 0, 1)
    assert (shares.marked_share, shares.unmarked_share) == (Fraction(1, 3), Fraction(0))
    # an omission marks nothing; overlapping spans mark their union once; a span past the
    # text marks up to its end
    spans = [
        ErrorSpan(None, None, "Minor", "Accuracy/Omission", "r1"),
        ErrorSpan(0, 3, "Minor", "Style/Awkward", "r1"),
        ErrorSpan(2, 5, "Major", "Fluency/Grammar", "r2"),
        ErrorSpan(6, 99, "Minor", "Other", "r2"),
    ]
    assert marked_characters(7, spans) == (True,) * 5 + (False, True)
    assert SpanShares().marked_share is None


def _judgments_with_spans() -> Judgments:
    # item 1: A "the cat" ("cat" marked: 1 of 3 unmatched; "the " 0 of 4), B "the hat" (no
    # error); item 2: A "xy" (x marked, unmatched; y unmatched), B "ab" (no span: left out)
    return Judgments(
        source="hand",
        human_name="MQM",
        systems=("A", "B"),
        items=("1", "2"),
        references=(("the hat",), ("ab",)),
        candidates=(("the cat", "xy"), ("the hat", "ab")),
        human=((-5, -1), (0, 0)),
        spans=(
            ((ErrorSpan(4, 7, "Major", "Accuracy", "r1"),), (ErrorSpan(0, 1, "Minor", "x", "r1"),)),
            ((), (ErrorSpan(None, None, "Minor", "Accuracy/Omission", "r1"),)),
        ),
    )


def test_a_files_shares_pool_the_segments_with_a_marked_span():
    report = meta_evaluate(_judgments_with_spans(), metrics=("charsim",), resamples=1000)
    # A's two segments: marked 3 + 1 characters, unmatched 1 + 1; unmarked 4 + 1, unmatched
    # 0 + 1 (y); B's segments have no marked span
    assert report.spans == SpanShares(4, 2, 5, 1, 2)
    marked = report.estimate("spans:marked", "charsim")
    unmarked = report.estimate("spans:unmarked", "charsim")
    assert (marked.value, unmarked.value) == (0.5, 0.2)
    # two items: a resample holds item 1 twice (1/3, 0), both (2/4, 1/5) or item 2 twice (1, 1)
    assert (marked.interval.low, marked.interval.high) == (1 / 3, 1)
    assert (unmarked.interval.low, unmarked.interval.high) == (0, 1)
    assert marked.difference is None  # no metric to compare with
    text = report_text(report, "text")
    assert "marked by people       4          2  0.5000  [0.3333, 1.0000]" in text
    data = report_data(report)["spans"]
    assert data["marked"] == 4 and data["marked_share"]["value"] == 0.5


def test_no_spans_without_charsim_or_without_marks():
    report = meta_evaluate(_judgments_with_spans(), metrics=("chrf",), resamples=40)
    assert report.spans is None and report.span_estimates == ()
    plain = Judgments(**{**_judgments_with_spans().__dict__, "spans": None})
    report = meta_evaluate(plain, metrics=("charsim",), resamples=40)
    assert report.spans is None and "unmatched" not in report_text(report, "text")


def test_the_steps_give_the_report_of_one_call():
    judgments = _judgments_with_spans()
    steps = meta_evaluate_steps(judgments, metrics=("charsim", "chrf"), resamples=50, chunk_items=1)
    stages = []
    while True:
        try:
            stages.append(next(steps))
        except StopIteration as finished:
            report = finished.value
            break
    assert report == meta_evaluate(judgments, metrics=("charsim", "chrf"), resamples=50)
    # one item per step while scoring, each item located, then every resample
    assert stages[:2] == [("scoring segments", 1, 2), ("scoring segments", 2, 2)]
    assert ("locating unmatched characters", 2, 2) in stages
    assert stages[-1] == ("resampling the spans' items", 50, 50)
    with pytest.raises(ValueError, match="unknown metric"):
        meta_evaluate_steps(judgments, metrics=("nope",))  # at the call, not the first step


def test_the_ted_files_shares():
    report = meta_evaluate(read_mqm(TED), metrics=("charsim",), resamples=100)
    # Counted independently by the explain path above on every segment once, when written:
    # 462 segments with a marked span, 11,960 marked characters, 1,315 of them unmatched
    assert (report.spans.segments, report.spans.marked, report.spans.marked_unmatched) == (
        462,
        11960,
        1315,
    )
    assert report.spans.marked_share > 1.9 * report.spans.unmarked_share


def test_the_system_scores_of_a_report():
    report = meta_evaluate(_judgments_with_spans(), metrics=("charsim", "ter"), resamples=40)
    scores = dict(report.system_scores)
    # human: A (-5 + -1) / 2, B 0; charsim: the means of its segment scores; TER as given
    assert scores["human"] == (-3.0, 0.0)
    expected = [
        (charsim.score("the cat", ["the hat"]) + charsim.score("xy", ["ab"])) / 2,
        (charsim.score("the hat", ["the hat"]) + charsim.score("ab", ["ab"])) / 2,
    ]
    assert scores["charsim"] == pytest.approx(expected, abs=1e-15)
    assert scores["ter"][1] == 0.0 and scores["ter"][0] > 0

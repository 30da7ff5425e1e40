"""sacreBLEU's sentence chrF, chrF++ and BLEU counted in slices (charsim.compare.slices): the
statistics and scores equal sacreBLEU's own one-call ``sentence_score`` on random texts (with
whitespace runs, line breaks, punctuation the 13a tokenizer splits, its entities, non-ASCII)
at every slice size down to one character, and on every TED pair."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU, CHRF

from charsim.compare.metrics import compare
from charsim.compare.sacrebleu import metric_object, reference_statistics
from charsim.compare.slices import bleu_statistics_steps, chrf_statistics_steps

from ..data import TED

CANDIDATES = (TED / "ted.sys1.txt").read_text(encoding="utf-8").splitlines()
REFERENCES = (TED / "ted.ref.txt").read_text(encoding="utf-8").splitlines()

PIECES = [
    *"ab東é.,-()&;<>0912'\"",
    " ",
    "  ",
    "\t",
    "\n",
    " \n",
    "\u3000",
    "\xa0",
    "-\n",
    "<skipped>",
    "&amp;",
    "&quot;",
    "3.5",
    "a.",
    ".b",
]
"""What the random texts are made of: characters and sequences whose meaning to chrF++'s word
split or BLEU's 13a tokenizer depends on their neighbours."""

texts = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)

SCORERS = {
    "chrf": lambda: CHRF(),
    "chrf++": lambda: CHRF(word_order=2),
    "bleu": lambda: BLEU(effective_order=True),
}


def _statistics(metric: str, candidate: str, references: list[str], size: int):
    """The sliced statistics, with the number of steps taken."""
    scorer = metric_object(metric, sentence=True)
    steps = (chrf_statistics_steps if metric != "bleu" else bleu_statistics_steps)(
        scorer, candidate, references, size=size
    )
    taken = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, taken
        taken += 1


def _sacrebleu(metric: str, candidate: str, references: list[str]):
    """sacreBLEU's own statistics of the item in one call: BLEU's from its public score object
    (and each reference's length from a score against it alone), chrF's per reference
    (``sentence_score`` keeps the best; the adapter's one-call statistics of each)."""
    scorer = SCORERS[metric]()
    if metric == "bleu":
        r = scorer.sentence_score(candidate, references)
        lengths = [scorer.sentence_score(candidate, [x]).ref_len for x in references]
        return [r.sys_len, r.ref_len, *r.counts, *r.totals], lengths
    return reference_statistics(scorer, candidate, references)


@settings(max_examples=300, deadline=None)
@given(
    candidate=texts,
    references=st.lists(texts, min_size=1, max_size=3),
    size=st.integers(1, 9),
    metric=st.sampled_from(sorted(SCORERS)),
)
def test_sliced_statistics_equal_sacrebleus(candidate, references, size, metric):
    ours, _ = _statistics(metric, candidate, references, size)
    assert ours == _sacrebleu(metric, candidate, references)


@settings(max_examples=100, deadline=None)
@given(candidate=texts, references=st.lists(texts, min_size=1, max_size=3))
def test_compared_scores_are_sacrebleus_sentence_scores(candidate, references):
    c = compare(candidate, references, ter=False)
    for metric, make in SCORERS.items():
        scorer = make()
        expected = scorer.sentence_score(candidate, references)
        assert c.score(metric).score == expected.score
        assert c.score(metric).name == expected.name
        assert c.score(metric).signature == scorer.get_signature().format()


@pytest.mark.parametrize("metric", sorted(SCORERS))
def test_every_ted_pair_in_slices_of_seven_characters(metric):
    for candidate, reference in zip(CANDIDATES, REFERENCES, strict=True):
        ours, _ = _statistics(metric, candidate, [reference], 7)
        assert ours == _sacrebleu(metric, candidate, [reference]), candidate


@pytest.mark.parametrize("metric", sorted(SCORERS))
def test_all_ted_text_as_one_item_in_default_slices(metric):
    # 60,000 characters of each side: many default slices, several references
    candidate = " ".join(CANDIDATES)[:60_000]
    references = [" ".join(REFERENCES)[:60_000], " ".join(REFERENCES[::-1])[:30_000]]
    ours, steps = _statistics(metric, candidate, references, 2_000)
    assert steps > 30
    assert ours == _sacrebleu(metric, candidate, references)


@pytest.mark.parametrize("size", [0, -1, 1.5, True])
def test_a_slice_size_below_one_character_is_refused(size):
    with pytest.raises(ValueError, match="size must be a whole number"):
        next(chrf_statistics_steps(metric_object("chrf"), "a", ["a"], size=size))

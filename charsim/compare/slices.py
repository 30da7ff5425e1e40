"""sacreBLEU's sentence-level chrF, chrF++ and BLEU statistics, computed a slice of the text at a
time (§5).

sacreBLEU's ``sentence_score`` computes a metric's statistics on the whole text in one call, so
its time grows with the text and cannot be interrupted. Its statistics are sums of n-gram counts,
so they can be counted in slices: :func:`chrf_statistics_steps` and :func:`bleu_statistics_steps`
yield between two slices (a caller answers other work there: the explorer's worker scores the
next keystroke) and return exactly the statistics sacreBLEU computes in one call, from which
:func:`charsim.compare.sacrebleu.score_from_statistics` gives its score.

* Character n-grams: chrF removes whitespace, then counts the n-grams of order ``n`` that start in
  each slice of :data:`SLICE_CHARACTERS` characters, from the slice and the ``n - 1`` characters
  after it (the slices overlap by ``n - 1`` characters).
* Words: chrF++ splits a slice of whitespace-separated words as it splits the text (one
  punctuation mark off each word); BLEU's 13a tokenizer runs on pieces of the text cut at
  whitespace (:data:`_CUT`), where its rules see the same context as in the whole text. Word
  n-grams of order ``n`` that start in a slice of :data:`SLICE_WORDS` words are counted from the
  slice and the ``n - 1`` words after it.
* Matches: each order's clipped matches ``Σ_g min(c_t(g), c_r(g))`` need the candidate's total
  count of each n-gram, so they are summed over slices of :data:`SLICE_NGRAMS` distinct n-grams
  of the candidate once it is counted.

Every count comes from sacreBLEU's own functions (:mod:`charsim.compare.sacrebleu`, the adapter
that names them); ``tests/charsim/test_compare_slices.py`` checks the statistics and the scores
equal ``sentence_score``'s on random texts and on every TED pair.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Generator, Sequence
from itertools import islice

from .sacrebleu import (
    bleu_ngrams,
    bleu_tokenize,
    char_ngrams,
    chrf_match_statistics,
    chrf_segment,
    chrf_words,
    closest_reference_length,
    word_ngrams,
)

__all__ = [
    "SLICE_CHARACTERS",
    "SLICE_NGRAMS",
    "SLICE_WORDS",
    "Steps",
    "bleu_statistics_steps",
    "chrf_statistics_steps",
    "none_steps",
]

SLICE_CHARACTERS = 2_000
"""Characters (code points) counted in one step: chrF's character n-grams of every order that
start in them, or one piece of the text BLEU's tokenizer runs on (cut at the first whitespace
from there on, so a piece without whitespace is tokenized whole)."""

SLICE_WORDS = 1_000
"""Words split or counted in one step (chrF++'s word n-grams, BLEU's n-grams of every order)."""

SLICE_NGRAMS = 4_000
"""Distinct n-grams of the candidate whose matches are counted in one step."""

Steps = Generator[None, None, list]
"""A generator that yields None between two steps and returns its statistics."""

_CUT = re.compile(r"[^\S\n]|(?<=\s)\n")
"""Where BLEU's text may be cut: whitespace other than a line break, or a line break after
whitespace (the 13a tokenizer removes ``-`` followed by a line break, joining the lines)."""


def chrf_statistics_steps(
    scorer, candidate: str, references: Sequence[str], *, size: int = SLICE_CHARACTERS
) -> Steps:
    """chrF's (or chrF++'s) statistics of ``candidate`` against each reference alone, in steps.

    Args:
        scorer: sacreBLEU's ``CHRF`` object (:func:`~charsim.compare.sacrebleu.metric_object`).
        candidate: the candidate text.
        references: its references.
        size: characters per step (:data:`SLICE_CHARACTERS`); words and n-grams per step scale
            with it.

    Returns:
        A :data:`Steps` generator returning, per reference, the flat list of
        ``[candidate count, reference count, matches]`` per order (character orders, then word
        orders): what ``sentence_score`` computes for that reference.

    Raises:
        ValueError: ``size`` below 1.
    """
    _check_size(size)
    candidate_ngrams = yield from _chrf_ngrams(scorer, candidate, size)
    per_reference = []
    for reference in references:
        reference_ngrams = yield from _chrf_ngrams(scorer, reference, size)
        statistics = []
        for ours, theirs in zip(candidate_ngrams, reference_ngrams, strict=True):
            statistics += yield from _chrf_matches(ours, theirs, size)
        per_reference.append(statistics)
    return per_reference


def bleu_statistics_steps(
    scorer, candidate: str, references: Sequence[str], *, size: int = SLICE_CHARACTERS
) -> Steps:
    """Sentence BLEU's statistics of ``candidate`` against all its references, in steps.

    Args:
        scorer: sacreBLEU's ``BLEU`` object (:func:`~charsim.compare.sacrebleu.metric_object`).
        candidate: the candidate text.
        references: its ``K >= 1`` references.
        size: characters per step (:data:`SLICE_CHARACTERS`); words and n-grams per step scale
            with it.

    Returns:
        A :data:`Steps` generator returning ``(statistics, reference_lengths)``: sacreBLEU's
        ``[candidate length, closest reference length, matches per order, totals per order]``
        (n-grams clipped by their largest count in any one reference) and each reference's
        length in words.

    Raises:
        ValueError: ``size`` below 1.
    """
    _check_size(size)
    order, words = scorer.max_ngram_order, _per_step(size, SLICE_WORDS)
    candidate_words = yield from _bleu_words(scorer, candidate, size)
    candidate_ngrams = yield from _bleu_ngrams(candidate_words, order, words)
    reference_ngrams, lengths = Counter(), []
    for number, reference in enumerate(references):
        reference_words = yield from _bleu_words(scorer, reference, size)
        lengths.append(len(reference_words))
        ngrams = yield from _bleu_ngrams(reference_words, order, words)
        if number == 0:
            reference_ngrams = ngrams
            continue
        items = iter(ngrams.items())
        for _ in range(0, len(ngrams), _per_step(size, SLICE_NGRAMS)):
            # the merge of sacrebleu/metrics/bleu.py's BLEU._extract_reference_info (2.6.0)
            for ngram, count in islice(items, _per_step(size, SLICE_NGRAMS)):
                reference_ngrams[ngram] = max(reference_ngrams[ngram], count)
            yield
    correct, total = [0] * order, [0] * order
    items = iter(candidate_ngrams.items())
    for _ in range(0, len(candidate_ngrams), _per_step(size, SLICE_NGRAMS)):
        # the count of sacrebleu/metrics/bleu.py's BLEU._compute_segment_statistics (2.6.0)
        for ngram, count in islice(items, _per_step(size, SLICE_NGRAMS)):
            total[len(ngram) - 1] += count
            if ngram in reference_ngrams:
                correct[len(ngram) - 1] += min(count, reference_ngrams[ngram])
        yield
    length = len(candidate_words)
    closest = closest_reference_length(scorer, length, lengths)
    return [length, closest, *correct, *total], lengths


def none_steps(steps: Generator) -> Generator[None, None, object]:
    """Yield None for each step of the generator ``steps`` (whatever it yields), then return
    what it returns (such as :func:`charsim.metric.explain.explain_steps`' explanation)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        yield None


def _check_size(size: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"size must be a whole number of characters >= 1, got {size!r}")


def _per_step(size: int, default: int) -> int:
    """``default`` scaled as ``size`` is to :data:`SLICE_CHARACTERS` (at least 1)."""
    return max(1, default * size // SLICE_CHARACTERS)


def _chrf_ngrams(scorer, text: str, size: int) -> Steps:
    """chrF's n-gram counts of ``text``: one ``Counter`` per character order, then per word
    order (as sacreBLEU's ``extract_all_char_ngrams`` and ``extract_word_ngrams``)."""
    text = chrf_segment(scorer, text)
    characters = text if scorer.whitespace else "".join(text.split())
    counters = [Counter() for _ in range(scorer.char_order)]
    for start in range(0, len(characters), size):
        for n, counts in enumerate(counters, 1):
            counts.update(char_ngrams(characters[start : start + size + n - 1], n))
        yield
    if scorer.word_order:
        split, words, step = text.split(), [], _per_step(size, SLICE_WORDS)
        for start in range(0, len(split), step):
            words += chrf_words(scorer, " ".join(split[start : start + step]))
            yield
        word_counters = [Counter() for _ in range(scorer.word_order)]
        for start in range(0, len(words), step):
            for n, counts in enumerate(word_counters, 1):
                counts.update(word_ngrams(words[start : start + step + n - 1], n))
            yield
        counters += word_counters
    return counters


def _chrf_matches(candidate_ngrams: Counter, reference_ngrams: Counter, size: int) -> Steps:
    """sacreBLEU's ``[candidate count, reference count, matches]`` of one order, summed over
    slices of the candidate's distinct n-grams (the reference count is the same in each)."""
    items, step = iter(candidate_ngrams.items()), _per_step(size, SLICE_NGRAMS)
    found, reference_count, matches = 0, 0, 0
    for _ in range(0, max(len(candidate_ngrams), 1), step):
        piece = Counter(dict(islice(items, step)))  # no list of all items: fewer collections
        count, reference_count, matched = chrf_match_statistics(piece, reference_ngrams)
        found, matches = found + count, matches + matched
        yield
    return [found, reference_count, matches]


def _bleu_words(scorer, text: str, size: int) -> Steps:
    """BLEU's words of ``text`` (13a-tokenized after ``rstrip``, as ``_preprocess_segment``),
    tokenized a piece at a time."""
    text, words, start = text.rstrip(), [], 0
    while start < len(text):
        cut = _CUT.search(text, start + size)
        stop = cut.start() if cut else len(text)
        words += bleu_tokenize(scorer, text[start:stop]).split()
        start = stop
        yield
    return words


def _bleu_ngrams(words: list[str], order: int, step: int) -> Steps:
    """BLEU's n-grams of orders 1..``order`` of ``words``, as tuples, with their counts."""
    counts = Counter()
    for start in range(0, len(words), step):
        for n in range(1, order + 1):
            counts.update(bleu_ngrams(words[start : start + step + n - 1], n))
        yield
    return counts

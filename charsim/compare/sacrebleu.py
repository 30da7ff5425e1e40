"""sacreBLEU's chrF, chrF++, BLEU and TER with their defaults, at corpus and at sentence level.

sacreBLEU is an optional extra (``pip install 'charsim[compare]'``, version 2.6.0); it is
imported on first use, so ``import charsim`` never needs it, and a clear ``ImportError`` names
the command to install it when it is missing.

The metrics are sacreBLEU's own, with the defaults of its command line:

* ``chrf``: ``CHRF()`` (character orders 1..6, β = 2, whitespace removed);
* ``chrf++``: ``CHRF(word_order=2)`` (plus word orders 1..2);
* ``bleu``: ``BLEU()`` (13a tokenizer, word orders 1..4, ``exp`` smoothing); its sentence
  scores use ``effective_order=True``, as ``sacrebleu --sentence-level`` does;
* ``ter``: ``TER()``.

Corpus scores are sacreBLEU's corpus-level definitions (summed statistics, not means of sentence
scores); sentence scores equal ``sentence_score``. Both come from one pass over the items through
the sufficient-statistics methods that sacreBLEU's own significance tests use
(``_extract_corpus_statistics``, ``_aggregate_and_compute``, ``_compute_score_from_stats``; the
tests pin the results to the public ``corpus_score`` and ``sentence_score``). sacreBLEU is never
patched. Texts are given to sacreBLEU as read: charsim's own preprocessing options apply to
charsim only (each signature says what its metric did).

This module is the one adapter to sacreBLEU: every use of its private methods in charsim is
here (:func:`corpus_scores`, :func:`reference_statistics`, :func:`score_from_statistics`,
:func:`item_statistics` and the scores from them, which meta-evaluation resamples), so
that an upstream change breaks one module. They are private because sacreBLEU has no public
call from sufficient statistics to a score, and going through them is what makes one pass give
both the corpus and the sentence scores, and what lets :func:`charsim.compare.compare` show
each reference's chrF and TER statistics. Hence sacreBLEU is pinned, to **2.6.0** (in
``pyproject.toml``'s ``compare``, ``explorer`` and ``test`` extras, and the explorer's
``static/pins.toml``): a private method may change in any release. To move the pin, change
those four, then run ``tests/charsim/test_compare.py``, ``test_cli_metrics.py`` and
``test_significance_sacrebleu.py``, which check these calls against sacreBLEU's public scores.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..metric.values import counted
from .base import MetricResult

__all__ = [
    "INSTALL_HINT",
    "SACREBLEU_METRICS",
    "MetricResult",
    "bleu_ngrams",
    "bleu_tokenize",
    "char_ngrams",
    "chrf_match_statistics",
    "chrf_segment",
    "chrf_words",
    "closest_reference_length",
    "corpus_score_from_statistics",
    "corpus_scores",
    "corpus_signature",
    "item_statistics",
    "metric_object",
    "reference_statistics",
    "reference_streams",
    "require_sacrebleu",
    "score_from_statistics",
    "sentence_score_from_statistics",
    "sentence_signature",
    "word_ngrams",
]

SACREBLEU_METRICS = ("chrf", "chrf++", "bleu", "ter")
"""The sacreBLEU metrics charsim compares with, by their command-line names."""

INSTALL_HINT = "pip install 'charsim[compare]'"
"""How to install sacreBLEU for these comparisons (quoted in every message about it)."""


def require_sacrebleu():
    """Import and return ``sacrebleu.metrics``.

    Raises:
        ImportError: sacreBLEU is not installed; the message says how to install it.
    """
    try:
        from sacrebleu import metrics
    except ImportError as error:
        raise ImportError(
            f"chrF, chrF++, BLEU and TER need sacreBLEU, which is not installed: {INSTALL_HINT}"
        ) from error
    return metrics


def metric_object(metric: str, *, sentence: bool = False, references=None):
    """sacreBLEU's metric object for ``metric`` with the command line's defaults.

    Args:
        metric: one of :data:`SACREBLEU_METRICS`.
        sentence: for sentence-level scores (BLEU then uses ``effective_order=True``).
        references: reference streams to cache (see :func:`reference_streams`), or None.

    Raises:
        ValueError: an unknown metric name.
        ImportError: sacreBLEU is missing.
    """
    if metric not in SACREBLEU_METRICS:
        raise ValueError(f"metric must be one of {SACREBLEU_METRICS}, got {metric!r}")
    metrics = require_sacrebleu()
    if metric == "bleu":
        return metrics.BLEU(effective_order=sentence, references=references)
    if metric == "ter":
        return metrics.TER(references=references)
    return metrics.CHRF(word_order=2 if metric == "chrf++" else 0, references=references)


def reference_streams(references: Sequence[Sequence[str]]) -> list[list[str | None]]:
    """charsim's per-item reference sets as sacreBLEU's reference streams.

    Stream ``j`` holds reference ``j`` of every item; an item with fewer references gets None
    there, which sacreBLEU skips (its signature then says ``nrefs:var``).

        >>> reference_streams([("a", "b"), ("c",)])
        [['a', 'c'], ['b', None]]
    """
    k = max(map(len, references), default=0)
    return [[r[j] if j < len(r) else None for r in references] for j in range(k)]


def corpus_scores(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    metric: str,
    *,
    sentence_level: bool = False,
) -> list[MetricResult]:
    """One sacreBLEU metric's corpus score (and item scores) for each system.

    Args:
        systems: ``S`` lists of candidates, each as long as ``references``.
        references: one reference set (``K >= 1`` texts) per item.
        metric: one of :data:`SACREBLEU_METRICS`.
        sentence_level: also compute every item's sentence score.

    Returns:
        One :class:`MetricResult` per system; scores are floats on sacreBLEU's 0–100 scale.

    Raises:
        ValueError: an unknown metric, a system whose length differs from the number of
            reference sets, or no items.
        ImportError: sacreBLEU is missing.
    """
    if not references:
        raise ValueError("no items to score")
    for number, system in enumerate(systems, start=1):
        if len(system) != len(references):
            raise ValueError(
                f"system {number} has {counted(len(system), 'candidate')} for "
                f"{counted(len(references), 'item')}"
            )
    streams = reference_streams(references)
    corpus = sentence = metric_object(metric, references=streams)
    if sentence_level and metric == "bleu":  # the only metric whose sentence settings differ
        sentence = metric_object(metric, sentence=True, references=streams)
    results = []
    for system in systems:
        stats = corpus._extract_corpus_statistics(list(system), None)
        total = corpus._aggregate_and_compute(stats)
        scores = None
        if sentence_level:
            scores = tuple(float(sentence._compute_score_from_stats(s).score) for s in stats)
        results.append(
            MetricResult(
                metric=metric,
                name=total.name,
                score=float(total.score),
                signature=corpus.get_signature().format(),
                scores=scores,
                sentence_signature=sentence.get_signature().format() if sentence_level else None,
            )
        )
    return results


def reference_statistics(scorer, candidate: str, references: Sequence[str]) -> list[list]:
    """The sufficient statistics of ``candidate`` against each reference alone, one list per
    reference, from ``scorer`` (a sentence-level metric of :func:`metric_object`): sacreBLEU's
    private ``_extract_corpus_statistics``, on one item and one reference at a time."""
    return [scorer._extract_corpus_statistics([candidate], [[r]])[0] for r in references]


def score_from_statistics(scorer, statistics: Sequence):
    """sacreBLEU's score (its ``Score`` object: ``.score``, ``.name``) from one item's sufficient
    statistics: its private ``_compute_score_from_stats``."""
    return scorer._compute_score_from_stats(statistics)


def item_statistics(
    systems: Sequence[Sequence[str]], references: Sequence[Sequence[str]], metric: str
) -> list[list[list]]:
    """sacreBLEU's sufficient statistics of every system's candidate on every item: what its
    sentence score and, summed over items, its corpus score are computed from (the statistics
    its own paired tests resample).

    Args:
        systems: ``S`` lists of candidates, each as long as ``references``.
        references: one reference set per item.
        metric: one of :data:`SACREBLEU_METRICS`.

    Returns:
        ``statistics[s][i]``: a list of numbers (counts; TER's are floats).

    Raises:
        ValueError: an unknown metric.
        ImportError: sacreBLEU is missing.
    """
    scorer = metric_object(metric, references=reference_streams(references))
    return [scorer._extract_corpus_statistics(list(system), None) for system in systems]


@functools.cache
def _scorer(metric: str, sentence: bool):
    return metric_object(metric, sentence=sentence)


def sentence_score_from_statistics(metric: str, statistics: Sequence) -> float:
    """The sentence score (0–100) of one item's :func:`item_statistics`, as
    ``sacrebleu --sentence-level`` computes it (BLEU with ``effective_order=True``)."""
    return float(_scorer(metric, True)._compute_score_from_stats(list(statistics)).score)


def corpus_score_from_statistics(metric: str, totals: Sequence) -> float:
    """The corpus score (0–100) from the sum over items of :func:`item_statistics`, as
    sacreBLEU's ``corpus_score`` computes it from them."""
    return float(_scorer(metric, False)._compute_score_from_stats(list(totals)).score)


def sentence_signature(metric: str, nrefs: int | str) -> str:
    """sacreBLEU's signature of ``metric``'s sentence scores with ``nrefs`` references per item
    (a number, or ``"var"`` when items have different numbers).

        >>> sentence_signature("chrf", 1)
        'nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0'
    """
    return _signature(metric, nrefs, sentence=True)


def corpus_signature(metric: str, nrefs: int | str) -> str:
    """sacreBLEU's signature of ``metric``'s corpus score (:func:`corpus_score_from_statistics`)
    with ``nrefs`` references per item; BLEU's differs from its sentence scores' (no effective
    order).

        >>> corpus_signature("bleu", 1)
        'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0'
    """
    return _signature(metric, nrefs, sentence=False)


def named_signature(name: str, signature: str) -> str:
    """A signature as sacreBLEU's text output prints it, after the metric's name ``name``
    (``chrF2|nrefs:1|…``); charsim's own signature starts with its name already and is returned
    as it is.

        >>> named_signature("BLEU", "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0")
        'BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0'
    """
    return signature if signature.startswith("charsim|") else f"{name}|{signature}"


def _signature(metric: str, nrefs: int | str, sentence: bool) -> str:
    streams = [[".", "."], [".", None]] if nrefs == "var" else [["."]] * int(nrefs)
    return metric_object(metric, sentence=sentence, references=streams).get_signature().format()


# Sentence statistics in slices (:mod:`charsim.compare.slices`): the pieces of sacreBLEU 2.6.0's
# own ``sentence_score`` that it calls on a whole text, called here on parts of one. They come
# from sacrebleu/metrics/helpers.py (extract_char_ngrams, extract_word_ngrams,
# extract_all_word_ngrams), sacrebleu/metrics/chrf.py (CHRF._preprocess_segment,
# CHRF._remove_punctuation, CHRF._get_match_statistics) and sacrebleu/metrics/bleu.py
# (BLEU.tokenizer, BLEU._get_closest_ref_len).


def char_ngrams(text: str, n: int):
    """sacreBLEU's ``Counter`` of the character n-grams of order ``n`` of ``text`` as given
    (``extract_char_ngrams`` keeping whitespace: the caller has removed it, as chrF does)."""
    from sacrebleu.metrics.helpers import extract_char_ngrams

    return extract_char_ngrams(text, n, include_whitespace=True)


def word_ngrams(words: Sequence[str], n: int):
    """sacreBLEU's ``Counter`` of chrF++'s word n-grams of order ``n`` (``extract_word_ngrams``:
    the words joined by a space)."""
    from sacrebleu.metrics.helpers import extract_word_ngrams

    return extract_word_ngrams(list(words), n)


def bleu_ngrams(words: Sequence[str], n: int):
    """sacreBLEU's ``Counter`` of BLEU's word n-grams of order ``n`` (``extract_all_word_ngrams``
    from ``n`` to ``n``: tuples of words)."""
    from sacrebleu.metrics.helpers import extract_all_word_ngrams

    return extract_all_word_ngrams(" ".join(words), n, n)[0]


def chrf_segment(scorer, text: str) -> str:
    """chrF's preprocessing of a text (``_preprocess_segment``: lowercased if asked)."""
    return scorer._preprocess_segment(text)


def chrf_words(scorer, text: str) -> list[str]:
    """chrF++'s words of ``text`` (``_remove_punctuation``: split at whitespace, one punctuation
    mark split off each word's end or start)."""
    return scorer._remove_punctuation(text)


def chrf_match_statistics(candidate_ngrams, reference_ngrams) -> list[int]:
    """chrF's ``[candidate count, reference count, matches]`` of one order
    (``_get_match_statistics``)."""
    return require_sacrebleu().CHRF._get_match_statistics(candidate_ngrams, reference_ngrams)


def bleu_tokenize(scorer, text: str) -> str:
    """BLEU's tokenized text (its ``tokenizer``: 13a by default), as ``_preprocess_segment``
    calls it after lowercasing if asked and after ``rstrip``, which the caller does."""
    return scorer.tokenizer(text.lower() if scorer.lowercase else text)


def closest_reference_length(scorer, length: int, lengths: Sequence[int]) -> int:
    """BLEU's reference length for a candidate of ``length`` words: the closest of ``lengths``,
    the shorter on a tie (``_get_closest_ref_len``)."""
    return scorer._get_closest_ref_len(length, list(lengths))

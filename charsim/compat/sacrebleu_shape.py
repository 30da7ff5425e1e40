"""charsim as a metric object with sacreBLEU's call shapes (after ``sacrebleu/metrics/base.py`` and
``metrics/chrf.py``, sacreBLEU 2.6.0): a script written for ``CHRF()`` runs with ``CharSim()``.

    >>> from charsim import CharSim
    >>> metric = CharSim()
    >>> print(metric.sentence_score("ca", ["cat"]))
    charsim = 0.4975
    >>> result = metric.corpus_score(["ca", "cat"], [["cat", "cat"]])  # one reference stream
    >>> print(result, "|", metric.get_signature())
    charsim = 0.7488 | charsim|variant:mean|cap:32|w:1/n|norm:none|nrefs:1|version:0.1.0

What is sacreBLEU's here: the method names and arguments (``corpus_score(hypotheses,
references, n_bootstrap=1)``, ``sentence_score(hypothesis, references)``, ``get_signature()``),
the reference layout (``references`` is a list of reference *streams*, each holding one
reference per hypothesis; ``None`` in a stream marks an item without that reference, so items
may have different numbers of references, ``nrefs:var``; ``""`` is an empty reference, as in
sacreBLEU, and charsim scores it by the empty-input rules of §3.1), references cached by the
constructor (``CharSim(references=...)``, then ``corpus_score(hypotheses, None)``), the option
name ``lowercase``, the score object (``.name``, ``.score``, ``format()``, ``_mean``, ``_ci``,
``estimate_ci``, a printable line ``name = score``), the signature object (``format()``, ``str``,
``update``), and the statistics of sacreBLEU's paired tests (``_extract_corpus_statistics``,
``_aggregate_and_compute``, ``_compute_score_from_stats``), so that sacreBLEU's own
``PairedTest`` resamples charsim's item scores (:mod:`charsim.compat.statistics`).

What is charsim's: the numbers, the names and the signature are those of :func:`charsim.score`
and the ``charsim`` command for the same options. In particular the **scale is 0–1**, as
:func:`charsim.score` returns and the command line prints (``charsim = 0.4519``, 4 decimals),
not sacreBLEU's 0–100, so a number never depends on which interface computed it; and the corpus
score is the mean of the item scores (§3.1 per item), not a score of summed statistics. The
references are checked as the command line checks its files: streams of different lengths, a
bare ``str`` or a list of ``str`` where streams are expected are refused with a message that
says what was given (sacreBLEU reads a list of ``str`` as streams of characters and returns a
number).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..corpus.rows import common_nrefs, score_rows
from ..io.filestream import aligned_rows
from ..metric.config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS, Config
from ..metric.errors import UndefinedScoreError
from ..metric.explain import explain
from ..metric.preprocess import Preprocessing
from ..metric.signature import VARIANTS, score_name
from ..metric.values import as_tuple, flag, is_sequence, whole_number
from ..significance.limits import DEFAULT_SEED, MIN_RESAMPLES, too_few_items
from ..significance.paired import bootstrap_interval
from .score import CharSimScore, CharSimSignature
from .statistics import MAX_ITEMS, item_statistics, mean_of_statistics, summed

__all__ = ["CharSim", "CharSimScore", "CharSimSignature"]

_STREAMS = (
    "references must be a list of reference streams (one sequence of str per reference, each "
    "holding one reference per hypothesis)"
)

_ALL_NONE = (
    "every reference is None, and None references are dropped (as sacreBLEU drops them in "
    "multi-stream layouts), so the item has no reference: charsim is undefined for an empty "
    'reference set (K = 0); an empty reference is "", which is defined (§1.1, §3.1)'
)
"""Why an item whose every reference is None has no score."""


class CharSim:
    """charsim with sacreBLEU's metric interface: ``CharSim()`` where a script has ``CHRF()``.

    Args:
        references: reference streams to keep for :meth:`corpus_score` calls whose
            ``references`` is None (sacreBLEU's cache), checked now.
        max_order: the order cap, 1 to 64 (32 is charsim, §2.5; any other is a derived variant).
        weights: ``"harmonic"`` (1/n, charsim) or ``"uniform"`` (a derived variant, §6.4).
        normalize: Unicode normalisation of every text first (``"NFC"``, ...), or None.
        casefold: case-fold every text first (``str.casefold``; the command line's
            ``--lowercase``).
        lowercase: sacreBLEU's name of the same option (``CHRF(lowercase=True)``): case-fold
            every text first.
        fold_whitespace_quotes: fold whitespace and curly quotes first
            (:func:`charsim.fold_whitespace_quotes`).
        variant: ``"mean"`` (charsim, §3.1, the default), ``"base"`` (§2.4) or ``"max"``
            (§3.3), as ``--variant``.

    Characters are Unicode code points; the options are charsim's preprocessing and settings,
    recorded in the signature (:class:`CharSimSignature`).

    Raises:
        ValueError: an unknown variant or an invalid setting (as :class:`charsim.Config` and
            :class:`charsim.Preprocessing`).
        TypeError: a mistyped setting, or ``references`` not in the stream layout (as in
            :meth:`corpus_score`).
    """

    def __init__(
        self,
        *,
        references: Sequence[Sequence[str | None]] | None = None,
        max_order: int = DEFAULT_MAX_ORDER,
        weights: str = DEFAULT_WEIGHTS,
        normalize: str | None = None,
        casefold: bool = False,
        fold_whitespace_quotes: bool = False,
        variant: str = "mean",
        lowercase: bool = False,
    ) -> None:
        if variant not in VARIANTS:
            raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
        self.variant = variant
        self.config = Config(max_order, weights)
        casefold = casefold or flag(lowercase, "lowercase")
        self.preprocessing = Preprocessing(normalize, casefold, fold_whitespace_quotes)
        self.nrefs: int | str | None = None
        self.n_bootstrap: int | None = None
        self.seed: int | None = None
        self._references = None if references is None else _reference_streams(references)

    @property
    def name(self) -> str:
        """What the scores are printed under (see :attr:`CharSimScore.name`)."""
        return score_name(self.variant, self.config)

    @property
    def _options(self) -> dict:
        """The keyword settings of :func:`charsim.explain` and :func:`charsim.corpus.
        score_rows`."""
        return {
            "max_order": self.config.max_order,
            "weights": self.config.weights,
            **self.preprocessing.options,
        }

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> CharSimScore:
        """charsim of one hypothesis (the candidate ``t``) against its references (§3.1).

        Args:
            hypothesis: the candidate text (characters are code points).
            references: its reference set, a sequence of ``K >= 1`` texts; ``None`` entries are
                left out (sacreBLEU's placeholder for a missing reference), ``""`` is an empty
                reference.

        Returns:
            A :class:`CharSimScore` with the exact score, P, R and the decision.

        Raises:
            TypeError: ``hypothesis`` is not a ``str``, ``references`` is a ``str`` (wrap it in
                a list) or not a sequence, or a reference is not a ``str`` (the message says
                which).
            UndefinedScoreError: no reference is left (K = 0, §1.1); when every reference was
                None, the message says that None references are dropped.
        """
        dropped = False
        if is_sequence(references):
            given = as_tuple(references, "references")
            references = tuple(r for r in given if r is not None)
            dropped = len(references) < len(given)
        try:
            e = explain(hypothesis, references, matches=False, **self._options)
        except UndefinedScoreError:
            if dropped:
                raise UndefinedScoreError(_ALL_NONE) from None
            raise
        self.nrefs, self.n_bootstrap, self.seed = e.k, None, None
        exact = {"mean": e.score, "base": e.base_score, "max": e.max_score}[self.variant]
        return CharSimScore(
            name=self.name,
            score=float(exact),
            signature=self.get_signature().format(),
            exact=exact,
            precision=e.precision,
            recall=e.recall,
            decision=e.decision,
        )

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None,
        n_bootstrap: int = 1,
    ) -> CharSimScore:
        """charsim of a corpus: the mean of its item scores, as the ``charsim`` command gives.

        Args:
            hypotheses: one candidate per item (a sequence of ``str``).
            references: sacreBLEU's layout: a list of reference streams, each a sequence with
                one reference per hypothesis (``[refs]`` for one reference per item;
                ``[refs_a, refs_b]`` for two). ``None`` in a stream leaves that reference out
                of the item (a variable number of references, ``nrefs:var``); ``""`` is an
                empty reference. None uses the streams given to the constructor.
            n_bootstrap: above 1, also a 95 % bootstrap interval of the mean from that many
                resamples (at least 40, as ``--confidence-n``; seed 12345 as sacreBLEU's), shown
                as ``(μ = … ± …)`` and recorded in the signature as ``bs:N|seed:12345``.

        Returns:
            A :class:`CharSimScore` holding the item scores.

        Raises:
            TypeError: ``hypotheses`` or ``references`` is a ``str`` or not a sequence; a
                stream is a ``str`` (``references`` was a list of ``str``: wrap it, ``[refs]``);
                a text that is not a ``str`` (the message names the item).
            DataError: the hypotheses and the streams do not all have the same length (a
                ``ValueError``; the message gives each count, as the command line's for files).
            UndefinedScoreError: no reference stream, or an item left without references
                (K = 0; names the item and says that its None references were dropped).
            ValueError: no hypotheses; ``n_bootstrap`` outside 1 or 40..1,000,000; fewer than
                6 items for an interval.
            RuntimeError: ``references`` is None and the constructor was given none.
        """
        if references is None:
            if self._references is None:
                raise RuntimeError(
                    "No references provided and the cache is empty: give references, or "
                    "CharSim(references=...)"
                )
            streams = self._references
        else:
            streams = _reference_streams(references)
        if isinstance(hypotheses, str):
            raise TypeError(
                "hypotheses must be a sequence of str (one per item), got a single "
                "str; wrap it in a list: [hypothesis]"
            )
        hypotheses = as_tuple(hypotheses, "hypotheses must be a sequence of str (one per item)")
        resamples = whole_number(n_bootstrap, "n_bootstrap")
        if resamples < 1 or 1 < resamples < MIN_RESAMPLES:
            raise ValueError(
                f"n_bootstrap must be 1 (no interval) or at least {MIN_RESAMPLES} "
                f"resamples, got {resamples}"
            )
        named = [(f"references[{i}]", stream) for i, stream in enumerate(streams)]
        items = [
            (candidates[0], tuple(r for r in refs if r is not None))
            for candidates, refs in aligned_rows(
                [("hypotheses", hypotheses)], named, "reference stream"
            )
        ]
        try:
            result = score_rows(items, variant=self.variant, **self._options)[0]
        except UndefinedScoreError as error:
            # streams is not empty, so an item without references had only None in them
            empty = next((i for i, (_, refs) in enumerate(items, start=1) if not refs), None)
            if empty is None or not str(error).startswith(f"item {empty:,}:"):
                raise
            raise UndefinedScoreError(f"item {empty:,}: {_ALL_NONE}") from None
        self.nrefs = common_nrefs([refs for _, refs in items])
        self.n_bootstrap = self.seed = interval = None
        if resamples > 1:
            reason = too_few_items(result.n_items, test=False)
            if reason:
                raise ValueError(f"n_bootstrap: {reason}")
            interval = bootstrap_interval(result.scores, resamples=resamples, seed=DEFAULT_SEED)
            self.n_bootstrap, self.seed = resamples, DEFAULT_SEED
        return CharSimScore(
            name=self.name,
            score=result.score,
            signature=self.get_signature().format(),
            n_items=result.n_items,
            scores=result.scores,
            interval=interval,
        )

    def _extract_corpus_statistics(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str | None]] | None
    ) -> list[list[int]]:
        """Each item's statistics (:func:`charsim.compat.statistics.item_statistics`), as
        sacreBLEU's ``PairedTest`` asks a metric for them: the items are scored as by
        :meth:`corpus_score`, whose arguments these are.

        Raises:
            ValueError: more than :data:`~charsim.compat.statistics.MAX_ITEMS` items (sacreBLEU
                sums the statistics in ``float32``, exact up to there only); and as
                :meth:`corpus_score`.
        """
        if len(hypotheses) > MAX_ITEMS:
            raise ValueError(
                f"{len(hypotheses):,} items: sacreBLEU's paired tests sum statistics in float32, "
                f"which holds charsim's exactly for up to {MAX_ITEMS:,} items; use charsim's own "
                "(charsim --paired-bs, charsim.paired_bootstrap)"
            )
        scores = self.corpus_score(hypotheses, references).scores
        return [item_statistics(score) for score in scores]

    def _compute_score_from_stats(self, stats: Sequence[float]) -> CharSimScore:
        """The score of summed statistics: the mean of the items' scores, rounded once, as
        :meth:`corpus_score` gives it for those items (sacreBLEU's resamples and trials).

        Raises:
            ValueError: ``stats`` are not sums of charsim's statistics.
        """
        score, n_items = mean_of_statistics(stats)
        return CharSimScore(self.name, score, self.get_signature().format(), n_items)

    def _aggregate_and_compute(self, stats: Iterable[Sequence[float]]) -> CharSimScore:
        """The score of the items whose statistics are the rows of ``stats`` (sacreBLEU's
        ``Metric._aggregate_and_compute``), summed exactly."""
        return self._compute_score_from_stats(summed(stats))

    def get_signature(self) -> CharSimSignature:
        """The signature of the last score computed (``nrefs`` is known only then, as in
        sacreBLEU; before any, it is left out of the line)."""
        return CharSimSignature(
            self.variant, self.config, self.preprocessing, self.nrefs, self.n_bootstrap, self.seed
        )

    def __repr__(self) -> str:
        options = [f"{k}={v!r}" for k, v in {"variant": self.variant, **self._options}.items()]
        return f"CharSim({', '.join(options)})"


def _reference_streams(references: object) -> tuple[tuple, ...]:
    """sacreBLEU's reference streams, checked: a sequence of sequences (not of ``str``).

    Raises:
        TypeError: ``references`` or a stream is not a sequence, or is a ``str`` (the message
            says which and how to wrap it).
        UndefinedScoreError: no stream (K = 0).
    """
    if isinstance(references, str):
        raise TypeError(
            f"{_STREAMS}, got a single str; for one hypothesis with one reference "
            "give [[reference]]"
        )
    streams = as_tuple(references, _STREAMS)
    if not streams:
        raise UndefinedScoreError(
            "no reference stream: charsim is undefined for an empty reference set (K = 0); "
            "give [refs] for one reference per hypothesis"
        )
    for i, stream in enumerate(streams):
        if isinstance(stream, str):
            raise TypeError(
                f"{_STREAMS}; references[{i}] is a str, so references looks like one stream "
                "of references, not a list of streams: wrap it in a list, [refs]"
            )
    return tuple(
        as_tuple(stream, f"references[{i}] must be a reference stream (a sequence of str)")
        for i, stream in enumerate(streams)
    )

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
constructor (``CharSim(references=...)``, then ``corpus_score(hypotheses, None)``), the score
object (``.name``, ``.score``, ``format()``, a printable line ``name = score``) and the signature
object (``format()``, ``str``).

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

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..corpus.rows import common_nrefs, score_rows
from ..io.filestream import aligned_rows
from ..metric.config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS, Config
from ..metric.decision import Decision
from ..metric.display import RichDisplay
from ..metric.errors import UndefinedScoreError
from ..metric.explain import explain
from ..metric.preprocess import Preprocessing
from ..metric.signature import VARIANTS, score_name, signature
from ..metric.values import as_tuple, counted, is_sequence, whole_number
from ..significance.paired import (
    DEFAULT_SEED,
    MIN_RESAMPLES,
    Interval,
    bootstrap_interval,
    too_few_items,
)

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
"""Why an item whose every reference is None has no score (issue 25)."""


@dataclass(frozen=True)
class CharSimSignature:
    """The signature of a :class:`CharSim` computation, as sacreBLEU's ``Signature`` object:
    ``str(signature)`` and :meth:`format` give the line the ``charsim`` command prints for the
    same options (:func:`charsim.signature`).

    Attributes:
        variant: ``"mean"`` (§3.1), ``"base"`` (§2.4) or ``"max"`` (§3.3).
        config: order cap and weights.
        preprocessing: what was done to the texts first.
        nrefs: references per item (an int), ``"var"`` when items have different numbers, None
            before anything was scored (then the field is left out).
        bootstrap: the bootstrap resamples behind the score's interval (``n_bootstrap``), or
            None.
        seed: their seed, or None.
    """

    variant: str
    config: Config
    preprocessing: Preprocessing
    nrefs: int | str | None = None
    bootstrap: int | None = None
    seed: int | None = None

    def format(self, short: bool = False) -> str:
        """The signature line, e.g. ``charsim|variant:mean|cap:32|w:1/n|norm:none|nrefs:1|
        version:0.1.0``.

        Args:
            short: sacreBLEU's short form; charsim's field names are short already, so it is the
                same line (accepted so that a sacreBLEU script's call works).
        """
        return signature(
            self.variant,
            max_order=self.config.max_order,
            weights=self.config.weights,
            **self.preprocessing.options,
            nrefs=self.nrefs,
            bootstrap=self.bootstrap,
            seed=self.seed,
        )

    @property
    def info(self) -> dict[str, str]:
        """The fields of the line by name (``{"variant": "mean", "cap": "32", ...}``), as
        sacreBLEU's ``Signature.info``."""
        return dict(field.split(":", 1) for field in self.format().split("|")[1:])

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()


@dataclass(frozen=True, repr=False)
class CharSimScore(RichDisplay):
    """A charsim score as sacreBLEU's ``Score`` object: ``str(score)`` is the printable line
    ``charsim = 0.4975``.

    Attributes:
        name: what the score is printed under: ``"charsim"``, ``"charsim_base"``,
            ``"charsim_max"`` (the variant), or ``"derived variant"`` for another cap or weights
            (§5.7, §6.4), as the command line prints.
        score: the score on charsim's scale, 0–1 (not sacreBLEU's 0–100): an exact rational
            rounded once, as :func:`charsim.score` returns.
        signature: the signature line (:class:`CharSimSignature`'s).
        n_items: the items scored (1 for a sentence score).
        exact: the exact score (``Fraction``) of a sentence score; None for a corpus score (a
            mean of rounded item scores).
        precision: ``P = M̄ / L_t`` of a sentence (exact; None when ``L_t = 0`` and for a corpus
            score).
        recall: ``R = M̄ / L̄_r`` of a sentence (exact; None when ``L̄_r = 0`` and for a corpus).
        decision: which side decides a sentence's main score (§3.1), None for a corpus.
        scores: a corpus score's item scores, in order (None for a sentence score).
        interval: the bootstrap interval of a corpus score (``n_bootstrap > 1``), else None.
    """

    name: str
    score: float
    signature: str
    n_items: int = 1
    exact: Fraction | None = None
    precision: Fraction | None = None
    recall: Fraction | None = None
    decision: Decision | None = None
    scores: tuple[float, ...] | None = None
    interval: Interval | None = None

    def format(
        self, width: int = 4, score_only: bool = False, signature: str = "", is_json: bool = False
    ) -> str:
        """The score as sacreBLEU's ``Score.format`` writes it.

        Args:
            width: decimals (4, as the ``charsim`` command prints; sacreBLEU's default is 2 on
                its 0–100 scale).
            score_only: the number only (with its interval, if any).
            signature: a signature line to print before the score (``charsim|... = 0.4519``);
                charsim's starts with its name, so it is not repeated.
            is_json: a JSON object (``name``, ``score``, ``signature``, the interval's
                ``confidence_mean``, ``confidence_var`` and ``confidence``, and each field of
                the signature), as sacreBLEU writes it.

        Returns:
            ``charsim = 0.4975``; with an interval ``charsim = 0.4519 (μ = 0.4519 ± 0.0050)``.
        """
        value = f"{self.score:.{width}f}"
        data = {"name": self.name, "score": float(value), "signature": signature}
        if self.interval is not None:
            mean, half = f"{self.interval.mean:.{width}f}", f"{self.interval.half_width:.{width}f}"
            value += f" (μ = {mean} ± {half})"
            data.update(confidence_mean=float(mean), confidence_var=float(half),
                        confidence=f"μ = {mean} ± {half}")  # fmt: skip
        if score_only:
            return value
        if is_json:
            data.update(field.split(":", 1) for field in signature.split("|")[1:] if field)
            return json.dumps(data, indent=1, ensure_ascii=False)
        if signature:
            head = signature if signature.startswith("charsim|") else f"{self.name}|{signature}"
        else:
            head = self.name
        return f"{head} = {value}"

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        """The printable line (as sacreBLEU's ``Score.__repr__``), with P and R of a sentence
        or the number of items of a corpus."""
        if self.scores is not None:
            return f"{self.format()}  ({counted(self.n_items, 'item')})"
        p, r = (_exact(x) for x in (self.precision, self.recall))
        return f"{self.format()}  (P = {p}, R = {r}, {self.decision.value} decides)"


def _exact(value: Fraction | None) -> str:
    return "—" if value is None else f"{float(value):.4f} = {value}"


class CharSim:
    """charsim with sacreBLEU's metric interface: ``CharSim()`` where a script has ``CHRF()``.

    Args:
        references: reference streams to keep for :meth:`corpus_score` calls whose
            ``references`` is None (sacreBLEU's cache), checked now.
        max_order: the order cap, 1 to 64 (32 is charsim, §2.5; any other is a derived variant).
        weights: ``"harmonic"`` (1/n, charsim) or ``"uniform"`` (a derived variant, §6.4).
        normalize: Unicode normalisation of every text first (``"NFC"``, ...), or None.
        casefold: case-fold every text first (the command line's ``--lowercase``; sacreBLEU's
            ``lowercase``).
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
    ) -> None:
        if variant not in VARIANTS:
            raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
        self.variant = variant
        self.config = Config(max_order, weights)
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
        return {"max_order": self.config.max_order, "weights": self.config.weights,
                **self.preprocessing.options}  # fmt: skip

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
            name=self.name, score=float(exact), signature=self.get_signature().format(),
            exact=exact, precision=e.precision, recall=e.recall, decision=e.decision,
        )  # fmt: skip

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
            raise TypeError("hypotheses must be a sequence of str (one per item), got a single "
                            "str; wrap it in a list: [hypothesis]")  # fmt: skip
        hypotheses = as_tuple(hypotheses, "hypotheses must be a sequence of str (one per item)")
        resamples = whole_number(n_bootstrap, "n_bootstrap")
        if resamples < 1 or 1 < resamples < MIN_RESAMPLES:
            raise ValueError(f"n_bootstrap must be 1 (no interval) or at least {MIN_RESAMPLES} "
                             f"resamples, got {resamples}")  # fmt: skip
        named = [(f"references[{i}]", stream) for i, stream in enumerate(streams)]
        items = [
            (candidates[0], tuple(r for r in refs if r is not None))
            for candidates, refs in aligned_rows([("hypotheses", hypotheses)], named,
                                                 "reference stream")
        ]  # fmt: skip
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
            name=self.name, score=result.score, signature=self.get_signature().format(),
            n_items=result.n_items, scores=result.scores, interval=interval,
        )  # fmt: skip

    def get_signature(self) -> CharSimSignature:
        """The signature of the last score computed (``nrefs`` is known only then, as in
        sacreBLEU; before any, it is left out of the line)."""
        return CharSimSignature(self.variant, self.config, self.preprocessing, self.nrefs,
                                self.n_bootstrap, self.seed)  # fmt: skip

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
        raise TypeError(f"{_STREAMS}, got a single str; for one hypothesis with one reference "
                        "give [[reference]]")  # fmt: skip
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

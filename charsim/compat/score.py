"""The score and the signature objects of :class:`charsim.CharSim`, in sacreBLEU's shapes
(after ``sacrebleu/metrics/base.py``'s ``Score`` and ``Signature``, sacreBLEU 2.6.0): what a
script reads of sacreBLEU's (``.score``, ``.name``, ``format()``, ``_mean``, ``_ci``,
``estimate_ci``; ``Signature.format()``, ``.info``, ``update``) with charsim's numbers, names
and signature line."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..metric.config import Config
from ..metric.decision import Decision
from ..metric.display import RichDisplay
from ..metric.preprocess import Preprocessing
from ..metric.signature import signature
from ..metric.values import counted
from ..significance.resample import Interval

__all__ = ["CharSimScore", "CharSimSignature"]


@dataclass
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
        bootstrap: the bootstrap resamples behind the score's interval (``n_bootstrap``, or
            sacreBLEU's ``PairedTest``), or None.
        seed: their seed, or None.
        randomization: the trials of sacreBLEU's approximate randomization test, or None.
    """

    variant: str
    config: Config
    preprocessing: Preprocessing
    nrefs: int | str | None = None
    bootstrap: int | None = None
    seed: int | None = None
    randomization: int | None = None

    def update(self, key: str, value: object) -> None:
        """Record a resampling, as sacreBLEU's ``Signature.update`` (its ``PairedTest`` calls
        it): ``"bs"`` (bootstrap resamples), ``"ar"`` (randomization trials) or ``"seed"``.

        Raises:
            KeyError: another key (charsim's other fields are its settings).
            ValueError: a seed that is not a whole number (sacreBLEU's ``SACREBLEU_SEED=none``
                draws an unseeded generator, which no signature can record).
        """
        fields = {"bs": "bootstrap", "ar": "randomization", "seed": "seed"}
        if key not in fields:
            raise KeyError(f"{key!r}: a charsim signature records bs, ar and seed only")
        if key == "seed" and not str(value).isdigit():
            raise ValueError(
                f"seed {value!r}: charsim records the seed of every resampling, so that it can "
                "be run again; set SACREBLEU_SEED to a whole number (12345 is sacreBLEU's)"
            )
        setattr(self, fields[key], int(value))

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
            randomization=self.randomization,
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


@dataclass(repr=False)
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

    @property
    def _mean(self) -> float:
        """sacreBLEU's ``Score._mean``: the interval's ``μ``, or -1.0 without an interval."""
        return -1.0 if self.interval is None else self.interval.mean

    @property
    def _ci(self) -> float:
        """sacreBLEU's ``Score._ci``: the interval's half width (the ``±``), or -1.0."""
        return -1.0 if self.interval is None else self.interval.half_width

    def estimate_ci(self, scores: Sequence[CharSimScore]) -> None:
        """Set the 95 % interval from the scores of bootstrap resamples, as sacreBLEU's
        ``Score.estimate_ci`` does: the bounds are the sorted scores at ranks ``n // 40`` and
        ``n − 1 − n // 40``, ``μ`` their mean (:class:`charsim.Interval`).

        Raises:
            ValueError: no scores.
        """
        values = sorted(score.score for score in scores)
        if not values:
            raise ValueError("no resampled scores: an interval needs at least one")
        rank = len(values) // 40
        self.interval = Interval(values[rank], values[-1 - rank], statistics.mean(values), 0.95)

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
            data.update(
                confidence_mean=float(mean),
                confidence_var=float(half),
                confidence=f"μ = {mean} ± {half}",
            )
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

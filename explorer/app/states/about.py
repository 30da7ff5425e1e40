"""State of the "About the metric" tab: the article's simplified models (§5.7, §6), live.

No Panel import here: views read this object and write its parameters; tests drive it directly.
Every number comes from :mod:`charsim.metric.models` (the length model, ``B_N``, the weight share
above an order, the cap-change identity) or from :func:`charsim.explain`; nothing is re-derived
here.

The cap-sensitivity demo scores the single-item input at every cap ``1..64``: that costs 64
explanations, so it runs only on request (:meth:`AboutState.measure_caps`) and is cleared
(:meth:`AboutState.clear_caps`) when the input changes.
"""

from __future__ import annotations

from fractions import Fraction

import param

import charsim
from charsim.metric.models import (
    bleu_model,
    block_ratio,
    cap_change,
    charsim_model,
    chrf_model,
    score_weighted_centroid,
    weight_share_above,
)

from ..i18n import Message
from .single import ExplorerState

__all__ = ["CAP_LIMIT", "CAPS", "LENGTHS", "MODELS", "AboutState", "parse_caps", "percent"]

LENGTHS = range(1, 201)
"""Candidate lengths ``j`` of Figure 1."""

CAPS = range(1, 101)
"""Caps ``N`` of Figure 2."""

SWEEP = range(1, 65)
"""Caps at which the cap-sensitivity demo scores the single-item input."""

BASE_CAP = 32
"""The article's cap, the reference point ``N0`` of the cap-change decomposition."""

CAP_LIMIT = 2_000
"""Most characters (candidate plus references) the cap-sensitivity demo scores 64 times."""

SHARE_ORDER = 4
"""§5.7 reports the share of weight on orders above 4."""

MODELS = {"charsim": charsim_model, "chrF": chrf_model, "BLEU": bleu_model}
"""Figure 1's curves: column name → length-model function of :mod:`charsim.metric.models`."""


def parse_caps(text: str) -> tuple[list[int], Message | None]:
    """Caps typed as ``"8, 16, 32, 64"`` → ``(caps, problem)``; ``problem`` is None if valid.

    Caps must be whole numbers in ``4..256`` (at most 12 of them); duplicates are dropped.
    """
    parts = [part for part in text.replace(",", " ").split() if part]
    if not parts:
        return [], Message("caps.none")
    if len(parts) > 12:
        return [], Message("caps.too_many", {"most": 12})
    try:
        caps = sorted({int(part) for part in parts})
    except ValueError:
        return [], Message("caps.not_whole")
    if caps[0] < SHARE_ORDER or caps[-1] > 256:
        return [], Message("caps.out_of_range", {"low": SHARE_ORDER, "high": 256})
    return caps, None


class AboutState(param.Parameterized):
    """Slider values of the two figures, the weight-share caps and the cap-sensitivity results."""

    reference_length = param.Integer(default=100, bounds=(20, 130), doc="Figure 1: λ.")
    rate = param.Number(default=0.8, bounds=(0.05, 1.0), doc="Figure 1: match rate p.")
    beta = param.Number(default=2.0, bounds=(0.25, 4.0), doc="Figure 1: chrF's β.")
    block_length = param.Integer(default=100, bounds=(10, 200), doc="Figure 2: λ.")
    block_rate = param.Number(default=0.8, bounds=(0.05, 1.0), doc="Figure 2: match rate q.")
    caps_text = param.String(default="8, 16, 32, 64", doc="Caps of the weight-share table.")
    compare_cap = param.Integer(default=64, bounds=(1, 64), doc="N1 of the cap decomposition.")

    length_curves = param.Dict(default={}, constant=True, doc="Figure 1: j and one column each.")
    centroids = param.Dict(default={}, constant=True, doc="Score-weighted centroid per model.")
    centroid_lengths = param.Range(default=(50, 150), constant=True, doc="Centroid's j range.")
    block_curves = param.Dict(default={}, constant=True, doc="Figure 2: cap, harmonic, uniform.")
    share_rows = param.List(default=[], constant=True, doc="(cap, 1/n share, uniform share).")
    share_problem = param.ClassSelector(
        class_=Message, default=None, constant=True, doc="Why caps_text is not valid."
    )
    cap_scores = param.Dict(default={}, constant=True, doc="Demo: cap and score columns.")
    cap_explanations = param.List(default=[], constant=True, doc="Demo: one per cap 1..64.")
    cap_message = param.ClassSelector(
        class_=Message, default=None, constant=True, doc="Why the demo shows nothing."
    )
    cap_decomposition = param.Dict(default={}, constant=True, doc="ΔA, ΔD, change, S0, S1.")

    @param.depends("reference_length", "rate", "beta", watch=True, on_init=True)
    def _length_model(self) -> None:
        lam, p = self.reference_length, self.rate
        models = {**MODELS, "chrF": lambda j, r, q: chrf_model(j, r, q, self.beta)}
        curves = {"j": list(LENGTHS)}
        curves |= {name: [model(j, lam, p) for j in LENGTHS] for name, model in models.items()}
        low, high = round(lam / 2), round(3 * lam / 2)
        centroids = {
            name: score_weighted_centroid(model, lam, p, range(low, high + 1))
            for name, model in models.items()
        }
        with param.edit_constant(self):
            self.param.update(
                length_curves=curves, centroids=centroids, centroid_lengths=(low, high)
            )

    @param.depends("block_length", "block_rate", watch=True, on_init=True)
    def _block_model(self) -> None:
        lam, q = self.block_length, self.block_rate
        curves = {"cap": list(CAPS)}
        curves |= {w: [block_ratio(n, w, lam, q) for n in CAPS] for w in ("harmonic", "uniform")}
        with param.edit_constant(self):
            self.block_curves = curves

    @param.depends("caps_text", watch=True, on_init=True)
    def _shares(self) -> None:
        caps, problem = parse_caps(self.caps_text)
        rows = [
            (cap, *(weight_share_above(SHARE_ORDER, cap, w) for w in ("harmonic", "uniform")))
            for cap in caps
        ]
        with param.edit_constant(self):
            self.param.update(share_rows=rows, share_problem=problem)

    def block_at(self, cap: int) -> dict[str, float]:
        """``B_N`` at ``cap`` for both weightings, at the current λ and q of Figure 2."""
        return {w: self.block_curves[w][cap - 1] for w in ("harmonic", "uniform")}

    def clear_caps(self, message: Message | None = None) -> None:
        """Forget the cap-sensitivity results (the single-item input changed)."""
        with param.edit_constant(self):
            self.param.update(
                cap_scores={}, cap_explanations=[], cap_decomposition={}, cap_message=message
            )

    def measure_caps(self, item: ExplorerState) -> None:
        """Score ``item``'s input at every cap 1..64 (its weights); skip with a message if the
        item has no explanation or is longer than :data:`CAP_LIMIT` characters."""
        size = len(item.candidate) + sum(map(len, item.references))
        if item.explanation is None:
            self.clear_caps(Message("caps.no_explanation", {"reason": item.message}))
            return
        if size > CAP_LIMIT:
            self.clear_caps(Message("caps.too_long", {"size": size, "limit": CAP_LIMIT}))
            return
        explanations = [
            charsim.explain(item.candidate, item.references, max_order=cap, weights=item.weights)
            for cap in SWEEP
        ]
        with param.edit_constant(self):
            self.param.update(
                cap_explanations=explanations,
                cap_scores={"cap": list(SWEEP), "score": [float(e.score) for e in explanations]},
                cap_message=None,
            )
        self._decompose()

    @param.depends("compare_cap", watch=True)
    def _decompose(self) -> None:
        explanations, decomposition, message = self.cap_explanations, {}, self.cap_message
        if explanations:
            base, other = explanations[BASE_CAP - 1], explanations[self.compare_cap - 1]
            if base.denominator == 0:
                message = Message("caps.empty_rule")
            else:
                delta_a, delta_d, change = cap_change(
                    base.mean_overlap, base.denominator, other.mean_overlap, other.denominator
                )
                decomposition = {
                    "A0": base.mean_overlap,
                    "D0": base.denominator,
                    "S0": base.score,
                    "S1": other.score,
                    "delta_a": delta_a,
                    "delta_d": delta_d,
                    "change": change,
                }
        with param.edit_constant(self):
            self.param.update(cap_decomposition=decomposition, cap_message=message)


def percent(share: Fraction) -> str:
    """A share as a whole percentage, as §5.7 prints it (``"49 %"``)."""
    return f"{float(100 * share):.0f} %"

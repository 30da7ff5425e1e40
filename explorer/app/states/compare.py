"""State of the About tab's two comparisons on the single item of the first tab.

No Panel import here: views read this object and write ``beta``; tests drive it directly. Why a
comparison is missing is a :class:`~explorer.app.i18n.Message` (catalog ``compare.*``).

* F_β against ``min(P, R)`` (§5.5): the item's own ``P`` and ``R`` (exact, from
  :func:`charsim.explain`) combined both ways, exact for the slider's rational β.
* Length bias (§6.1–§6.3): charsim, chrF_β and BLEU as the length model of
  :mod:`charsim.metric.models`, a function of the candidate's length alone (sacreBLEU's actual
  scores of the item are the single-item tab's comparison, :mod:`explorer.app.states.metrics`),
  evaluated at the item's candidate length ``λ̂ = |t|``, its mean reference length
  ``λ = (1/K) Σ_i |r_i|`` (characters) and its *observed match rate*
  ``p̂ = M̄ / min(L_t, L̄_r) = max(P, R)``: the weighted overlap as a share of the shorter
  side's weighted length, which is what the model's ``p`` is (the share of the shorter side's
  n-grams that match), with the orders weighted as charsim weighs them.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import param

from charsim.metric.models import bleu_model, charsim_model, chrf_model, f_beta

from ..i18n import Message
from .follow import FollowsItem
from .single import ExplorerState

__all__ = ["BETA_GRID", "BETAS", "CompareState"]

BETAS = (1, 2, 3)
"""β values whose F_β is always listed next to ``min(P, R)``."""

BETA_STEP = Fraction(1, 20)
"""The β slider's step; its value is read as an exact multiple of it."""

BETA_GRID = [k * BETA_STEP for k in range(2, 101)]
"""β values of the F_β curve: 0.1 to 5 in steps of 0.05."""

CURVE_POINTS = 200
"""Candidate lengths j on the length-bias curve: evenly spaced over ``(0, max(2λ, 1.25 λ̂)]``
(the model takes any positive length, so short inputs still get a smooth curve)."""


class CompareState(FollowsItem):
    """F_β versus ``min(P, R)`` and the length model at the single item's lengths."""

    beta = param.Number(default=2.0, bounds=(0.1, 5.0), step=0.05, doc="β of F_β and chrF_β.")

    precision = param.Parameter(default=None, constant=True, doc="P of the item (Fraction).")
    recall = param.Parameter(default=None, constant=True, doc="R of the item (Fraction).")
    fbeta_rows = param.List(default=[], constant=True, doc="(β, F_β) at 1, 2, 3 and the slider.")
    fbeta_curve = param.Dict(default={}, constant=True, doc="beta, f_beta, minimum, maximum.")
    fbeta_message = param.ClassSelector(
        class_=Message, default=None, constant=True, doc="Why there is no F_β."
    )
    bias_point = param.Dict(default={}, constant=True, doc="λ̂, λ, p̂, the models and the score.")
    bias_curves = param.Dict(default={}, constant=True, doc="j and one column per model.")
    bias_message = param.ClassSelector(
        class_=Message, default=None, constant=True, doc="Why there is no length model."
    )

    def __init__(
        self,
        item: ExplorerState,
        deferred: Callable[[Callable], Callable] = lambda f: f,
        **params,
    ) -> None:
        """Follow ``item`` (see :class:`~explorer.app.states.follow.FollowsItem`) and the
        slider's β."""
        super().__init__(item, deferred, **params)
        self.param.watch(self._recompute, ["beta"])

    @property
    def exact_beta(self) -> Fraction:
        """The slider's β as an exact multiple of :data:`BETA_STEP`."""
        return round(Fraction(self.beta) / BETA_STEP) * BETA_STEP

    def _recompute(self, *_events) -> None:
        e = self.item.explanation
        precision, recall = (e.precision, e.recall) if e is not None else (None, None)
        with param.edit_constant(self):
            self.param.update(precision=precision, recall=recall)
        self._f_beta()
        self._length_bias()

    def _f_beta(self) -> None:
        precision, recall = self.precision, self.recall
        rows, curve, message = [], {}, None
        if precision is None or recall is None:
            message = Message("compare.no_precision_recall")
        else:
            betas = [*map(Fraction, BETAS), self.exact_beta]
            rows = [(beta, f_beta(precision, recall, beta)) for beta in betas]
            curve = {
                "beta": [float(beta) for beta in BETA_GRID],
                # exact first: with P = R every F_β is exactly P, with no float noise to plot
                "f_beta": [float(f_beta(precision, recall, beta)) for beta in BETA_GRID],
                "minimum": [float(min(precision, recall))] * len(BETA_GRID),
                "maximum": [float(max(precision, recall))] * len(BETA_GRID),
            }
        with param.edit_constant(self):
            self.param.update(fbeta_rows=rows, fbeta_curve=curve, fbeta_message=message)

    def _length_bias(self) -> None:
        e, point, curves, message = self.item.explanation, {}, {}, None
        if e is None or not e.candidate or not any(e.references):
            message = Message("compare.empty_text")
        elif e.mean_overlap == 0:
            message = Message("compare.no_match")
        else:
            length = len(e.candidate)
            reference_length = Fraction(sum(map(len, e.references)), e.k)
            rate = max(e.precision, e.recall)
            models = self._models()
            lam, p = float(reference_length), float(rate)
            point = {
                "length": length,
                "reference_length": reference_length,
                "rate": rate,
                "score": e.score,
            }
            point |= {name: model(length, lam, p) for name, model in models.items()}
            top = max(2 * lam, 1.25 * length)
            lengths = [top * k / CURVE_POINTS for k in range(1, CURVE_POINTS + 1)]
            curves = {"j": lengths}
            curves |= {name: [model(j, lam, p) for j in lengths] for name, model in models.items()}
        with param.edit_constant(self):
            self.param.update(bias_point=point, bias_curves=curves, bias_message=message)

    def _models(self) -> dict:
        """Length-model functions ``(λ̂, λ, p) → score``, chrF at the slider's β."""
        beta = float(self.exact_beta)
        return {
            "charsim": charsim_model,
            "chrF": lambda j, lam, p: chrf_model(j, lam, p, beta),
            "BLEU": bleu_model,
        }

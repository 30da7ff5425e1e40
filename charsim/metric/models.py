"""The simplified models of §5.7 and §6: how charsim, chrF and BLEU react to length and to how
matches are spread, with no real text involved.

* F_β against min(P, R) (§5.5): the F-measure of one pair ``P, R``, exact for rational inputs.
* Length model (§6.1–§6.3): single reference of ``λ`` characters, candidate of ``λ̂``; a share
  ``p`` of the shorter side's n-grams match at every order, so ``P = p min(λ̂, λ)/λ̂`` and
  ``R = p min(λ̂, λ)/λ``. charsim = min(P, R); chrF_β = (1+β²)PR/(β²P+R); BLEU = P·BP.
* Block versus scattered matches (§6.4): ``B_N`` compares one block of ``qλ`` matching
  characters with matches scattered independently at rate ``q``.
* Weight above an order (§5.7) and the cap-sensitivity identity of §5.7.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

__all__ = [
    "bleu_model",
    "block_ratio",
    "cap_change",
    "charsim_model",
    "chrf_model",
    "f_beta",
    "length_model_precision_recall",
    "score_weighted_centroid",
    "weight_share_above",
]


def f_beta(precision, recall, beta=2):
    """The F-measure ``F_β = (1+β²)PR/(β²P+R)`` of §5.5, 0 if ``P`` or ``R`` is 0.

    For ``β > 0`` it lies between the two: ``min(P, R) ≤ F_β ≤ max(P, R)`` (§5.5); charsim
    scores ``min(P, R)`` instead. Exact (a ``Fraction``) when ``P``, ``R`` and ``β`` are
    ``int`` or ``Fraction``; a ``float`` if any of them is a float.

    Args:
        precision: ``P`` in ``[0, 1]``.
        recall: ``R`` in ``[0, 1]``.
        beta: ``β > 0``; ``β > 1`` weighs recall more (chrF uses 2).

    Raises:
        ValueError: ``β ≤ 0``.
    """
    if beta <= 0:
        raise ValueError(f"β must be positive, got {beta}")
    if precision == 0 or recall == 0:
        exact = all(isinstance(x, int | Fraction) for x in (precision, recall, beta))
        return Fraction(0) if exact else 0.0
    square = beta * beta
    return (1 + square) * precision * recall / (square * precision + recall)


def length_model_precision_recall(length: float, reference_length: float, rate: float):
    """``(P, R)`` of the length model (§6.1) for candidate length ``λ̂`` (> 0) and match rate ``p``.

    Raises:
        ValueError: a non-positive length, or a rate outside ``(0, 1]``.
    """
    if length <= 0 or reference_length <= 0:
        raise ValueError("lengths must be positive")
    if not 0 < rate <= 1:
        raise ValueError("the match rate p must be in (0, 1]")
    matched = rate * min(length, reference_length)
    return matched / length, matched / reference_length


def charsim_model(length: float, reference_length: float, rate: float) -> float:
    """charsim in the length model: ``min(P, R) = p · min(λ̂, λ)/max(λ̂, λ)`` (§6.2)."""
    return min(length_model_precision_recall(length, reference_length, rate))


def chrf_model(length: float, reference_length: float, rate: float, beta: float = 2.0) -> float:
    """chrF_β in the length model: :func:`f_beta` of the model's ``P`` and ``R`` (§5.5, §6.1)."""
    return f_beta(*length_model_precision_recall(length, reference_length, rate), beta)


def bleu_model(length: float, reference_length: float, rate: float) -> float:
    """BLEU in the length model: ``P · BP``, ``BP = exp(1 − λ/λ̂)`` when ``λ̂ < λ`` (§6.1)."""
    precision, _ = length_model_precision_recall(length, reference_length, rate)
    brevity = 1.0 if length >= reference_length else math.exp(1 - reference_length / length)
    return precision * brevity


def score_weighted_centroid(
    model: Callable[[float, float, float], float],
    reference_length: float = 100,
    rate: float = 0.8,
    lengths: range = range(50, 151),
) -> float:
    """``μ̄ = Σ_j j S(j) / Σ_j S(j)`` over candidate lengths ``j`` (§6.3; 100 = no length bias)."""
    scores = [model(j, reference_length, rate) for j in lengths]
    return sum(j * s for j, s in zip(lengths, scores, strict=True)) / sum(scores)


def block_ratio(cap: int, weights: str = "harmonic", length: float = 100, rate: float = 0.8):
    """``B_N``: score of one block of ``qλ`` matches over scattered matches at rate ``q`` (§6.4).

    ``B_N = Σ_n w_n max(qλ − n + 1, 0) / Σ_n w_n q^n λ`` for ``n = 1..N``.

    Args:
        cap: the order cap ``N``.
        weights: ``"harmonic"`` (1/n) or ``"uniform"``.
        length: ``λ``, characters of candidate and reference.
        rate: ``q``, the share of matching characters.
    """

    def weight(n: int) -> float:
        return 1 / n if weights == "harmonic" else 1.0

    block = sum(weight(n) * max(rate * length - n + 1, 0) for n in range(1, cap + 1))
    scattered = sum(weight(n) * rate**n * length for n in range(1, cap + 1))
    return block / scattered


def weight_share_above(order: int, cap: int, weights: str = "harmonic") -> Fraction:
    """Share of the total weight on orders above ``order`` when each order has as many n-grams
    (§5.7): ``1 − H_order/H_cap`` for 1/n weights, ``1 − order/cap`` for uniform ones."""
    if weights == "uniform":
        return 1 - Fraction(order, cap)
    harmonic = [Fraction(1, n) for n in range(1, cap + 1)]
    return 1 - sum(harmonic[:order]) / sum(harmonic)


def cap_change(numerator_0, denominator_0, numerator_1, denominator_1):
    """§5.7: ``S_{N1} − S_{N0} = (ΔA − S_{N0} ΔD) / (D_{N0} + ΔD)`` for ``S = A/D``.

    Returns:
        ``(ΔA, ΔD, change)`` with ``change`` computed by the identity (exact for Fractions).

    Raises:
        ZeroDivisionError: ``D_{N0} = 0``.
    """
    score_0 = numerator_0 / denominator_0
    delta_a, delta_d = numerator_1 - numerator_0, denominator_1 - denominator_0
    return delta_a, delta_d, (delta_a - score_0 * delta_d) / (denominator_0 + delta_d)

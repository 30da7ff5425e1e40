"""Which side decides the main score: precision, recall, both, or an empty-input rule (§3.1)."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

__all__ = ["Decision", "decide"]


class Decision(StrEnum):
    """Which side decides the main score (§3.1, §4.2, §4.3), or which empty-input rule applies."""

    RECALL = "recall"
    PRECISION = "precision"
    EQUAL = "equal"
    ALL_EMPTY = "all-empty"
    CANDIDATE_EMPTY = "candidate-empty"
    REFERENCES_EMPTY = "references-empty"

    @property
    def description(self) -> str:
        """One English sentence saying why."""
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    Decision.RECALL: "Recall decides: the candidate is shorter than the mean reference "
    "(L_t < L̄_r), so the score is M̄ / L̄_r and cannot exceed L_t / L̄_r (§4.2).",
    Decision.PRECISION: "Precision decides: the candidate is longer than the mean reference "
    "(L_t > L̄_r), so the score is M̄ / L_t and cannot exceed L̄_r / L_t (§4.3).",
    Decision.EQUAL: "Both decide: the candidate and the mean reference have equal weighted "
    "length (L_t = L̄_r), so P = R.",
    Decision.ALL_EMPTY: "Empty-input rule: the candidate and every reference are empty, "
    "so the score is 1 (§3.1).",
    Decision.CANDIDATE_EMPTY: "Empty-input rule: the candidate is empty but the references are "
    "not (L_t = 0 < L̄_r), so the score is 0 (§3.1).",
    Decision.REFERENCES_EMPTY: "Empty-input rule: every reference is empty but the candidate is "
    "not (L̄_r = 0 < L_t), so the score is 0 (§3.1).",
}


def decide(length_t: Fraction | int, length_r: Fraction | int) -> Decision:
    """Which side decides for weighted lengths ``L_t`` and ``L̄_r`` (any common unit, §3.1)."""
    if length_t == 0 and length_r == 0:
        return Decision.ALL_EMPTY
    if length_t == 0:
        return Decision.CANDIDATE_EMPTY
    if length_r == 0:
        return Decision.REFERENCES_EMPTY
    if length_t < length_r:
        return Decision.RECALL
    if length_t > length_r:
        return Decision.PRECISION
    return Decision.EQUAL

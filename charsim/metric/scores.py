"""The three scores: charsim (mean-length, §3.1), base form (§2.4), max over references (§3.3)."""

from __future__ import annotations

from collections.abc import Sequence

from .config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS
from .inputs import prepare
from .pair import pair_overlaps
from .stats import ItemStats, ItemSummary, item_stats

__all__ = ["score", "score_base", "score_max", "stats", "summarize"]


def stats(
    candidate: str,
    references: Sequence[str],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
) -> ItemStats:
    """The exact sufficient statistics of one item (arguments and errors as in :func:`score`)."""
    p = prepare(
        candidate, references, max_order, weights, normalize, casefold, fold_whitespace_quotes
    )
    matrix = [pair_overlaps(p.candidate, r, p.order_cap) for r in p.references]
    return item_stats(p.candidate, p.references, p.config, matrix)


def score(
    candidate: str,
    references: Sequence[str],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
) -> float:
    """charsim, the main definition: ``M̄ / max(L_t, L̄_r) = min(P, R)`` (§3.1).

    Args:
        candidate: the candidate text ``t``. Characters are Unicode code points; whitespace
            counts; case matters.
        references: the reference set, ``K >= 1`` texts; a multiset (duplicates weigh double,
            order is irrelevant). ``[""]`` holds one empty reference.
        max_order: the order cap, 1 to 64 (32 is standard, §2.5; any other value is a derived
            variant; outside 1..64 it raises ValueError).
        weights: ``"harmonic"`` (``1/n``, standard) or ``"uniform"`` (derived variant, §6.4).
        normalize: optional explicit Unicode normalisation of every text (``"NFC"``, ...).
        casefold: optional explicit case folding of every text.
        fold_whitespace_quotes: optional explicit whitespace/quote folding of every text
            (:func:`charsim.metric.preprocess.fold_whitespace_quotes`).

    Returns:
        The score in ``[0, 1]``: the exact rational value rounded once to a float.

    Raises:
        TypeError: a non-``str`` candidate or reference, or ``references`` given as one ``str``.
        UndefinedScoreError: the reference set is empty (K = 0).
        ValueError: invalid settings.
    """
    return stats(**locals()).mean_length_float()  # locals(): the arguments, nothing else yet


def score_base(
    candidate: str,
    references: Sequence[str],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
) -> float:
    """charsim_base: the mean over references of ``s_i = M_i / max(L_t, L_i)`` (§2.4).

    Arguments, return range and errors as in :func:`score`.
    """
    return float(stats(**locals()).base_score())  # locals(): the arguments


def score_max(
    candidate: str,
    references: Sequence[str],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
) -> float:
    """The maximum over references of ``s_i``, for "any one correct answer" use (§3.3).

    Arguments, return range and errors as in :func:`score`.
    """
    return float(stats(**locals()).max_score())  # locals(): the arguments


def summarize(
    candidate: str,
    references: Sequence[str],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
) -> ItemSummary:
    """Scores, P, R, decision and lengths of one item in one pass (errors as in :func:`score`)."""
    return stats(**locals()).summary()  # locals(): the arguments

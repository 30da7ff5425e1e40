"""Input checking and the explicit preprocessing shared by every entry point."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from .config import Config
from .errors import UndefinedScoreError
from .preprocess import Preprocessing
from .values import as_tuple, type_name

__all__ = ["Prepared", "check_inputs", "check_references", "prepare", "settings"]


def check_inputs(candidate: str, references: Sequence[str]) -> tuple[str, ...]:
    """Validate a candidate and a reference set.

    ``references`` is any sequence of ``str`` (:func:`charsim.metric.values.is_sequence`): a list, a
    tuple, a numpy array or a pandas ``Series`` of ``str``.

    Returns:
        The references, in order, as a tuple.

    Raises:
        TypeError: ``candidate`` is not a ``str``; ``references`` is a ``str``, ``bytes`` or not a
            sequence; or one reference is not a ``str`` (the message names which).
        UndefinedScoreError: the reference set is empty (K = 0, §1.1).
    """
    if not isinstance(candidate, str):
        raise TypeError(f"candidate must be a str, got {type_name(candidate)}")
    if isinstance(references, bytes | bytearray):
        raise TypeError(f"references must be a sequence of str, got {type(references).__name__}")
    if isinstance(references, str):
        raise TypeError(
            "references must be a sequence of str, got a single str; wrap it in a list: [reference]"
        )
    references = as_tuple(references, "references must be a sequence of str")
    for i, reference in enumerate(references):
        if not isinstance(reference, str):
            raise TypeError(f"references[{i}] must be a str, got {type_name(reference)}")
    if not references:
        raise UndefinedScoreError(
            "charsim is undefined for an empty reference set (K = 0); "
            'a set holding one empty reference is [""], which is defined (§1.1, §3.1)'
        )
    return references


def check_references(references: Sequence[str]) -> None:
    """Validate a reference set alone (see :func:`check_inputs`)."""
    check_inputs("", references)


def settings(
    max_order: int,
    weights: str,
    normalize: str | None,
    casefold: bool,
    fold_whitespace_quotes: bool,
) -> tuple[Config, Preprocessing]:
    """The :class:`Config` and :class:`Preprocessing` of these settings, checked.

    Both are immutable, so the same settings give the same two objects, kept from the last
    calls: scoring sentence by sentence does not check them again for every sentence. Settings
    that differ in type (``32`` and ``32.0``, ``True`` and ``1``) are kept apart, so each is
    checked once; a setting that cannot be kept (a list) is checked every time.

    Raises:
        TypeError, ValueError: as :class:`Config` and :class:`Preprocessing`.
    """
    try:
        return _checked_settings(max_order, weights, normalize, casefold, fold_whitespace_quotes)
    except TypeError:  # an unhashable setting, or one refused: checked again, to say why
        return _checked_settings.__wrapped__(
            max_order, weights, normalize, casefold, fold_whitespace_quotes
        )


@lru_cache(maxsize=64, typed=True)
def _checked_settings(
    max_order: int, weights: str, normalize: str | None, casefold: bool, fold: bool
) -> tuple[Config, Preprocessing]:
    return Config(max_order, weights), Preprocessing(normalize, casefold, fold)


class Prepared(NamedTuple):
    """Validated, preprocessed inputs of one computation.

    Attributes:
        candidate: the candidate after preprocessing.
        references: the references after preprocessing.
        config: order cap and weights.
        preprocessing: what was applied.
        order_cap: ``N = min(max(|t|, max_i |r_i|) + 2, cap)`` (§2.5).
    """

    candidate: str
    references: tuple[str, ...]
    config: Config
    preprocessing: Preprocessing
    order_cap: int


def prepare(
    candidate: str,
    references: Sequence[str],
    max_order: int,
    weights: str,
    normalize: str | None,
    casefold: bool,
    fold_whitespace_quotes: bool = False,
) -> Prepared:
    """Check the inputs and settings, then apply the requested preprocessing.

    Raises:
        TypeError: a non-``str`` text, or ``references`` given as one ``str``.
        UndefinedScoreError: ``references`` is empty (K = 0).
        ValueError: invalid settings.
    """
    references = check_inputs(candidate, references)
    config, prep = settings(max_order, weights, normalize, casefold, fold_whitespace_quotes)
    if not prep.is_identity:
        candidate = prep.apply(candidate)
        references = tuple(map(prep.apply, references))
    order_cap = config.order_cap(max(len(candidate), *map(len, references)))
    return Prepared(candidate, references, config, prep, order_cap)

"""A sacreBLEU-style signature that records how a number was computed.

Example: ``charsim|variant:mean|cap:32|w:1/n|norm:none|version:0.1.0``. Preprocessing fields
appear when used (``case:fold``, ``fold:space+quote``), ``nrefs`` when known; the version is
last.
"""

from __future__ import annotations

from .config import Config
from .preprocess import Preprocessing
from .version import __version__

__all__ = ["VARIANTS", "signature", "signature_of"]

VARIANTS = ("mean", "base", "max")
"""``mean``: the main definition (§3.1); ``base``: §2.4; ``max``: max over references (§3.3)."""


def signature(
    variant: str = "mean",
    *,
    max_order: int = 32,
    weights: str = "harmonic",
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
    nrefs: int | None = None,
) -> str:
    """Return the signature string of a charsim computation.

    Args:
        variant: one of :data:`VARIANTS`.
        max_order: the order cap (32 is standard).
        weights: ``"harmonic"`` (1/n, standard) or ``"uniform"``.
        normalize: the Unicode normalisation form applied, if any.
        casefold: whether case folding was applied.
        fold_whitespace_quotes: whether whitespace/quote folding was applied.
        nrefs: the number of references per item (an int >= 1) when it is the same for all
            items, else None (the field is left out).

    Raises:
        TypeError: ``nrefs`` is neither None nor an int, or a mistyped setting (see ``Config``,
            ``Preprocessing``).
        ValueError: an unknown variant, ``nrefs < 1``, or an invalid setting.
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
    if nrefs is not None:
        if isinstance(nrefs, bool) or not isinstance(nrefs, int):
            raise TypeError(f"nrefs must be None or an int, got {type(nrefs).__name__}")
        if nrefs < 1:
            raise ValueError(f"nrefs must be at least 1 (references per item), got {nrefs}")
    config = Config(max_order, weights)
    prep = Preprocessing(normalize, casefold, fold_whitespace_quotes)
    fields = [
        "charsim",
        f"variant:{variant}",
        f"cap:{config.max_order}",
        "w:1/n" if config.weights == "harmonic" else "w:uniform",
        *prep.fields,
    ]
    if nrefs is not None:
        fields.append(f"nrefs:{nrefs}")
    fields.append(f"version:{__version__}")
    return "|".join(fields)


def signature_of(
    config: Config, preprocessing: Preprocessing, variant: str = "mean", nrefs: int | None = None
) -> str:
    """:func:`signature` for settings already held as ``Config`` and ``Preprocessing`` objects."""
    return signature(
        variant,
        max_order=config.max_order,
        weights=config.weights,
        normalize=preprocessing.normalize,
        casefold=preprocessing.casefold,
        fold_whitespace_quotes=preprocessing.fold_whitespace_quotes,
        nrefs=nrefs,
    )

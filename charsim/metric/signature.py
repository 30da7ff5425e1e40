"""A sacreBLEU-style signature that records how a number was computed.

Example: ``charsim|variant:mean|cap:32|w:1/n|norm:none|version:0.1.0``. Preprocessing fields
appear when used (``case:fold``, ``fold:space+quote``), ``nrefs`` when known, then the
resampling of significance tests and intervals as sacreBLEU spells it (``bs:1000|seed:12345``,
``ar:10000``); the version is last.
"""

from __future__ import annotations

from ..version import __version__
from .config import Config
from .preprocess import Preprocessing
from .values import whole_number

__all__ = ["VARIANTS", "VARIANT_NAMES", "score_name", "signature", "signature_of"]

VARIANTS = ("mean", "base", "max")
"""``mean``: the main definition (§3.1); ``base``: §2.4; ``max``: max over references (§3.3)."""

VARIANT_NAMES = {"mean": "charsim", "base": "charsim_base", "max": "charsim_max"}
"""The name each variant's score is printed under (``charsim = 0.4519``)."""


def score_name(variant: str, config: Config) -> str:
    """The name a score is printed under: :data:`VARIANT_NAMES`'s for the article's settings,
    ``"derived variant"`` for any other cap or weights (§5.7, §6.4), as the command line prints.

    Raises:
        KeyError: an unknown variant.
    """
    return VARIANT_NAMES[variant] if config.is_standard else "derived variant"


NREFS_VARIABLE = "var"
"""``nrefs`` of a corpus whose items have different numbers of references (sacreBLEU's)."""
_COUNTS = {"nrefs": "references per item", "bootstrap": "resamples", "randomization": "trials"}
_FIELDS = {"nrefs": "nrefs", "bootstrap": "bs", "randomization": "ar", "seed": "seed"}


def signature(
    variant: str = "mean",
    *,
    max_order: int = 32,
    weights: str = "harmonic",
    normalize: str | None = None,
    casefold: bool = False,
    fold_whitespace_quotes: bool = False,
    nrefs: int | str | None = None,
    bootstrap: int | None = None,
    randomization: int | None = None,
    seed: int | None = None,
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
            items, ``"var"`` when it varies (sacreBLEU's ``nrefs:var``), None to leave the field
            out (unknown, or no items).
        bootstrap: bootstrap resamples behind the reported intervals or paired bootstrap test
            (``bs:``), if any.
        randomization: trials of the paired approximate randomization test (``ar:``), if any.
        seed: the seed of that resampling (``seed:``; required with ``bootstrap`` or
            ``randomization``, see :mod:`charsim.significance`).

    Raises:
        TypeError: ``nrefs`` is neither None, an int nor a str, ``bootstrap``,
            ``randomization`` or ``seed`` is neither None nor an int, or a mistyped setting
            (see ``Config``, ``Preprocessing``).
        ValueError: an unknown variant, ``nrefs`` a text other than ``"var"``, ``nrefs``,
            ``bootstrap`` or ``randomization`` below 1,
            a seed without resampling or resampling without a seed, or an invalid setting.
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
    numbers = {"nrefs": nrefs, "bootstrap": bootstrap, "randomization": randomization, "seed": seed}
    if isinstance(nrefs, str) and nrefs != NREFS_VARIABLE:
        raise ValueError(
            f"nrefs must be None, an int or {NREFS_VARIABLE!r} (counts that vary), got {nrefs!r}"
        )
    if not isinstance(nrefs, str):
        try:
            numbers["nrefs"] = whole_number(nrefs, "nrefs", allow_none=True)
        except TypeError:
            raise TypeError(
                f"nrefs must be None, an int or {NREFS_VARIABLE!r} (counts that "
                f"vary), got {type(nrefs).__name__}"
            ) from None
    numbers = {
        name: value if name == "nrefs" else whole_number(value, name, allow_none=True)
        for name, value in numbers.items()
    }
    nrefs, bootstrap, randomization, seed = numbers.values()
    for name, value in numbers.items():
        if value is not None and value != NREFS_VARIABLE and name in _COUNTS and value < 1:
            raise ValueError(f"{name} must be at least 1 ({_COUNTS[name]}), got {value}")
    if (seed is None) != (bootstrap is None and randomization is None):
        raise ValueError("seed is required with bootstrap or randomization, and only with them")
    config = Config(max_order, weights)
    prep = Preprocessing(normalize, casefold, fold_whitespace_quotes)
    fields = [
        "charsim",
        f"variant:{variant}",
        f"cap:{config.max_order}",
        "w:1/n" if config.weights == "harmonic" else "w:uniform",
        *prep.fields,
    ]
    fields += [f"{_FIELDS[name]}:{value}" for name, value in numbers.items() if value is not None]
    fields.append(f"version:{__version__}")
    return "|".join(fields)


def signature_of(
    config: Config,
    preprocessing: Preprocessing,
    variant: str = "mean",
    nrefs: int | str | None = None,
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

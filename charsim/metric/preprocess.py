"""Optional, explicit preprocessing: Unicode normalisation, case folding and whitespace/quote
folding (§1.1).

charsim compares code points as they are. Normalising (NFC, NFKC, NFD, NFKD), case folding or
folding whitespace and quotes is a preprocessing choice the user makes; it is never applied
silently and always appears in the signature.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .values import flag

__all__ = ["NORMALIZATION_FORMS", "QUOTE_FOLDS", "Preprocessing", "fold_whitespace_quotes"]

NORMALIZATION_FORMS = ("NFC", "NFKC", "NFD", "NFKD")
"""Unicode normalisation forms accepted by ``normalize=``."""

QUOTE_FOLDS = {
    "\u2018": "'",  # LEFT SINGLE QUOTATION MARK
    "\u2019": "'",  # RIGHT SINGLE QUOTATION MARK (also the typographic apostrophe)
    "\u201a": "'",  # SINGLE LOW-9 QUOTATION MARK
    "\u201b": "'",  # SINGLE HIGH-REVERSED-9 QUOTATION MARK
    "\u201c": '"',  # LEFT DOUBLE QUOTATION MARK
    "\u201d": '"',  # RIGHT DOUBLE QUOTATION MARK
    "\u201e": '"',  # DOUBLE LOW-9 QUOTATION MARK
    "\u201f": '"',  # DOUBLE HIGH-REVERSED-9 QUOTATION MARK
}
"""The quotation marks that whitespace/quote folding replaces by ASCII ``'`` or ``"``.

Guillemets (« » ‹ ›), primes (′ ″) and CJK brackets (「 」) are left alone: they are not
typographic variants of the ASCII marks but marks of their own. Fullwidth ``＂`` and ``＇``
become ASCII under NFKC.
"""

_QUOTE_TABLE = str.maketrans(QUOTE_FOLDS)


def fold_whitespace_quotes(text: str) -> str:
    """Whitespace/quote folding: the typographic variants that look alike made alike.

    Every whitespace character (what ``str.split()`` splits at: space, tab, no-break space
    U+00A0, narrow no-break space U+202F, the spaces U+2000–U+200A, ideographic space U+3000,
    line and paragraph separators, ...; the same whitespace that sacreBLEU's chrF removes)
    becomes one U+0020 SPACE, runs of it collapse to one space, and leading and trailing
    whitespace is removed; the curly quotation marks of :data:`QUOTE_FOLDS` become ASCII
    ``'`` and ``"``. Zero-width characters (U+200B, U+200C, U+200D, U+2060) are not whitespace
    and are kept: joiners change how some scripts are written.

        >>> fold_whitespace_quotes("\u201cIt\u2019s\u00a0 here\u201d ")
        '"It\\'s here"'

    Args:
        text: any text (code points).

    Returns:
        The folded text (a ``str``; it may be shorter).

    Raises:
        TypeError: ``text`` is not a ``str`` (``None``, ``bytes``).
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    return " ".join(text.split()).translate(_QUOTE_TABLE)


@dataclass(frozen=True)
class Preprocessing:
    """What to do to every text before scoring, in this order: normalise, case-fold, fold
    whitespace and quotes.

    Args:
        normalize: ``None`` (default: compare code points as given) or one of
            :data:`NORMALIZATION_FORMS`.
        casefold: apply ``str.casefold`` (full Unicode case folding: ``"ß"`` becomes ``"ss"``).
            With ``normalize`` set, the text is normalised again after folding, so the result is
            in the requested form.
        fold_whitespace_quotes: apply :func:`fold_whitespace_quotes` last (the result stays in
            the requested normalisation form: it only writes ASCII and removes whitespace).

    Raises:
        ValueError: ``normalize`` is not one of :data:`NORMALIZATION_FORMS`.
        TypeError: ``casefold`` or ``fold_whitespace_quotes`` is not a bool (``numpy.bool_`` is
            taken as one).
    """

    normalize: str | None = None
    casefold: bool = False
    fold_whitespace_quotes: bool = False

    def __post_init__(self) -> None:
        if self.normalize is not None and self.normalize not in NORMALIZATION_FORMS:
            raise ValueError(
                f"normalize must be None or one of {NORMALIZATION_FORMS}, got {self.normalize!r}"
            )
        for name in ("casefold", "fold_whitespace_quotes"):  # numpy.True_ too, as True
            object.__setattr__(self, name, flag(getattr(self, name), name))

    @property
    def is_identity(self) -> bool:
        """True when texts are compared exactly as given (the default)."""
        return self.normalize is None and not self.casefold and not self.fold_whitespace_quotes

    @property
    def options(self) -> dict:
        """These settings as the keyword arguments of :func:`charsim.score` and the others."""
        return {
            "normalize": self.normalize,
            "casefold": self.casefold,
            "fold_whitespace_quotes": self.fold_whitespace_quotes,
        }

    @property
    def fields(self) -> tuple[str, ...]:
        """The signature fields of this preprocessing: ``norm:…`` always, ``case:fold`` and
        ``fold:space+quote`` when applied."""
        return (
            f"norm:{self.normalize or 'none'}",
            *(["case:fold"] if self.casefold else []),
            *(["fold:space+quote"] if self.fold_whitespace_quotes else []),
        )

    def apply(self, text: str) -> str:
        """Return ``text`` preprocessed (a ``str``; lengths may change)."""
        if self.normalize:
            text = unicodedata.normalize(self.normalize, text)
        if self.casefold:
            text = text.casefold()
            if self.normalize:
                text = unicodedata.normalize(self.normalize, text)
        if self.fold_whitespace_quotes:
            text = fold_whitespace_quotes(text)
        return text

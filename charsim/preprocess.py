"""Optional, explicit preprocessing: Unicode normalisation and case folding (§1.1).

charsim compares code points as they are. Normalising (NFC, NFKC, NFD, NFKD) or case folding is a
preprocessing choice the user makes; it is never applied silently and always appears in the
signature.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

__all__ = ["NORMALIZATION_FORMS", "Preprocessing"]

NORMALIZATION_FORMS = ("NFC", "NFKC", "NFD", "NFKD")
"""Unicode normalisation forms accepted by ``normalize=``."""


@dataclass(frozen=True)
class Preprocessing:
    """What to do to every text before scoring.

    Args:
        normalize: ``None`` (default: compare code points as given) or one of
            :data:`NORMALIZATION_FORMS`.
        casefold: apply ``str.casefold`` (full Unicode case folding: ``"ß"`` becomes ``"ss"``).
            With ``normalize`` set, the text is normalised again after folding, so the result is
            in the requested form.

    Raises:
        ValueError: ``normalize`` is not one of :data:`NORMALIZATION_FORMS`.
        TypeError: ``casefold`` is not a bool.
    """

    normalize: str | None = None
    casefold: bool = False

    def __post_init__(self) -> None:
        if self.normalize is not None and self.normalize not in NORMALIZATION_FORMS:
            raise ValueError(
                f"normalize must be None or one of {NORMALIZATION_FORMS}, got {self.normalize!r}"
            )
        if not isinstance(self.casefold, bool):
            raise TypeError(f"casefold must be a bool, got {type(self.casefold).__name__}")

    @property
    def is_identity(self) -> bool:
        """True when texts are compared exactly as given (the default)."""
        return self.normalize is None and not self.casefold

    def apply(self, text: str) -> str:
        """Return ``text`` preprocessed (a ``str``; lengths may change)."""
        if self.normalize:
            text = unicodedata.normalize(self.normalize, text)
        if self.casefold:
            text = text.casefold()
            if self.normalize:
                text = unicodedata.normalize(self.normalize, text)
        return text

"""How fragile is this score? charsim (and chrF) under invisible preprocessing choices.

The complaints users make most about sacreBLEU are scores that move with preprocessing nobody
sees: NFKC (its issue #224), ţ versus ț (#98), smart quotes (#39), no-break spaces (#178). For
one item, :func:`fragility` scores the raw texts and the texts under each derived setting of
:data:`SETTINGS` (NFC, NFKC, case folding, whitespace/quote folding), and names every character
each setting changed, with its Unicode name. For one system's items, :func:`most_moved` lists
the items whose score moves most.

Each derived setting is a :class:`~charsim.Preprocessing`, labelled derived, recorded in the
charsim signature of its score (``norm:NFKC``, ``case:fold``, ``fold:space+quote``), and applied
only here, never to the raw score. chrF (sacreBLEU's ``CHRF()``, on the preprocessed texts) is
an option (``metrics=("charsim", "chrf")``; sacreBLEU is needed then).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from fractions import Fraction

from .config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS
from .corpus import score_systems
from .explain import explain
from .inputs import check_inputs
from .preprocess import QUOTE_FOLDS, Preprocessing
from .sacrebleu_metrics import metric_object

__all__ = [
    "SETTINGS",
    "Fragility",
    "MovedItem",
    "SettingScore",
    "TextChange",
    "code_points",
    "fragility",
    "most_moved",
]

SETTINGS = {
    "NFC": Preprocessing("NFC"),
    "NFKC": Preprocessing("NFKC"),
    "casefold": Preprocessing(casefold=True),
    "whitespace+quotes": Preprocessing(fold_whitespace_quotes=True),
}
"""The derived settings compared with the raw texts, by label."""


def code_points(text: str) -> str:
    """Each code point of ``text`` with its Unicode name, e.g. ``"U+00A0 NO-BREAK SPACE"``
    (``", "``-separated; a code point without a name shows its general category)."""
    return ", ".join(
        f"U+{ord(c):04X} " + unicodedata.name(c, f"<{unicodedata.category(c)}>") for c in text
    )


@dataclass(frozen=True, order=True)
class TextChange:
    """Characters a setting changed in one text.

    Attributes:
        text: 0 for the candidate, ``i`` for reference ``i`` (numbered from 1).
        start: where ``before`` starts in the raw text (a code-point index).
        before: the raw characters (empty for an insertion).
        after: what the setting made of them (empty for a deletion).
    """

    text: int
    start: int
    before: str
    after: str

    def describe(self) -> str:
        """``"U+00A0 NO-BREAK SPACE → U+0020 SPACE"`` (``(none)`` for an empty side)."""
        return f"{code_points(self.before) or '(none)'} → {code_points(self.after) or '(none)'}"


@dataclass(frozen=True)
class SettingScore:
    """The item's scores under one setting.

    Attributes:
        setting: ``"raw"`` or a label of :data:`SETTINGS`.
        preprocessing: what was applied to every text.
        signature: charsim's signature, with the preprocessing fields.
        score: charsim, exact.
        chrf: sacreBLEU's chrF on the preprocessed texts (0–100), or None if not asked for.
        changes: the characters the setting changed, text by text.
    """

    setting: str
    preprocessing: Preprocessing
    signature: str
    score: Fraction
    chrf: float | None
    changes: tuple[TextChange, ...]

    @property
    def derived(self) -> bool:
        """True for a derived setting (anything but the raw texts)."""
        return not self.preprocessing.is_identity


@dataclass(frozen=True)
class Fragility:
    """An item's raw scores next to its scores under each derived setting.

    Attributes:
        raw: the scores of the texts as given.
        settings: one :class:`SettingScore` per derived setting, in :data:`SETTINGS` order.
    """

    raw: SettingScore
    settings: tuple[SettingScore, ...]

    def delta(self, setting: SettingScore) -> Fraction:
        """How far charsim moves under ``setting``: its score minus the raw score."""
        return setting.score - self.raw.score

    @property
    def most_moved(self) -> SettingScore:
        """The setting that moves charsim most (the first on a tie)."""
        return max(self.settings, key=lambda s: abs(self.delta(s)))


def _changes(number: int, raw: str, prep: Preprocessing) -> list[TextChange]:
    """What ``prep`` changed in ``raw``: per character where the setting works per character
    (it then does for almost every text), else the edits of a character alignment."""
    if prep.fold_whitespace_quotes and prep.normalize is None and not prep.casefold:
        found = [TextChange(number, m.start(), m[0], "" if m.start() == 0 or m.end() == len(raw)
                            else " ") for m in _WHITESPACE.finditer(raw)]  # fmt: skip
        found += [TextChange(number, i, c, QUOTE_FOLDS[c])
                  for i, c in enumerate(raw) if c in QUOTE_FOLDS]  # fmt: skip
        return sorted(c for c in found if c.before != c.after)
    images = [prep.apply(c) for c in raw]
    processed = prep.apply(raw)
    if "".join(images) == processed:
        pairs = enumerate(zip(raw, images, strict=True))
        return [TextChange(number, i, c, image) for i, (c, image) in pairs if c != image]
    found = []
    opcodes = SequenceMatcher(None, raw, processed, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in opcodes:
        if tag != "equal":
            found.append(TextChange(number, i1, raw[i1:i2], processed[j1:j2]))
    return found


_WHITESPACE = re.compile(r"\s+")  # re's \s is str.isspace(): what str.split() splits at


def fragility(
    candidate: str,
    references: Sequence[str],
    *,
    metrics: Sequence[str] = ("charsim",),
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
) -> Fragility:
    """charsim (and chrF) of one item, raw and under each derived setting of :data:`SETTINGS`.

    Args:
        candidate: the candidate text.
        references: its ``K >= 1`` references.
        metrics: ``("charsim",)`` or ``("charsim", "chrf")`` (chrF needs sacreBLEU).
        max_order, weights: charsim's order cap and weights, as in :func:`charsim.score`.

    Returns:
        A :class:`Fragility`.

    Raises:
        TypeError: a non-``str`` text, or ``references`` given as one ``str``.
        UndefinedScoreError: ``references`` is empty (K = 0).
        ValueError: a metric other than ``charsim`` and ``chrf``, or invalid settings.
        ImportError: ``chrf`` asked for and sacreBLEU not installed.
    """
    check_inputs(candidate, references)
    unknown = set(metrics) - {"charsim", "chrf"}
    if unknown:
        raise ValueError(f"fragility compares charsim and chrf only, got {sorted(unknown)}")
    chrf = metric_object("chrf", sentence=True) if "chrf" in metrics else None
    texts = [candidate, *references]

    def scored(setting: str, prep: Preprocessing) -> SettingScore:
        e = explain(candidate, references, max_order=max_order, weights=weights, **prep.options)
        chrf_score = None
        if chrf is not None:
            chrf_score = float(chrf.sentence_score(e.candidate, list(e.references)).score)
        changes = [c for i, text in enumerate(texts) for c in _changes(i, text, prep)]
        return SettingScore(setting, prep, e.signature, e.score, chrf_score, tuple(changes))

    return Fragility(
        scored("raw", Preprocessing()),
        tuple(scored(label, prep) for label, prep in SETTINGS.items()),
    )


@dataclass(frozen=True)
class MovedItem:
    """An item whose charsim moves under a derived setting.

    Attributes:
        index: the item's position (0-based).
        setting: the label of the setting that moves it most (the first on a tie).
        raw: its raw score.
        derived: its score under that setting.
    """

    index: int
    setting: str
    raw: float
    derived: float

    @property
    def delta(self) -> float:
        """``derived - raw``."""
        return self.derived - self.raw


def most_moved(
    candidates: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    top: int = 10,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
) -> tuple[MovedItem, ...]:
    """The items of one system whose charsim moves most under a derived setting.

    Args:
        candidates: one candidate per item.
        references: one reference set (``K >= 1`` texts) per item.
        top: how many items to return at most.
        max_order, weights: as in :func:`charsim.score`.

    Returns:
        Up to ``top`` :class:`MovedItem`, largest ``|delta|`` first (then by position); items
        that no setting moves are left out.

    Raises:
        ValueError: the candidates and reference sets differ in number, ``top < 0``, or
            invalid settings; :class:`~charsim.UndefinedScoreError` for an empty reference set.
    """
    if top < 0:
        raise ValueError(f"top must be at least 0, got {top}")
    options = {"max_order": max_order, "weights": weights}
    (raw,) = score_systems([candidates], references, **options)
    moved = []
    for label, prep in SETTINGS.items():
        (result,) = score_systems([candidates], references, **prep.options, **options)
        moved.append((label, result.scores))
    items = []
    for i, raw_score in enumerate(raw.scores):
        label, scores = max(moved, key=lambda m: abs(m[1][i] - raw_score))
        if scores[i] != raw_score:
            items.append(MovedItem(i, label, raw_score, scores[i]))
    items.sort(key=lambda m: (-abs(m.delta), m.index))
    return tuple(items[:top])

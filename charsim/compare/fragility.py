"""How fragile is this score? charsim (and chrF) under invisible preprocessing choices.

The complaints users make most about sacreBLEU are scores that move with preprocessing nobody
sees: NFKC, ţ versus ț, smart quotes, no-break spaces (https://github.com/mjpost/sacrebleu/issues/
224, 98, 39 and 178). For
one item, :func:`fragility` scores the raw texts and the texts under each derived setting of
:data:`SETTINGS` (NFC, NFKC, case folding, whitespace/quote folding), and names every character
each setting changed, with its Unicode name. For one system's items, :func:`most_moved` lists
the items whose charsim (or chrF) moves most (:func:`item_moved` per item, ranked by
:func:`rank_moved`).

Each derived setting is a :class:`~charsim.Preprocessing`, labelled derived, recorded in the
charsim signature of its score (``norm:NFKC``, ``case:fold``, ``fold:space+quote``), and applied
only here, never to the raw score. chrF (sacreBLEU's ``CHRF()``, on the preprocessed texts) is
an option (``metrics=("charsim", "chrf")``; sacreBLEU is needed then).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from fractions import Fraction
from functools import cache
from numbers import Real

from ..metric.config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS
from ..metric.explain import explain_steps
from ..metric.inputs import check_inputs
from ..metric.preprocess import QUOTE_FOLDS, Preprocessing
from ..metric.scores import score
from ..metric.values import as_tuple, whole_number
from .sacrebleu import metric_object, score_from_statistics
from .slices import chrf_statistics_steps, none_steps

__all__ = [
    "SETTINGS",
    "Fragility",
    "MovedItem",
    "SettingScore",
    "TextChange",
    "code_points",
    "fragility",
    "fragility_steps",
    "item_moved",
    "most_moved",
    "rank_moved",
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
        found = [
            TextChange(
                number, m.start(), m[0], "" if m.start() == 0 or m.end() == len(raw) else " "
            )
            for m in _WHITESPACE.finditer(raw)
        ]
        found += [
            TextChange(number, i, c, QUOTE_FOLDS[c]) for i, c in enumerate(raw) if c in QUOTE_FOLDS
        ]
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
        metrics: ``("charsim",)`` or ``("charsim", "chrf")`` (chrF needs sacreBLEU; charsim is
            always scored); one name as a ``str`` (``"chrf"``) is that name, not its letters.
        max_order, weights: charsim's order cap and weights, as in :func:`charsim.score`.

    Returns:
        A :class:`Fragility`.

    Raises:
        TypeError: a non-``str`` text, or ``references`` given as one ``str``.
        UndefinedScoreError: ``references`` is empty (K = 0).
        ValueError: a metric other than ``charsim`` and ``chrf``, or invalid settings.
        ImportError: ``chrf`` asked for and sacreBLEU not installed.
    """
    *_, result = fragility_steps(
        candidate, references, metrics=metrics, max_order=max_order, weights=weights
    )
    return result


def fragility_steps(
    candidate: str,
    references: Sequence[str],
    *,
    metrics: Sequence[str] = ("charsim",),
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
) -> Iterator[Fragility | None]:
    """:func:`fragility` one score at a time, for a caller that answers other work between two
    steps (the explorer's worker scores the next keystroke there).

    Args:
        candidate, references, metrics, max_order, weights: as for :func:`fragility`.

    Yields:
        None between two of its steps (per setting, raw first: charsim one order at a time, then
        chrF a slice of the text at a time, :mod:`charsim.compare.slices`, with the characters
        the setting changed), then the :class:`Fragility`.

    Raises:
        The errors of :func:`fragility`, at the first step.
    """
    check_inputs(candidate, references)
    metrics = (metrics,) if isinstance(metrics, str) else as_tuple(metrics, "metrics must be names")
    unknown = set(metrics) - {"charsim", "chrf"}
    if unknown:
        raise ValueError(f"fragility compares charsim and chrf only, got {sorted(unknown)}")
    chrf = metric_object("chrf", sentence=True) if "chrf" in metrics else None
    texts = [candidate, *references]

    scores = []
    for setting, prep in {"raw": Preprocessing(), **SETTINGS}.items():
        if scores:
            yield None
        options = {"max_order": max_order, "weights": weights, **prep.options}
        # matches=True: a step per order (without the n-gram lists, one per reference)
        steps = explain_steps(candidate, references, matches=True, **options)
        e = yield from none_steps(steps)
        chrf_score = None
        if chrf is not None:
            per_reference = yield from chrf_statistics_steps(chrf, e.candidate, e.references)
            chrf_score = max(float(score_from_statistics(chrf, s).score) for s in per_reference)
        changes = [c for i, text in enumerate(texts) for c in _changes(i, text, prep)]
        scores.append(SettingScore(setting, prep, e.signature, e.score, chrf_score, tuple(changes)))
    yield Fragility(scores[0], tuple(scores[1:]))


@dataclass(frozen=True)
class MovedItem:
    """An item whose score moves under a derived setting.

    Attributes:
        index: the item's position (0-based).
        setting: the label of the setting that moves it most (the first on a tie).
        raw: its raw score (charsim 0–1, chrF 0–100).
        derived: its score under that setting.
        metric: ``"charsim"`` or ``"chrf"``.
        changes: the characters that setting changed, text by text (0 the candidate, ``i``
            reference ``i``), as in :attr:`SettingScore.changes`.
    """

    index: int
    setting: str
    raw: float
    derived: float
    metric: str = "charsim"
    changes: tuple[TextChange, ...] = ()

    @property
    def delta(self) -> float:
        """``derived - raw``."""
        return self.derived - self.raw


@cache
def _sentence_chrf():
    """sacreBLEU's sentence ``CHRF()``, made once (it keeps no state between sentences)."""
    return metric_object("chrf", sentence=True)


def item_moved(
    index: int,
    candidate: str,
    references: Sequence[str],
    *,
    metric: str = "charsim",
    raw: float | None = None,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
) -> MovedItem | None:
    """How far one item's score moves under the derived setting of :data:`SETTINGS` that moves
    it most; a setting that changes no text is not rescored.

    Args:
        index: the item's position, recorded in the result.
        candidate, references: the item (``K >= 1`` references).
        metric: ``"charsim"`` or ``"chrf"`` (sacreBLEU's sentence ``CHRF()``, 0–100).
        raw: the item's raw score under ``metric`` if known already (e.g. a batch's charsim
            scores), else None to compute it.
        max_order, weights: charsim's, as in :func:`charsim.score`.

    Returns:
        A :class:`MovedItem`, or None if no setting moves the score.

    Raises:
        TypeError, UndefinedScoreError: as :func:`fragility`; also an ``index`` that is not a
            whole number or a ``raw`` that is not a number.
        ValueError: a metric other than ``charsim`` and ``chrf``.
        ImportError: ``chrf`` and sacreBLEU not installed.
    """
    check_inputs(candidate, references)
    index = whole_number(index, "index")
    if raw is not None and (isinstance(raw, bool) or not isinstance(raw, Real)):
        raise TypeError(
            f"raw must be None or a number (the item's raw score), got {type(raw).__name__}"
        )
    if metric == "charsim":

        def scored(c: str, refs: list[str]) -> float:
            return score(c, refs, max_order=max_order, weights=weights)
    elif metric == "chrf":
        chrf = _sentence_chrf()

        def scored(c: str, refs: list[str]) -> float:
            return float(chrf.sentence_score(c, refs).score)
    else:
        raise ValueError(f"metric must be 'charsim' or 'chrf', got {metric!r}")
    texts = [candidate, *references]
    if raw is None:
        raw = scored(candidate, list(references))
    best = None
    for label, prep in SETTINGS.items():
        processed = [prep.apply(t) for t in texts]
        if processed != texts:
            derived = scored(processed[0], processed[1:])
            if derived != raw and (best is None or abs(derived - raw) > abs(best[1] - raw)):
                best = (label, derived, prep)
    if best is None:
        return None
    label, derived, prep = best
    changes = tuple(c for i, t in enumerate(texts) for c in _changes(i, t, prep))
    return MovedItem(index, label, raw, derived, metric, changes)


def rank_moved(items: Iterable[MovedItem | None], top: int = 10) -> tuple[MovedItem, ...]:
    """Up to ``top`` of ``items`` (None left out), largest ``|delta|`` first, then by position.

    Raises:
        TypeError: ``top`` is not a whole number (``1.5``, None).
        ValueError: ``top < 0``.
    """
    top = whole_number(top, "top")
    if top < 0:
        raise ValueError(f"top must be at least 0, got {top}")
    moved = sorted((m for m in items if m is not None), key=lambda m: (-abs(m.delta), m.index))
    return tuple(moved[:top])


def most_moved(
    candidates: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    metric: str = "charsim",
    top: int = 10,
    max_order: int = DEFAULT_MAX_ORDER,
    weights: str = DEFAULT_WEIGHTS,
) -> tuple[MovedItem, ...]:
    """The items of one system whose score moves most under a derived setting
    (:func:`item_moved` of each, ranked by :func:`rank_moved`).

    Args:
        candidates: one candidate per item.
        references: one reference set (``K >= 1`` texts) per item.
        metric: ``"charsim"`` or ``"chrf"`` (sacreBLEU needed).
        top: how many items to return at most.
        max_order, weights: as in :func:`charsim.score`.

    Returns:
        Up to ``top`` :class:`MovedItem`, largest ``|delta|`` first (then by position); items
        that no setting moves are left out.

    Raises:
        TypeError: ``candidates`` or ``references`` is not a sequence (a single ``str``, a
            generator), ``top`` is not a whole number (``1.5``, None), or a text is not a
            ``str``.
        ValueError: the candidates and reference sets differ in number, ``top < 0``, an
            unknown metric or invalid settings; :class:`~charsim.UndefinedScoreError` for an
            empty reference set.
    """
    candidates = as_tuple(candidates, "candidates must be a sequence of str (one per item)")
    references = as_tuple(
        references, "references must be a sequence of reference sets (one per item)"
    )
    if len(candidates) != len(references):
        raise ValueError(
            f"{len(candidates):,} candidates but {len(references):,} reference sets; "
            "there must be one reference set per candidate"
        )
    top = whole_number(top, "top")
    if top < 0:
        raise ValueError(f"top must be at least 0, got {top}")
    options = {"metric": metric, "max_order": max_order, "weights": weights}
    pairs = enumerate(zip(candidates, references, strict=True))
    return rank_moved((item_moved(i, c, r, **options) for i, (c, r) in pairs), top)

"""Where charsim and the humans disagree most: the item pairs to look at first, each with the
explorer's link that shows why charsim scores each text as it does.

For human scores, a disagreement is two systems' segments of one item that the humans order one
way and charsim strictly the other; the largest are those with the largest product of the two
differences (human points times charsim points), so a pair the humans barely separate, or
charsim barely does, comes last. For minimal pairs, it is a pair charsim fails, the largest
being those where charsim prefers the wrong text by the most.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from urllib.parse import urlencode

from .judgments import Judgments, MinimalPairs
from .minimal_pairs import PairScores

__all__ = ["Disagreement", "explorer_query", "minimal_pair_disagreements", "segment_disagreements"]


def explorer_query(candidate: str, references: Sequence[str]) -> str:
    """The query string of the explorer's link to ``candidate`` against ``references``, with
    charsim's standard settings (the explorer's ``encode_link`` writes the same fields: ``c``,
    ``r`` as a JSON list, ``cap``, ``w``, ``n``, ``fmt``).

        >>> explorer_query("ca", ["cat"])
        'c=ca&r=%5B%22cat%22%5D&cap=32&w=harmonic&n=1&fmt=lines'
    """
    references = json.dumps(list(references), ensure_ascii=False)
    fields = {"c": candidate, "r": references, "cap": 32, "w": "harmonic", "n": 1, "fmt": "lines"}
    return urlencode(fields)


@dataclass(frozen=True)
class Disagreement:
    """Two texts of one item that the humans (or the minimal pair's design) order one way and
    charsim the other.

    Attributes:
        item: the item's identifier (an MQM ``seg_id``, DEMETR's ``id``).
        kind: ``"segments"`` for two systems' segments, else the pair's perturbation.
        references: the item's references.
        better: the name of the text the humans prefer (a system; ``"candidate"`` or
            ``"perturbed"`` for a minimal pair).
        worse: the other's name.
        better_text: the text the humans prefer.
        worse_text: the other text.
        human: the two human scores (better, worse), or None for a minimal pair.
        charsim: charsim's scores of the two (better, worse): the first is lower (or equal, for
            a minimal pair charsim ties).
        peer: the metric shown beside charsim (``"chrf"`` when scored), or None.
        peer_scores: its scores of the two, on its own scale (oriented as given).
    """

    item: str
    kind: str
    references: tuple[str, ...]
    better: str
    worse: str
    better_text: str
    worse_text: str
    human: tuple[float, float] | None
    charsim: tuple[float, float]
    peer: str | None = None
    peer_scores: tuple[float, float] | None = None

    @property
    def links(self) -> tuple[str, str]:
        """The explorer's query strings of the better and the worse text (append them to the
        explorer's address after ``?``)."""
        return (
            explorer_query(self.better_text, self.references),
            explorer_query(self.worse_text, self.references),
        )


def segment_disagreements(
    judgments: Judgments,
    charsim: Sequence[Sequence[float]],
    peer: tuple[str, Sequence[Sequence[float]]] | None,
    count: int,
) -> tuple[Disagreement, ...]:
    """The ``count`` largest disagreements between charsim and the human scores (module
    docstring), largest first (ties in item order).

    Args:
        judgments: the human scores.
        charsim: charsim's segment scores, ``[system][item]``.
        peer: (a metric's name, its segment scores) to show beside charsim, or None.
        count: how many to keep.
    """
    found = []
    for i in range(len(judgments.items)):
        judged = [s for s, row in enumerate(judgments.human) if row[i] is not None]
        for a, b in combinations(judged, 2):
            if judgments.human[a][i] < judgments.human[b][i]:
                a, b = b, a
            human = judgments.human[a][i] - judgments.human[b][i]
            metric = Fraction(charsim[b][i]) - Fraction(charsim[a][i])
            if human > 0 and metric > 0:
                found.append((-human * metric, i, a, b))
    found.sort(key=lambda entry: entry[:2])
    return tuple(_segment(judgments, charsim, peer, i, a, b) for _, i, a, b in found[:count])


def _segment(judgments, charsim, peer, i, a, b) -> Disagreement:
    return Disagreement(
        item=judgments.items[i],
        kind="segments",
        references=judgments.references[i],
        better=judgments.systems[a],
        worse=judgments.systems[b],
        better_text=judgments.candidates[a][i],
        worse_text=judgments.candidates[b][i],
        human=(float(judgments.human[a][i]), float(judgments.human[b][i])),
        charsim=(charsim[a][i], charsim[b][i]),
        peer=peer[0] if peer else None,
        peer_scores=(peer[1][a][i], peer[1][b][i]) if peer else None,
    )


def minimal_pair_disagreements(
    pairs: MinimalPairs, scores: PairScores, charsim: int, peer: int | None, count: int
) -> tuple[Disagreement, ...]:
    """The ``count`` pairs charsim fails by the most, largest first (ties in the pairs' order).

    Args:
        pairs: the minimal pairs.
        scores: every metric's scores of them.
        charsim: charsim's index in ``scores.metrics``.
        peer: the index of the metric shown beside it, or None.
        count: how many to keep.
    """
    found = []
    for j, pair in enumerate(pairs.pairs):
        if scores.passed(charsim, j, pairs):
            continue
        margin = scores.perturbed[charsim][j] - scores.candidate[charsim][j]
        found.append((margin if not pair.perturbed_is_better else -margin, j))
    found.sort(key=lambda entry: (-entry[0], entry[1]))
    return tuple(_pair(pairs, scores, charsim, peer, j) for _, j in found[:count])


def _pair(pairs: MinimalPairs, scores: PairScores, charsim: int, peer, j: int) -> Disagreement:
    pair = pairs.pairs[j]
    names, texts = ("candidate", "perturbed"), (pair.candidate, pair.perturbed)
    values = [
        (scores.candidate[m][j], scores.perturbed[m][j]) for m in (charsim, peer) if m is not None
    ]
    if pair.perturbed_is_better:
        names, texts, values = names[::-1], texts[::-1], [v[::-1] for v in values]
    return Disagreement(
        item=str(pair.item),
        kind=pair.perturbation,
        references=(pair.reference,),
        better=names[0],
        worse=names[1],
        better_text=texts[0],
        worse_text=texts[1],
        human=None,
        charsim=values[0],
        peer=scores.metrics[peer] if peer is not None else None,
        peer_scores=values[1] if peer is not None else None,
    )

"""The precomputed table of a reference set and the overlap of a candidate with it (§7.2, §7.5).

§7.2 stores, for every n-gram ``g`` of the references, ``K · F_g(m) = Σ_i min(c_{r_i}(g), m)``;
then ``K m̄_n = Σ_g K F_g(c_t(g))`` over the candidate's n-grams of order ``n``. Here the table is
indexed by the states of the references' suffix automaton (:mod:`charsim.metric.automaton`) instead
of by n-gram: all n-grams of a state occur equally often in each reference, so they share ``F_g``.
That keeps the table linear in the references' length whatever the order cap.

A candidate is scored in two exact parts, so that its cost does not grow with ``K``:

1. ``Σ_g c_t(g) · K F_g(1)``: for each end position of the candidate, the automaton gives the
   longest shared n-gram ending there, and a sum precomputed along suffix links gives
   ``Σ_n w_n K F(1)`` of all shorter ones at once (``K F_g(1)`` is how many references hold ``g``).
2. For the few n-grams the candidate repeats (``c_t(g) >= 2``), the difference
   ``K F_g(c_t(g)) - c_t(g) · K F_g(1)``, found by counting the candidate's own n-grams order by
   order while they repeat.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from itertools import accumulate, compress, repeat

from .automaton import SuffixAutomaton
from .config import Config, ScaledWeights
from .ngrams import boundaries, count_into

__all__ = ["ReferenceTable"]

# n-grams are counted into plain dicts with ngrams.count_into, as in pair.py.

_REPEATED = (1).__lt__
_STORED = 64
"""``K F_g(m)`` is stored for ``m <= 64``; a candidate repeating an n-gram more often than that
gets the value from the references' counts."""
_ALL_BUT_LAST = slice(None, -1)
_FIRST = operator.itemgetter(0)


def _cumulative(holding: int, repeats: Sequence[int]) -> tuple[int, ...]:
    """``K F_g(m) = Σ_i min(c_i, m)`` for ``m = 0..max c_i``, given how many references hold
    ``g`` and their counts ``c_i > 1`` in ascending order; its step at ``m`` is how many hold
    ``g`` at least ``m`` times."""
    steps = [holding] + [0] * (repeats[-1] - 1)  # steps[m - 1] for m = 1..max c_i
    for count in repeats:
        for m in range(1, count):
            steps[m] += 1
    return tuple(accumulate(steps, initial=0))


def _repeated_keys(counts: dict[str, int]) -> list[str]:
    """The n-grams counted more than once."""
    return list(compress(counts.keys(), map(_REPEATED, counts.values())))


class ReferenceTable:
    """``K · F_g`` of §7.2 for the n-grams of ``references``, per suffix-automaton state.

    Args:
        references: the (preprocessed) reference texts, ``K >= 1``.
        config: the order cap and weights the candidates will be scored with.

    Attributes:
        holding: per state, ``K F_g(1)``: how many references hold its n-grams.
        cumulative: per state, ``K F_g(m)`` for ``m = 0..min(max_i c_{r_i}(g), 64)`` (larger
            ``m`` saturate, up to 64); ``(0, holding)`` where no reference holds them twice.

    Memory: at most ``2 · Σ_i (|r_i| + 2)`` states, whatever the order cap.
    """

    def __init__(self, references: Sequence[str], config: Config) -> None:
        # Begin and end boundaries, and a placeholder for candidate characters equal to one of
        # them: such characters can never match a reference.
        self._begin, self._end, placeholder = boundaries(references, 3)
        self._mask = str.maketrans(dict.fromkeys((self._begin, self._end), placeholder))
        texts = [self._begin + r + self._end for r in references if r]
        self._automaton = automaton = SuffixAutomaton()
        ends_per_text = [automaton.add(text) for text in texts]
        self._nonempty = len(texts)
        self.holding = [0] * len(automaton)
        repeats: dict[int, list[int]] = {}  # state → its counts > 1, one per reference
        for ends in ends_per_text:
            for state, count in self._occurrences(ends).items():
                self.holding[state] += 1
                if count > 1:
                    repeats.setdefault(state, []).append(count)
        # Many states hold the same counts: they share one tuple (all of them, when K = 1).
        shared: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.cumulative = [shared.setdefault((h,), (0, h)) for h in self.holding]
        self._many: dict[int, list[int]] = {}  # states some reference holds >= _STORED times
        for state, counts in repeats.items():
            stored = sorted(min(count, _STORED) for count in counts)
            key = (self.holding[state], *stored)
            if key not in shared:
                shared[key] = _cumulative(key[0], stored)
            self.cumulative[state] = shared[key]
            if stored[-1] == _STORED:
                self._many[state] = counts
        self._tops = [len(values) - 1 for values in self.cumulative]
        # Part 1's sums, once for all candidates: every order cap N a candidate can get is at
        # least this one, and no state is longer unless N equals it (see _held).
        longest = max(map(len, references))
        self._weights = config.scaled_weights(min(config.max_order, longest + 2))
        self._totals, self._base = self._sums()

    def _occurrences(self, ends: list[int]) -> dict[int, int]:
        """State → how often one reference holds its n-grams, for every state it holds."""
        link, length = self._automaton.link, self._automaton.length
        counts: dict[int, int] = {}
        count_into(counts, ends)
        held = set()
        for state in list(counts):
            while state > 0 and state not in held:
                held.add(state)
                state = link[state]
        for state in sorted(held, key=length.__getitem__, reverse=True):  # longer states first
            if link[state] > 0:
                counts[link[state]] = counts.get(link[state], 0) + counts.get(state, 0)
        return counts

    def _sums(self) -> tuple[list[int], list[int]]:
        """For this table's weights ``w_1..w_M``: ``W[n] = Σ_{k<=n} w_k`` and, per state ``v``,
        ``base[v]`` such that the n-grams of orders ``1..λ`` ending at one position, the longest
        in state ``v``, add ``holding[v] · W[λ] + base[v]`` to part 1."""
        cap, automaton = len(self._weights.values), self._automaton
        link, length = automaton.link, automaton.length
        totals = [0, *accumulate(self._weights.values)]
        weight_of = totals.__getitem__

        def sum_to(states: Sequence[int]) -> map[int]:  # W[min(length, cap)] per state
            return map(weight_of, map(min, map(length.__getitem__, states), repeat(cap)))

        shorter = [0, *link[1:]]  # each state's suffix link (the root: itself, it holds nothing)
        # path[v]: Σ over v and its suffix links of holding · (the weights of its orders)
        own = list(map(operator.sub, sum_to(range(len(automaton))), sum_to(shorter)))
        own = list(map(operator.mul, self.holding, own))
        path = [0] * len(automaton)
        for state in sorted(range(1, len(automaton)), key=length.__getitem__):  # links first
            path[state] = path[shorter[state]] + own[state]
        below = map(operator.mul, self.holding, sum_to(shorter))
        return totals, list(map(operator.sub, map(path.__getitem__, shorter), below))

    def mean_overlap(self, candidate: str, weights: ScaledWeights) -> int:
        """``K M̄ = Σ_n w_n Σ_g K F_g(c_t(g))`` in the units of ``weights``, the weights of the
        candidate's order cap ``N``."""
        if self._begin in candidate or self._end in candidate:
            candidate = candidate.translate(self._mask)
        return self._held(candidate, weights) + self._repeated(candidate, weights.values)

    def _held(self, candidate: str, weights: ScaledWeights) -> int:
        """Part 1: ``Σ_n w_n Σ_g c_t(g) K F_g(1)``.

        Computed with this table's weights ``M = min(max_order, longest + 2)`` and converted:
        ``N >= M``, and the two differ only if ``N > longest + 2``, where no shared n-gram is
        longer than ``M``; so only the unit differs (``scale_N`` is a multiple of ``scale_M``).
        """
        cap, totals, base = len(weights.values), self._totals, self._base
        automaton = self._automaton
        transitions, link, length = automaton.transitions, automaton.link, automaton.length
        # The longest shared n-gram ending at the current position: its state and length.
        state = transitions[0].get(self._begin, 0)
        matched = 1 if state else 0
        states, lengths = [], []  # per end position after the begin boundary
        for char in candidate + self._end:
            following = transitions[state].get(char)
            while following is None and state:
                state = link[state]
                matched, following = length[state], transitions[state].get(char)
            if following is None:
                matched = 0
            else:
                state, matched = following, matched + 1
                if matched > cap:
                    matched = cap
                    while length[link[state]] >= cap:
                        state = link[state]
            states.append(state)
            lengths.append(matched)
        holders = map(self.holding.__getitem__, states)
        total = sum(map(operator.mul, holders, map(totals.__getitem__, lengths)))
        total += sum(map(base.__getitem__, states))
        if lengths[-1]:  # the end boundary alone is not an n-gram; each non-empty reference has it
            total -= totals[1] * self._nonempty
        return total * (weights.scale // self._weights.scale)

    def _beyond_stored(self, state: int, times: int) -> int:
        """``K F_g(times)`` less the stored value at ``min(times, 64)``."""
        if times <= _STORED or state not in self._many:
            return 0
        return sum(min(count, times) - min(count, _STORED) for count in self._many[state])

    def _repeated(self, candidate: str, weights: tuple[int, ...]) -> int:
        """Part 2: ``Σ_n w_n Σ_{g: c_t(g) > 1} (K F_g(c_t(g)) - c_t(g) K F_g(1))``."""
        transitions = self._automaton.transitions
        holding, cumulative, tops = self.holding, self.cumulative, self._tops
        padded = self._begin + candidate + self._end
        positions: Sequence[int] = range(1, len(candidate) + 1)  # where order n may repeat
        grams: Sequence[str] = candidate
        counts: dict[str, int] = {}
        count_into(counts, grams)
        repeated = _repeated_keys(counts)
        states = list(map(transitions[0].get, repeated))
        total = 0
        for n in range(1, len(weights) + 1):  # stops when no repeated n-gram is held
            held = list(map(bool, states))  # repeated n-grams the references hold
            repeated, states = list(compress(repeated, held)), list(compress(states, held))
            if not states:
                break
            times = list(map(counts.__getitem__, repeated))
            clipped = map(min, times, map(tops.__getitem__, states))
            part = sum(map(operator.getitem, map(cumulative.__getitem__, states), clipped))
            part -= sum(map(operator.mul, times, map(holding.__getitem__, states)))
            if max(times) > _STORED:
                part += sum(map(self._beyond_stored, states, times))
            total += weights[n - 1] * part
            if n == len(weights):
                break
            # Order n + 1: only at positions whose n-gram repeats and is held.
            kept = dict(zip(repeated, states, strict=True))
            if n == 1:
                grams = list(map(operator.add, candidate, padded[2:]))
            else:
                positions = list(compress(positions, map(kept.__contains__, grams)))
                grams = [padded[p : p + n + 1] for p in positions]
            counts = {}
            count_into(counts, grams)
            repeated = _repeated_keys(counts)
            if n == 1:  # order 2 was counted everywhere: keep those whose first character is held
                repeated = list(compress(repeated, map(kept.__contains__, map(_FIRST, repeated))))
            prefixes = map(kept.__getitem__, map(operator.getitem, repeated, repeat(_ALL_BUT_LAST)))
            lasts = map(operator.getitem, repeated, repeat(-1))
            states = list(map(dict.get, map(transitions.__getitem__, prefixes), lasts))
        return total

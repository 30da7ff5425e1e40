"""The suffix automaton of a set of texts: every substring of every text, in linear space (§7.5).

A *state* stands for a set of substrings that end at exactly the same positions of the texts
(its *end positions*); they are the suffixes of its longest member, with lengths
``length[link[v]] + 1 .. length[v]``. So every substring of a state occurs the same number of
times in each text. Reading a string from the root along ``transitions`` reaches the state that
holds it, if it is a substring at all. ``link[v]`` is the state of the longest suffix of ``v``'s
members that ends at more positions; following links from any state reaches the root (state 0).

Built online, one character at a time (Blumer et al. 1985, with the usual handling of several
texts); at most ``2 · Σ |text|`` states. Standard library only.
"""

from __future__ import annotations

__all__ = ["SuffixAutomaton"]


class SuffixAutomaton:
    """The generalized suffix automaton of the texts added so far (none at first).

    Attributes:
        transitions: per state, next character → state.
        link: per state, its suffix link (-1 for the root, state 0).
        length: per state, the length of its longest member (characters).
    """

    def __init__(self) -> None:
        self.transitions: list[dict[str, int]] = [{}]
        self.link = [-1]
        self.length = [0]

    def add(self, text: str) -> list[int]:
        """Add the substrings of ``text``.

        Returns:
            Per character of ``text``, the state of the prefix that ends there: a state whose
            longest member is that prefix, now and after any later :meth:`add`.
        """
        last, ends = 0, []
        for char in text:
            last = self._extend(last, char)
            ends.append(last)
        return ends

    def _new(self, length: int, transitions: dict[str, int], link: int) -> int:
        self.transitions.append(transitions)
        self.link.append(link)
        self.length.append(length)
        return len(self.length) - 1

    def _split(self, p: int, char: str, q: int) -> int:
        """A copy of ``q`` of length ``length[p] + 1`` that takes over the transitions on ``char``
        of ``p`` and its suffixes that led to ``q``."""
        transitions, link = self.transitions, self.link
        clone = self._new(self.length[p] + 1, dict(transitions[q]), link[q])
        while p != -1 and transitions[p].get(char) == q:
            transitions[p][char] = clone
            p = link[p]
        link[q] = clone
        return clone

    def _extend(self, last: int, char: str) -> int:
        """Append ``char`` to the text whose prefix so far is in state ``last``; return the state
        of the longer prefix."""
        transitions, link, length = self.transitions, self.link, self.length
        q = transitions[last].get(char)
        if q is not None:  # the longer prefix already occurs (in an earlier text)
            return q if length[q] == length[last] + 1 else self._split(last, char, q)
        state = self._new(length[last] + 1, {}, 0)
        p = last
        while p != -1 and char not in transitions[p]:
            transitions[p][char] = state
            p = link[p]
        if p != -1:
            q = transitions[p][char]
            link[state] = q if length[q] == length[p] + 1 else self._split(p, char, q)
        return state

    def __len__(self) -> int:
        """The number of states, the root included."""
        return len(self.length)

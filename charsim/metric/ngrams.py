"""Character n-grams with begin/end boundaries (§1.2) and their counts.

Characters are Unicode code points. An n-gram of order ``n`` is ``n`` consecutive values of the
input padded with one begin and one end boundary; boundary-only n-grams (``⟨^⟩``, ``⟨$⟩``,
``⟨^⟩⟨$⟩``) are excluded, so order 1 counts only real characters.

The boundaries are written :data:`BEGIN_MARK` and :data:`END_MARK` wherever charsim shows them
(the command line, the exports, the explorer): the article's ``^`` and ``$`` (§1.2), in angle
brackets so that they never look like a ``^`` or ``$`` typed in a text, which the article notes
is an ordinary character.

Internally the boundaries are two code points chosen per computation so that they occur in none
of the inputs (:func:`boundaries`): they can never collide with a character of the text, whatever
the text holds (``^``, ``$``, NUL, private-use characters ...).
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from dataclasses import dataclass

from .values import whole_number

__all__ = ["BEGIN_MARK", "END_MARK", "NGram", "boundaries", "count_into", "ngram_count"]

BEGIN_MARK = "⟨^⟩"
"""How a begin boundary is written (a typed ``^`` is written ``^``)."""
END_MARK = "⟨$⟩"
"""How an end boundary is written (a typed ``$`` is written ``$``)."""

# The one use of a private name of the standard library: collections._count_elements is what
# Counter.update calls to tally an iterable (C, in CPython and Pyodide alike). The fast paths
# (pair.py, table.py) tally n-grams with it into plain dicts: Counter's own set-up costs about a
# microsecond per call, and with a dozen calls per sentence pair that was a tenth of the time.
# Where it is missing, the same tally in Python (collections' own fallback) gives the same counts.
try:
    from collections import _count_elements as count_into  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - every CPython and Pyodide has it

    def count_into(counts: MutableMapping, items: Iterable) -> None:
        """Add 1 to ``counts[x]`` (from 0) for each ``x`` of ``items``."""
        get = counts.get
        for item in items:
            counts[item] = get(item, 0) + 1


_FIRST_CANDIDATE = 0xE000  # start of the Private Use Area; any unused code point would do
# The first few candidates: when no text holds any of them (nearly always), they are the answer.
_USUAL = tuple(map(chr, range(_FIRST_CANDIDATE, _FIRST_CANDIDATE + 4)))
_USUAL_SET = frozenset(_USUAL)


def ngram_count(length: int, n: int) -> int:
    """``ℓ_{x,n}``: the number of n-grams of order ``n`` in a text of ``length`` characters (§1.2).

    0 if ``length == 0``; ``length`` if ``n == 1``; ``length + 3 - n`` if ``2 <= n <= length + 2``;
    0 beyond.

    Raises:
        TypeError: ``length`` or ``n`` is not a whole number.
        ValueError: ``length < 0`` or ``n < 1``.
    """
    length, n = whole_number(length, "length"), whole_number(n, "n")
    if length < 0 or n < 1:
        raise ValueError(f"need length >= 0 and n >= 1, got length={length}, n={n}")
    if length == 0:
        return 0
    if n == 1:
        return length
    return max(length + 3 - n, 0)


def boundaries(texts: Iterable[str], count: int = 2) -> tuple[str, ...]:
    """Code points that occur in none of ``texts``: the begin/end boundaries of one computation.

    Args:
        texts: every text whose n-grams will be compared.
        count: how many unused code points to return (2: begin and end; more for placeholders).

    Returns:
        ``count`` distinct one-character strings, none of which occurs in any text.
    """
    texts = tuple(texts)
    if count <= len(_USUAL) and all(map(_USUAL_SET.isdisjoint, texts)):
        return _USUAL[:count]
    used: set[str] = set()
    for text in texts:
        used.update(text)
    found: list[str] = []
    code = _FIRST_CANDIDATE
    while len(found) < count:
        char = chr(code)
        if char not in used:
            found.append(char)
        code = (code + 1) % 0x110000
    return tuple(found)


@dataclass(frozen=True, order=True)
class NGram:
    """One n-gram, with its boundaries made explicit.

    Attributes:
        text: the real characters of the n-gram (code points; may contain ``^`` or ``$``, which
            are ordinary characters here).
        begin: whether the n-gram includes the begin boundary (it then starts the text).
        end: whether the n-gram includes the end boundary (it then ends the text).
    """

    text: str
    begin: bool = False
    end: bool = False

    @property
    def order(self) -> int:
        """The order ``n``: characters plus boundaries."""
        return len(self.text) + self.begin + self.end

    def display(self, begin_mark: str = BEGIN_MARK, end_mark: str = END_MARK) -> str:
        """A plain-text rendering with the boundaries drawn as the given marks."""
        return (begin_mark if self.begin else "") + self.text + (end_mark if self.end else "")

    @classmethod
    def from_padded(cls, gram: str, begin: str, end: str) -> NGram:
        """Decode an n-gram of a padded text, given that computation's boundary characters."""
        has_begin = gram[0] == begin
        has_end = gram[-1] == end
        return cls(gram[has_begin : len(gram) - has_end], has_begin, has_end)

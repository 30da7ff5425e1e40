"""What the API takes from the values a notebook holds: any sequence, any whole number.

A list or tuple of texts, a numpy array of ``str`` or a pandas ``Series`` of ``str`` are all a
sequence of texts; ``numpy.int64(3)`` is a whole number as ``3`` is, ``numpy.True_`` a truth
value as ``True`` is. Duck typing, so the core
imports neither numpy nor pandas (it runs on the standard library alone, in Pyodide too). And
how a count is written in a message (:func:`counted`) and a text in a result's ``repr``
(:func:`short_text`), shared by every layer above.
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Mapping, Sequence, Set

__all__ = [
    "as_tuple",
    "check_progress",
    "counted",
    "flag",
    "is_sequence",
    "short_text",
    "type_name",
    "whole_number",
]

_NOT_SEQUENCES = (str, bytes, bytearray, memoryview, Mapping, Set)


def type_name(value: object) -> str:
    """The name of ``value``'s type, for an error message; a missing value as numpy and pandas
    store one (a float NaN, pandas ``NA``) says so: ``"float (a missing value, NaN)"``."""
    name = type(value).__name__
    if isinstance(value, float) and value != value:  # NaN: the one value unequal to itself
        return f"{name} (a missing value, NaN)"
    return f"{name} (a missing value)" if name == "NAType" else name


def is_sequence(value: object) -> bool:
    """Whether ``value`` is an ordered collection of items: a ``list``, a ``tuple``, any
    :class:`~collections.abc.Sequence`, or what has a length and can be iterated and indexed (a
    numpy array of one dimension or more, a pandas ``Series``); not a text (``str``, ``bytes``),
    a mapping, a set, an iterator (which can be read once only) or a table with columns (a
    pandas ``DataFrame`` iterates over its column labels, not its rows: pass one column).

        >>> is_sequence(["a"]), is_sequence(("a",)), is_sequence("a"), is_sequence({"a": 1})
        (True, True, False, False)
    """
    if isinstance(value, _NOT_SEQUENCES) or hasattr(value, "columns"):
        return False
    if isinstance(value, Sequence):
        return True
    if not all(hasattr(value, name) for name in ("__len__", "__iter__", "__getitem__")):
        return False
    try:
        len(value)  # a numpy array of 0 dimensions has __len__ but no length
    except TypeError:
        return False
    return True


def as_tuple(value: object, what: str) -> tuple:
    """The items of a sequence (see :func:`is_sequence`), in order, as a tuple (a pandas
    ``Series`` gives its values, whatever its index).

    Args:
        value: the sequence.
        what: how the message names it, e.g. ``"references must be a sequence of str"``.

    Raises:
        TypeError: ``value`` is not a sequence (the message says ``what`` and the type given).
    """
    if type(value) is tuple or type(value) is list:  # the usual case, first
        return tuple(value)
    if not is_sequence(value):
        raise TypeError(f"{what}, got {type(value).__name__}")
    return value if isinstance(value, tuple) else tuple(value)


def whole_number(value: object, name: str, allow_none: bool = False) -> int | None:
    """``value`` as an ``int``: an ``int`` or anything that is one (``numpy.int64``, via
    ``__index__``), not a ``bool``, a float or a text.

    Args:
        value: the value.
        name: how the message names it (``max_order``).
        allow_none: None is accepted (and returned).

    Returns:
        The value as an ``int`` (or None).

    Raises:
        TypeError: ``value`` is not a whole number (``max_order must be an int, got float``).
    """
    if value is None and allow_none:
        return None
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    expected = "None or an int" if allow_none else "an int"
    raise TypeError(f"{name} must be {expected}, got {type(value).__name__}")


def flag(value: object, name: str) -> bool:
    """``value`` as a ``bool``: ``True`` or ``False``, or numpy's ``bool_`` (``numpy.True_``, what
    a comparison of arrays gives), not a number or a text (``"no"`` is true to Python).

        >>> flag(True, "casefold")
        True

    Args:
        value: the value.
        name: how the message names it (``casefold``).

    Returns:
        The value as a ``bool``.

    Raises:
        TypeError: ``value`` is not a truth value (``casefold must be a bool, got str``).
    """
    if isinstance(value, bool):
        return value
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_"):
        return bool(value)
    shown = f"{kind.__module__}.{kind.__name__}" if kind.__name__ == "bool" else kind.__name__
    raise TypeError(f"{name} must be a bool, got {shown}")


def check_progress(progress: object) -> None:
    """Refuse a ``progress`` callback that cannot be called (``progress=3`` failed at the first
    step with "'int' object is not callable").

    Raises:
        TypeError: ``progress`` is neither None nor callable.
    """
    if progress is not None and not callable(progress):
        raise TypeError(
            f"progress must be None or a callable (called with the count done), "
            f"got {type(progress).__name__}"
        )


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural unless the number is 1: ``"1 line"``, ``"2,445 lines"``."""
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


_SHORT = reprlib.Repr()
_SHORT.maxstring = 60  # (a keyword of Repr() only from Python 3.12)


def short_text(text: str) -> str:
    """``text`` as a Python string literal cut to at most 60 characters (``...`` in the middle),
    for a one-line ``repr`` of a result.

        >>> short_text("ca"), len(short_text("x" * 1000))
        ("'ca'", 60)
    """
    return _SHORT.repr(text)

"""Option values of the command line: ``argparse`` types that check a value and say what is wrong.

Each raises :class:`argparse.ArgumentTypeError`, so argparse prints the usage, the option and the
message, and exits with status 2.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence

from ..metric.values import counted

__all__ = [
    "JOBS_PER_CORE",
    "Once",
    "available_cores",
    "file_name",
    "jobs",
    "name_list",
    "whole_number",
]

_DIGITS = re.compile(r"[+-]?[0-9]+")


def whole_number(
    minimum: int, too_small: str, maximum: int | None = None, too_large: str | None = None
) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number from ``minimum`` (to ``maximum``, if given).

    Args:
        minimum: the smallest value accepted.
        too_small: the message for a smaller value; ``{value}`` stands for the value.
        maximum: the largest value accepted (None: no limit).
        too_large: the message for a larger value (default ``too_small``).

    Returns:
        The type: the value as an ``int``; it raises ``argparse.ArgumentTypeError`` for text that
        is not a whole number written in the digits 0-9 (``'two' is not a whole number``; also
        ``'1_0'`` and ``'١'``, Arabic-Indic one, which Python's ``int`` reads as 10 and 1, and
        the Unix tools refuse), one of more digits than Python converts to a number (4,300
        unless ``PYTHONINTMAXSTRDIGITS`` says otherwise) or a value out of range.
    """

    def check(text: str) -> int:
        if not _DIGITS.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number (write it in the digits 0-9)"
            )
        try:
            value = int(text)
        except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
            digits = len(text.strip().lstrip("+-"))
            raise argparse.ArgumentTypeError(
                f"{text.strip()[:12]}… has {digits:,} digits: too long a number (Python reads "
                f"at most {sys.get_int_max_str_digits():,})"
            ) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(too_small.format(value=value))
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError((too_large or too_small).format(value=value))
        return value

    return check


def name_list(choices: Sequence[str], noun: str) -> Callable[[str], tuple[str, ...]]:
    """An ``argparse`` type: comma-separated names of ``choices``, each once (case and spaces
    around a name do not count).

    Args:
        choices: the names accepted, in lower case.
        noun: what a name names, for messages (``'x' is not a metric (choose from ...)``).

    Returns:
        The type: the names as a tuple, in the order given.
    """

    def check(text: str) -> tuple[str, ...]:
        names = tuple(name.strip().lower() for name in text.split(","))
        for name in names:
            if name not in choices:
                raise argparse.ArgumentTypeError(
                    f"{name!r} is not a {noun} (choose from {', '.join(choices)})"
                )
            if names.count(name) > 1:
                raise argparse.ArgumentTypeError(f"{name!r} is listed twice")
        return names

    return check


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


JOBS_PER_CORE = 4
"""``--jobs`` above this many processes per core is refused: it only adds memory."""


def jobs(text: str) -> int:
    """``--jobs``: a number of processes, 0 (one per core) up to :data:`JOBS_PER_CORE` per core.

    Returns:
        The number of processes (0 gives :func:`available_cores`).

    Raises:
        argparse.ArgumentTypeError: not a whole number, below 0, or too many for the cores.
    """
    cores = available_cores()
    value = whole_number(
        0,
        "{value}: give 1 or more processes, or 0 for all cores",
        JOBS_PER_CORE * cores,
        f"{{value}} is more than {JOBS_PER_CORE} processes per core ({counted(cores, 'core')} "
        "here); 0 uses all cores",
    )(text)
    return value or cores


def file_name(text: str) -> str:
    """An ``argparse`` type: a file name, not empty (``-i ''`` said ``: cannot be read``).

    Raises:
        argparse.ArgumentTypeError: the name is empty.
    """
    if not text:
        raise argparse.ArgumentTypeError("'' is not a file name (an empty name names no file)")
    return text


class Once(argparse.Action):
    """An ``argparse`` action for an option that may be given once: ``-i a.txt -i b.txt`` kept
    ``b.txt`` alone and scored one system, silently; a second ``-i`` (``-r``, ``--jsonl``,
    ``--metrics``) is refused, with ``hint`` saying how to give several values at once.

    Args:
        hint: what to do instead, e.g. ``"name every system after one -i: -i a.txt b.txt"``.
    """

    def __init__(self, *args, hint: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.hint = hint

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        given = namespace.__dict__.setdefault("_given_once", set())
        if self.dest in given:
            raise argparse.ArgumentError(self, f"given twice: {self.hint}")
        given.add(self.dest)
        setattr(namespace, self.dest, values)

"""Option values of the command line: ``argparse`` types that check a value and say what is wrong.

Each raises :class:`argparse.ArgumentTypeError`, so argparse prints the usage, the option and the
message, and exits with status 2.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence

from ..metric.values import counted

__all__ = ["JOBS_PER_CORE", "available_cores", "jobs", "name_list", "whole_number"]


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
        is not a whole number (``'two' is not a whole number``) or a value out of range.
    """

    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
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

"""Shared helpers of the benchmark scripts: the TED data, timing and the environment line."""

from __future__ import annotations

import argparse
import operator
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import charsim  # noqa: E402
from charsim.cli.args import whole_number  # noqa: E402

TED = Path(os.environ.get("CHARSIM_TED", ROOT / "data" / "ted-en"))
"""The TED files: the copy that ships in the repository, or ``$CHARSIM_TED``."""


def ted_pairs(system: str = "sys1") -> tuple[list[str], list[str]]:
    """(candidates, references) of the TED set: 2,445 line-aligned sentences.

    Raises:
        SystemExit: a file is missing or not UTF-8, or the two files hold different numbers of
            lines.
    """

    def lines(name: str) -> list[str]:
        path = TED / f"ted.{name}.txt"
        if not path.is_file():
            where = "$CHARSIM_TED" if "CHARSIM_TED" in os.environ else "the repository's data/"
            raise SystemExit(f"{path} not found (the TED files are read from {where})")
        try:
            return path.read_text(encoding="utf-8").split("\n")[:-1]
        except UnicodeDecodeError as error:
            raise SystemExit(f"{path}: not UTF-8 ({error.reason} at byte {error.start})") from None

    candidates, references = lines(system), lines("ref")
    if len(candidates) != len(references):
        raise SystemExit(
            f"{TED}: ted.{system}.txt has {len(candidates)} lines, ted.ref.txt {len(references)}"
        )
    return candidates, references


def script_parser(doc: str) -> argparse.ArgumentParser:
    """The argument parser of a benchmark script: ``--help`` shows its whole docstring."""
    return argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )


positive = whole_number(1, "must be at least 1, got {value}")
"""An ``argparse`` type: a whole number of at least 1."""


def side_by_side(
    runs: dict[Hashable, Callable[[list], object]], items: Sequence, repeat: int, chunk: int
) -> dict[Hashable, list[float]]:
    """Seconds each run takes over all ``items``, measured ``repeat`` times, side by side.

    The items are cut into chunks of ``chunk``; every chunk is timed with each run in turn, in
    an order that rotates from chunk to chunk. Slow and fast moments of a shared machine then
    reach every run alike, and ratios of the totals stay steady from one repeat to the next.

    Args:
        runs: name → a function applied to one chunk (a list of items).
        items: what the runs work on (TED pairs, candidates, ...).
        repeat: how many totals to measure per run.
        chunk: items per timed call.

    Returns:
        name → ``repeat`` totals in seconds, in the order measured.
    """
    names = list(runs)
    chunks = [list(items[k : k + chunk]) for k in range(0, len(items), chunk)]
    totals: dict[Hashable, list[float]] = {name: [] for name in names}
    for round_ in range(repeat):
        spent = dict.fromkeys(names, 0.0)
        for k, part in enumerate(chunks):
            turn = (k + round_) % len(names)
            for name in names[turn:] + names[:turn]:
                start = time.perf_counter()
                runs[name](part)
                spent[name] += time.perf_counter() - start
        for name in names:
            totals[name].append(spent[name])
    return totals


def ratio_line(
    label: str, numerators: list[float], denominators: list[float], target: float | None
) -> str:
    """``label``, the median of the per-repeat ratios, their range and whether the median meets
    ``target`` (one line; ``None``: a ratio shown for comparison, with no target)."""
    ratios = sorted(map(operator.truediv, numerators, denominators))
    median = statistics.median(ratios)
    line = f"{label} {median:.2f}  (per repeat {ratios[0]:.2f}–{ratios[-1]:.2f})"
    if target is None:
        return line
    return f"{line}  target ≤ {target}: {'met' if median <= target else 'NOT met'}"


def children_time() -> float:
    """Processor seconds (user + system) used so far by finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def commands_side_by_side(
    commands: dict[str, list], repeat: int
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Whole commands run in turn, ``repeat`` times each (:func:`side_by_side`), with this
    checkout's charsim first on the path.

    Returns:
        (name → wall-clock seconds, name → processor seconds of the command and its children).

    Raises:
        SystemExit: a command failed (its stderr is shown).
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    processor: dict[str, list[float]] = {name: [] for name in commands}

    def command(name: str):
        def run(_) -> None:
            before = children_time()
            done = subprocess.run(list(map(str, commands[name])), env=env, capture_output=True)
            processor[name].append(children_time() - before)
            if done.returncode:
                raise SystemExit(f"{name} failed:\n{done.stderr.decode(errors='replace')}")

        return run

    wall = side_by_side({name: command(name) for name in commands}, [None], repeat, 1)
    return wall, processor


def environment() -> str:
    """One line: versions, machine and load, printed first by every benchmark."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"charsim {charsim.__version__} | Python {platform.python_version()} | "
        f"{platform.machine()} | {os.cpu_count()} cores | load {load:.2f}"
    )

"""Shared helpers of the benchmark scripts: the TED data, timing and the environment line."""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import charsim  # noqa: E402

TED = Path(os.environ.get("CHARSIM_TED", ROOT.parent / "shared" / "data" / "ted-en"))


def ted_pairs(system: str = "sys1") -> tuple[list[str], list[str]]:
    """(candidates, references) of the TED set: 2,445 line-aligned sentences."""

    def lines(name: str) -> list[str]:
        return (TED / f"ted.{name}.txt").read_text(encoding="utf-8").split("\n")[:-1]

    return lines(system), lines("ref")


def median_seconds(function: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``function``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def environment() -> str:
    """One line: versions, machine and load, printed first by every benchmark."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"charsim {charsim.__version__} | Python {platform.python_version()} | "
        f"{platform.machine()} | {os.cpu_count()} cores | load {load:.2f}"
    )

"""Linear cost (§7.5): time and peak memory of charsim.score for long pairs, side by side.

Prints, for a candidate and one reference of L characters each (half of the reference shared
with the candidate, the rest random), the time and the peak traced memory, and the ratios between
L and 2L. Usage: ``python benchmarks/linear_cost.py [--sizes 100000 200000] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
import tracemalloc

from _common import environment

import charsim

ALPHABET = "abcdefghijklmnopqrstuvwxyz     "


def pair(size: int, seed: int = 1) -> tuple[str, str]:
    """A candidate of ``size`` characters and a reference sharing its first half."""
    rng = random.Random(seed)
    candidate = "".join(rng.choices(ALPHABET, k=size))
    reference = candidate[: size // 2] + "".join(rng.choices(ALPHABET, k=size - size // 2))
    return candidate, reference


def measure(size: int, repeat: int) -> tuple[float, float]:
    """(median seconds, peak MiB) of ``charsim.score`` on :func:`pair` of ``size``."""
    candidate, reference = pair(size)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        charsim.score(candidate, [reference])
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    charsim.score(candidate, [reference])
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return statistics.median(times), peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 200_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(environment())
    results = [(size, *measure(size, args.repeat)) for size in args.sizes]
    for size, seconds, peak in results:
        print(f"L = {size:>9,}: {seconds:8.3f} s (median of {args.repeat}), peak {peak:8.1f} MiB")
    for (size_a, time_a, peak_a), (size_b, time_b, peak_b) in itertools.pairwise(results):
        print(
            f"ratio {size_b:,}/{size_a:,} chars = {size_b / size_a:.2f}: "
            f"time {time_b / time_a:.2f}x, memory {peak_b / peak_a:.2f}x"
        )


if __name__ == "__main__":
    main()

"""Linear cost (§7.5): time and peak memory of charsim.score for long pairs, side by side.

Prints, for a candidate and one reference of L characters each, the time and the peak traced
memory, and the ratios between L and 2L (target: time ≤ 1.1 × the length ratio, 2.2 for twice
the length); the sizes are timed in turn, ``--repeat`` times. ``--text random`` (default):
random letters and spaces, half of the reference shared with the candidate. ``--text ted``: the
first L characters of the TED system-1 output and of its reference translation, lines joined
(up to about 208,000 characters): natural text, whose n-grams repeat more, and more deeply, the
longer it gets. Usage:
``python benchmarks/linear_cost.py [--text random|ted] [--sizes 100000 200000] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import statistics
import tracemalloc

from _common import environment, positive, ratio_line, side_by_side, ted_pairs

import charsim

ALPHABET = "abcdefghijklmnopqrstuvwxyz     "


def random_pair(size: int, seed: int = 1) -> tuple[str, str]:
    """A candidate of ``size`` random characters and a reference sharing its first half."""
    rng = random.Random(seed)
    candidate = "".join(rng.choices(ALPHABET, k=size))
    reference = candidate[: size // 2] + "".join(rng.choices(ALPHABET, k=size - size // 2))
    return candidate, reference


@functools.cache
def ted_texts() -> tuple[str, str]:
    """The TED system-1 output and the reference, lines joined (read once)."""
    candidates, references = ted_pairs()
    return "\n".join(candidates), "\n".join(references)


def ted_pair(size: int) -> tuple[str, str]:
    """The first ``size`` characters of the TED system-1 output and of the reference, as text."""
    candidate, reference = ted_texts()
    if size > min(len(candidate), len(reference)):
        raise SystemExit(
            f"--sizes {size}: --text ted holds {min(len(candidate), len(reference)):,} characters"
        )
    return candidate[:size], reference[:size]


def peak_mib(candidate: str, reference: str) -> float:
    """Peak traced memory of one ``charsim.score`` call, in MiB."""
    tracemalloc.start()
    charsim.score(candidate, [reference])
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=positive, nargs="+", default=[100_000, 200_000],
        help="text lengths in characters, each compared with the next (100000 200000)",
    )  # fmt: skip
    parser.add_argument("--repeat", type=positive, default=3, help="passes (3)")
    parser.add_argument(
        "--text", choices=("random", "ted"), default="random", help="what to score (random)"
    )
    args = parser.parse_args()
    if len(args.sizes) < 2:
        parser.error("--sizes needs two lengths or more: each ratio compares one with the next")
    make = random_pair if args.text == "random" else ted_pair
    pairs = {size: make(size) for size in args.sizes}
    runs = {size: lambda _, p=p: charsim.score(p[0], [p[1]]) for size, p in pairs.items()}
    times = side_by_side(runs, [None], args.repeat, 1)
    print(environment())
    print(f"text: {args.text}")
    results = [(size, statistics.median(times[size]), peak_mib(*pairs[size])) for size in pairs]
    for size, seconds, peak in results:
        print(f"L = {size:>9,}: {seconds:8.3f} s (median of {args.repeat}), peak {peak:8.1f} MiB")
    for (size_a, _, peak_a), (size_b, _, peak_b) in itertools.pairwise(results):
        label = f"ratio {size_b:,}/{size_a:,} chars = {size_b / size_a:.2f}: time"
        target = round(1.1 * size_b / size_a, 2)  # 2.2 for twice the length (issue 5)
        print(ratio_line(label, times[size_b], times[size_a], target))
        print(f"memory {peak_b / peak_a:.2f}x")


if __name__ == "__main__":
    main()

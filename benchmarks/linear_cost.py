"""Linear cost (§7.5): time and peak memory of charsim.score for long pairs, side by side.

Prints, for a candidate and one reference of L characters each, the time and the peak traced
memory of ``charsim.score`` and the ratios between L and 2L (target: time ≤ 1.1 × the length
ratio, 2.2 for twice the length). sacreBLEU's chrF scores the same pairs in the same run, as a
yardstick: it counts a fixed six orders at every position, so its ratio is what plain linear
work of this kind reads on this machine (above 2 where hash tables outgrow the caches). The
sizes and the two metrics are timed in turn, ``--repeat`` times. Texts (``--text``):

- ``random`` (default): random letters and spaces, half of the reference shared with the
  candidate;
- ``ted``: the first L characters of the TED system-1 output and of its reference translation,
  lines joined (up to about 208,000 characters): natural text, whose n-grams repeat more, and
  more deeply, the longer it gets;
- ``repeat``: one letter repeated in both texts. Every n-gram is shared and repeated, so charsim
  counts all 32 orders at every position: its most work per character, the bound of §7.5.

Usage: ``python benchmarks/linear_cost.py [--text random|ted|repeat] [--sizes 100000 200000]
[--repeat 3]``.
"""

from __future__ import annotations

import functools
import itertools
import random
import statistics
import tracemalloc

from _common import environment, positive, ratio_line, script_parser, side_by_side, ted_pairs
from sacrebleu.metrics import CHRF

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


def repeat_pair(size: int) -> tuple[str, str]:
    """A candidate and a reference of ``size`` times the same letter."""
    return "a" * size, "a" * size


TEXTS = {"random": random_pair, "ted": ted_pair, "repeat": repeat_pair}
METRICS = ("charsim", "chrF")


def peak_mib(candidate: str, reference: str) -> float:
    """Peak traced memory of one ``charsim.score`` call, in MiB."""
    tracemalloc.start()
    charsim.score(candidate, [reference])
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument(
        "--sizes",
        type=positive,
        nargs="+",
        default=[100_000, 200_000],
        help="increasing text lengths in characters, each compared with the next (100000 200000)",
    )
    parser.add_argument("--repeat", type=positive, default=3, help="passes (3)")
    parser.add_argument(
        "--text", choices=list(TEXTS), default="random", help="what to score (random)"
    )
    args = parser.parse_args()
    if len(args.sizes) < 2 or any(a >= b for a, b in itertools.pairwise(args.sizes)):
        parser.error("--sizes needs two lengths or more, each longer than the one before")
    print(environment())  # the load before the run
    pairs = {size: TEXTS[args.text](size) for size in args.sizes}
    chrf = CHRF()
    runs = {}
    for size, (candidate, reference) in pairs.items():
        runs["charsim", size] = lambda _, t=candidate, r=reference: charsim.score(t, [r])
        runs["chrF", size] = lambda _, t=candidate, r=reference: chrf.sentence_score(t, [r])
    times = side_by_side(runs, [None], args.repeat, 1)
    print(f"text: {args.text}; medians over --repeat {args.repeat}")
    peaks = {size: peak_mib(*pair) for size, pair in pairs.items()}
    for size in pairs:
        charsim_s, chrf_s = (statistics.median(times[name, size]) for name in METRICS)
        print(
            f"L = {size:>9,}: charsim {charsim_s:7.3f} s, peak {peaks[size]:7.1f} MiB;"
            f" chrF {chrf_s:7.3f} s"
        )
    for size_a, size_b in itertools.pairwise(pairs):
        print(f"ratio {size_b:,}/{size_a:,} characters = {size_b / size_a:.2f}")
        target = round(1.1 * size_b / size_a, 2)  # 2.2 for twice the length
        ratios = {name: (times[name, size_b], times[name, size_a]) for name in METRICS}
        print(ratio_line("  charsim time", *ratios["charsim"], target))
        print(ratio_line("  chrF time   ", *ratios["chrF"], None), "(yardstick: fixed work)")
        print(f"  charsim memory {peaks[size_b] / peaks[size_a]:.2f}")


if __name__ == "__main__":
    main()

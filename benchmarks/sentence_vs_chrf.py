"""Speed goal: sentence-level charsim versus sacreBLEU's sentence-level chrF, TED set.

Both score the same 2,445 (system 1, reference) pairs in the same run, side by side: chunks of
``--chunk`` pairs, each timed with both in turn, ``--repeat`` times over the whole set. Prints
the median totals and the median of the per-repeat ratios (target: charsim ≤ 0.95 × chrF).
"""

from __future__ import annotations

import statistics

from _common import environment, positive, ratio_line, script_parser, side_by_side, ted_pairs
from sacrebleu.metrics import CHRF

import charsim


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument("--repeat", type=positive, default=7, help="passes over the set (7)")
    parser.add_argument("--chunk", type=positive, default=50, help="pairs per timed call (50)")
    args = parser.parse_args()
    print(environment())  # the load before the run
    pairs = list(zip(*ted_pairs(), strict=True))
    chrf = CHRF()

    def run_charsim(part: list[tuple[str, str]]) -> None:
        for candidate, reference in part:
            charsim.score(candidate, [reference])

    def run_chrf(part: list[tuple[str, str]]) -> None:
        for candidate, reference in part:
            chrf.sentence_score(candidate, [reference])

    totals = side_by_side(
        {"charsim": run_charsim, "chrF": run_chrf}, pairs, args.repeat, args.chunk
    )
    print(f"{len(pairs):,} pairs, {args.repeat} repeats, timed in chunks of {args.chunk} pairs")
    labels = {"charsim": "charsim.score          ", "chrF": "sacreBLEU chrF sentence"}
    for name, label in labels.items():
        total = statistics.median(totals[name])
        print(f"{label} {total:7.3f} s  ({total / len(pairs) * 1e6:6.1f} µs/pair, median)")
    print(ratio_line("ratio charsim / chrF   ", totals["charsim"], totals["chrF"], 0.95))


if __name__ == "__main__":
    main()

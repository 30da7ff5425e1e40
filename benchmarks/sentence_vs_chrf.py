"""Target 1 (issue 5): sentence-level charsim versus sacreBLEU's sentence-level chrF, TED set.

Both score the same 2,445 (system 1, reference) pairs in the same run, interleaved, ``--repeat``
times; the medians and their ratio are printed (target: charsim ≤ 1.0 × chrF).
"""

from __future__ import annotations

import argparse

from _common import environment, median_seconds, ted_pairs
from sacrebleu.metrics import CHRF

import charsim


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    candidates, references = ted_pairs()
    chrf = CHRF()

    def run_charsim():
        for candidate, reference in zip(candidates, references, strict=True):
            charsim.score(candidate, [reference])

    def run_chrf():
        for candidate, reference in zip(candidates, references, strict=True):
            chrf.sentence_score(candidate, [reference])

    charsim_times, chrf_times = [], []
    for _ in range(args.repeat):  # interleaved, so both see the same machine load
        charsim_times.append(median_seconds(run_charsim, 1))
        chrf_times.append(median_seconds(run_chrf, 1))
    ours, theirs = sorted(charsim_times)[args.repeat // 2], sorted(chrf_times)[args.repeat // 2]
    print(environment())
    print(f"{len(candidates):,} pairs, median of {args.repeat} runs")
    print(f"charsim.score           {ours:7.3f} s  ({ours / len(candidates) * 1e6:6.1f} µs/pair)")
    print(
        f"sacreBLEU chrF sentence {theirs:7.3f} s  ({theirs / len(candidates) * 1e6:6.1f} µs/pair)"
    )
    print(f"ratio charsim / chrF    {ours / theirs:7.2f}  (target ≤ 1.0)")


if __name__ == "__main__":
    main()

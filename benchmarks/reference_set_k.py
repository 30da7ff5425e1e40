"""Target 2 (issue 5): per-candidate time of ReferenceSet.score with K = 64 versus K = 1 (§7.2).

References are TED reference sentences of similar length; the same 200 candidates (TED system 1)
are scored against a set of 1 and a set of 64 references, interleaved, ``--repeat`` times.
Target: K = 64 ≤ 1.5 × K = 1.
"""

from __future__ import annotations

import argparse

from _common import environment, median_seconds, ted_pairs

import charsim


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    candidates, references = ted_pairs()
    pool = sorted((r for r in references if 90 <= len(r) <= 110), key=len)[:64]
    sets = {1: charsim.ReferenceSet(pool[:1]), 64: charsim.ReferenceSet(pool)}
    batch = candidates[:200]
    times = {k: [] for k in sets}
    for _ in range(args.repeat):
        for k, reference_set in sets.items():
            times[k].append(
                median_seconds(lambda rs=reference_set: [rs.score(c) for c in batch], 1)
            )
    per = {k: sorted(v)[args.repeat // 2] / len(batch) for k, v in times.items()}
    print(environment())
    print(f"{len(batch)} candidates, references of {len(pool[0])}–{len(pool[-1])} characters")
    for k in sets:
        print(f"K = {k:>2}: {per[k] * 1e6:7.1f} µs per candidate (median of {args.repeat})")
    print(f"ratio K=64 / K=1: {per[64] / per[1]:.2f}  (target ≤ 1.5)")


if __name__ == "__main__":
    main()

"""Speed goal: per-candidate time of ReferenceSet.score with K = 64 versus K = 1 (§7.2).

References are the 64 shortest TED reference sentences of 90–110 characters; the same 200
candidates (TED system 1) are scored against a set of 1 and a set of 64 references, side by side
(chunks of ``--chunk`` candidates, each timed with both sets in turn), ``--repeat`` times.
Target: K = 64 ≤ 1.5 × K = 1.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

from _common import environment, positive, ratio_line, script_parser, side_by_side, ted_pairs

import charsim


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument("--repeat", type=positive, default=7, help="passes (7)")
    parser.add_argument("--chunk", type=positive, default=20, help="candidates per timed call (20)")
    args = parser.parse_args()
    print(environment())  # the load before the run
    candidates, references = ted_pairs()
    pool = sorted((r for r in references if 90 <= len(r) <= 110), key=len)[:64]
    sets = {1: charsim.ReferenceSet(pool[:1]), 64: charsim.ReferenceSet(pool)}
    batch = candidates[:200]

    def run(reference_set: charsim.ReferenceSet) -> Callable[[list[str]], None]:
        return lambda part: [reference_set.score(candidate) for candidate in part]

    totals = side_by_side({k: run(s) for k, s in sets.items()}, batch, args.repeat, args.chunk)
    print(f"{len(batch)} candidates, references of {len(pool[0])}–{len(pool[-1])} characters")
    for k in sets:
        per = statistics.median(totals[k]) / len(batch)
        print(f"K = {k:>2}: {per * 1e6:7.1f} µs per candidate (median of {args.repeat})")
    print(ratio_line("ratio K=64 / K=1:", totals[64], totals[1], 1.5))


if __name__ == "__main__":
    main()

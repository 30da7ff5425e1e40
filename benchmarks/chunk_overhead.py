"""Per-chunk overhead of an executor, as a share of the work of the chunk.

The TED pairs (system 1, repeated to twice the largest size) are cut into chunks of ``--sizes``
items. Side by side, chunk by chunk, ``--repeat`` times, each chunk is scored here with
``charsim.corpus.parts.score_part`` (the work), and sent on a round trip that does no work (``len``
of the ``charsim.corpus.chunks.Chunk``, as ``charsim.corpus.score_rows`` sends it) to a
``ProcessPoolExecutor`` with one process and to a Dask ``LocalCluster`` with one worker process
on 127.0.0.1 (the overhead: pickling, transfer, scheduling, the wait for the answer). Targets:
overhead / work ≤ 0.05 for the process pool at ``charsim.corpus.CHUNK_SIZE`` (the default, the
command line's) and for Dask at 4,000 items (the ``chunk_size`` of the README's Dask recipe).
Dask is skipped if it is not installed (``pip install 'charsim[dask]'``).
"""

from __future__ import annotations

import contextlib
import statistics
from concurrent.futures import Executor, ProcessPoolExecutor

from _common import environment, positive, ratio_line, script_parser, side_by_side, ted_pairs

from charsim.corpus import CHUNK_SIZE
from charsim.corpus.chunks import Chunk
from charsim.corpus.parts import score_part

DASK_CHUNK = 4000
"""The chunk size of the README's Dask recipe."""


def dask_executor(stack: contextlib.ExitStack) -> Executor | None:
    """A Dask executor on a local one-worker cluster, closed with ``stack``; None without Dask."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("Dask not installed: its overhead is not measured")
        return None
    cluster = stack.enter_context(
        LocalCluster(n_workers=1, threads_per_worker=1, host="127.0.0.1", dashboard_address=None)
    )
    return stack.enter_context(Client(cluster)).get_executor()


def main() -> None:
    parser = script_parser(__doc__)
    sizes = sorted({250, CHUNK_SIZE, DASK_CHUNK})
    parser.add_argument(
        "--sizes",
        type=positive,
        nargs="+",
        default=sizes,
        help=f"chunk sizes in items ({' '.join(map(str, sizes))})",
    )
    parser.add_argument("--repeat", type=positive, default=3, help="passes over the set (3)")
    args = parser.parse_args()
    print(environment())  # the load before the run
    rows = [(candidate, (reference,)) for candidate, reference in zip(*ted_pairs(), strict=True)]
    rows *= -(-2 * max(args.sizes) // len(rows))
    with contextlib.ExitStack() as stack:
        executors = {"process pool": stack.enter_context(ProcessPoolExecutor(1))}
        if (dask := dask_executor(stack)) is not None:
            executors["Dask"] = dask
        runs = {"work": score_part}
        for name, executor in executors.items():
            runs[name] = lambda chunk, e=executor: e.submit(len, Chunk(chunk)).result()
            executor.submit(score_part, rows[:10]).result()  # start it, import charsim there
        print(f"{len(rows):,} TED pairs (repeated), {args.repeat} repeats, medians")
        for size in args.sizes:
            totals = side_by_side(runs, rows, args.repeat, size)
            share = size / len(rows)  # of the set's time, per chunk
            per_chunk = {name: statistics.median(t) * share for name, t in totals.items()}
            print(f"chunks of {size:,} items: work {per_chunk['work'] * 1e3:.1f} ms each")
            targets = {"process pool": CHUNK_SIZE, "Dask": DASK_CHUNK}
            for name in executors:
                target = 0.05 if size == targets[name] else None
                label = f"  {name:<12} round trip {per_chunk[name] * 1e3:6.2f} ms; overhead / work"
                print(ratio_line(label, totals[name], totals["work"], target))


if __name__ == "__main__":
    main()

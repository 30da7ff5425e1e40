"""Scoring at scale: one process, two processes and a Dask cluster, side by side.

The TED pairs (system 1 and its reference) are repeated into files of ``--sizes`` lines
(default 100,000 and 200,000; written to a temporary folder), and each file is scored, in turn,
``--repeat`` times, by

- ``charsim -i SYS -r REF --format json --jobs 1`` (one process),
- the same with ``--jobs 2`` (a process pool of two),
- the README's Dask recipe (``charsim.io.filestream.aligned_files`` streamed into
  ``charsim.corpus.score_rows`` on ``client.get_executor()``), in a client process connected to a
  ``LocalCluster`` of 2 worker processes on 127.0.0.1, started once before the timings,
- sacreBLEU's chrF command line on the same files (``sacrebleu REF -i SYS -m chrf``), as the
  yardstick: one process, as sacreBLEU has no parallelism.

Each run is a fresh process, timed from start to exit (interpreter start and imports included),
which also reports its own peak RSS (``VmHWM`` of ``/proc/self/status``, so Linux only; the
process pool's and Dask's workers are other processes). The three charsim runs must print the
same score, signature and item count. Targets on a 2-core machine, at the largest size:
``--jobs 2`` ≤ 0.6 × ``--jobs 1``; Dask ≤ 0.7 × ``--jobs 1``; the peak RSS of each charsim run
≤ 1.1 × its peak at the smallest size (flat in the number of items: the files are streamed).

Usage: ``python benchmarks/corpus_scale.py [--sizes 100000 200000] [--repeat 3]``; needs the
TED files, sacreBLEU and Dask (``pip install -e '.[test]'``).
"""

from __future__ import annotations

import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, environment, positive, ratio_line, script_parser, side_by_side, ted_pairs

PEAK = """
import sys
with open("/proc/self/status") as proc:  # VmHWM: this process's own peak (ru_maxrss counts
    peak = [line for line in proc if line.startswith("VmHWM:")]  # the parent's before exec)
print(peak[0].split()[1], file=sys.stderr)  # KiB
"""
CLI = (
    """
import sys
from charsim.cli import main
status = main(sys.argv[1:])
"""
    + PEAK
    + "sys.exit(status)"
)
DASK = (
    """
import json, sys
import dask
from dask.distributed import Client
from charsim.corpus import score_rows
from charsim.io.filestream import aligned_files
address, system, reference = sys.argv[1:]
dask.config.set({"distributed.admin.low-level-log-length": 0})  # as in the README
with Client(address) as client:
    stream = aligned_files([system], [reference])
    executor = client.get_executor()
    (result,) = score_rows(
        stream.rows, executor=executor, chunk_size=4000, in_flight=4, keep_scores=False
    )
fields = {"score": result.score, "signature": result.signature, "n_items": result.n_items}
print(json.dumps(fields))
"""
    + PEAK
)
CHRF = "from sacrebleu.sacrebleu import main\nmain()\n" + PEAK
RUNS = ("--jobs 1", "--jobs 2", "Dask", "chrF")


def write_files(folder: Path, sizes: list[int]) -> dict[int, tuple[Path, Path]]:
    """TED system 1 and its reference, repeated to each size: (system file, reference file)."""
    candidates, references = ted_pairs()
    files = {}
    for size in sizes:
        times = -(-size // len(candidates))
        paths = folder / f"sys.{size}.txt", folder / f"ref.{size}.txt"
        for path, lines in zip(paths, (candidates, references), strict=True):
            path.write_text("".join(f"{line}\n" for line in (lines * times)[:size]), "utf-8")
        files[size] = paths
    return files


def commands(files: dict[int, tuple[Path, Path]], scheduler: str) -> dict[tuple, list[str]]:
    """(run name, size) -> the command that scores that size."""
    python, found = sys.executable, {}
    for size, (system, reference) in files.items():
        cli = [python, "-c", CLI, "-i", str(system), "-r", str(reference), "--format", "json"]
        found["--jobs 1", size] = [*cli, "--jobs", "1"]
        found["--jobs 2", size] = [*cli, "--jobs", "2"]
        found["Dask", size] = [python, "-c", DASK, scheduler, str(system), str(reference)]
        found["chrF", size] = [
            python,
            "-c",
            CHRF,
            str(reference),
            "-i",
            str(system),
            "-m",
            "chrf",
            "-b",
        ]
    return found


def measure(runs: dict[tuple, list[str]], repeat: int) -> tuple[dict, dict, dict]:
    """Seconds, peak RSS (MiB) and the distinct outputs of every run, side by side."""
    outputs: dict = {key: set() for key in runs}
    peaks: dict = {key: [] for key in runs}

    def timed(key):
        def go(_):
            done = subprocess.run(runs[key], capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise SystemExit(f"{key[0]} on {key[1]:,} items failed:\n{done.stderr}")
            outputs[key].add(done.stdout.strip() if key[0] == "chrF" else _fields(done.stdout))
            peaks[key].append(int(done.stderr.strip().splitlines()[-1]) / 1024)

        return go

    times = side_by_side({key: timed(key) for key in runs}, [None], repeat, 1)
    return times, peaks, outputs


def _fields(out: str) -> str:
    """What every charsim run prints: the score, the signature and the number of items."""
    result = json.loads(out)
    return json.dumps({key: result[key] for key in ("score", "signature", "n_items")})


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument(
        "--sizes",
        type=positive,
        nargs="+",
        default=[100_000, 200_000],
        help="increasing numbers of items (100000 200000)",
    )
    parser.add_argument("--repeat", type=positive, default=3, help="passes (3)")
    args = parser.parse_args()
    if len(args.sizes) < 2 or any(a >= b for a, b in itertools.pairwise(args.sizes)):
        parser.error("--sizes needs two sizes or more, each larger than the one before")
    try:
        import dask
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise SystemExit("needs Dask: pip install 'charsim[dask]'") from None
    dask.config.set({"distributed.admin.low-level-log-length": 0})  # see the README
    print(environment())  # the load before the run
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    local = {"n_workers": 2, "threads_per_worker": 1, "host": "127.0.0.1"}
    with (
        tempfile.TemporaryDirectory() as folder,
        LocalCluster(**local, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        client.run(lambda: None)  # the workers are up
        runs = commands(write_files(Path(folder), args.sizes), cluster.scheduler_address)
        start = time.perf_counter()
        times, peaks, outputs = measure(runs, args.repeat)
    print(f"{args.repeat} repeats in {time.perf_counter() - start:.0f} s; medians")
    for size in args.sizes:
        print(f"{size:,} items:")
        for name in RUNS:
            seconds, peak = (statistics.median(values[name, size]) for values in (times, peaks))
            print(
                f"  {name:<9} {seconds:7.1f} s  ({seconds / size * 1e6:4.0f} µs/item)  "
                f"peak RSS {peak:6.1f} MiB"
            )
        charsim = set().union(*(outputs[name, size] for name in RUNS[:3]))
        agree = "the same in all three runs" if len(charsim) == 1 else "NOT the same in all runs"
        print(f"  charsim {' | '.join(sorted(charsim))}: {agree}")
        print(f"  chrF {' | '.join(sorted(outputs['chrF', size]))}")
    largest, smallest = args.sizes[-1], args.sizes[0]
    print(f"at {largest:,} items:")
    one = times["--jobs 1", largest]
    print(ratio_line("  --jobs 2 / --jobs 1", times["--jobs 2", largest], one, 0.6))
    print(ratio_line("  Dask / --jobs 1    ", times["Dask", largest], one, 0.7))
    print(ratio_line("  chrF / --jobs 1    ", times["chrF", largest], one, None))
    print(f"peak RSS, {largest:,} / {smallest:,} items:")
    for name in RUNS[:3]:
        print(ratio_line(f"  {name:<9}", peaks[name, largest], peaks[name, smallest], 1.1))


if __name__ == "__main__":
    main()

"""Speed goal: a paired bootstrap test on the TED files, charsim versus sacreBLEU.

Both whole commands run side by side, in turn, ``--repeat`` times: each reads the 2,445 TED
items of two systems, scores them and draws 1,000 paired bootstrap resamples:

    charsim -i ted.sys1.txt ted.sys2.txt -r ted.ref.txt --paired-bs
    sacrebleu ted.ref.txt -i ted.sys1.txt ted.sys2.txt -m chrf --paired-bs -f text

(sacreBLEU's default JSON output crashes with --paired-bs, hence ``-f text``.) Prints the median
times and the median of the per-repeat ratios, of the wall-clock time and of the processor time
(user + system, which a busy shared machine disturbs less); target: charsim ≤ 1.0 × sacreBLEU, in
CPython.
Then the resampling alone on the item scores, in CPython and inside Pyodide (Node, npm pyodide,
the same code): paired bootstrap (1,000 resamples) and approximate randomization (10,000 trials).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import (
    ROOT,
    TED,
    commands_side_by_side,
    environment,
    positive,
    ratio_line,
    script_parser,
    ted_pairs,
)

from charsim.corpus import score_systems

FILES = [TED / "ted.sys1.txt", TED / "ted.sys2.txt", TED / "ted.ref.txt"]
COMMANDS = {
    "charsim": [
        sys.executable,
        "-m",
        "charsim",
        "-i",
        *FILES[:2],
        "-r",
        FILES[2],
        "--paired-bs",
        "--no-progress",
    ],
    "sacreBLEU": [
        sys.executable,
        "-m",
        "sacrebleu",
        FILES[2],
        "-i",
        *FILES[:2],
        "-m",
        "chrf",
        "--paired-bs",
        "-f",
        "text",
    ],
}
SCRIPT = """
import json, time, charsim
base, system = json.loads({scores!r})
times, results = {{}}, {{}}
for name, test in [("paired bootstrap, 1,000 resamples", charsim.paired_bootstrap),
                   ("approximate randomization, 10,000 trials", charsim.paired_randomization)]:
    best = None
    for _ in range({repeat}):
        start = time.perf_counter()
        result = test(base, system)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    times[name], results[name] = best, [result.p_value, list(result.differences)]
print(json.dumps([times, results]))
"""
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument("--repeat", type=positive, default=5, help="runs of each command (5)")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide timing")
    args = parser.parse_args()
    print(environment())  # the load before the run
    scores = _item_scores()  # also checks the TED files
    wall, processor = commands_side_by_side(COMMANDS, args.repeat)
    print(f"whole commands on the TED files, {args.repeat} runs each, in turn (medians)")
    for name in COMMANDS:
        print(
            f"{name:<9} --paired-bs  wall {statistics.median(wall[name]):5.2f} s   "
            f"processor {statistics.median(processor[name]):5.2f} s"
        )
    for label, times in (("wall", wall), ("processor", processor)):
        line = ratio_line("charsim / sacreBLEU", times["charsim"], times["sacreBLEU"], 1.0)
        print(f"{label:<9} {line}")
    script = SCRIPT.format(scores=json.dumps(scores), repeat=3)
    cpython = _run_here(script)
    pyodide = None if args.no_pyodide else _run_in_pyodide(script)
    print(f"resampling alone, {len(scores[0]):,} item scores, best of 3")
    for name in cpython[0]:
        line = f"{name:<41} CPython {cpython[0][name]:6.3f} s"
        if pyodide is not None:
            same = "same numbers" if pyodide[1][name] == cpython[1][name] else "NOT the same"
            line += f"   Pyodide (Node) {pyodide[0][name]:6.3f} s, {same}"
        print(line)


def _item_scores() -> list[list[float]]:
    """The charsim item scores of TED system 1 (the baseline) and system 2."""
    references = [(r,) for r in ted_pairs("sys1")[1]]
    systems = [ted_pairs(name)[0] for name in ("sys1", "sys2")]
    return [list(r.scores) for r in score_systems(systems, references)]


def _run_here(script: str) -> list:
    """Run ``script`` in this interpreter and return what it printed as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    return json.loads(done.stdout)


def _run_in_pyodide(script: str) -> list:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "time_tests.py"
        path.write_text(script)
        node = shutil.which("node") or "node"
        done = subprocess.run([node, str(RUNNER), str(path)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{done.stderr.strip()}\nPyodide did not run: is `npm ci` done here?")
    return json.loads(done.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    main()

"""Speed goal: sentence-level charsim inside Pyodide (Node, npm pyodide@0.27.7) vs CPython.

Scores the first ``--pairs`` TED (system 1, reference) pairs with the same code in both, in the
same run, and prints µs per pair and the Pyodide/CPython slowdown: the explorer's budget per
keystroke follows from it. (sacreBLEU does not load in Pyodide offline, so chrF is CPython-only:
see sentence_vs_chrf.py.)
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from _common import ROOT, environment, positive, script_parser, ted_pairs

import charsim

SCRIPT = """
import json, time, charsim
pairs = json.loads({pairs!r})
best = None
for _ in range({repeat}):
    start = time.perf_counter()
    for candidate, reference in pairs:
        charsim.score(candidate, [reference])
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print(json.dumps(best))
"""
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument("--pairs", type=positive, default=500, help="TED pairs scored (500)")
    parser.add_argument("--repeat", type=positive, default=3, help="passes, best kept (3)")
    args = parser.parse_args()
    print(environment())  # the load before the run
    candidates, references = ted_pairs()
    pairs = list(zip(candidates, references, strict=True))[: args.pairs]
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "time_pairs.py"
        script.write_text(SCRIPT.format(pairs=json.dumps(pairs), repeat=args.repeat))
        node = shutil.which("node") or "node"
        done = subprocess.run([node, str(RUNNER), str(script)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{done.stderr.strip()}\nPyodide did not run: is `npm ci` done here?")
    pyodide_seconds = json.loads(done.stdout.strip().splitlines()[-1])
    cpython_seconds = min(_cpython(pairs) for _ in range(args.repeat))
    print(f"{len(pairs)} TED pairs, best of {args.repeat}")
    for name, seconds in (("CPython", cpython_seconds), ("Pyodide (Node)", pyodide_seconds)):
        print(f"{name:<15} {seconds * 1e6 / len(pairs):8.1f} µs/pair")
    print(f"Pyodide / CPython {pyodide_seconds / cpython_seconds:6.2f}")


def _cpython(pairs) -> float:
    start = time.perf_counter()
    for candidate, reference in pairs:
        charsim.score(candidate, [reference])
    return time.perf_counter() - start


if __name__ == "__main__":
    main()

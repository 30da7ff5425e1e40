"""The explorer's comparison view, step by step, on long TED text: CPython against Pyodide (Node).

The single item's "Compared with chrF, BLEU, TER" view runs ``charsim.compare.metrics.
compare_steps`` in the browser's worker (charsim an order a step, chrF, chrF++ and BLEU a slice
of the text a step: ``charsim.compare.slices``), then, up to ``LIVE_FRAGILITY_LIMIT``
characters, ``charsim.compare.fragility.fragility_steps``; a keystroke waits for the step under
way. This prints, for a candidate and a reference of half the size each, without TER
(``ter=False``), the comparison's number of steps, its longest step and all its steps together
(best of ``--repeat``), then the same for the fragility table (up to ``LIVE_FRAGILITY_LIMIT``,
else blank), in CPython and in npm's Pyodide 0.27.7 under Node with the site's sacreBLEU wheels
and stand-ins, so that the explorer's limits (``LIVE_COMPARE_LIMIT``, ``LIVE_FRAGILITY_LIMIT``
in ``explorer/app/states/metrics.py``) and the slice sizes (``charsim/compare/slices.py``) can
be set.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from _common import ROOT, environment, positive, script_parser, ted_pairs

from explorer.app.states.metrics import LIVE_FRAGILITY_LIMIT
from tests.explorer.test_sacrebleu_pyodide import _wheels

SCRIPT = """
import json, time
try:
    from sacrebleu_standins import install_sacrebleu_standins
    install_sacrebleu_standins()
except ImportError:
    pass
from charsim.compare.fragility import fragility_steps
from charsim.compare.metrics import compare_steps

def steps(generator):
    times, start = [], time.perf_counter()
    for _step in generator:
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
    return [len(times), max(times), sum(times)]

def timed(candidate, references, repeat):
    best = None
    for _ in range(repeat):
        times = steps(compare_steps(candidate, references, ter=False))
        if len(candidate) + sum(map(len, references)) <= {fragility_limit}:
            metrics = ("charsim", "chrf")
            times += steps(fragility_steps(candidate, references, metrics=metrics))
        best = times if best is None else [min(a, b) for a, b in zip(best, times)]
    return best

rows = [timed(c, [r], {repeat}) for c, r in json.loads({pairs!r})]
print(json.dumps(rows))
"""
STEPS = ("steps", "longest", "all", "fragility steps", "longest", "all")
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"
STANDINS = ROOT / "explorer" / "runtime" / "sacrebleu_standins.py"


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument(
        "--sizes",
        default="1000,10000,20000,50000,100000,200000",
        help="characters of candidate plus reference, comma-separated",
    )
    parser.add_argument("--repeat", type=positive, default=2, help="passes, best kept (2)")
    args = parser.parse_args()
    print(environment())
    candidates, references = ted_pairs()
    candidate, reference = " ".join(candidates), " ".join(references)
    sizes = [int(size) for size in args.sizes.split(",")]
    pairs = [(candidate[: size // 2], reference[: size - size // 2]) for size in sizes]
    script = SCRIPT.format(
        pairs=json.dumps(pairs), repeat=args.repeat, fragility_limit=LIVE_FRAGILITY_LIMIT
    )
    cpython = {}
    exec(compile(script.replace("print(json.dumps(rows))", ""), "<steps>", "exec"), cpython)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "steps.py"
        path.write_text(script, encoding="utf-8")
        node = shutil.which("node") or "node"
        command = [node, str(RUNNER), str(path), *_wheels(), str(STANDINS)]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{done.stderr.strip()}\nPyodide did not run: is `npm ci` done here?")
    pyodide = json.loads(done.stdout.strip().splitlines()[-1])
    seconds = time.perf_counter() - start
    print(f"Pyodide run {seconds:.0f} s; seconds per step, best of {args.repeat}")
    print(f"{'characters':>10}  {'':8}" + "".join(f"{name:>16}" for name in STEPS))
    for size, here, there in zip(sizes, cpython["rows"], pyodide, strict=True):
        for name, times in (("CPython", here), ("Pyodide", there)):
            cells = [f"{t:>16,}" if i % 3 == 0 else f"{t:>16.3f}" for i, t in enumerate(times)]
            print(f"{size:>10,}  {name:8}" + "".join(cells))


if __name__ == "__main__":
    main()

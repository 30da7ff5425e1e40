"""Target (meta-evaluation): on the whole TED MQM file with five metrics and 1,000 resamples, the
whole report costs at most 1.5 × the time of scoring the same segments with the same metrics (the
statistics must never dominate), and ``--jobs 2`` at most 0.6 × ``--jobs 1``.

Three whole commands run side by side, in turn, ``--repeat`` times, on the segments of ``--mqm
FILE``: for the target, Google's whole file (``ted/ende/mqm_ted_ende.tsv`` of
github.com/google/wmt-mqm-human-evaluation: 13 systems, 529 items, 6,877 segments); by default
the shipped subset, ``data/mqm-ted-ende/mqm_ted_ende.tsv`` (two of its talks, 101 items, 1,313
segments), a quick run that is not the target's measure:

    charsim meta-eval --mqm FILE --metrics charsim,chrf,chrf++,bleu,ter            (report)
    charsim meta-eval --mqm FILE --metrics charsim,chrf,chrf++,bleu,ter --jobs 2   (report, 2 jobs)
    charsim -i SYS1 ... SYS13 -r REF --metrics charsim,chrf,chrf++,bleu,ter --sentence-level

the last on the same segments written out as text files first, one per system (scoring: every
segment's score with every metric, and each system's corpus score, without any statistics).
Prints the median times and the medians of the per-repeat ratios, by the clock and in processor
time (user + system of the command and its workers); then the statistics alone (every measure
with its 1,000 resamples, on segment scores computed once), best of ``--repeat``; the spans'
shares (locating the characters charsim leaves unmatched, and 1,000 resamples); and the time
of scoring an item's 13 segments with each metric alone (its first 100 items).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from _common import (
    ROOT,
    commands_side_by_side,
    environment,
    positive,
    ratio_line,
    script_parser,
)

from charsim.agreement import read_mqm
from charsim.agreement.correlations import correlate
from charsim.agreement.estimates import finish
from charsim.agreement.scoring import score_segments
from charsim.agreement.spans import span_estimates_steps
from charsim.corpus.coverage import unmatched

METRICS = "charsim,chrf,chrf++,bleu,ter"
MQM = ROOT / "data" / "mqm-ted-ende" / "mqm_ted_ende.tsv"


def main() -> None:
    parser = script_parser(__doc__)
    parser.add_argument("--repeat", type=positive, default=3, help="runs of each command (3)")
    parser.add_argument("--mqm", type=Path, default=MQM, help="the MQM file (the shipped subset)")
    args = parser.parse_args()
    print(environment())
    with tempfile.TemporaryDirectory() as folder:
        commands = _commands(args.mqm, Path(folder))
        wall, processor = commands_side_by_side(commands, args.repeat)
    print(f"whole commands, {args.repeat} runs each, in turn (medians)")
    for name in commands:
        print(
            f"{name:<17} wall {statistics.median(wall[name]):6.2f} s   "
            f"processor {statistics.median(processor[name]):6.2f} s"
        )
    for label, times in (("wall", wall), ("processor", processor)):
        line = ratio_line("report / scoring", times["report"], times["scoring"], 1.5)
        print(f"{label:<9} {line}")
    line = ratio_line("--jobs 2 / --jobs 1", wall["report, --jobs 2"], wall["report"], 0.6)
    print(f"wall      {line}")
    judgments = read_mqm(args.mqm)
    rows = [
        (tuple(row[i] for row in judgments.candidates), refs)
        for i, refs in enumerate(judgments.references)
    ]
    scores = score_segments(METRICS.split(","), rows)
    best = min(
        _timed(
            lambda: correlate(
                judgments, scores, baseline="charsim", resamples=1000, seed=12345, level=0.95
            )
        )
        for _ in range(args.repeat)
    )
    print(f"the statistics alone, {judgments.segments:,} segments, five metrics: {best:.2f} s")
    settings = {"resamples": 1000, "seed": 12345, "level": 0.95}
    best = _timed(lambda: finish(span_estimates_steps(judgments, **settings)))
    located = min(_timed(lambda: _locate(judgments)) for _ in range(args.repeat))
    print(
        f"the spans' shares with 1,000 resamples: {best:.2f} s, of which the unmatched "
        f"characters of the segments with a marked span: {located:.2f} s"
    )
    per_item = {
        metric: min(_timed(lambda m=metric: score_segments([m], rows[:100])) for _ in range(2))
        for metric in METRICS.split(",")
    }
    print(
        "scoring an item's 13 segments, ms: "
        + ", ".join(f"{metric} {10 * seconds:.1f}" for metric, seconds in per_item.items())
    )


def _locate(judgments) -> None:
    for s, row in enumerate(judgments.spans):
        for i, spans in enumerate(row):
            if spans and any(span.located for span in spans):
                unmatched(judgments.candidates[s][i], judgments.references[i])


def _timed(run) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def _commands(mqm: Path, folder: Path) -> dict[str, list[str]]:
    """The three commands; the systems' segments and the references written to ``folder``."""
    judgments = read_mqm(mqm)
    systems = []
    for number, row in enumerate(judgments.candidates, start=1):
        path = folder / f"sys{number}.txt"
        path.write_text("".join(f"{text}\n" for text in row), encoding="utf-8")
        systems.append(str(path))
    reference = folder / "ref.txt"
    reference.write_text("".join(f"{r[0]}\n" for r in judgments.references), encoding="utf-8")
    charsim = [sys.executable, "-m", "charsim"]
    report = [*charsim, "meta-eval", "--mqm", str(mqm), "--metrics", METRICS, "--no-progress"]
    return {
        "report": report,
        "report, --jobs 2": [*report, "--jobs", "2"],
        "scoring": [
            *charsim,
            "-i",
            *systems,
            "-r",
            str(reference),
            "--metrics",
            METRICS,
            "--sentence-level",
            "--no-progress",
        ],
    }


if __name__ == "__main__":
    main()

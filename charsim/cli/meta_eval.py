"""``charsim meta-eval``: does charsim agree with people? Meta-evaluation against human judgments
on the command line (:func:`charsim.agreement.meta_evaluate`).

Named as the field names it: the WMT Metrics shared task calls measuring metrics against human
judgments *meta-evaluation*, and Google's toolkit for it is mt-metrics-eval.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..agreement.demetr import read_demetr
from ..agreement.evaluate import DEFAULT_DISAGREEMENTS, meta_evaluate
from ..agreement.mqm import DEFAULT_REFERENCE, read_mqm
from ..agreement.plain import read_plain
from ..agreement.scoring import CHARSIM_METRICS, DEFAULT_METRICS, METRICS
from ..agreement.spans import item_spans
from ..io.textio import DataError
from ..metric.errors import WorkerError
from ..render.agreement import DEFAULT_EXPLORER, explorer_address, report_blocks, report_data
from ..render.formats import render
from ..render.item_spans import item_spans_blocks, item_spans_data
from ..significance.limits import DEFAULT_RESAMPLES, DEFAULT_SEED, MAX_RESAMPLES, MIN_RESAMPLES
from .args import Once, available_cores, file_name, jobs, name_list, whole_number
from .progress import progress_bar
from .workers import worker_pool

__all__ = ["main", "parser"]


def parser() -> argparse.ArgumentParser:
    """The subcommand's argument parser (``charsim meta-eval --help``)."""
    command = argparse.ArgumentParser(
        prog="charsim meta-eval",
        description="Does charsim agree with people? Meta-evaluation of charsim and its peers "
        "against human judgments: MQM annotations, other human scores, minimal pairs; every "
        "measure with a 95 % bootstrap interval over items, and each metric's paired "
        "difference from charsim.",
        epilog="examples:\n"
        "  charsim meta-eval --mqm mqm_ted_ende.tsv\n"
        "  charsim meta-eval --demetr demetr/dataset --metrics charsim,chrf\n"
        "  charsim meta-eval --judgments da.jsonl --human-name DA --format markdown",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    data = command.add_argument_group("human judgments (at least one)")
    given = data.add_mutually_exclusive_group()
    given.add_argument(
        "--mqm",
        metavar="FILE",
        type=file_name,
        action=Once,
        hint="give one MQM file",
        help="Google's MQM annotations (TSV, one row per error, as in "
        "github.com/google/wmt-mqm-human-evaluation)",
    )
    given.add_argument(
        "--judgments",
        metavar="FILE",
        type=file_name,
        action=Once,
        hint="give one file of human scores",
        help="human scores in the plain layout: JSON Lines {system, item, "
        "candidate, references, human} or a TSV with those columns",
    )
    data.add_argument(
        "--demetr",
        metavar="DIR",
        type=file_name,
        action=Once,
        hint="give one directory",
        help="DEMETR's minimal pairs (its dataset/)",
    )
    data.add_argument(
        "--reference",
        metavar="SYSTEM",
        help=f"--mqm: the system whose segments are the references ({DEFAULT_REFERENCE})",
    )
    data.add_argument(
        "--score-references",
        action="store_true",
        help="--mqm: also score the other systems whose name starts with ref (human translations)",
    )
    data.add_argument(
        "--human-name",
        metavar="NAME",
        help="--judgments: what the human scores are (DA, ESA, MQM)",
    )
    measured = command.add_argument_group("metrics and statistics")
    measured.add_argument(
        "--metrics",
        type=name_list(METRICS, "metric"),
        action=Once,
        default=DEFAULT_METRICS,
        metavar="LIST",
        hint="list every metric in one --metrics",
        help="comma-separated, each compared with charsim, or with the first of them when "
        "charsim is not among them (its disagreements are then not listed; default: all): "
        + ", ".join(METRICS),
    )
    measured.add_argument(
        "--paired-bs-n",
        metavar="N",
        default=DEFAULT_RESAMPLES,
        type=whole_number(
            MIN_RESAMPLES,
            f"{{value}}: at least {MIN_RESAMPLES} resamples are needed",
            MAX_RESAMPLES,
            f"{{value}} is more than {MAX_RESAMPLES:,} resamples",
        ),
        help=f"bootstrap resamples of the items ({DEFAULT_RESAMPLES:,}; {MIN_RESAMPLES} to "
        f"{MAX_RESAMPLES:,})",
    )
    measured.add_argument(
        "--seed",
        metavar="N",
        default=DEFAULT_SEED,
        type=whole_number(0, "{value}: a seed is a whole number >= 0"),
        help=f"seed of the resampling ({DEFAULT_SEED})",
    )
    output = command.add_argument_group("output")
    output.add_argument(
        "--format",
        choices=("text", "json", "markdown", "latex"),
        default="text",
        help="text (default), json, markdown or latex",
    )
    output.add_argument(
        "--disagreements",
        metavar="N",
        default=DEFAULT_DISAGREEMENTS,
        type=whole_number(0, "{value}: give 0 or more"),
        help=f"list the N item pairs where charsim and the humans disagree most "
        f"({DEFAULT_DISAGREEMENTS})",
    )
    output.add_argument(
        "--explain",
        metavar="ITEM",
        action=Once,
        hint="give one --explain",
        help="--mqm or --judgments: item ITEM's candidates (an MQM seg_id) with the errors "
        "people marked, the characters charsim leaves unmatched and both shares",
    )
    output.add_argument(
        "--explorer",
        metavar="URL",
        default=DEFAULT_EXPLORER,
        type=_explorer,
        help=f"the explorer's address in the links, without a query ({DEFAULT_EXPLORER})",
    )
    output.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bars (shown on stderr when it is a terminal and tqdm is installed)",
    )
    command.add_argument(
        "--jobs",
        type=jobs,
        metavar="N",
        default=1,
        help=f"score on N processes (0 = one per core, {available_cores()} "
        "here; default 1); the output is the same",
    )
    return command


def _explorer(url: str) -> str:
    try:
        return explorer_address(url)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main(argv: Sequence[str]) -> int:
    """Run ``charsim meta-eval`` (``argv`` without the subcommand); returns the exit status: 0,
    1 for bad data (one line naming the file and the line), 2 for bad usage."""
    command = parser()
    args = command.parse_args(argv)
    if not (args.mqm or args.judgments or args.demetr):
        command.error("give human judgments: --mqm FILE, --judgments FILE or --demetr DIR")
    if args.explain is not None and not (args.mqm or args.judgments):
        command.error("--explain needs --mqm FILE or --judgments FILE")
    if args.human_name is not None and not args.human_name.strip():
        command.error("--human-name: give the scores' name (DA, ESA, MQM), not an empty one")
    for option, given, source in (
        ("--reference", args.reference is not None, "--mqm"),
        ("--score-references", args.score_references, "--mqm"),
        ("--human-name", args.human_name is not None, "--judgments"),
    ):
        if given and not getattr(args, source[2:]):
            command.error(f"{option} applies to {source} FILE only; leave it out")
    stages = _Stages(not args.no_progress)
    try:
        judgments = (
            read_mqm(
                args.mqm,
                reference=DEFAULT_REFERENCE if args.reference is None else args.reference,
                score_references=args.score_references,
            )
            if args.mqm
            else read_plain(
                args.judgments, human_name="human" if args.human_name is None else args.human_name
            )
            if args.judgments
            else None
        )
        pairs = read_demetr(args.demetr) if args.demetr else None
        explained = _explained(judgments, args.explain)
        with worker_pool(args.jobs) as executor:
            report = meta_evaluate(
                judgments,
                pairs,
                metrics=args.metrics,
                resamples=args.paired_bs_n,
                seed=args.seed,
                disagreements=args.disagreements,
                executor=executor,
                in_flight=2 * args.jobs,
                progress=stages,
            )
    except ImportError as error:  # sacreBLEU's metrics, asked or by default, without it
        alone = ",".join(CHARSIM_METRICS)
        print(f"charsim: error: {error} (or charsim's alone: --metrics {alone})", file=sys.stderr)
        return 1
    except (DataError, ValueError, WorkerError) as error:
        print(f"charsim: error: {error}", file=sys.stderr)
        return 1
    finally:
        stages.close()
    if args.format == "json":
        data = report_data(report, args.explorer)
        if explained is not None:
            data["explain"] = {"item": args.explain, "segments": item_spans_data(explained)}
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    else:
        blocks = report_blocks(report, args.explorer)
        if explained is not None:
            i = judgments.items.index(args.explain)
            references, human = judgments.references[i], judgments.human_name
            blocks += item_spans_blocks(args.explain, references, explained, human)
        sys.stdout.write(render(blocks, args.format))
    return 0


def _explained(judgments, item: str | None):
    """Item ``item``'s candidates with their spans and unmatched characters, or None."""
    if item is None:
        return None
    try:
        return item_spans(judgments, item)
    except KeyError:
        raise ValueError(f"--explain {item}: {judgments.source} has no item {item}") from None


class _Stages:
    """One progress bar per stage of the work (scoring, resampling), the last one closed as the
    next begins."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.stage, self.update, self.close = enabled, None, None, lambda: None

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != self.stage:
            self.close()
            self.stage = stage
            unit = "resample" if stage.startswith("resampling") else "item"
            self.update, self.close = progress_bar(
                max(total, 1000), self.enabled, unit, total, description=stage
            )
        if self.update is not None:
            self.update(done)

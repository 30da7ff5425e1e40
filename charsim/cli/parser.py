"""The ``charsim`` command's options: the parser (``charsim --help``), and what is checked of
the options once parsed that the parser cannot say (:func:`read_options`), sacreBLEU's habits
among them: ``-m`` (``--metrics``, its names separated by spaces or commas), ``-b``
(``--score-only``), ``-lc`` (``--lowercase``) and reference files given without ``-r``
(``charsim REF -i SYS``), each with its meaning in sacreBLEU's command line."""

from __future__ import annotations

import argparse

from ..compare.metrics import COMPARE_LIMIT
from ..compare.sacrebleu import SACREBLEU_METRICS
from ..corpus.rows import CHUNK_SIZE
from ..io.filestream import STDIN
from ..metric.config import DEFAULT_MAX_ORDER, MAX_ORDER_LIMIT, WEIGHTS
from ..metric.preprocess import NORMALIZATION_FORMS
from ..metric.signature import VARIANTS
from ..render.formats import FORMATS
from ..significance.limits import (
    DEFAULT_RANDOMIZATION_TRIALS,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    MAX_RESAMPLES,
    MIN_RESAMPLES,
)
from ..version import __version__
from . import significance as cli_significance
from .args import Once, available_cores, file_name, jobs, name_list, whole_number

__all__ = ["METRICS", "command_parser", "read_options"]

METRICS = ("charsim", *SACREBLEU_METRICS)
"""The names ``--metrics`` accepts."""


_order_cap = whole_number(
    1,
    f"{{value}} is outside the allowed range 1..{MAX_ORDER_LIMIT} (32 is charsim)",
    MAX_ORDER_LIMIT,
)
"""``--max-order``."""
_resamples = whole_number(
    MIN_RESAMPLES,
    f"{{value}}: at least {MIN_RESAMPLES} resamples or trials are needed (a 95 % interval "
    f"leaves out the n // 40 lowest and highest; p is at least 1/(n + 1))",
    MAX_RESAMPLES,
    f"{{value}} is more than {MAX_RESAMPLES:,} resamples or trials (sacreBLEU's defaults: "
    f"{DEFAULT_RESAMPLES:,} for the bootstrap, {DEFAULT_RANDOMIZATION_TRIALS:,} for --paired-ar)",
)
"""``--confidence-n`` and the like."""
_seed = whole_number(0, "{value}: a seed is a whole number >= 0")
"""``--seed``."""
_item_number = whole_number(1, "{value}: items are numbered from 1")
"""``--explain``."""
_metric_list = name_list(METRICS, "metric")
"""``--metrics``."""


def command_parser() -> argparse.ArgumentParser:
    """The parser of the `charsim` command's options (not of `charsim article`)."""
    parser = argparse.ArgumentParser(
        prog="charsim",
        usage="%(prog)s [options] [REF ...]\n       %(prog)s article [--format {text,json}]\n"
        "       %(prog)s examples [--to DIR]\n"
        "       %(prog)s meta-eval [--mqm FILE | --judgments FILE] [--demetr DIR] [options]",
        description="Score candidates against references with charsim (character n-gram\n"
        "similarity, min(P, R) of 1/n-weighted overlaps of orders 1..32).",
        epilog="examples:\n"
        "  charsim -i sys.txt -r ref.txt\n"
        "  charsim -i sys1.txt sys2.txt -r ref.txt --sentence-level --format tsv\n"
        "  charsim --jsonl items.jsonl --format json\n"
        "  charsim -i sys.txt -r ref.txt --metrics charsim,chrf,chrf++,bleu,ter\n"
        "  charsim -i sys.txt -r ref.txt --explain 17 --format markdown\n"
        "  charsim -i base.txt sys.txt -r ref.txt --paired-bs    # is sys.txt really better?\n"
        "  charsim article    # recompute every number printed in the article",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    source = parser.add_argument_group("input")
    source.add_argument(
        "-i",
        "--input",
        nargs="+",
        metavar="FILE",
        default=[STDIN],
        type=file_name,
        action=Once,
        hint="name every system after one -i: -i a.txt b.txt",
        help="candidate file(s), one candidate per line; several files are "
        "several systems ('-' = stdin, the default)",
    )
    source.add_argument(
        "-r",
        "--references",
        nargs="+",
        metavar="FILE",
        default=[],
        type=file_name,
        action=Once,
        hint="name every reference file after one -r: -r ref1.txt ref2.txt",
        help="reference file(s): line i of each is a reference for candidate "
        "line i (an empty line is an empty reference)",
    )
    source.add_argument(
        "--jsonl",
        metavar="FILE",
        type=file_name,
        action=Once,
        hint="give one JSON Lines file (cat a.jsonl b.jsonl | charsim --jsonl -)",
        help='JSON Lines input instead: {"candidate": ..., "references": [...]} '
        "per line ('-' = stdin)",
    )
    source.add_argument(
        "reference_files",
        nargs="*",
        metavar="REF",
        type=file_name,
        help="reference file(s) given before the options, as sacreBLEU takes "
        "them (charsim ref.txt -i sys.txt): the same as -r ref.txt",
    )
    metric = parser.add_argument_group("metric")
    metric.add_argument(
        "-m",
        "--metrics",
        type=_metric_list,
        nargs="+",
        action=Once,
        hint="list every metric in one --metrics: --metrics charsim,chrf",
        metavar="LIST",
        help="metrics, one column each, separated by commas or spaces (sacreBLEU's -m chrf "
        "bleu): "
        + ", ".join(METRICS)
        + " (sacreBLEU's chrF, chrF++, BLEU, TER with its defaults, corpus-level; they need "
        "pip install 'charsim[compare]' and get the texts as read: the charsim options below "
        "apply to charsim only)",
    )
    metric.add_argument(
        "--variant",
        choices=VARIANTS,
        help="mean: charsim (§3.1, default); base: mean of per-reference scores "
        "(§2.4); max: best reference (§3.3); base and max are the article's "
        "other forms, reported under their own names",
    )
    metric.add_argument(
        "--max-order",
        type=_order_cap,
        metavar="N",
        help=f"order cap, 1 to {MAX_ORDER_LIMIT} (32 is charsim; anything else is a derived "
        "variant)",
    )
    metric.add_argument(
        "--weights",
        choices=WEIGHTS,
        help="harmonic = 1/n (charsim); uniform is a derived variant",
    )
    metric.add_argument(
        "--normalize",
        choices=NORMALIZATION_FORMS,
        help="Unicode-normalise every text first (recorded in the signature)",
    )
    metric.add_argument(
        "-lc",
        "--lowercase",
        action="store_true",
        help="case-fold every text first (str.casefold; recorded as case:fold)",
    )
    metric.add_argument(
        "--fold-whitespace-quotes",
        action="store_true",
        help="fold every text's whitespace (no-break and other spaces to one U+0020, ends "
        "stripped) and curly quotes (to ASCII ' and \") last (recorded as fold:space+quote)",
    )
    tests = parser.add_argument_group(
        "confidence intervals and paired significance tests (sacreBLEU's options; the first -i "
        "system is the baseline)"
    )
    tests.add_argument(
        "--confidence",
        action="store_true",
        help="each system's 95 %% confidence interval, by bootstrap resampling",
    )
    tests.add_argument(
        "--confidence-n",
        type=_resamples,
        metavar="N",
        help=f"bootstrap resamples for --confidence ({DEFAULT_RESAMPLES:,}; at most "
        f"{MAX_RESAMPLES:,})",
    )
    paired = tests.add_mutually_exclusive_group()
    paired.add_argument(
        "--paired-bs",
        action="store_true",
        help="paired bootstrap resampling against the baseline: a p-value per "
        "system, and every system's interval",
    )
    paired.add_argument(
        "--paired-ar",
        action="store_true",
        help="paired approximate randomization against the baseline: a p-value per system",
    )
    tests.add_argument(
        "--paired-bs-n",
        type=_resamples,
        metavar="N",
        help=f"resamples for --paired-bs ({DEFAULT_RESAMPLES:,}; at most {MAX_RESAMPLES:,})",
    )
    tests.add_argument(
        "--paired-ar-n",
        type=_resamples,
        metavar="N",
        help=f"trials for --paired-ar ({DEFAULT_RANDOMIZATION_TRIALS:,}; at most "
        f"{MAX_RESAMPLES:,})",
    )
    tests.add_argument(
        "--seed",
        type=_seed,
        metavar="N",
        help=f"seed of the resampling ({DEFAULT_SEED}; recorded in the signature)",
    )
    output = parser.add_argument_group("output")
    output.add_argument(
        "--sentence-level",
        action="store_true",
        help="also print item scores (sentence BLEU with effective order, as "
        "sacrebleu --sentence-level computes it)",
    )
    output.add_argument(
        "--format",
        choices=("text", "json", *FORMATS[1:]),
        default="text",
        help="text (default), json, tsv, markdown or latex",
    )
    output.add_argument(
        "--explain",
        type=_item_number,
        metavar="ITEM",
        help="print the full explanation of item ITEM (1 = the first item: the line number of "
        "-i/-r files; in JSON Lines, blank lines are not items) with chrF, chrF++, BLEU and "
        f"TER beside it when sacreBLEU is installed and the item has at most {COMPARE_LIMIT:,} "
        "characters (candidate plus references; TER's time grows much faster than the text); "
        "with --format markdown or latex a worked "
        "example to paste; with --format tsv its lines start with '#'",
    )
    output.add_argument(
        "-b",
        "--score-only",
        action="store_true",
        help="print the corpus scores only, one line per system and metric (as sacrebleu -b)",
    )
    output.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (one is shown on stderr for 1,000 items or more, "
        "only when stderr is a terminal and tqdm is installed; it counts "
        f"chunks of {CHUNK_SIZE:,} items)",
    )
    run = parser.add_argument_group("run")
    run.add_argument(
        "--jobs",
        type=jobs,
        metavar="N",
        help="score charsim on N processes (0 = one per core, "
        f"{available_cores()} here; default 1); the output is the same",
    )
    parser.add_argument("--version", action="version", version=f"charsim {__version__}")
    return parser


_CHARSIM_DEFAULTS = {
    "variant": "mean",
    "max_order": DEFAULT_MAX_ORDER,
    "weights": "harmonic",
    "jobs": 1,
}
"""The defaults of the options that are None when not given (see :func:`_unused_charsim_option`)."""
_CHARSIM_OPTIONS = {
    name: "--" + name.replace("_", "-")
    for name in (
        "variant",
        "max_order",
        "weights",
        "normalize",
        "lowercase",
        "fold_whitespace_quotes",
        "jobs",
    )
}
"""The options that change charsim only (sacreBLEU's metrics get the texts as read)."""


def _unused_charsim_option(args: argparse.Namespace) -> str | None:
    """Why an option that changes charsim only does nothing here (None: it does something).

    With ``--metrics`` and no ``charsim`` in it, they would change nothing but the
    ``--explain`` item's explanation (``--jobs`` not even that): they are refused, as ``--seed``
    without a test is, rather than left to look as if they changed chrF."""
    if args.metrics is None or "charsim" in args.metrics:
        return None
    given = [
        option
        for name, option in _CHARSIM_OPTIONS.items()
        if getattr(args, name) not in (None, False)
    ]
    if args.explain is not None:  # they change the explanation of the item (not --jobs)
        given = [option for option in given if option == "--jobs"]
    if not given:
        return None
    listed = ",".join(args.metrics)
    return (
        f"{given[0]} changes charsim only, and --metrics {listed} has no charsim column "
        f"(sacreBLEU's metrics get the texts as read): add charsim to --metrics, or leave "
        f"out {given[0]}"
    )


def read_options(argv: list[str]) -> argparse.Namespace:
    """The options of ``argv`` (``charsim`` less ``article``), checked, with the defaults of
    the options that are None when not given filled in. Reference files given without ``-r``
    (sacreBLEU's positional references) are ``references``; the names of ``-m`` are one tuple.

    Raises:
        SystemExit: ``--help``, ``--version`` (status 0); options that do not go together or a
            value out of range (status 2, the usage and one line).
    """
    parser = command_parser()
    args = parser.parse_args(argv)
    if args.reference_files and args.references:
        parser.error(
            f"reference files given twice, {' '.join(args.reference_files)} and -r "
            f"{' '.join(args.references)}: give them once, before the options (as sacreBLEU "
            "takes them) or after -r"
        )
    args.references = args.references or args.reference_files
    if args.metrics is not None:
        names = [name for words in args.metrics for name in words]
        if twice := next((name for name in names if names.count(name) > 1), None):
            parser.error(f"argument -m/--metrics: {twice!r} is listed twice")
        args.metrics = tuple(names)
    if args.score_only and (dropped := _beside_score_only(args)):
        parser.error(f"--score-only prints the corpus scores only: leave out {dropped}")
    if args.jsonl and (args.references or args.input != [STDIN]):
        parser.error("--jsonl cannot be combined with -i or -r")
    problem = cli_significance.problem(args, 1 if args.jsonl else len(args.input))
    problem = problem or _unused_charsim_option(args)
    if problem:
        parser.error(problem)
    for name, default in _CHARSIM_DEFAULTS.items():  # given as None to tell what was typed
        if getattr(args, name) is None:
            setattr(args, name, default)
    return args


def _beside_score_only(args: argparse.Namespace) -> str | None:
    """The first option given whose output ``--score-only`` would leave out (None: none)."""
    given = {
        f"--format {args.format}": args.format != "text",
        "--sentence-level": args.sentence_level,
        "--explain": args.explain is not None,
        "--confidence": args.confidence,
        "--paired-bs": args.paired_bs,
        "--paired-ar": args.paired_ar,
    }
    return next((option for option, present in given.items() if present), None)

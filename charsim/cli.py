"""The ``charsim`` command: score files of candidates against references, sacreBLEU-style.

Thin by design: it reads files, calls :mod:`charsim.corpus` and prints. All output is computed
before anything is written, so an error never leaves half a result behind.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from . import cli_significance
from .compare import compare
from .config import DEFAULT_MAX_ORDER, MAX_ORDER_LIMIT, WEIGHTS, Config
from .corpus import common_nrefs, items_as_systems, score_systems
from .explain import explain
from .formats import FORMATS
from .output import ItemExplanation, Report, render_report
from .preprocess import NORMALIZATION_FORMS
from .sacrebleu_metrics import SACREBLEU_METRICS, MetricResult, corpus_scores, require_sacrebleu
from .signature import VARIANTS, signature
from .significance import DEFAULT_RANDOMIZATION_TRIALS, DEFAULT_RESAMPLES, DEFAULT_SEED
from .textio import DataError, aligned_lines, counted, decode_lines, items_from_jsonl
from .version import __version__

__all__ = ["main"]

STDIN = "-"
METRICS = ("charsim", *SACREBLEU_METRICS)
"""The names ``--metrics`` accepts."""
_METRIC_NAMES = {"mean": "charsim", "base": "charsim_base", "max": "charsim_max"}  # text output


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="charsim",
        usage="%(prog)s [options]\n       %(prog)s article [--format {text,json}]",
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
    source.add_argument("-i", "--input", nargs="+", metavar="FILE", default=[STDIN],
                        help="candidate file(s), one candidate per line; several files are "
                        "several systems ('-' = stdin, the default)")  # fmt: skip
    source.add_argument("-r", "--references", nargs="+", metavar="FILE", default=[],
                        help="reference file(s): line i of each is a reference for candidate "
                        "line i (an empty line is an empty reference)")  # fmt: skip
    source.add_argument("--jsonl", metavar="FILE",
                        help='JSON Lines input instead: {"candidate": ..., "references": [...]} '
                        "per line ('-' = stdin)")  # fmt: skip
    metric = parser.add_argument_group("metric")
    metric.add_argument(
        "--metrics",
        type=_metric_list,
        metavar="LIST",
        help="comma-separated metrics, one column each: "
        + ", ".join(METRICS)
        + " (sacreBLEU's chrF, chrF++, BLEU, TER with its defaults, corpus-level; they need "
        "pip install 'charsim[compare]' and get the texts as read: the charsim options below "
        "apply to charsim only)",
    )
    metric.add_argument("--variant", choices=VARIANTS, default="mean",
                        help="mean: charsim (§3.1, default); base: mean of per-reference scores "
                        "(§2.4); max: best reference (§3.3); base and max are the article's "
                        "other forms, reported under their own names")  # fmt: skip
    metric.add_argument(
        "--max-order",
        type=_order_cap,
        default=DEFAULT_MAX_ORDER,
        metavar="N",
        help=f"order cap, 1 to {MAX_ORDER_LIMIT} (32 is charsim; anything else is a derived "
        "variant)",
    )
    metric.add_argument(
        "--weights",
        choices=WEIGHTS,
        default="harmonic",
        help="harmonic = 1/n (charsim); uniform is a derived variant",
    )
    metric.add_argument(
        "--normalize",
        choices=NORMALIZATION_FORMS,
        help="Unicode-normalise every text first (recorded in the signature)",
    )
    metric.add_argument(
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
        type=_positive,
        metavar="N",
        help=f"bootstrap resamples for --confidence ({DEFAULT_RESAMPLES:,})",
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
        type=_positive,
        metavar="N",
        help=f"resamples for --paired-bs ({DEFAULT_RESAMPLES:,})",
    )
    tests.add_argument(
        "--paired-ar-n",
        type=_positive,
        metavar="N",
        help=f"trials for --paired-ar ({DEFAULT_RANDOMIZATION_TRIALS:,})",
    )
    tests.add_argument("--seed", type=_seed, metavar="N",
                       help=f"seed of the resampling ({DEFAULT_SEED}; recorded in the "
                       "signature)")  # fmt: skip
    output = parser.add_argument_group("output")
    output.add_argument("--sentence-level", action="store_true",
                        help="also print item scores (sentence BLEU with effective order, as "
                        "sacrebleu --sentence-level computes it)")  # fmt: skip
    output.add_argument("--format", choices=("text", "json", *FORMATS[1:]), default="text",
                        help="text (default), json, tsv, markdown or latex")  # fmt: skip
    output.add_argument(
        "--explain",
        type=_item_number,
        metavar="N",
        help="print the full explanation of item N (1 = the first item: the line number of "
        "-i/-r files; in JSON Lines, blank lines are not items) with chrF, chrF++, BLEU and "
        "TER beside it when sacreBLEU is installed; with --format markdown or latex a worked "
        "example to paste; with --format tsv its lines start with '#'",
    )
    output.add_argument("--no-progress", action="store_true",
                        help="no progress bar (one is shown on stderr for 1,000 items or more, "
                        "only when stderr is a terminal and tqdm is installed)")  # fmt: skip
    parser.add_argument("--version", action="version", version=f"charsim {__version__}")
    return parser


def _whole_number(text: str) -> int:
    """An option's value as an int (argparse reports the error)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _order_cap(text: str) -> int:
    """``--max-order``: a whole number in ``1..MAX_ORDER_LIMIT``."""
    value = _whole_number(text)
    if not 1 <= value <= MAX_ORDER_LIMIT:
        raise argparse.ArgumentTypeError(
            f"{value} is outside the allowed range 1..{MAX_ORDER_LIMIT} (32 is charsim)"
        )
    return value


def _metric_list(text: str) -> tuple[str, ...]:
    """``--metrics``: known names, comma-separated, each once."""
    names = tuple(name.strip().lower() for name in text.split(","))
    for name in names:
        if name not in METRICS:
            raise argparse.ArgumentTypeError(
                f"{name!r} is not a metric (choose from {', '.join(METRICS)})"
            )
        if names.count(name) > 1:
            raise argparse.ArgumentTypeError(f"{name!r} is listed twice")
    return names


def _positive(text: str) -> int:
    """``--confidence-n`` and the like: a whole number >= 1."""
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: at least 1 resample or trial is needed")
    return value


def _seed(text: str) -> int:
    """``--seed``: a whole number >= 0."""
    value = _whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value}: a seed is a whole number >= 0")
    return value


def _item_number(text: str) -> int:
    """``--explain``: a whole number >= 1."""
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: items are numbered from 1")
    return value


def _name(path: str) -> str:
    """How a file is named in messages (stdin is ``<stdin>``)."""
    return "<stdin>" if path == STDIN else path


def _read(path: str) -> tuple[str, list[str]]:
    """(display name, lines) of a file or stdin; DataError if unreadable."""
    if path == STDIN:
        return _name(path), decode_lines(sys.stdin.buffer.read(), _name(path))
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise DataError(path, None, f"cannot be read ({error.strerror})") from None
    return path, decode_lines(data, path)


def _load(args: argparse.Namespace) -> tuple[list[str], list[Sequence[str]], list[tuple[str, ...]]]:
    """(system names, candidates per system, reference set per item)."""
    if args.jsonl:
        if args.references or args.input != [STDIN]:
            raise DataError(args.jsonl, None, "--jsonl cannot be combined with -i or -r")
        name, lines = _read(args.jsonl)
        candidates, references = items_as_systems(items_from_jsonl(lines, name))
        return [name], [candidates], references
    if not args.references:
        raise DataError(_name(args.input[0]), None, "no references: give reference files with -r "
                        "(or use --jsonl)")  # fmt: skip
    if STDIN in args.references and STDIN in args.input:
        raise DataError(_name(STDIN), None, "cannot be both the candidates (-i, '-' by default) "
                        "and the references (-r -): give the candidates with -i FILE")  # fmt: skip
    references = [_read(path) for path in args.references]
    systems = [_read(path) for path in args.input]
    candidates, reference_sets = aligned_lines(systems, references)
    return [name for name, _ in systems], candidates, reference_sets


def _progress(total: int, enabled: bool, unit: str = "item"):
    if not enabled or total < 1000:
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is optional: no progress bar without it
        return None, lambda: None
    # disable=None: no bar when stderr is not a terminal (a log file, a pipe), as tqdm advises
    bar = tqdm(total=total, unit=unit, file=sys.stderr, leave=False, disable=None)
    return (lambda done: bar.update(done - bar.n)), bar.close


def _score(args, systems, references, options) -> tuple[dict[str, MetricResult], ...]:
    """Every asked metric's results, per system, in the order asked."""
    metrics = args.metrics or ("charsim",)
    per_metric = {}
    for metric in metrics:
        if metric != "charsim":
            per_metric[metric] = corpus_scores(
                systems, references, metric, sentence_level=args.sentence_level
            )
            continue
        update, close = _progress(len(references), not args.no_progress)
        try:
            results = score_systems(
                systems, references, variant=args.variant, progress=update, **options
            )
        finally:
            close()
        name = "derived variant" if Config(args.max_order, args.weights).derived_note else None
        name = name or _METRIC_NAMES[args.variant]
        keep = args.sentence_level or cli_significance.asked(args)  # resampling needs the scores
        per_metric[metric] = [
            MetricResult("charsim", name, r.score, r.signature, r.scores if keep else None,
                         r.signature if args.sentence_level else None)
            for r in results
        ]  # fmt: skip
    return tuple({m: per_metric[m][s] for m in metrics} for s in range(len(systems)))


def _explain(names, systems, references, i: int, options) -> tuple[ItemExplanation, ...]:
    """Item ``i`` of each system explained, with the comparison when sacreBLEU is installed."""
    found = []
    for name, system in zip(names, systems, strict=True):
        try:
            comparison = compare(system[i], list(references[i]), **options)
        except ImportError as error:
            e = explain(system[i], list(references[i]), **options)
            found.append(ItemExplanation(name, e, None, str(error)))
        else:
            found.append(ItemExplanation(name, comparison.explanation, comparison))
    return tuple(found)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0 ok, 1 bad data, 2 bad usage)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["article"]:
        from .article import main as article_main

        return article_main(argv[1:])
    parser = _parser()
    args = parser.parse_args(argv)
    problem = cli_significance.problem(args, 1 if args.jsonl else len(args.input))
    if problem:
        parser.error(problem)
    options = {"max_order": args.max_order, "weights": args.weights,
               "normalize": args.normalize, "casefold": args.lowercase,
               "fold_whitespace_quotes": args.fold_whitespace_quotes}  # fmt: skip
    try:
        if set(args.metrics or ()) & set(SACREBLEU_METRICS):
            require_sacrebleu()
        names, systems, references = _load(args)
        if not references:
            raise DataError(names[0], None, "holds no items: nothing to score")
        if args.explain is not None and args.explain > len(references):
            holds = counted(len(references), "item")
            raise ValueError(f"--explain {args.explain} is out of range: {names[0]} holds {holds} "
                             f"(choose 1 to {len(references)})")  # fmt: skip
        results = _score(args, systems, references, options)
        significance = None
        if cli_significance.asked(args):
            significance = cli_significance.compute(
                args,
                [result["charsim"].scores for result in results],
                lambda total: _progress(total, not args.no_progress, "resample"),
            )
    except (DataError, ValueError, ImportError) as error:
        print(f"charsim: error: {error}", file=sys.stderr)
        return 1
    explanations = ()
    if args.explain is not None:
        explanations = _explain(names, systems, references, args.explain - 1, options)
    if significance is not None:  # the charsim signature records the resampling
        sig = signature(args.variant, nrefs=common_nrefs(references), **options,
                        **significance.signature_fields)  # fmt: skip
        results = tuple({**r, "charsim": replace(r["charsim"], signature=sig)} for r in results)
    report = Report(
        names=tuple(names),
        n_items=len(references),
        results=results,
        derived_note=Config(args.max_order, args.weights).derived_note,
        by_metric=args.metrics is not None,
        sentence_level=args.sentence_level,
        item=args.explain,
        explanations=explanations,
        significance=significance,
    )
    if hasattr(sys.stdout, "reconfigure"):  # a terminal that cannot show a character: \u escapes
        sys.stdout.reconfigure(errors="backslashreplace")
    sys.stdout.write(render_report(report, args.format))
    return 0

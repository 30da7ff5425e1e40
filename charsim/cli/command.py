"""The ``charsim`` command: score files of candidates against references, sacreBLEU-style.

Thin by design: it streams the files (:mod:`charsim.io.filestream`) into :mod:`charsim.corpus`, in
this process or on a process pool (``--jobs``), and prints. All output is computed before
anything is written, so an error never leaves half a result behind.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import shlex
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from ..compare.base import MetricResult
from ..compare.metrics import COMPARE_LIMIT, compare, compared_size, skipped_note
from ..compare.sacrebleu import SACREBLEU_METRICS, corpus_scores, require_sacrebleu
from ..corpus.rows import CHUNK_SIZE, CorpusResult, score_rows
from ..io.filestream import STDIN, ItemStream, aligned_files, jsonl_file, source_name
from ..io.textio import DataError
from ..metric.config import DEFAULT_MAX_ORDER, MAX_ORDER_LIMIT, WEIGHTS, Config
from ..metric.errors import WorkerError
from ..metric.explain import explain
from ..metric.preprocess import NORMALIZATION_FORMS
from ..metric.signature import NREFS_VARIABLE, VARIANTS, score_name, signature
from ..metric.values import counted
from ..render.formats import FORMATS
from ..significance.paired import (
    DEFAULT_RANDOMIZATION_TRIALS,
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    MAX_RESAMPLES,
    MIN_RESAMPLES,
)
from ..version import __version__
from . import significance as cli_significance
from .args import Once, available_cores, file_name, jobs, name_list, whole_number
from .output import ItemExplanation, Report, render_report
from .pool import processes, progress_bar
from .streams import run_guarded

__all__ = ["main"]

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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="charsim",
        usage="%(prog)s [options]\n       %(prog)s article [--format {text,json}]\n"
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
    source.add_argument("-i", "--input", nargs="+", metavar="FILE", default=[STDIN],
                        type=file_name, action=Once,
                        hint="name every system after one -i: -i a.txt b.txt",
                        help="candidate file(s), one candidate per line; several files are "
                        "several systems ('-' = stdin, the default)")  # fmt: skip
    source.add_argument("-r", "--references", nargs="+", metavar="FILE", default=[],
                        type=file_name, action=Once,
                        hint="name every reference file after one -r: -r ref1.txt ref2.txt",
                        help="reference file(s): line i of each is a reference for candidate "
                        "line i (an empty line is an empty reference)")  # fmt: skip
    source.add_argument("--jsonl", metavar="FILE", type=file_name, action=Once,
                        hint="give one JSON Lines file (cat a.jsonl b.jsonl | charsim --jsonl -)",
                        help='JSON Lines input instead: {"candidate": ..., "references": [...]} '
                        "per line ('-' = stdin)")  # fmt: skip
    metric = parser.add_argument_group("metric")
    metric.add_argument(
        "--metrics",
        type=_metric_list,
        action=Once,
        hint="list every metric in one --metrics: --metrics charsim,chrf",
        metavar="LIST",
        help="comma-separated metrics, one column each: "
        + ", ".join(METRICS)
        + " (sacreBLEU's chrF, chrF++, BLEU, TER with its defaults, corpus-level; they need "
        "pip install 'charsim[compare]' and get the texts as read: the charsim options below "
        "apply to charsim only)",
    )
    metric.add_argument("--variant", choices=VARIANTS,
                        help="mean: charsim (§3.1, default); base: mean of per-reference scores "
                        "(§2.4); max: best reference (§3.3); base and max are the article's "
                        "other forms, reported under their own names")  # fmt: skip
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
        metavar="ITEM",
        help="print the full explanation of item ITEM (1 = the first item: the line number of "
        "-i/-r files; in JSON Lines, blank lines are not items) with chrF, chrF++, BLEU and "
        f"TER beside it when sacreBLEU is installed and the item has at most {COMPARE_LIMIT:,} "
        "characters (candidate plus references; TER's time grows much faster than the text); "
        "with --format markdown or latex a worked "
        "example to paste; with --format tsv its lines start with '#'",
    )
    output.add_argument("--no-progress", action="store_true",
                        help="no progress bar (one is shown on stderr for 1,000 items or more, "
                        "only when stderr is a terminal and tqdm is installed; it counts "
                        f"chunks of {CHUNK_SIZE:,} items)")  # fmt: skip
    run = parser.add_argument_group("run")
    run.add_argument("--jobs", type=jobs, metavar="N",
                     help="score charsim on N processes (0 = one per core, "
                     f"{available_cores()} here; default 1); the output is the same")  # fmt: skip
    parser.add_argument("--version", action="version", version=f"charsim {__version__}")
    return parser


_CHARSIM_DEFAULTS = {"variant": "mean", "max_order": DEFAULT_MAX_ORDER, "weights": "harmonic",
                     "jobs": 1}  # fmt: skip
"""The defaults of the options that are None when not given (see :func:`_unused_charsim_option`)."""
_CHARSIM_OPTIONS = {
    name: "--" + name.replace("_", "-")
    for name in ("variant", "max_order", "weights", "normalize", "lowercase",
                 "fold_whitespace_quotes", "jobs")
}  # fmt: skip
"""The options that change charsim only (sacreBLEU's metrics get the texts as read)."""


def _unused_charsim_option(args: argparse.Namespace) -> str | None:
    """Why an option that changes charsim only does nothing here (None: it does something).

    With ``--metrics`` and no ``charsim`` in it, they would change nothing but the
    ``--explain`` item's explanation (``--jobs`` not even that): they are refused, as ``--seed``
    without a test is, rather than left to look as if they changed chrF."""
    if args.metrics is None or "charsim" in args.metrics:
        return None
    given = [option for name, option in _CHARSIM_OPTIONS.items()
             if getattr(args, name) not in (None, False)]  # fmt: skip
    if args.explain is not None:  # they change the explanation of the item (not --jobs)
        given = [option for option in given if option == "--jobs"]
    if not given:
        return None
    listed = ",".join(args.metrics)
    return (f"{given[0]} changes charsim only, and --metrics {listed} has no charsim column "
            f"(sacreBLEU's metrics get the texts as read): add charsim to --metrics, or leave "
            f"out {given[0]}")  # fmt: skip


def _load(args: argparse.Namespace) -> ItemStream:
    """The items, streamed from the files (which are checked first); a candidate file that
    looks like JSON Lines (:func:`_jsonl_hint`) is warned of on stderr, as it is still read as
    plain text (a text file may be named ``.jsonl``)."""
    if args.jsonl:
        return jsonl_file(args.jsonl)
    hint = next(filter(None, map(_jsonl_hint, args.input)), None)
    if not args.references:
        if hint:
            name, why, option = hint
            raise DataError(name, None, f"no references (give them with -r), and it looks like "
                            f"JSON Lines ({why}): did you mean {option}?")  # fmt: skip
        raise DataError(source_name(args.input[0]), None, "no references: give reference files "
                        "with -r (or use --jsonl)")  # fmt: skip
    if hint:
        name, why, option = hint
        print(f"charsim: warning: {name} looks like JSON Lines ({why}), but -i reads one "
              f"candidate per line; did you mean {option}?",
              file=sys.stderr, flush=True)  # fmt: skip
    if STDIN in args.references and STDIN in args.input:
        raise DataError(
            source_name(STDIN),
            None,
            "cannot be both the candidates (-i, '-' by default) and the references (-r -): "
            "give the candidates with -i FILE",
        )
    return aligned_files(args.input, args.references)


JSONL_PEEK = 1 << 16
"""Bytes of a candidate file's first line read to tell whether it is a JSON object."""


def _jsonl_hint(path: str) -> tuple[str, str, str] | None:
    """(the file's name in messages, why it looks like JSON Lines, the option to give it
    with) when a candidate file (``-i``) does: its name ends in ``.jsonl``, or its first line
    is a JSON object. None otherwise, and for stdin, a file that does not exist (its error
    says so) and one that can be read only once (a pipe, a FIFO), which is not read ahead.
    Never raises: a file that cannot be read gets its error when it is read."""
    if path == STDIN or not os.path.exists(path):
        return None
    name = source_name(path)
    if name.lower().endswith(".jsonl"):
        why = "its name ends in .jsonl"
    elif _first_line_is_an_object(path):
        why = "its first line is a JSON object"
    else:
        return None
    return name, why, f"--jsonl {shlex.quote(name)}"


def _first_line_is_an_object(path: str) -> bool:
    """Whether the first line of a regular file (a byte-order mark dropped) is a JSON object."""
    try:
        if not os.path.isfile(path):
            return False
        with open(path, "rb") as stream:
            line = stream.readline(JSONL_PEEK).decode("utf-8-sig").strip()
        return line.startswith("{") and isinstance(json.loads(line), dict)
    except (OSError, ValueError, RecursionError):  # unreadable, not UTF-8, not JSON, too deep
        return False


def _check_count(args: argparse.Namespace, source: str, count: int) -> None:
    """Raise if there is nothing to score or ``--explain`` is beyond the items."""
    if not count:
        raise DataError(source, None, "holds no items: nothing to score")
    if args.explain is not None and args.explain > count:
        raise ValueError(f"--explain {args.explain} is out of range: {source} holds "
                         f"{counted(count, 'item')} (choose 1 to {count})")  # fmt: skip


LONG_ITEM = 1_000_000
"""Characters of an item (its longest candidate plus its references) above which the command
warns, once, on stderr: scoring takes about 200–250 bytes a character and a second or two per
million characters (README, "Scoring at scale"), and a line that long is most often a whole
document whose line breaks were lost (issue 25)."""


class _Rows:
    """The rows of a stream as they pass, with item ``number`` (``--explain``) kept, and the
    number of references of every item seen; the first item longer than :data:`LONG_ITEM`
    characters is warned of."""

    def __init__(self, rows: Iterable, number: int | None) -> None:
        self._rows, self._number = rows, number
        self.kept: list = []
        self.sizes: set[int] = set()
        self._warned = False

    def __iter__(self) -> Iterator:
        for i, row in enumerate(self._rows, start=1):
            self.sizes.add(len(row[1]))
            if i == self._number:
                self.kept.append(row)
            if not self._warned:
                self._warn_if_long(i, row)
            yield row

    def _warn_if_long(self, number: int, row) -> None:
        candidates, references = row
        size = max(map(len, candidates)) + sum(map(len, references))
        if size <= LONG_ITEM:
            return
        self._warned = True
        print(f"charsim: warning: item {number:,} has {size:,} characters (candidate plus "
              f"references): it takes about {size * 250 / 1e9:.1f} GB of memory to score "
              "(250 bytes a character) and a line is one item: if it is a whole document, "
              "put one sentence on each line", file=sys.stderr, flush=True)  # fmt: skip

    @property
    def nrefs(self) -> int | str | None:
        """The number of references per item if every item has the same, ``"var"`` if not
        (sacreBLEU's), None before any item."""
        if not self.sizes:
            return None
        return next(iter(self.sizes)) if len(self.sizes) == 1 else NREFS_VARIABLE


def _score(args, stream: ItemStream, rows: _Rows, options: dict):
    """(every asked metric's results per system, in the order asked; the number of items)."""
    metrics = args.metrics or ("charsim",)
    items = list(rows) if metrics != ("charsim",) else rows  # sacreBLEU holds the texts whole
    per_metric = {}
    if "charsim" in metrics:
        results = _charsim(args, stream, items, options)
        name = score_name(args.variant, Config(args.max_order, args.weights))
        per_metric["charsim"] = [
            MetricResult("charsim", name, r.score, r.signature, r.scores,
                         r.signature if args.sentence_level else None)
            for r in results
        ]  # fmt: skip
        n_items = results[0].n_items
    if metrics != ("charsim",):
        systems = [[candidates[s] for candidates, _ in items] for s in range(len(stream.names))]
        references = [reference_set for _, reference_set in items]
        longest = _longest(items)
        if "ter" in metrics and longest[1] > COMPARE_LIMIT:
            print(f"charsim: warning: item {longest[0]:,} has {longest[1]:,} characters "
                  f"(candidate plus references), more than {COMPARE_LIMIT:,}: sentence-level "
                  "TER's search for shifts grows much faster than the text, so ter may take "
                  "minutes and much memory (leave ter out of --metrics to skip it)",
                  file=sys.stderr, flush=True)  # fmt: skip
        for metric in (m for m in metrics if m != "charsim"):
            try:
                per_metric[metric] = corpus_scores(
                    systems, references, metric, sentence_level=args.sentence_level
                )
            except MemoryError:
                raise ValueError(
                    f"{metric} ran out of memory (MemoryError); the longest item is item "
                    f"{longest[0]:,} ({longest[1]:,} characters, candidate plus references): "
                    f"leave {metric} out of --metrics"
                ) from None
        n_items = len(items)
    per_system = [{m: per_metric[m][s] for m in metrics} for s in range(len(stream.names))]
    return tuple(per_system), n_items


def _longest(items: list) -> tuple[int, int]:
    """(item number, characters) of the longest item: its longest candidate plus its
    references (the first such item)."""
    sizes = [max(compared_size(c, references) for c in candidates)
             for candidates, references in items]  # fmt: skip
    size = max(sizes, default=0)
    return sizes.index(size) + 1 if sizes else 0, size


def _charsim(args, stream: ItemStream, rows: Iterable, options: dict) -> list[CorpusResult]:
    """charsim's results per system, on ``--jobs`` processes, with a progress bar of chunks;
    the item scores are kept for ``--sentence-level`` and for resampling."""
    items = stream.count or 0
    chunks = math.ceil(items / CHUNK_SIZE)
    update, close = progress_bar(items, not args.no_progress, "chunk", chunks)
    keep = args.sentence_level or cli_significance.asked(args)
    try:
        with processes(args.jobs) as executor:
            return score_rows(
                rows, systems=len(stream.names), variant=args.variant, executor=executor,
                in_flight=2 * args.jobs, keep_scores=keep, progress=update, **options,
            )  # fmt: skip
    finally:
        close()


def _explain(names, number: int, row, options, variant: str) -> tuple[ItemExplanation, ...]:
    """Item ``number`` (``row``) explained for each system, with the comparison when sacreBLEU
    is installed and the item is at most :data:`~charsim.compare.COMPARE_LIMIT` characters;
    the comparison's charsim is ``variant``'s, as the explanation leads with it.

    Raises:
        ValueError: the explanation or the comparison ran out of memory.
    """
    candidates, references = row
    found = []
    for name, candidate in zip(names, candidates, strict=True):
        try:
            found.append(_explain_one(name, candidate, list(references), options, variant))
        except MemoryError:
            raise ValueError(f"item {number:,} of {name} could not be explained: out of memory "
                             "(MemoryError)") from None  # fmt: skip
    return tuple(found)


def _explain_one(name: str, candidate: str, references: list[str], options,
                 variant: str) -> ItemExplanation:  # fmt: skip
    note = skipped_note(candidate, references)
    if not note:
        try:
            comparison = compare(candidate, references, variant=variant, **options)
        except ImportError as error:
            note = str(error)
        else:
            return ItemExplanation(name, comparison.explanation, comparison)
    return ItemExplanation(name, explain(candidate, references, **options), None, note)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command (``charsim article`` too); returns the exit status (0 ok, 1 bad data or
    output that cannot be written, 2 bad usage).

    Output that cannot be written (a full disk, a closed stdout) ends in one line on stderr and
    status 1; a reader that closes the pipe early (``charsim ... | head``) ends it quietly with
    status 1; characters the terminal cannot encode are escaped
    (:func:`charsim.cli.streams.run_guarded`).

    Raises:
        SystemExit: ``--help`` and ``--version`` (status 0), a usage error (status 2), as
            argparse raises them; status 1 when their output cannot be written.
    """
    return run_guarded(lambda: _run(list(sys.argv[1:] if argv is None else argv)))


def _run(argv: list[str]) -> int:
    if argv[:1] == ["article"]:
        from ..render.article import main as article_main

        return article_main(argv[1:])
    if argv[:1] == ["meta-eval"]:
        from .meta_eval import main as meta_eval_main

        return meta_eval_main(argv[1:])
    parser = _parser()
    args = parser.parse_args(argv)
    if args.jsonl and (args.references or args.input != [STDIN]):
        parser.error("--jsonl cannot be combined with -i or -r")
    problem = cli_significance.problem(args, 1 if args.jsonl else len(args.input))
    problem = problem or _unused_charsim_option(args)
    if problem:
        parser.error(problem)
    for name, default in _CHARSIM_DEFAULTS.items():  # given as None to tell what was typed
        if getattr(args, name) is None:
            setattr(args, name, default)
    options = {"max_order": args.max_order, "weights": args.weights,
               "normalize": args.normalize, "casefold": args.lowercase,
               "fold_whitespace_quotes": args.fold_whitespace_quotes}  # fmt: skip
    try:
        if set(args.metrics or ()) & set(SACREBLEU_METRICS):
            require_sacrebleu()
        stream = _load(args)
        if stream.count is not None:
            _check_count(args, stream.names[0], stream.count)
        first = next(stream.rows, None)  # stdin, a pipe: no count until read
        if first is None:
            _check_count(args, stream.names[0], 0)  # raises: holds no items
        rows = _Rows(itertools.chain([first], stream.rows), args.explain)
        results, n_items = _score(args, stream, rows, options)
        _check_count(args, stream.names[0], n_items)
        significance = None
        if cli_significance.asked(args):
            cli_significance.check_items(args, stream.names[0], n_items)
            significance = cli_significance.compute(
                args,
                [result["charsim"].scores for result in results],
                lambda total: progress_bar(total, not args.no_progress, "resample"),
            )
        explanations = (
            _explain(stream.names, args.explain, rows.kept[0], options, args.variant)
            if rows.kept
            else ()
        )
        explanations = tuple(replace(x, variant=args.variant) for x in explanations)
    except (DataError, ValueError, ImportError, WorkerError) as error:
        print(f"charsim: error: {error}", file=sys.stderr)
        return 1
    if significance is not None:  # the charsim signature records the resampling
        sig = signature(args.variant, nrefs=rows.nrefs, **options,
                        **significance.signature_fields)  # fmt: skip
        results = tuple({**r, "charsim": replace(r["charsim"], signature=sig)} for r in results)
    derived_note = Config(args.max_order, args.weights).derived_note
    if "charsim" not in (args.metrics or ("charsim",)):
        derived_note = ""  # no column is charsim's; the --explain item's explanation says it
    report = Report(
        names=stream.names,
        n_items=n_items,
        results=results,
        derived_note=derived_note,
        by_metric=args.metrics is not None,
        sentence_level=args.sentence_level,
        item=args.explain,
        explanations=explanations,
        significance=significance,
    )
    sys.stdout.write(render_report(report, args.format))
    return 0

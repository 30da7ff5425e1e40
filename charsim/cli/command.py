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
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from ..compare.base import MetricResult
from ..compare.metrics import COMPARE_LIMIT, compare, compared_size, skipped_note
from ..compare.sacrebleu import SACREBLEU_METRICS, corpus_scores, require_sacrebleu
from ..corpus.rows import CHUNK_SIZE, CorpusResult, score_rows
from ..io.filestream import STDIN, ItemStream, aligned_files, jsonl_file, source_name
from ..io.textio import DataError
from ..metric.config import Config
from ..metric.errors import WorkerError
from ..metric.explain import explain
from ..metric.signature import NREFS_VARIABLE, score_name, signature
from ..metric.values import counted
from ..resources import copy_examples
from . import significance as cli_significance
from .output import ItemExplanation, Report, render_report, scores_only
from .parser import read_options
from .progress import progress_bar
from .workers import worker_pool

__all__ = ["run"]


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
            raise DataError(
                name,
                None,
                f"no references (give them with -r), and it looks like "
                f"JSON Lines ({why}): did you mean {option}?",
            )
        raise DataError(
            source_name(args.input[0]),
            None,
            "no references: give reference files with -r (or use --jsonl)",
        )
    if hint:
        name, why, option = hint
        print(
            f"charsim: warning: {name} looks like JSON Lines ({why}), but -i reads one "
            f"candidate per line; did you mean {option}?",
            file=sys.stderr,
            flush=True,
        )
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
        raise ValueError(
            f"--explain {args.explain} is out of range: {source} holds "
            f"{counted(count, 'item')} (choose 1 to {count})"
        )


LONG_ITEM = 1_000_000
"""Characters of an item (its longest candidate plus its references) above which the command
warns, once, on stderr: scoring takes about 200–250 bytes a character and a second or two per
million characters (README, "Scoring at scale"), and a line that long is most often a whole
document whose line breaks were lost."""


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
        print(
            f"charsim: warning: item {number:,} has {size:,} characters (candidate plus "
            f"references): it takes about {size * 250 / 1e9:.1f} GB of memory to score "
            "(250 bytes a character) and a line is one item: if it is a whole document, "
            "put one sentence on each line",
            file=sys.stderr,
            flush=True,
        )

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
            MetricResult(
                "charsim",
                name,
                r.score,
                r.signature,
                r.scores,
                r.signature if args.sentence_level else None,
            )
            for r in results
        ]
        n_items = results[0].n_items
    if metrics != ("charsim",):
        systems = [[candidates[s] for candidates, _ in items] for s in range(len(stream.names))]
        references = [reference_set for _, reference_set in items]
        longest = _longest(items)
        if "ter" in metrics and longest[1] > COMPARE_LIMIT:
            print(
                f"charsim: warning: item {longest[0]:,} has {longest[1]:,} characters "
                f"(candidate plus references), more than {COMPARE_LIMIT:,}: sentence-level "
                "TER's search for shifts grows much faster than the text, so ter may take "
                "minutes and much memory (leave ter out of --metrics to skip it)",
                file=sys.stderr,
                flush=True,
            )
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
    sizes = [
        max(compared_size(c, references) for c in candidates) for candidates, references in items
    ]
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
        with worker_pool(args.jobs) as executor:
            return score_rows(
                rows,
                systems=len(stream.names),
                variant=args.variant,
                executor=executor,
                in_flight=2 * args.jobs,
                keep_scores=keep,
                progress=update,
                **options,
            )
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
            raise ValueError(
                f"item {number:,} of {name} could not be explained: out of memory (MemoryError)"
            ) from None
    return tuple(found)


def _explain_one(
    name: str, candidate: str, references: list[str], options, variant: str
) -> ItemExplanation:
    note = skipped_note(candidate, references)
    if not note:
        try:
            comparison = compare(candidate, references, variant=variant, **options)
        except ImportError as error:
            note = str(error)
        else:
            return ItemExplanation(name, comparison.explanation, comparison)
    return ItemExplanation(name, explain(candidate, references, **options), None, note)


def run(argv: list[str]) -> int:
    """Run the command on its arguments ``argv`` (``charsim article``, ``examples`` and
    ``meta-eval`` too); returns the exit status (0 ok, 1 bad data, 2 bad usage). Run it as
    :func:`charsim.cli.main` does, guarded.

    Raises:
        SystemExit: ``--help`` and ``--version`` (status 0), a usage error (status 2), as
            argparse raises them.
    """
    if argv[:1] == ["article"]:
        from ..render.article import main as article_main

        return article_main(argv[1:])
    if argv[:1] == ["examples"]:
        return _examples(argv[1:])
    if argv[:1] == ["meta-eval"]:
        from .meta_eval import main as meta_eval_main

        return meta_eval_main(argv[1:])
    args = read_options(argv)
    options = {
        "max_order": args.max_order,
        "weights": args.weights,
        "normalize": args.normalize,
        "casefold": args.lowercase,
        "fold_whitespace_quotes": args.fold_whitespace_quotes,
    }
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
        sig = signature(args.variant, nrefs=rows.nrefs, **options, **significance.signature_fields)
        results = tuple({**r, "charsim": replace(r["charsim"], signature=sig)} for r in results)
    derived_note = Config(args.max_order, args.weights).derived_note
    if "charsim" not in (args.metrics or ("charsim",)):
        derived_note = ""  # no column is charsim's; the --explain item's explanation says it
    report = Report(
        names=stream.names,
        n_items=n_items,
        results=results,
        derived_note=derived_note,
        by_metric=args.metrics is not None and significance is None,
        sentence_level=args.sentence_level,
        item=args.explain,
        explanations=explanations,
        significance=significance,
    )
    sys.stdout.write(scores_only(report) if args.score_only else render_report(report, args.format))
    return 0


def _examples(argv: list[str]) -> int:
    """``charsim examples``: copy the example data into ``--to`` (:func:`charsim.resources.
    copy_examples`) and list what was copied; 1 with one line if a file cannot be written."""
    parser = argparse.ArgumentParser(
        prog="charsim examples",
        description="Copy the example data that the documentation uses into DIR/data/ (a file "
        "already there with other bytes stops it, nothing overwritten), so that the "
        "documentation's commands run from DIR as written.",
    )
    where = "where data/ goes (the current folder)"
    parser.add_argument("--to", type=Path, default=Path("."), metavar="DIR", help=where)
    args = parser.parse_args(argv)
    try:
        copied = copy_examples(args.to)
    except OSError as error:  # the reason alone: the path in it may be a folder below DIR
        reason = error.strerror or str(error)
        where = f" ({error.filename})" if error.strerror and error.filename else ""
        print(
            f"charsim: error: cannot copy the examples into {args.to}: {reason}{where}",
            file=sys.stderr,
        )
        return 1
    print("\n".join(str(path) for path in copied))
    return 0

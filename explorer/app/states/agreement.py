"""The Agreement page's state: human judgments read in the browser, meta-evaluation run in slices,
and the disagreement a user opens.

No Panel import here, and no meta-evaluation either until data is read: the page's state is
made with the app, its work only once the page is used. The judgments come from a built-in
example (:mod:`explorer.app.sources.agreement_examples`) or from the user's files (MQM's TSV,
DEMETR's JSON, or the plain layout), read by :mod:`charsim.agreement`'s readers. A run is
:func:`charsim.agreement.meta_evaluate_steps` taken :data:`SLICE` seconds at a time,
yielding to the event loop in between (Python in the browser's worker has one thread: so it
keeps answering typing), its numbers those of ``charsim meta-eval`` with the same metrics,
resamples and seed; new data or a changed setting stops it and starts another.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import param

from charsim.io.textio import DataError
from charsim.significance import MIN_RESAMPLES

from ..i18n import Message
from ..sources.agreement_examples import AgreementExample
from ..sources.batch_data import MAX_BYTES
from ..sources.batch_examples import fetch_file
from ..sources.judged import Judged, JudgedText
from .batch import Reader

__all__ = ["PAGE_DEFAULT_METRICS", "PAGE_DISAGREEMENTS", "SLICE", "AgreementState"]

SLICE = 0.02
"""Seconds of work between two yields to the event loop (and two progress updates)."""
PAGE_DEFAULT_METRICS = ("charsim", "chrf", "bleu")
"""The metrics a run starts with: charsim beside chrF and BLEU. The others are a click away;
TER takes about five times as long as the three together (docs/benchmarks.md)."""
PAGE_DISAGREEMENTS = 50
"""The disagreements a run lists."""


class AgreementState(param.Parameterized):
    """Read judgments, the run's settings, progress and report, and the item last opened."""

    metrics = param.List(
        default=list(PAGE_DEFAULT_METRICS),
        item_type=str,
        doc="The metrics compared (meta-evaluation's names).",
    )
    resamples = param.Integer(
        default=1000,
        bounds=(MIN_RESAMPLES, 10_000),
        doc="Bootstrap resamples (as few as the command line takes: a 95 % interval of fewer is "
        "their whole range).",
    )
    seed = param.Integer(default=12345, bounds=(0, None), doc="The resampling's seed.")
    judgments = param.Parameter(default=None, constant=True, doc="Judgments read, or None.")
    pairs = param.Parameter(default=None, constant=True, doc="MinimalPairs read, or None.")
    source = param.String(default="", constant=True, doc="What was read, for the page.")
    report = param.Parameter(default=None, constant=True, doc="The last run's AgreementReport.")
    stage = param.String(default="", constant=True, doc="The stage of the run under way.")
    done = param.Integer(default=0, constant=True, doc="Steps of the stage done.")
    total = param.Integer(default=0, constant=True, doc="Steps of the stage in all.")
    running = param.Boolean(default=False, constant=True, doc="Whether a run is under way.")
    message = param.List(
        default=[], item_type=Message, constant=True, doc="What went wrong with the last run."
    )
    visited = param.Boolean(
        default=None,
        allow_None=True,
        constant=True,
        doc="None until the page is first opened (its parts are built then), then True.",
    )
    opened = param.Parameter(
        default=None,
        constant=True,
        doc="(Judged, references) of the disagreement last opened, or None.",
    )

    def __init__(self, **params) -> None:
        super().__init__(**params)
        self._generation = 0
        self.param.watch(self.restart, ["metrics", "resamples", "seed"])

    def visit(self) -> None:
        """The page was opened: its parts are built (once)."""
        if self.visited is None:
            with param.edit_constant(self):
                self.visited = True

    # -- reading ------------------------------------------------------------------------

    async def load_example(self, example: AgreementExample, read: Reader = fetch_file) -> bool:
        """Fetch and read a built-in example, then run; True if read (else ``message``)."""
        try:
            files = [(name, await read(example.url(name))) for name in example.data]
        except (DataError, OSError) as error:
            return self._fail(Message("agreement.example_failed", {"error": str(error)}))
        return self.load_files(files, example.kind)

    def load_files(self, files: list[tuple[str, bytes]], kind: str | None = None) -> bool:
        """Read the user's files (``(name, bytes)``), then run: one MQM TSV, one file of the
        plain layout (JSON Lines or TSV), or DEMETR's JSON files (one or more); ``kind``
        (``"mqm"``, ``"plain"``, ``"demetr"``) or else guessed from the names and the header.

        Returns:
            True if read; else False with ``message`` naming the file and the line.
        """
        if not files:
            return False
        size = sum(len(data) for _, data in files)
        if size > MAX_BYTES:
            return self._fail(Message("agreement.too_large", {"size": size, "limit": MAX_BYTES}))
        kind = kind or _kind(files)
        try:
            judgments, pairs = _read(files, kind)
        except ValueError as error:
            return self._fail(Message("agreement.data_error", {"error": str(error)}))
        names = ", ".join(name for name, _ in files[:3]) + (", …" if len(files) > 3 else "")
        with param.edit_constant(self):
            self.param.update(judgments=judgments, pairs=pairs, source=names, message=[])
        self.restart()
        return True

    def _fail(self, message: Message) -> bool:
        self._generation += 1
        with param.edit_constant(self):
            self.param.update(
                judgments=None, pairs=None, source="", report=None, running=False, message=[message]
            )
        return False

    # -- running ------------------------------------------------------------------------

    def restart(self, *_events) -> None:
        """Stop a run under way and start one on the data read and the settings."""
        self._generation += 1
        with param.edit_constant(self):
            self.param.update(report=None, running=False, stage="", done=0, total=0)
        if self.judgments is None and self.pairs is None:
            return
        if not self.metrics:
            with param.edit_constant(self):
                self.message = [Message("agreement.no_metrics")]
            return
        run = self._run(self._generation)
        param.parameterized.async_executor(lambda: run)

    async def _run(self, generation: int) -> None:
        from charsim.agreement import meta_evaluate_steps

        settings = {"resamples": self.resamples, "seed": self.seed, "chunk_items": 1}
        with param.edit_constant(self):
            self.param.update(running=True, message=[])
        try:
            steps = meta_evaluate_steps(
                self.judgments,
                self.pairs,
                metrics=self.metrics,
                disagreements=PAGE_DISAGREEMENTS,
                **settings,
            )
        except ValueError as error:  # a setting refused at the call
            return self._stopped(error)
        start = time.perf_counter()
        while generation == self._generation:
            try:
                stage, done, total = next(steps)
            except StopIteration as finished:
                with param.edit_constant(self):
                    self.param.update(report=finished.value, running=False)
                return
            except (ValueError, ImportError) as error:
                return self._stopped(error)
            if time.perf_counter() - start >= SLICE:
                with param.edit_constant(self):
                    self.param.update(stage=stage, done=done, total=total)
                await asyncio.sleep(0)  # let the worker answer the page (typing, clicks)
                start = time.perf_counter()
        steps.close()

    def _stopped(self, error: Exception) -> None:
        with param.edit_constant(self):
            message = [Message("agreement.data_error", {"error": str(error)})]
            self.param.update(running=False, message=message)

    # -- opening ------------------------------------------------------------------------

    def open(self, index: int) -> None:
        """Open disagreement ``index`` of the report (0-based, segments first, then minimal
        pairs): sets ``opened`` to its two texts, the one charsim prefers shown first by the
        page, each with the errors people marked in it. Nothing while there is no report (a
        run under way)."""
        report = self.report
        if report is None:
            return
        found = [*report.disagreements, *report.pair_disagreements][index]
        texts = []
        for name, text, human, by in (
            (found.better, found.better_text, found.human and found.human[0], "people"),
            (found.worse, found.worse_text, found.human and found.human[1], "charsim"),
        ):
            texts.append(JudgedText(name, text, human, self._spans(found.item, name), by))
        what = report.judgments.human_name if found.human else found.kind
        with param.edit_constant(self):
            self.opened = (Judged(found.item, what, tuple(texts)), found.references)

    def _spans(self, item: str, system: str) -> tuple:
        judgments = self.judgments
        if judgments is None or judgments.spans is None or system not in judgments.systems:
            return ()
        s, i = judgments.systems.index(system), judgments.items.index(item)
        return judgments.spans[s][i] or ()


def _kind(files: list[tuple[str, bytes]]) -> str:
    if all(name.lower().endswith(".json") for name, _ in files):
        return "demetr"
    header = files[0][1][:4096].split(b"\n", 1)[0].decode("utf-8", "replace").split("\t")
    return "mqm" if {"seg_id", "severity", "target"} <= set(header) else "plain"


def _read(files: list[tuple[str, bytes]], kind: str):
    """``(judgments, pairs)`` read from the files, written into a folder of their own under
    their names (DEMETR's are read in name order, as ``charsim meta-eval --demetr`` reads them).

    Raises:
        ValueError: what the reader refused, each file named as the user chose it; two files
            of one name; more than one file of MQM or the plain layout.
    """
    from charsim.agreement import read_demetr, read_mqm, read_plain

    names = [Path(name).name or "file" for name, _ in files]
    if len(set(names)) < len(names):
        raise ValueError("two of the files chosen have the same name")
    if kind != "demetr" and len(files) > 1:
        what = "one file of human scores at a time (DEMETR's JSON files may be several)"
        raise ValueError(f"{files[1][0]}: {what}")
    with tempfile.TemporaryDirectory() as folder:
        paths = [Path(folder) / name for name in names]
        for path, (_, data) in zip(paths, files, strict=True):
            path.write_bytes(data)
        try:  # each named as the user chose it, not by the folder it was read from
            if kind == "demetr":
                return None, replace(read_demetr(folder), source=", ".join(names))
            read = read_mqm if kind == "mqm" else read_plain
            return replace(read(paths[0]), source=names[0]), None
        except DataError as error:
            message = str(error)
            for path, (name, _) in zip(paths, files, strict=True):
                message = message.replace(str(path), name)
            raise ValueError(message.replace(folder, "the files chosen")) from None

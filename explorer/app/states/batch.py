"""The batch page's state: loaded data, scores computed in chunks, and the item a user opens.

No Panel import here: views read this object and call its methods; tests drive it directly.
Scoring is a coroutine that yields to the event loop between chunks, so the page (which shares
its only thread with Pyodide) keeps drawing the progress and answering clicks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import param

import charsim
from charsim.corpus import CorpusResult, common_nrefs
from charsim.io.textio import DataError

from ..i18n import Message, counted
from ..sources.batch_data import Batch, LimitError, batch_from_files, batch_from_jsonl
from ..sources.batch_examples import BATCH_EXAMPLES, BatchExample, fetch_file
from ..sources.item_link import ItemLink, encode_item_link

__all__ = ["CHUNK", "BatchState", "OpenedItem"]

CHUNK = 50
"""Items scored (for every system) between two yields to the event loop."""

Reader = Callable[[str], Awaitable[bytes]]
"""Gets the bytes of a URL (the browser's same-origin fetch, or a stand-in in tests)."""


@dataclass(frozen=True)
class OpenedItem:
    """An item picked in the batch page, for the single-item explorer.

    Attributes:
        system: the 0-based system number.
        index: the 0-based item number.
        candidate: that system's candidate.
        references: the item's reference set.
        link: the query string of a shareable link to it, or None (uploaded data).
        system_name: that system's name (its file name).
        example: the key of the built-in example the data came from, or None (an upload).
        by_link: whether a link or the browser's history opened it (not the user's click).
    """

    system: int
    index: int
    candidate: str
    references: tuple[str, ...]
    link: str | None
    system_name: str = ""
    example: str | None = None
    by_link: bool = False


class BatchState(param.Parameterized):
    """Loaded data, per-item summaries, corpus results and scoring progress of the batch page."""

    batch = param.ClassSelector(class_=Batch, default=None, constant=True, doc="Loaded data.")
    summaries = param.List(
        default=[], constant=True, doc="Per system, one charsim.ItemSummary per item (scored)."
    )
    results = param.List(
        default=[], constant=True, doc="Per system, a CorpusResult: mean and signature (scored)."
    )
    done = param.Integer(default=0, constant=True, doc="Item scores computed so far.")
    total = param.Integer(default=0, constant=True, doc="Item scores to compute.")
    scoring = param.Boolean(default=False, constant=True, doc="Whether scoring is under way.")
    message = param.List(
        default=[],
        item_type=Message,
        constant=True,
        doc="What went wrong with the last load or link, if anything.",
    )
    opened = param.ClassSelector(
        class_=OpenedItem, default=None, constant=True, doc="The item last opened."
    )

    def __init__(self, **params) -> None:
        super().__init__(**params)
        self._generation = 0  # bumped by every load, so a stale scoring run stops

    def load_files(
        self,
        candidates: list[tuple[str, bytes]],
        references: list[tuple[str, bytes]],
        example: str | None = None,
    ) -> bool:
        """Load line-aligned files (see :func:`~explorer.app.sources.batch_data.batch_from_files`).

        Returns:
            True if loaded; else False with ``message`` set and the previous data and results
            cleared (see :meth:`fail`).
        """
        return self._load(lambda: batch_from_files(candidates, references, example))

    def load_jsonl(self, name: str, data: bytes) -> bool:
        """Load a JSON Lines file; True if loaded (else ``message`` says why)."""
        return self._load(lambda: batch_from_jsonl(name, data))

    async def load_example(self, example: BatchExample, read: Reader = fetch_file) -> bool:
        """Fetch and load a built-in example; True if loaded (else ``message`` says why)."""
        try:
            files = {name: await read(example.url(name)) for name in example.files}
        except (DataError, OSError) as error:
            return self.fail(Message("batch.example_failed", {"error": str(error)}))
        return self.load_files(
            [(name, files[name]) for name in example.systems],
            [(name, files[name]) for name in example.references],
            example.key,
        )

    def _load(self, read: Callable[[], Batch]) -> bool:
        try:
            batch = read()
        except (DataError, LimitError) as error:
            return self.fail(Message("batch.data_error", {"error": str(error)}))
        self._replace(batch, [])
        return True

    def _replace(self, batch: Batch | None, messages: list[Message]) -> None:
        """Show ``batch`` (unscored) and ``messages``; a scoring run of the old data stops."""
        self._generation += 1
        with param.edit_constant(self):
            self.param.update(
                batch=batch,
                summaries=[],
                results=[],
                done=0,
                scoring=False,
                message=messages,
                total=batch.size * len(batch.systems) if batch else 0,
            )

    def fail(self, *messages: Message) -> bool:
        """A load failed: show ``messages`` and clear the previous data and results, so that no
        score of the old input is shown next to the new input's error.

        Returns:
            False, for ``return self.fail(...)`` in loaders.
        """
        self._replace(None, list(messages))
        return False

    def report(self, *messages: Message) -> None:
        """Show ``messages`` (problems with a link); the loaded data and results are kept."""
        with param.edit_constant(self):
            self.message = list(messages)

    async def score(self) -> None:
        """Score every item of every system in chunks of :data:`CHUNK`, updating ``done``.

        A load during scoring makes this run stop; the new data is scored by its own run.
        """
        batch, generation = self.batch, self._generation
        if batch is None:
            return
        summaries: list[list[charsim.ItemSummary]] = [[] for _ in batch.systems]
        with param.edit_constant(self):
            self.scoring = True
        for start in range(0, batch.size, CHUNK):
            for i in range(start, min(start + CHUNK, batch.size)):
                for column, system in zip(summaries, batch.systems, strict=True):
                    column.append(charsim.summarize(system[i], batch.references[i]))
            await asyncio.sleep(0)  # let the page draw and answer clicks
            if generation != self._generation:
                return
            with param.edit_constant(self):
                self.done = len(summaries[0]) * len(batch.systems)
        signature = charsim.signature("mean", nrefs=common_nrefs(batch.references))
        results = [CorpusResult(tuple(s.score for s in column), signature) for column in summaries]
        with param.edit_constant(self):
            self.param.update(summaries=summaries, results=results, scoring=False)

    def open(self, system: int, index: int, by_link: bool = False) -> None:
        """Open item ``index`` (0-based) of ``system`` (0-based): sets ``opened``; ``by_link``
        says that a link or the browser's history opened it, not the user's click."""
        batch = self.batch
        link = None
        if batch.example is not None:
            link = encode_item_link(ItemLink(batch.example, system + 1, index + 1))
        with param.edit_constant(self):
            self.opened = OpenedItem(
                system,
                index,
                batch.systems[system][index],
                batch.references[index],
                link,
                batch.names[system],
                batch.example,
                by_link,
            )

    async def open_link(self, link: ItemLink, read: Reader = fetch_file) -> None:
        """Load the linked example, open the linked item, then score the whole example."""
        if not await self.load_example(BATCH_EXAMPLES[link.example], read):
            return
        problems = list(link.ignored)
        if link.item > self.batch.size:
            problems.insert(
                0,
                Message(
                    "batch.item_past_end",
                    {"item": link.item, "items": counted(self.batch.size, "item")},
                ),
            )
        else:
            self.open(link.system - 1, link.item - 1, by_link=True)
        if problems:
            self.report(*problems)
        await self.score()

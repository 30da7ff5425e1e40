"""The page's address and the browser's history: the address mirrors the single-item state and
the language (a link reproduces the view); an input opened from elsewhere (an example of the
article, an item of the batch page, a disagreement of the Agreement page) starts a new history
entry, so that the browser's Back shows the inputs it replaced; Back and Forward show what an
entry's address holds.

Each edit replaces the current entry (a history entry per keystroke would make Back useless), so
an entry holds the last state of what was shown there.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import panel as pn

from .i18n import UIText
from .sources.examples import EXAMPLES
from .sources.item_link import ItemLink, decode_item_link
from .sources.judged import Judged
from .sources.link import MAX_ADDRESS_QUERY, language_of, with_language
from .states.batch import BatchState, OpenedItem
from .states.single import LINK_FIELDS, ExplorerState, Source, address_query

__all__ = [
    "SINGLE_TAB",
    "BATCH_TAB",
    "mirror_address",
    "open_address",
    "open_item",
    "open_judged",
    "restore",
]

SINGLE_TAB, BATCH_TAB = 0, 1
"""The page's tabs that an address opens: the single-item page and the batch page."""


def open_address(
    query: str, state: ExplorerState, batch: BatchState, text: UIText, tabs: pn.Tabs
) -> str | None:
    """Open what the page's query string asks for: an item of a built-in batch example (the
    batch tab), or a single-item state and its language. Returns the query string the address
    should show instead when the link had a problem (its messages are shown) or is longer than
    the address keeps (as the share view says), else None: a reload or a copy of the address
    then opens what the page shows, not the problem again."""
    item_link, problems = decode_item_link(query)
    if item_link is not None or problems:
        tabs.active = BATCH_TAB
        text.language = language_of(query)
        if item_link is not None:
            pn.state.execute(partial(batch.open_link, item_link))
            return None
        batch.report(*problems)
        return with_language("", text.language)
    if query:
        text.language = state.load_link(query).language
        too_long = len(state.to_link(text.language)) > MAX_ADDRESS_QUERY  # as after a change
        if too_long or (state.link_problems and not state.references_unreadable):
            return address_query(state, text.language)
    return None


def restore(query: str, state: ExplorerState, batch: BatchState, text: UIText) -> None:
    """Show what the address ``query`` of a history entry holds (the browser's Back or Forward
    went to it): a single-item state and its language (named as the article's example whose
    texts it holds, if one does), or an item of a built-in example (from the data loaded if it
    is that example's, else loaded again). The tab shown changes only for an item; nothing
    starts a new entry."""
    link, _ = decode_item_link(query)
    text.language = language_of(query)
    if link is None:
        state.load_link(query)
        for example in EXAMPLES:
            source = Source(example.candidate, example.references, example.key)
            if not source.edited(state.candidate, state.references):
                state.open_source(source, undoable=False)
    elif _loaded(batch, link):
        batch.open(link.system - 1, link.item - 1, by_link=True)
    else:
        pn.state.execute(partial(batch.open_link, link))


def _loaded(batch: BatchState, link: ItemLink) -> bool:
    data = batch.batch
    return data is not None and data.example == link.example and link.item <= data.size


def open_item(item: OpenedItem, state: ExplorerState, tabs: pn.Tabs) -> None:
    """Show the batch item ``item`` on the single-item page, named by its source; the user's
    inputs it replaces can be brought back (:meth:`ExplorerState.undo`) unless a link opened
    it."""
    source = Source(
        item.candidate,
        item.references,
        item.example or "",
        item.system + 1,
        item.index + 1,
        item.system_name,
    )
    state.open_source(source, undoable=not item.by_link, judged=None)
    tabs.active = SINGLE_TAB


def open_judged(
    judged: Judged, references: tuple[str, ...], state: ExplorerState, tabs: pn.Tabs
) -> None:
    """Show a disagreement of the Agreement page on the single-item page: ``judged``'s last
    text (the one charsim prefers) against ``references``, with both texts and people's spans;
    the user's inputs it replaces can be brought back (:meth:`ExplorerState.undo`)."""
    shown = judged.texts[-1].text
    state.open_source(Source(shown, tuple(references), "", judged=judged), judged=judged)
    tabs.active = SINGLE_TAB


def mirror_address(
    state: ExplorerState,
    batch: BatchState,
    text: UIText,
    replace: Callable[[str], None],
    new_entry: Callable[[], None] | None = None,
) -> None:
    """Keep the page's query string up to date: ``replace(query)`` with the single-item state
    and the language, or with the short link of an opened example item; ``new_entry()``, if
    given, before inputs opened from elsewhere replace the user's (``state.entries``): the
    page then starts a new history entry, which the replacement's address goes to."""

    def write(*_events) -> None:
        if not state.references_unreadable:
            replace(address_query(state, text.language))

    def write_item_link(event) -> None:
        link = event.new.link
        if link is not None:  # after write(): the short link of the example's item
            replace(with_language(link, text.language))

    state.param.watch(write, LINK_FIELDS)
    text.param.watch(write, ["language"])
    batch.param.watch(write_item_link, ["opened"], precedence=1)
    if new_entry is not None:
        state.param.watch(lambda _event: new_entry(), ["entries"])

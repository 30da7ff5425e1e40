"""The browser's staging of the app (:mod:`explorer.app.staging`): each page built part by part
after the first view, the page being looked at first.

The first view (the inputs and the score card) is sent to the page alone; every part asked for
with ``later`` is a placeholder until :meth:`BrowserStaging.build_next` puts it in its place,
one part per call, so that BokehJS draws each in a short task and the page keeps answering in
between. The next part is the oldest one of the page the user has opened, then of the
single-item page, then of the other pages in order, among the parts whose package groups are
installed. When every part left waits for a group, ``build_next`` names one, the worker
installs it and calls :meth:`BrowserStaging.installed`, and the group's modules are imported
one per call.

A part that waits for a value (``later(..., waits_for=(obj, name, note))``: the batch page's
tables, which show nothing before files are loaded, and need pandas) says ``note`` (a catalog
key) until the value is set, and only then joins the parts to build: every page is complete
without it. Once the worker's loop is over (:meth:`BrowserStaging.finish`), such a part is built
by the staging itself, one step per task, and the package groups it needs are asked for when
it joins or when its page is opened (so a visitor who never opens the batch page never
installs pandas).

``soon(update)`` runs ``update`` after the current step of Python (one patch per step) and
``after_pause(work)`` once typing pauses (:data:`PAUSE`); either runs one step per task when it
returns a generator, the steps left abandoned by a newer call. Panel is imported only by ``later``,
so the live view can use this staging before Panel is installed.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

from explorer.app.i18n import UIText
from explorer.app.panel_private import rendered_models
from explorer.app.staging import PAGES, Staging

from .sacrebleu_standins import install_sacrebleu_standins

__all__ = ["GROUP_IMPORTS", "PAUSE", "BrowserStaging"]

PAUSE = 0.25
"""Seconds without a new call after which ``after_pause`` runs its work: longer than the time
between two keystrokes of fast typing, short enough to feel immediate once typing stops."""

GROUP_IMPORTS = {"comparison": ("sacrebleu",), "tables": ("pandas", "panel.models.tabulator")}
"""The modules of each package group, imported one per :meth:`BrowserStaging.build_next` once
the group is installed (``panel.models.tabulator`` is Panel's model of the tables; sacreBLEU
after its stand-ins are in place, :mod:`explorer.runtime.sacrebleu_standins`)."""


@dataclass
class _Part:
    placeholder: Any
    build: Callable[[], Any]
    page: str
    needs: tuple[str, ...]
    watcher: Any = None  # while it waits for a value


class BrowserStaging(Staging):
    """The app's staging in the browser's Web Worker.

    Args:
        text: the UI language, in which a placeholder says that its part is on its way.
        built: called after each part is built (the worker checks that the page loads the JS
            and CSS of every model so far).
    """

    def __init__(self, text: UIText, built: Callable[[], None] = lambda: None) -> None:
        self.text, self._built = text, built
        self._parts: list[_Part] = []
        self._installed: set[str] = set()
        self._imports: list[str] = []
        self._opened = "single"
        self._waiting: list[_Part] = []
        self._install: Callable[[str], Any] | None = None  # once the worker's loop is over
        self._task: asyncio.Handle | None = None

    # -- the hooks ------------------------------------------------------------------------

    def later(self, build, *, page, needs, waits_for=None):
        import panel as pn

        part = _Part(pn.Column(sizing_mode="stretch_width"), build, page, needs)
        if waits_for is None or getattr(waits_for[0], waits_for[1]) is not None:
            self._queue(part)
            return part.placeholder
        owner, name, note = waits_for
        part.placeholder.objects = [self._html(note, "cs-staged-note", "")]
        self._waiting.append(part)

        def arrived(event) -> None:
            if event.new is not None:
                owner.param.unwatch(part.watcher)
                self._waiting.remove(part)
                self._queue(part)

        part.watcher = owner.param.watch(arrived, [name])
        return part.placeholder

    def soon(self, update):
        return _in_steps(update, delay=None)

    def after_pause(self, work):
        return _in_steps(work, delay=PAUSE)

    def opened(self, page):
        self._opened = page
        self._ask_for_groups()

    @property
    def page_opened(self) -> str:
        """The page the user opened last (one of :data:`~explorer.app.staging.PAGES`)."""
        return self._opened

    def _queue(self, part: _Part) -> None:
        part.placeholder.objects = [self._loading()]
        self._parts.append(part)
        self._schedule()

    # -- the worker's side ----------------------------------------------------------------

    def pending(self, page: str | None = None) -> bool:
        """Whether a part (of ``page``, or of any page) is still to be built."""
        return any(page in (None, part.page) for part in self._parts)

    def build_next(self) -> str | None:
        """Import the next module of an installed group, or build the next part (see the
        module's docstring); return the package group that part needs first, else None.

        Raises:
            LookupError: nothing is left to build.
        """
        if self._imports:
            importlib.import_module(self._imports.pop(0))
            return None
        if not self._parts:
            raise LookupError("every part is built")
        order = [self._opened, "single", *PAGES]
        parts = sorted(self._parts, key=lambda p: order.index(p.page))  # stable: oldest first
        ready = [p for p in parts if self._installed.issuperset(p.needs)]
        if not ready:
            return next(need for need in parts[0].needs if need not in self._installed)
        self._parts.remove(ready[0])
        ready[0].placeholder.objects = [ready[0].build()]
        self._built()
        return None

    def build_ahead(self, page: str) -> list[tuple[Any, list]]:
        """Build every part of ``page`` now, before the app's document is on the page (for the
        app's memory snapshot: :func:`explorer.runtime.worker.prebuild`), then show each one's
        progress again in the Bokeh document, so that the page can be sent without them.

        Returns:
            For each part, in order: the Bokeh model of its placeholder and the children that
            show the part (set them back, one part at a time, once the page has the document:
            BokehJS then draws each in a short task, as :meth:`build_next` lets it).

        Raises:
            LookupError: a part of ``page`` needs a package group that is not installed.
        """
        parts = [part for part in self._parts if part.page == page]
        loading = [rendered_models(part.placeholder) for part in parts]  # progress, as sent
        while self.pending(page):
            if group := self.build_next():
                raise LookupError(f"a part of the {page} page needs {group}, not installed")
        shown = []
        for models in loading:
            for model, progress in models:
                shown.append((model, model.children))
                model.children = progress
        return shown

    def installed(self, group: str) -> None:
        """The packages of ``group`` are installed: its modules are imported next."""
        if group == "comparison":
            install_sacrebleu_standins()
        self._installed.add(group)
        self._imports += GROUP_IMPORTS[group]
        self._schedule()

    def finish(self, install: Callable[[str], Any]) -> None:
        """The worker's loop is over (nothing was left to build): a part that joins from now
        on (its value arrived) is built here, one step per task of the event loop, once the
        package groups it needs are installed; ``install(group)`` asks the worker to install
        one (it then calls :meth:`installed`), when such a part joins or its page is opened."""
        self._install = install
        self._ask_for_groups()
        self._schedule()

    def _ask_for_groups(self) -> None:
        if self._install is None:
            return
        parts = [p for p in self._waiting if p.page == self._opened] + self._parts
        for group in dict.fromkeys(need for part in parts for need in part.needs):
            if group not in self._installed:
                self._install(group)

    def _schedule(self) -> None:
        if self._install is not None and self._task is None and self.pending():
            self._task = asyncio.get_event_loop().call_soon(self._step)

    def _step(self) -> None:
        self._task = None
        if self.build_next() is None:
            self._schedule()
        else:  # waits for installed()
            self._ask_for_groups()

    def _loading(self):
        return self._html(
            "staged.loading", "cs-loading", '<progress aria-label="{label}"></progress> '
        )

    def _html(self, key: str, css_class: str, before: str):
        """A paragraph of class ``css_class`` saying the catalog's ``key`` (a status), after
        ``before`` (HTML, in which ``{label}`` is the text), in the current language."""
        import panel as pn

        def html(_language: str) -> str:
            label = escape(self.text(key))
            return f'<p class="{css_class}" role="status">{before.format(label=label)}{label}</p>'

        return pn.pane.HTML(pn.bind(html, self.text.param.language), sizing_mode="stretch_width")


def _in_steps(work, delay: float | None):
    """``work`` as a watcher that runs it ``delay`` seconds after the last call (None: after the
    current step of Python), once however many calls came meanwhile; when ``work()`` returns an
    iterator, one step of it per task, the steps left abandoned by a newer call."""
    handle, steps = None, iter(())

    def step() -> None:
        nonlocal handle
        try:
            next(steps)
        except StopIteration:
            handle = None
        else:  # the next step in a task of its own: messages from the page come first
            handle = asyncio.get_event_loop().call_soon(step)

    def start() -> None:
        nonlocal steps
        steps = iter(work() or ())
        step()

    def schedule(*_events) -> None:
        nonlocal handle
        if handle is not None:
            handle.cancel()
        if hasattr(steps, "close"):
            steps.close()  # abandoned: a newer input is due
        loop = asyncio.get_event_loop()
        handle = loop.call_soon(start) if delay is None else loop.call_later(delay, start)

    return schedule

"""When the app's work runs: at once (tests, ``panel serve``), or when a runtime schedules it.

The app says *what* may wait, and for what; a runtime decides *when*. Four hooks, each
called by the app's views and page:

* :func:`later` ``(build, page=..., needs=..., waits_for=...)``: a part of one of the
  :data:`PAGES`, built after the first view (a placeholder until then), once the package groups
  it ``needs`` (:data:`NEEDS`) are installed; a module that needs them is imported inside
  ``build``. A part that ``waits_for`` a value (the batch page's tables wait for loaded files)
  has nothing to show before it and may wait for it: a page is complete without it;
* :func:`soon` ``(update)``: a watcher that may run after the current step of Python, once
  however many events came meanwhile, so that the score card's change reaches the page first
  (in steps, each short, when ``update`` is a generator);
* :func:`after_pause` ``(work)``: work that may wait until typing pauses, so that the next
  keystroke's score does not wait for it (in steps, each short, when ``work`` is a generator);
* :func:`opened` ``(page)``: the user opened ``page``; a part of it is built next.

By default (:class:`Staging`) everything runs at once. A runtime installs its own staging with
:func:`use` before the app is built; the app never imports a runtime (the browser's is
:class:`explorer.runtime.staged.BrowserStaging`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

__all__ = ["NEEDS", "PAGES", "Staging", "after_pause", "later", "opened", "soon", "use"]

PAGES = ("single", "batch", "about", "agreement")
"""The app's pages (its main tabs), in their order: the single item, batch mode, the metric,
agreement with people."""

NEEDS = ("comparison", "tables")
"""Package groups a part may need: ``comparison`` (sacreBLEU, for chrF, BLEU and TER) and
``tables`` (pandas, for Panel's Tabulator tables); a runtime installs them after the first view."""


class Staging:
    """Every hook at once: a part is built where it is asked for, an update runs on the event."""

    def later(
        self,
        build: Callable[[], Any],
        *,
        page: str,
        needs: tuple[str, ...],
        waits_for: tuple[Any, str, str] | None = None,
    ) -> Any:
        """The part ``build()`` (a Panel viewable) of ``page`` that needs ``needs`` and has
        nothing to show while the parameter ``waits_for[1]`` of ``waits_for[0]`` is None."""
        return build()

    def soon(self, update: Callable[[], Iterator | None]) -> Callable[..., None]:
        """``update`` as a watcher that may run after the current step of Python. ``update()``
        may return an iterator of steps, as ``work()`` may for :meth:`after_pause`."""
        return self.after_pause(update)

    def after_pause(self, work: Callable[[], Iterator | None]) -> Callable[..., None]:
        """``work`` as a call that may wait until typing pauses. ``work()`` may return an
        iterator of steps (a generator): each step may then run in a task of its own, and a
        new call abandons the steps left."""

        def run(*_events) -> None:
            for _step in work() or ():
                pass

        return run

    def opened(self, page: str) -> None:
        """The user opened ``page``."""


_staging = Staging()


def use(staging: Staging) -> Staging:
    """Make ``staging`` the app's from now on; return the one it replaces."""
    global _staging
    previous, _staging = _staging, staging
    return previous


def _check(page: str, needs: Iterable[str] = ()) -> tuple[str, ...]:
    if page not in PAGES:
        raise ValueError(f"unknown page {page!r}: one of {', '.join(PAGES)}")
    needs = tuple(needs)
    if unknown := [need for need in needs if need not in NEEDS]:
        raise ValueError(f"unknown package groups {unknown}: each one of {', '.join(NEEDS)}")
    return needs


def later(
    build: Callable[[], Any],
    *,
    page: str,
    needs: Iterable[str] = (),
    waits_for: tuple[Any, str, str] | None = None,
) -> Any:
    """The part ``build()`` of ``page`` (one of :data:`PAGES`), which needs the package groups
    ``needs`` (of :data:`NEEDS`): built at once by default, after the first view in the browser.

    ``waits_for`` ``(obj, name, note)``: the part has nothing to show while the parameter
    ``name`` of ``obj`` is None (e.g. a batch table before files are loaded); in the browser it
    is built once that value is set, its page being complete without it until then, and says
    the catalog's ``note`` meanwhile.

    Raises:
        ValueError: an unknown page or package group.
    """
    return _staging.later(build, page=page, needs=_check(page, needs), waits_for=waits_for)


def soon(update: Callable[[], Iterator | None]) -> Callable[..., None]:
    """``update`` as a watcher that may run after the current step of Python (the staging in
    use when the watcher is made decides)."""
    return _staging.soon(update)


def after_pause(work: Callable[[], Iterator | None]) -> Callable[..., None]:
    """``work`` as a call that may wait until typing pauses, in steps if it returns an iterator
    (see :meth:`Staging.after_pause`)."""
    return _staging.after_pause(work)


def opened(page: str) -> None:
    """Say that the user opened ``page`` (one of :data:`PAGES`).

    Raises:
        ValueError: an unknown page.
    """
    _check(page)
    _staging.opened(page)

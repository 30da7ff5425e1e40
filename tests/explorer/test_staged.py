"""Staging (explorer.app.staging, and the browser's explorer.runtime.staged): the first view
needs none of the packages installed after it, the single-item page needs neither pandas nor
Tabulator, and the page the user opens is built next."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tomllib

import panel as pn
import param
import pytest

from explorer.app import staging
from explorer.app.i18n import UIText
from explorer.runtime.staged import BrowserStaging
from explorer.site_build.common import ROOT
from explorer.site_build.pins import PINS_FILE


@pytest.fixture
def browser_staging():
    """A :class:`BrowserStaging` in use, as in the worker (the app's default put back after)."""
    staged = BrowserStaging(UIText())
    previous = staging.use(staged)
    yield staged
    staging.use(previous)


def _run(code: str) -> None:
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_the_app_is_built_without_the_packages_of_any_group():
    """``create_app()`` under the browser's staging, with every package of the groups installed
    after the first view (``[app.groups]`` of pins.toml) unimportable: modules needing them are
    imported in staged parts only."""
    pins = tomllib.loads(PINS_FILE.read_text(encoding="utf-8"))
    late = [name for group in pins["app"]["groups"].values() for name in group]
    blocked = "".join(f"sys.modules[{name!r}] = None; " for name in late)
    _run(
        f"import sys; {blocked}"
        "from explorer.app import staging; from explorer.app.i18n import UIText; "
        "from explorer.runtime.staged import BrowserStaging; "
        "staging.use(BrowserStaging(UIText())); import explorer.app.page as p; p.create_app()"
    )


def test_the_single_item_page_is_completed_without_pandas_or_tabulator():
    """Every part of the single-item page built with pandas unimportable; Panel's Tabulator
    model is never imported on the way."""
    _run(
        "import sys; sys.modules['pandas'] = None\n"
        "from explorer.app import staging; from explorer.app.i18n import UIText\n"
        "from explorer.runtime.staged import BrowserStaging\n"
        "staged = BrowserStaging(UIText()); staging.use(staged)\n"
        "import explorer.app.page as p; p.create_app()\n"
        "while staged.pending('single'):\n"
        "    if staged.build_next() == 'comparison': staged.installed('comparison')\n"
        "assert 'panel.models.tabulator' not in sys.modules\n"
    )


def test_every_page_is_complete_without_pandas_until_files_are_loaded():
    """With pandas unimportable, every part of every page is built (the batch page's tables
    wait for files, saying so); loading files makes those tables parts to build, which need the
    tables' package group (pandas) first."""
    _run(
        "import sys; sys.modules['pandas'] = None\n"
        "from explorer.app import staging; from explorer.app.i18n import UIText\n"
        "from explorer.app.states.batch import BatchState\n"
        "from explorer.runtime.staged import BrowserStaging\n"
        "staged = BrowserStaging(UIText()); staging.use(staged)\n"
        "import explorer.app.page as p; batch = BatchState(); p.create_app(batch=batch)\n"
        "for _ in range(50):\n"
        "    if staged.pending() and staged.build_next() == 'comparison':\n"
        "        staged.installed('comparison')\n"
        "assert not staged.pending() and 'panel.models.tabulator' not in sys.modules\n"
        "assert batch.load_files([('sys.txt', b'a cat\\n')], [('ref.txt', b'the cat\\n')])\n"
        "assert staged.pending('batch') and staged.build_next() == 'tables'\n"
    )


def test_a_part_is_built_at_once_by_default():
    built = []
    part = staging.later(lambda: built.append(1) or pn.pane.Markdown("the part"), page="batch")
    assert built == [1] and part.object == "the part"


def test_an_unknown_page_or_package_group_is_refused():
    with pytest.raises(ValueError, match="unknown page 'help': one of single, batch, about"):
        staging.later(lambda: None, page="help")
    with pytest.raises(ValueError, match=r"unknown package groups \['numpy'\]"):
        staging.later(lambda: None, page="single", needs=["numpy"])
    with pytest.raises(ValueError, match="unknown page"):
        staging.opened("help")


def test_a_placeholder_stands_for_its_part_until_it_is_built(browser_staging):
    built = []
    part = staging.later(lambda: built.append(1) or pn.pane.Markdown("the part"), page="single")
    assert built == [] and 'role="status"' in part.objects[0].object
    assert "Loading this part of the page" in part.objects[0].object
    assert browser_staging.build_next() is None
    assert built == [1] and part.objects[0].object == "the part"
    assert not browser_staging.pending()
    with pytest.raises(LookupError):
        browser_staging.build_next()


def _parts(names_pages_needs):
    built = []
    for name, page, needs in names_pages_needs:
        staging.later(
            lambda name=name: built.append(name) or pn.pane.Markdown(name), page=page, needs=needs
        )
    return built


def test_the_single_item_page_comes_first_then_the_others_in_order(browser_staging):
    built = _parts([("about", "about", ()), ("batch", "batch", ()), ("single", "single", ())])
    while browser_staging.pending():
        browser_staging.build_next()
    assert built == ["single", "batch", "about"]


def test_a_page_the_user_opens_is_built_next(browser_staging):
    built = _parts([("single", "single", ()), ("batch", "batch", ()), ("about", "about", ())])
    staging.opened("about")
    browser_staging.build_next()
    assert built == ["about"]
    staging.opened("single")
    while browser_staging.pending():
        browser_staging.build_next()
    assert built == ["about", "single", "batch"]


def test_a_part_waits_for_its_package_group_while_the_others_are_built(browser_staging):
    built = _parts([("metrics", "single", ("comparison",)), ("batch", "batch", ())])
    assert browser_staging.build_next() is None and built == ["batch"]
    assert browser_staging.build_next() == "comparison" and built == ["batch"]
    browser_staging.installed("comparison")
    assert browser_staging.build_next() is None  # imports sacreBLEU
    assert browser_staging.build_next() is None and built == ["batch", "metrics"]
    assert not browser_staging.pending()


def test_parts_built_ahead_show_their_progress_in_the_document_until_each_is_set_back(
    browser_staging,
):
    """The single-item page's parts built ahead (as for the app's memory snapshot): the Bokeh
    document then holds each one's progress, not the part, until its children are set back; the
    other pages' parts are left to build, and a part needing a group not installed is refused."""
    from bokeh.document import Document
    from bokeh.embed.util import standalone_docs_json_and_render_items

    built = _parts(
        [("score card", "single", ()), ("batch", "batch", ()), ("contributions", "single", ())]
    )
    layout = pn.Column(*(part.placeholder for part in browser_staging._parts))
    document = Document()
    document.add_root(layout.get_root(document))

    def sent() -> str:
        docs_json, _ = standalone_docs_json_and_render_items(document.roots[0])
        return str(docs_json)

    def in_progress() -> int:
        return sent().count("Loading this part of the page") // 2  # its label and its text

    shown = browser_staging.build_ahead("single")
    assert built == ["score card", "contributions"]
    assert browser_staging.pending("batch") and not browser_staging.pending("single")
    assert in_progress() == 3 and "score card" not in sent()
    for (model, children), part in zip(shown, ["score card", "contributions"], strict=True):
        model.children = children
        assert part in sent()
    assert in_progress() == 1  # the batch page's part
    staging.later(lambda: pn.pane.Markdown("metrics"), page="single", needs=("comparison",))
    with pytest.raises(LookupError, match="a part of the single page needs comparison"):
        browser_staging.build_ahead("single")


def test_a_section_asked_for_by_a_part_built_ahead_is_built_and_shown_with_it(browser_staging):
    """A page's part that asks for parts of its own (the batch page's sections, the About
    page's figures) built ahead: every one is built, and the page's part is sent in progress,
    then set back whole, its sections in it (one patch per page: each patch costs the worker a
    walk over every model of the document)."""
    from bokeh.document import Document
    from bokeh.embed.util import standalone_docs_json_and_render_items

    built = []
    names = ("first section", "second section")

    def section(name):
        return lambda: built.append(name) or pn.pane.Markdown(name)

    def batch_page():
        built.append("page")
        return pn.Column(*(staging.later(section(name), page="batch") for name in names))

    layout = pn.Column(staging.later(batch_page, page="batch"))
    document = Document()
    document.add_root(layout.get_root(document))

    def sent() -> list[str]:
        docs_json = str(standalone_docs_json_and_render_items(document.roots[0])[0])
        return [name for name in names if name in docs_json]

    shown = browser_staging.build_ahead("batch")
    assert built == ["page", *names] and not browser_staging.pending()
    assert sent() == []
    [(model, children)] = shown
    model.children = children
    assert sent() == list(names)


class _Files(param.Parameterized):
    loaded = param.Parameter(default=None)


def test_a_part_that_waits_for_a_value_says_so_and_joins_once_the_value_is_set(browser_staging):
    files = _Files()
    built = []
    part = staging.later(
        lambda: built.append(1) or pn.pane.Markdown("the table"),
        page="batch",
        waits_for=(files, "loaded", "batch.waiting"),
    )
    assert "No files are loaded yet" in part.objects[0].object
    assert 'role="status"' in part.objects[0].object
    assert not browser_staging.pending()
    files.loaded = "a.txt"
    assert "Loading this part of the page" in part.objects[0].object
    assert browser_staging.pending("batch")
    assert browser_staging.build_next() is None and built == [1]
    assert part.objects[0].object == "the table"
    files.loaded = "b.txt"  # built once: the value changing again queues nothing
    assert not browser_staging.pending()


def test_a_part_whose_value_comes_after_the_workers_loop_is_built_on_the_event_loop(
    browser_staging,
):
    """Once the worker's loop is over (``finish``), a part whose value arrives is built by the
    staging itself, in tasks of the event loop, as soon as the package group it needs is
    installed (not before)."""
    files = _Files()
    built = []
    part = staging.later(
        lambda: built.append(1) or pn.pane.Markdown("the table"),
        page="batch",
        needs=("tables",),
        waits_for=(files, "loaded", "batch.waiting"),
    )
    asked: list[str] = []
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        browser_staging.finish(asked.append)
        assert asked == []  # the batch page is not open: pandas is not asked for
        files.loaded = "a.txt"
        loop.run_until_complete(asyncio.sleep(0.01))
        assert built == [] and "Loading this part" in part.objects[0].object
        assert asked and set(asked) == {"tables"}
        import pandas  # noqa: F401 - imported by the staging next, as in the browser

        browser_staging.installed("tables")
        loop.run_until_complete(asyncio.sleep(0.05))
    finally:
        loop.close()
        asyncio.set_event_loop(None)
    assert built == [1] and part.objects[0].object == "the table"
    assert not browser_staging.pending()


def test_a_waiting_parts_group_is_asked_for_when_its_page_is_opened(browser_staging):
    """After the worker's loop, opening the batch page asks for the group its waiting tables
    need (pandas arrives before files are chosen); the other pages ask for nothing."""
    staging.later(
        lambda: pn.pane.Markdown("the table"),
        page="batch",
        needs=("tables",),
        waits_for=(_Files(), "loaded", "batch.waiting"),
    )
    asked: list[str] = []
    browser_staging.finish(asked.append)
    staging.opened("about")
    assert asked == []
    staging.opened("batch")
    assert asked == ["tables"]


def test_work_after_a_pause_runs_one_step_per_task_and_a_new_call_abandons_it():
    """``after_pause`` in the browser: the work starts once typing pauses, each step of it in a
    task of its own, so that a message from the page (here a keystroke queued during the first
    step) is handled before the next step; that keystroke's call closes the steps left, and the
    work starts again after a pause."""
    from explorer.runtime.staged import PAUSE

    log: list[str] = []
    loop = asyncio.new_event_loop()
    schedule = None

    def typed() -> None:
        log.append("typed")
        schedule()

    def work():
        run = log.count("start")
        log.append("start")
        try:
            for n in range(3):
                log.append(f"run {run} step {n}")
                if run == 0:
                    loop.call_soon(typed)
                yield n
        finally:
            log.append(f"run {run} closed")

    asyncio.set_event_loop(loop)
    try:
        schedule = BrowserStaging(UIText()).after_pause(work)

        async def user() -> None:
            schedule()
            await asyncio.sleep(PAUSE / 2)
            assert log == []  # typing has not paused yet
            await asyncio.sleep(3 * PAUSE)

        loop.run_until_complete(user())
    finally:
        loop.close()
        asyncio.set_event_loop(None)
    assert log == [
        "start",
        "run 0 step 0",
        "typed",
        "run 0 closed",
        "start",
        "run 1 step 0",
        "run 1 step 1",
        "run 1 step 2",
        "run 1 closed",
    ]


def test_an_update_soon_runs_once_after_the_current_step_one_step_per_task():
    """``soon`` in the browser: two events in one step of Python give one run of the update,
    after that step; when the update is a generator, a message from the page queued meanwhile is
    handled between two of its steps. By default every step runs at once."""
    log: list[str] = []

    def update():
        log.append("start")
        for n in range(2):
            log.append(f"step {n}")
            yield

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        schedule = BrowserStaging(UIText()).soon(update)

        async def events() -> None:
            schedule("event 1")
            schedule("event 2")
            log.append("same step")
            loop.call_soon(log.append, "message")
            await asyncio.sleep(0.05)

        loop.run_until_complete(events())
    finally:
        loop.close()
        asyncio.set_event_loop(None)
    assert log == ["same step", "start", "step 0", "message", "step 1"]
    log.clear()
    staging.Staging().soon(update)("event")
    assert log == ["start", "step 0", "step 1"]

"""The way back to a fresh boot when the snapshot cannot be used, and the failures a stage of the
boot names in one line (explorer/site_build/snapshot.py, static/snapshot.js).

Every test types text other than the default input ("ca" against "cat")."""

from __future__ import annotations

import gzip

import pytest

import charsim

from .boot import BOOT, LIVE, type_and_wait_for_its_score, typed_score_shown
from .conftest import APP_TIMEOUT, SCORE, poll


@pytest.mark.parametrize(
    "answer",
    [
        {"status": 404, "body": "gone"},
        {"status": 200, "body": b"\x1f\x8b not the snapshot"},
        "truncated",
    ],
    ids=["missing", "corrupt", "truncated"],
)
def test_a_snapshot_that_cannot_be_used_falls_back_to_a_fresh_boot_and_still_scores(
    app_page, guard, site_url, site_dir, answer
):
    """The worker boots Python afresh, says why on the console only (a warning, which the
    guard does not count as a problem), and the typed text gets its score. A truncated
    snapshot (its first megabyte, its header intact) is refused by its size."""
    why = "booted afresh"
    if answer == "truncated":
        (shipped,) = (site_dir / "pyodide").glob("live-snapshot-*.gz")
        head = gzip.decompress(shipped.read_bytes())[:1_000_000]
        answer, why = {"status": 200, "body": gzip.compress(head)}, "holds 1000000 bytes, not"
    messages = []
    app_page.on("console", lambda msg: messages.append((msg.type, msg.text)))
    app_page.route("**/live-snapshot-*.gz", lambda route: route.fulfill(**answer))
    assert typed_score_shown(app_page, guard, site_url) == "fresh"
    assert [t for kind, t in messages if why in t and kind == "warning"], messages
    assert not app_page.locator("#error").is_visible()


def test_boot_fresh_in_the_link_boots_afresh_and_opens_the_rest_of_the_link(
    app_page, guard, site_url
):
    app_page.goto(f"{site_url}?boot=fresh&c=the+cat&r=%5B%22a+cat%22%5D&cap=32")
    poll(lambda: app_page.evaluate(LIVE), timeout=APP_TIMEOUT, message="the live view", guard=guard)
    expected = f"{charsim.score('the cat', ['a cat']):.4f}"
    poll(
        lambda: app_page.locator(SCORE).inner_text() == expected,
        timeout=30,
        message=f"the score {expected}",
        guard=guard,
    )
    assert app_page.evaluate(BOOT) == "fresh"


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (
            {"status": 404},
            "could not fetch pyodide/tables.tar.gz (six, python-dateutil, pytz): HTTP 404",
        ),
        ("half", "pyodide/tables.tar.gz (six, python-dateutil, pytz) is damaged: it unpacks to "),
    ],
    ids=["missing", "truncated"],
)
def test_a_stage_that_fails_is_named_and_what_is_typed_is_still_scored(
    app_page, guard, site_url, site_dir, answer, why
):
    """The tables' archive (fetched once the batch page is opened) cannot be fetched, or comes
    cut to half its bytes: the page says that part of it could not load, which stage and which
    file (and what it holds), and the single-item page still scores text typed after the
    failure."""
    if answer == "half":
        body = gzip.decompress((site_dir / "pyodide" / "tables.tar.gz").read_bytes())
        answer = {
            "status": 200,
            "body": gzip.compress(body[: len(body) // 2]),
            "content_type": "application/gzip",
        }
    app_page.route("**/pyodide/tables.tar.gz", lambda route: route.fulfill(**answer))
    app_page.goto(site_url)
    poll(
        lambda: app_page.evaluate("document.documentElement.dataset.explorerState") == "ready",
        timeout=APP_TIMEOUT,
        message="every page built",
        guard=guard,
    )
    app_page.get_by_role("tab", name="Batch: score files").click()
    poll(
        lambda: app_page.evaluate("document.documentElement.dataset.explorerState") == "error",
        timeout=APP_TIMEOUT,
        message="the tables' stage to fail",
    )
    shown = app_page.locator("#error").inner_text().splitlines()
    heading, stage, detail = [line for line in shown if line]
    assert heading == "Part of the explorer could not load; what you type is still scored"
    assert stage == "Failed while: Installing tables"
    assert detail.startswith(why)
    guard.problems[:] = [p for p in guard.problems if "explorer failed while" not in p]
    app_page.get_by_role("tab", name="Single item").click()
    type_and_wait_for_its_score(app_page, guard)


@pytest.mark.parametrize("query", ["", "?boot=fresh"], ids=["snapshot", "fresh"])
def test_a_truncated_standard_library_is_named_in_one_line(
    app_page, guard, site_url, site_dir, query
):
    """``python_stdlib.zip`` comes cut to half its bytes: the page says in one line that this
    file is damaged and how many bytes it holds (it ended in a zipimport traceback)."""
    body = (site_dir / "pyodide" / "python_stdlib.zip").read_bytes()
    answer = {"status": 200, "body": body[: len(body) // 2], "content_type": "application/zip"}
    app_page.route("**/pyodide/python_stdlib.zip", lambda route: route.fulfill(**answer))
    app_page.goto(site_url + query)
    poll(
        lambda: app_page.evaluate("document.documentElement.dataset.explorerState") == "error",
        timeout=APP_TIMEOUT,
        message="the explorer to fail",
    )
    detail = app_page.locator("#error-detail").inner_text()
    assert detail == (
        f"pyodide/python_stdlib.zip is damaged: it holds {len(body) // 2} bytes, not {len(body)}"
    )
    guard.problems[:] = [p for p in guard.problems if "explorer failed while" not in p]


def test_a_standard_library_that_gets_no_answer_is_named_in_one_line(app_page, guard, site_url):
    """The request for ``python_stdlib.zip`` is dropped (no HTTP answer at all): the page names
    the file, not only the browser's "Failed to fetch"."""
    app_page.route("**/pyodide/python_stdlib.zip", lambda route: route.abort())
    app_page.goto(site_url)
    poll(
        lambda: app_page.evaluate("document.documentElement.dataset.explorerState") == "error",
        timeout=APP_TIMEOUT,
        message="the explorer to fail",
    )
    detail = app_page.locator("#error-detail").inner_text()
    assert detail == "could not fetch pyodide/python_stdlib.zip: Failed to fetch"
    expected = ("explorer failed while", "python_stdlib.zip", "ERR_FAILED")
    guard.problems[:] = [p for p in guard.problems if not any(e in p for e in expected)]

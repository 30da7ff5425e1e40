"""Batch mode in headless Chromium on the TED example: the items whose score moves most under
a derived setting are listed (charsim's first: system 1's item 1560, raised by case folding,
as charsim.compare.fragility computes on CPython) and a row opens its item; the histogram
downloads as PNG (drawn: its bars and axes) and SVG, and every chart on the page has its axes
beside its frame; axe-core finds no serious violation on the page with the table drawn."""

from __future__ import annotations

import time

from .conftest import CANDIDATE, click_table_cell
from .test_accessibility import _audit, _check
from .test_batch import _batch_tab, _wait_scored
from .test_chart_download import PNG_SIGNATURE, _download, ink, misplaced_axes

TABLE = ".cs-batch-fragility .tabulator-row"
ITEM_1560 = "It's the holy grail firm to journalism."  # TED system 1: 0.4832 raw, 0.6344 casefolded


def _cell(page, field: str):
    return page.locator(f'{TABLE} .tabulator-cell[tabulator-field="{field}"]').first


def test_ted_items_that_move_most_are_listed_audited_and_a_row_opens_its_item(app, wait_until):
    _batch_tab(app)
    app.get_by_role("button", name="Try it: TED talks, 2 systems").click()
    _wait_scored(app, wait_until)
    start = time.monotonic()
    wait_until(lambda: app.locator(TABLE).count() > 0, timeout=300, message="the moved items")
    print(f"moved items of 4,890 shown {time.monotonic() - start:.1f} s after charsim's scores")
    wait_until(  # the other metrics' rows come later, each time redrawing the table
        lambda: app.locator('[data-testid="batch-fragility-status"]').count() == 0,
        timeout=300,
        message="the run over every metric to end",
    )
    shown = {f: _cell(app, f).inner_text() for f in ("metric", "item", "system", "setting")}
    assert shown == {
        "metric": "charsim",
        "item": "1560",
        "system": "ted.sys1.txt",
        "setting": "casefold (derived)",
    }
    assert (_cell(app, "raw").inner_text(), _cell(app, "derived").inner_text()) == (
        "0.4832",
        "0.6344",
    )
    assert "U+0049 LATIN CAPITAL LETTER I → U+0069 LATIN SMALL LETTER I" in (
        _cell(app, "changed").inner_text()
    )
    app.wait_for_timeout(2000)  # static/a11y.js mends a new table a frame after it appears
    _check(_audit(app, "batch, TED, the moved items"))
    assert misplaced_axes(app) == []  # the histogram's were of size 0
    svg = _download(app, "histogram", "SVG").read_text(encoding="utf-8")
    assert "<svg" in svg and "item score" in svg
    png = _download(app, "histogram", "PNG").read_bytes()
    assert png.startswith(PNG_SIGNATURE) and ink(app, png) > 0.1, ink(app, png)  # 0.001 blank
    click_table_cell(_cell(app, "candidate"))
    wait_until(
        lambda: app.locator(CANDIDATE).input_value() == ITEM_1560,
        timeout=30,
        message="item 1560 opened in the single-item tab",
    )

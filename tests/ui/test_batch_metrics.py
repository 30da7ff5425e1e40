"""Batch mode's "metric against metric" in headless Chromium: per-item chrF and BLEU computed in
the browser equal CPython sacreBLEU's, and a point of the scatter opens its item."""

from __future__ import annotations

import time

from sacrebleu.metrics import BLEU, CHRF

from .conftest import CANDIDATE
from .test_about_compare import SOURCE
from .test_batch import _batch_tab, _wait_scored

ITEM_432 = ("Thank you. (Applause)", ["Thank you."])  # TED system 1, item 432
SELECT = """([name, index]) => {
  for (const doc of Bokeh.documents) {
    const source = doc.get_model_by_name(name);
    if (source) { source.selected.indices = [index]; return true; }
  }
  return false;
}"""


def test_ted_per_item_chrf_and_bleu_and_a_point_opens_its_item(app, wait_until):
    _batch_tab(app)
    app.get_by_role("button", name="Try it: TED talks, 2 systems").click()
    _wait_scored(app, wait_until)
    start = time.monotonic()
    means = app.locator('[data-testid="batch-metrics-means"]')
    wait_until(lambda: means.count() > 0, timeout=180, message="chrF and BLEU of every item")
    print(f"chrF and BLEU of 4,890 items shown {time.monotonic() - start:.1f} s after charsim's")
    points = wait_until(  # on the shared page, the button may be rescoring the same data
        lambda: (p := app.evaluate(SOURCE, "batch-metrics-1")) and len(p["chrf"]) == 2445 and p,
        timeout=180,
        message="the chart's 2,445 points",
    )
    assert points["item"][431] == 432
    assert points["chrf"][431] == CHRF().sentence_score(*ITEM_432).score
    assert points["bleu"][431] == BLEU(effective_order=True).sentence_score(*ITEM_432).score
    assert app.get_by_text("The metrics do not prefer the same system").count() == 1
    # item 432 leads the items whose ranks differ most: ranks written 1,718 and 165 (they
    # showed as 1,718.0); and no table shows NaN (an empty bucket's mean did)
    ranks = app.locator('.tabulator-cell[tabulator-field="charsim rank"]')
    wait_until(lambda: ranks.count() > 0, timeout=60, message="the ranks")
    first = app.locator('.tabulator-row:has(.tabulator-cell[tabulator-field="charsim rank"])')
    assert "1,718" in first.first.inner_text() and "1,718.0" not in first.first.inner_text()
    assert not any("NaN" in t for t in app.locator(".tabulator").all_inner_texts())
    assert app.evaluate(SELECT, ["batch-metrics-1", 431])  # what a tap on the point does

    def opened() -> bool:
        """Whether the item is open; if not, tap again: on the shared page, the example's button
        may have started a new scoring of the same data, and a tap on a point of data replaced
        since opens nothing."""
        if app.locator(CANDIDATE).input_value() == ITEM_432[0]:
            return True
        app.evaluate(SELECT, ["batch-metrics-1", 431])
        return False

    wait_until(opened, timeout=30, message="item 432 opened in the single-item tab")

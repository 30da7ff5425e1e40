"""Batch mode in headless Chromium: the TED example, sorting, opening an item, links, uploads.

The fixtures fail a test on any request that leaves 127.0.0.1 (or any 404 of the site, which
the browser logs as a console error), any console error and any page error.
"""

from __future__ import annotations

import json
import re

import charsim
from explorer.app.sources.item_link import ItemLink, encode_item_link

from .conftest import CANDIDATE, click_table_cell, open_ready

#: The lowest item score of the TED example over both systems: system 1, line 2,024
#: ("I study this." against "Explore."), computed with charsim.summarize.
LOWEST = ("I study this.", ["Explore."], ItemLink("ted", 1, 2024))
SCORING_TIMEOUT = 90  # 4,890 item scores take ~6 s in the browser; room for a slow machine
PAYLOAD = "<img src=x onerror=\"document.title='pwned'\">"


def _batch_tab(page):
    page.get_by_text("Batch: score files", exact=True).click()


def _wait_scored(page, wait_until):
    signature = page.locator('[data-testid="batch-signature"]')
    wait_until(lambda: signature.count() > 0, timeout=SCORING_TIMEOUT, message="batch scores")
    return signature.inner_text()


def _items_column(page, field):
    return page.locator(f'.tabulator-col[tabulator-field="{field}"] .tabulator-col-title').first


def _cells(page, field):
    return page.locator(f'.tabulator-row .tabulator-cell[tabulator-field="{field}"]')


def _wait_opened(page, wait_until, candidate, references):
    expected = f"{charsim.score(candidate, references):.4f}"
    main = page.locator('[data-testid="score-main"]')
    wait_until(
        lambda: main.count() and main.inner_text() == expected and main.is_visible(),
        timeout=20,
        message=f"the single-item view to show {expected}",
    )
    assert page.locator(CANDIDATE).input_value() == candidate


def test_ted_example_sort_by_score_and_open_the_lowest_item(app, wait_until):
    _batch_tab(app)
    app.get_by_role("button", name="Try it: TED talks, 2 systems").click()
    signature = _wait_scored(app, wait_until)
    assert signature == charsim.signature(nrefs=1)
    assert app.locator('[data-testid="batch-mean-1"]').inner_text() == "0.4519"
    _items_column(app, "score").click()  # ascending: the lowest score first
    lowest = _cells(app, "score").first
    wait_until(lambda: lowest.inner_text() == "0.0416", timeout=20, message="sorted scores")
    click_table_cell(_cells(app, "candidate").first)
    candidate, references, link = LOWEST
    _wait_opened(app, wait_until, candidate, references)
    # its explanation: the decision, the per-order contributions and the exact fractions
    assert app.locator('[data-testid="decision"]').get_attribute("data-decision") == "precision"
    assert (
        "bars, one per order" in app.locator('[data-testid="contributions-caption"]').inner_text()
    )
    # data from a built-in example: the address bar holds a short link to the item
    wait_until(lambda: app.evaluate("location.search") == "?" + encode_item_link(link))


def test_item_link_opens_the_item_of_the_example(app_page, guard, site_url, wait_until):
    link = ItemLink("ted", 2, 67)
    open_ready(app_page, guard, f"{site_url}?{encode_item_link(link)}")
    reference = "And we also assign a value to the company given by the operating revenue."
    _wait_opened(app_page, wait_until, "We're selves.", [reference])
    _batch_tab(app_page)
    _wait_scored(app_page, wait_until)  # the whole example is scored after the item opened


def test_uploads_report_bad_files_and_show_text_as_text(app, wait_until, tmp_path):
    _batch_tab(app)
    inputs = app.locator('input[type="file"]')
    (tmp_path / "sys.txt").write_text("a cat\nthe dog\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("a cat\n", encoding="utf-8")
    inputs.nth(0).set_input_files(tmp_path / "sys.txt")
    inputs.nth(1).set_input_files(tmp_path / "ref.txt")
    message = "sys.txt: has 2 lines but the references (ref.txt) have 1; line counts must match"
    wait_until(lambda: app.get_by_text(message).count() > 0, timeout=20, message="the error")
    items = [{"candidate": PAYLOAD, "references": [PAYLOAD, "cat"]}, {"candidate": "cat"}]
    bad = tmp_path / "items.jsonl"
    bad.write_text("\n".join(json.dumps(i) for i in items), encoding="utf-8")
    inputs.nth(2).set_input_files(bad)
    message = 'items.jsonl, line 2: the key "references" is missing'
    wait_until(lambda: app.get_by_text(message).count() > 0, timeout=20, message="the error")
    bad.write_text(json.dumps(items[0]) + "\n", encoding="utf-8")
    inputs.nth(2).set_input_files(bad)
    _wait_scored(app, wait_until)
    assert _cells(app, "candidate").first.inner_text() == PAYLOAD  # shown, not rendered
    assert app.evaluate("document.title") != "pwned"
    assert app.locator("img[src=x]").count() == 0


def _wait_text(page, wait_until, text):
    wait_until(lambda: page.get_by_text(text).count() > 0, timeout=20, message=repr(text))


def _wait_mean(page, wait_until, name, candidate, references):
    """Wait until the batch scores of one JSON Lines file named ``name`` are shown."""
    mean = page.locator('[data-testid="batch-mean-1"]')
    expected = [name, f"{charsim.score(candidate, references):.4f}"]
    row = mean.locator("xpath=..").locator("th, td")
    wait_until(
        lambda: mean.count() and row.all_inner_texts() == expected,
        timeout=SCORING_TIMEOUT,
        message=f"the mean of {name}",
    )


def test_an_empty_then_a_binary_jsonl_after_another_file_are_read_as_they_are(
    app, wait_until, tmp_path
):
    """Each file is read as itself, not with the contents or the name of the file before it
    (the page's input, cleared once a file is read, must tell Python so)."""
    _batch_tab(app)
    jsonl = app.locator('input[type="file"]').nth(2)
    good, empty, binary = (tmp_path / n for n in ("good.jsonl", "empty.jsonl", "binary.jsonl"))
    good.write_text(json.dumps({"candidate": "a cat", "references": ["a cat sat"]}) + "\n")
    empty.write_bytes(b"")
    binary.write_bytes(b"\x80\x81\x82\n")
    jsonl.set_input_files(good)
    _wait_mean(app, wait_until, "good.jsonl", "a cat", ["a cat sat"])
    jsonl.set_input_files(empty)
    _wait_text(app, wait_until, "empty.jsonl: holds no items: nothing to score")
    assert app.locator('[data-testid="batch-mean-1"]').count() == 0
    jsonl.set_input_files(binary)
    _wait_text(app, wait_until, re.compile(r"^binary\.jsonl\b.*not valid UTF-8"))
    assert app.get_by_text("empty.jsonl").count() == 0


def test_the_same_file_name_again_with_other_contents_is_read_again(app, wait_until, tmp_path):
    _batch_tab(app)
    jsonl = app.locator('input[type="file"]').nth(2)
    items = tmp_path / "items.jsonl"
    for candidate in ("a cat", "the dog"):
        items.write_text(json.dumps({"candidate": candidate, "references": ["a cat sat"]}))
        jsonl.set_input_files(items)
        _wait_mean(app, wait_until, "items.jsonl", candidate, ["a cat sat"])
        items.write_bytes(b"")
        jsonl.set_input_files(items)
        _wait_text(app, wait_until, "items.jsonl: holds no items: nothing to score")

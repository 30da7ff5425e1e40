"""The language switch in headless Chromium: English ↔ 日本語 changes tab titles (also of the
staged details tabs), headings, score-card labels and the batch tables' paginator and filter
placeholders live; the score stays the same."""

from __future__ import annotations


def _label(page):
    return page.locator('[data-testid="score-base-label"]').inner_text()


def test_language_switch_changes_the_ui_text(app, wait_until):
    score = app.locator('[data-testid="score-main"]').inner_text()
    assert _label(app).startswith("base form")
    app.get_by_role("button", name="日本語", exact=True).click()
    wait_until(lambda: _label(app).startswith("基本形"), timeout=20, message="Japanese labels")
    wait_until(
        lambda: app.get_by_text("指標の解説", exact=True).count() == 1,
        timeout=10,
        message="the Japanese tab title",
    )
    assert app.get_by_text("次数ごとの寄与", exact=True).count() == 1
    wait_until(
        lambda: app.get_by_text("スコアを変えるもの", exact=True).count() == 1,
        timeout=20,
        message="the Japanese title of the coverage view's details tab",
    )
    assert app.locator('[data-testid="score-main"]').inner_text() == score
    wait_until(lambda: "lang=ja" in app.url, timeout=10, message="lang=ja in the URL")
    app.get_by_role("button", name="English", exact=True).click()
    wait_until(lambda: _label(app).startswith("base form"), timeout=20, message="English labels")
    wait_until(
        lambda: app.get_by_text("About the metric", exact=True).count() == 1,
        timeout=10,
        message="the English tab title",
    )
    assert app.locator('[data-testid="score-main"]').inner_text() == score


def test_batch_tables_paginator_and_filters_follow_the_language(app, wait_until):
    """The items table (built once files are loaded) says Tabulator's own words in Japanese,
    then in English again."""
    app.get_by_role("button", name="日本語", exact=True).click()
    wait_until(
        lambda: app.get_by_text("一括評価：ファイル", exact=True).count() == 1,
        timeout=20,
        message="the Japanese tab title",
    )
    app.get_by_text("一括評価：ファイル", exact=True).click()
    app.get_by_role("button", name="試す：TEDトーク、2システム").click()
    next_page = app.locator('.tabulator-page[data-page="next"]').first
    contains = app.locator('.tabulator-col[tabulator-field="candidate"] input').first
    wait_until(
        lambda: next_page.count() and next_page.inner_text() == "次へ",
        timeout=30,
        message="the Japanese paginator",
    )
    assert next_page.get_attribute("title") == "次のページ"
    assert contains.get_attribute("placeholder") == "部分一致"
    app.get_by_role("button", name="English", exact=True).click()
    wait_until(
        lambda: next_page.count() and next_page.inner_text() == "Next",
        timeout=20,
        message="the English paginator",
    )
    assert next_page.get_attribute("title") == "Next Page"
    assert contains.get_attribute("placeholder") == "contains"

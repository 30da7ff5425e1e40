"""The charts download as PNG and SVG in headless Chromium, offline: the file arrives, is a PNG
(its signature bytes) or an SVG document, and shows the chart (the SVG holds its axis labels)."""

from __future__ import annotations

from pathlib import Path

from .conftest import SCORE, type_over_candidate

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _download(page, chart: str, image: str) -> Path:
    """Press the chart's "Download PNG" or "Download SVG" and return the saved file."""
    button = page.locator(f".cs-chart-{chart}").get_by_role("button", name=f"Download {image}")
    with page.expect_download(timeout=30_000) as download:
        button.click()
    assert download.value.suggested_filename == f"charsim-{chart}.{image.lower()}"
    return Path(download.value.path())


def test_the_contributions_and_lengths_charts_download_as_png_and_svg(app, wait_until):
    type_over_candidate(app, "the cat sat on a mat")
    wait_until(lambda: app.locator(SCORE).inner_text() != "", message="the typed text's score")
    caption = app.locator('[data-testid="contributions-caption"]')
    wait_until(lambda: "bars" in caption.inner_text(), message="the contributions chart")
    png = _download(app, "contributions", "PNG").read_bytes()
    assert png.startswith(PNG_SIGNATURE) and len(png) > 5_000, len(png)
    svg = _download(app, "contributions", "SVG").read_text(encoding="utf-8")
    assert "<svg" in svg and "order n" in svg and "contribution m̄_n / (n D)" in svg
    lengths = _download(app, "lengths", "SVG").read_text(encoding="utf-8")
    assert "<svg" in lengths and "Weighted lengths: candidate L_t" in lengths
    assert _download(app, "lengths", "PNG").read_bytes().startswith(PNG_SIGNATURE)

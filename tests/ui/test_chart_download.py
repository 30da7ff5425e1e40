"""The charts download as PNG and SVG in headless Chromium, offline: the file arrives, is a PNG
(its signature bytes, and drawn pixels) or an SVG document, and shows the chart (the SVG holds
its axis labels)."""

from __future__ import annotations

import base64
from pathlib import Path

from .conftest import SCORE, type_over_candidate

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


INK = """async (b64) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  let ink = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 3] > 0 && Math.min(pixels[i], pixels[i + 1], pixels[i + 2]) < 200) ink += 1;
  }
  return ink / (image.width * image.height);
}"""


def ink(page, png: bytes) -> float:
    """The share of a PNG's pixels that are drawn (darker than light grey), decoded by the
    browser: a chart drawn with no frame (bars and axes missing) has almost none."""
    return page.evaluate(INK, base64.b64encode(png).decode("ascii"))


AXES = """() => {
  const misplaced = [];
  const walk = (view) => {
    const shown = () => view.bbox.width > 0
      && view.el.checkVisibility({ visibilityProperty: true });
    if (view.frame != null && view.renderer_views != null && shown()) {
      const frame = view.frame.bbox;
      for (const [model, axis] of view.renderer_views) {
        if (!model.type.endsWith("Axis")) continue;
        const box = axis.layout.bbox, side = axis.panel.side;
        const at = (b) => `(${b.left}, ${b.top}) ${b.width}×${b.height}`;
        const beside = side == "below" ? box.top == frame.bottom && box.width == frame.width
          : side == "left" ? box.right == frame.left && box.height == frame.height : true;
        if (!beside || frame.width == 0 || frame.height == 0)
          misplaced.push(`${view.model.title?.text}: ${side} axis ${at(box)}, frame ${at(frame)}`);
      }
    }
    for (const child of view.child_views ?? []) walk(child);
  };
  for (const root of Object.values(Bokeh.index)) walk(root);
  return misplaced;
}"""


def misplaced_axes(page) -> list[str]:
    """The axes of the charts shown that BokehJS did not put beside their plot's frame (an x
    axis below it, a y axis to its left, each as long as the frame): a chart laid out while its
    tab had no height kept axes of size 0, drawn above the plot with no numbers. (A chart in a
    tab not shown is laid out when the tab is shown: static/page/bokeh.js.)"""
    return page.evaluate(AXES)


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
    assert misplaced_axes(app) == []
    png = _download(app, "contributions", "PNG").read_bytes()
    assert png.startswith(PNG_SIGNATURE) and ink(app, png) > 0.03, ink(app, png)
    svg = _download(app, "contributions", "SVG").read_text(encoding="utf-8")
    assert "<svg" in svg and "order n" in svg and "contribution m̄_n / (n D)" in svg
    lengths = _download(app, "lengths", "SVG").read_text(encoding="utf-8")
    assert "<svg" in lengths and "Weighted lengths: candidate L_t" in lengths
    assert _download(app, "lengths", "PNG").read_bytes().startswith(PNG_SIGNATURE)

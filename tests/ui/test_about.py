"""The "About the metric" tab in headless Chromium: both figures render with the article's
numbers, and moving a slider recomputes the figures and the printed centroids live."""

from __future__ import annotations

import pytest

from charsim.metric.models import block_ratio, charsim_model

SOURCES = """() => {
  const out = {};
  for (const doc of Bokeh.documents) {
    for (const name of ["about-length-source", "about-block-source", "about-cap-source"]) {
      const source = doc.get_model_by_name(name);
      if (source) out[name] = Object.fromEntries(
        Object.entries(source.data).map(([k, v]) => [k, Array.from(v)]));
    }
  }
  return out;
}"""


def _sources(page):
    return page.evaluate(SOURCES)


def _text(page, testid):
    return page.locator(f'[data-testid="{testid}"]').inner_text()


def _press(page, slider, key="ArrowRight"):
    handle = page.locator(f".{slider} .noUi-handle").first
    handle.focus()
    handle.press(key)


def test_about_tab_figures_and_live_centroids(app, wait_until):
    app.get_by_text("About the metric", exact=True).click()
    data = wait_until(
        lambda: (d := _sources(app)) and len(d.get("about-block-source", {}).get("cap", [])) and d,
        timeout=30,
        message="the figures' data",
    )
    length, block = data["about-length-source"], data["about-block-source"]
    assert length["j"] == list(range(1, 201))
    assert length["charsim"][69] == pytest.approx(charsim_model(70, 100, 0.8))
    assert block["uniform"][31] == pytest.approx(block_ratio(32, "uniform"))
    assert (_text(app, "centroid-chrF"), _text(app, "centroid-BLEU")) == ("103.3", "102.7")
    assert _text(app, "centroid-charsim") == "101.5"
    assert (_text(app, "block-32-harmonic"), _text(app, "block-100-uniform")) == ("1.8", "8.1")
    assert _text(app, "share-32-harmonic") == "49 %"
    # opening the tab scored the default single item (ca vs cat) at every cap
    wait_until(lambda: len(_sources(app).get("about-cap-source", {}).get("cap", [])) == 64)

    _press(app, "cs-about-rate")  # p 0.80 → 0.81: every curve scales, the centroids stay
    wait_until(
        lambda: (
            _sources(app)["about-length-source"]["charsim"][69]
            == pytest.approx(charsim_model(70, 100, 0.81))
        ),
        timeout=20,
        message="Figure 1 at p = 0.81",
    )
    assert _text(app, "centroid-chrF") == "103.3"
    _press(app, "cs-about-beta", "ArrowLeft")  # β 2 → 1.75: chrF's centroid moves
    wait_until(lambda: _text(app, "centroid-chrF") != "103.3", timeout=20, message="β centroid")

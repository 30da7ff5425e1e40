"""The About tab's comparisons on the single item in headless Chromium: F_β against min(P, R)
(§5.5) for the default input, live as β moves, and the length model at the item's lengths."""

from __future__ import annotations

from fractions import Fraction

from charsim.metric.models import f_beta

SOURCE = """(name) => {
  for (const doc of Bokeh.documents) {
    const source = doc.get_model_by_name(name);
    if (source) return Object.fromEntries(
      Object.entries(source.data).map(([k, v]) => [k, Array.from(v)]));
  }
  return null;
}"""

P, R = Fraction(40, 53), Fraction(100, 201)  # "ca" against "cat", the default input


def _text(page, testid):
    return page.locator(f'[data-testid="{testid}"]').inner_text()


def test_f_beta_panel_for_the_default_input_and_a_moving_beta(app, wait_until):
    app.get_by_text("About the metric", exact=True).click()
    wait_until(lambda: app.locator('[data-testid="fbeta-slider"]').count(), timeout=30)
    assert _text(app, "fbeta-min") == "0.4975"  # min(P, R) = R = 100/201
    assert [_text(app, f"fbeta-{b}") for b in (1, 2, 3)] == ["0.5997", "0.5339", "0.5151"]
    assert _text(app, "fbeta-slider") == "0.5339"  # β = 2
    curve = app.evaluate(SOURCE, "about-fbeta-source")
    assert len(curve["beta"]) == 99 and curve["minimum"][0] == float(R)

    handle = app.locator(".cs-fbeta-beta .noUi-handle").first
    handle.focus()
    handle.press("ArrowRight")  # β 2 → 2.05
    expected = f"{float(f_beta(P, R, Fraction(41, 20))):.4f}"
    wait_until(lambda: _text(app, "fbeta-slider") == expected, timeout=20, message="F_2.05")
    assert _text(app, "fbeta-2") == "0.5339"

    # the length model at the same input: λ̂ = 2, λ = 3, p̂ = max(P, R) = 40/53
    assert _text(app, "bias-rate") == "0.7547" and _text(app, "bias-score") == "0.4975"
    assert app.get_by_text("This is the §6 length model").count() == 1
    points = app.evaluate(SOURCE, "about-bias-points")
    assert points["j"] == [2, 2, 2] and points["score"][0] == float(P) * 2 / 3

"""Numbers as a reader sees them on the single-item page: never broken inside themselves, no
30-digit fractions in captions, and the comparison with chrF, BLEU and TER for an item of a
few hundred characters, computed without a long task on the page's main thread."""

from __future__ import annotations

import re

import pytest
from sacrebleu.metrics import BLEU, CHRF, TER

import charsim
from charsim.resources import example_data

from .conftest import CANDIDATE, REFERENCES, SCORE

ITEM = 678
"""A TED item whose candidate (system 1) has 200 characters; its reference and system 2's line
are the two references: 624 characters in all."""

LINES = """(nodes) => nodes.map((node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  return [node.innerText, new Set([...range.getClientRects()].map((r) => r.top)).size];
})"""
"""Each element's text and the number of lines it takes."""

NUMBER = re.compile(r"[−-]?[\d,]+(\.\d+)?(/\d+)?")


def _item() -> tuple[str, list[str]]:
    lines = {
        name: (example_data() / name).read_text(encoding="utf-8").splitlines()
        for name in ("ted.sys1.txt", "ted.sys2.txt", "ted.ref.txt")
    }
    return lines["ted.sys1.txt"][ITEM - 1], [
        lines["ted.ref.txt"][ITEM - 1],
        lines["ted.sys2.txt"][ITEM - 1],
    ]


def _type(app, wait_until, candidate: str, references: list[str]) -> None:
    app.locator(CANDIDATE).fill(candidate)
    app.locator(REFERENCES).fill("\n".join(references))
    expected = f"{charsim.score(candidate, references):.4f}"
    score = app.locator(SCORE)
    wait_until(lambda: score.inner_text() == expected, timeout=30, message=f"score {expected}")


@pytest.mark.parametrize("width", [1280, 640, 390])
def test_no_number_of_the_per_reference_table_wraps_inside_itself(app, wait_until, width):
    """The issue's table: s_i = 0.5065 showed as "0.50" over "65", L_i as "696.52" over "91"."""
    app.set_viewport_size({"width": width, "height": 800})
    candidate, references = _item()
    _type(app, wait_until, candidate, references)
    app.get_by_role("tab", name="Per reference", exact=True).click()
    table = app.locator('[data-testid="reference-table"]')
    wait_until(lambda: table.is_visible(), timeout=10, message="the per-reference table")
    s_i = f"{float(charsim.explain(candidate, references).reference_details[0].score):.4f}"
    wait_until(lambda: s_i in table.inner_text(), timeout=10, message=f"s_1 = {s_i}")
    cells = table.locator("td").evaluate_all(LINES)
    numbers = [(shown, lines) for shown, lines in cells if NUMBER.fullmatch(shown)]
    assert [shown for shown, lines in numbers if lines != 1] == []
    assert len(numbers) == 2 * 5  # #, |r_i|, L_i, M_i, s_i of each reference


def test_the_contributions_caption_has_no_long_fraction(app, wait_until):
    """The caption gave Σ_n m̄_n/(nD) as an exact fraction of 30 digits; it is under "By hand"."""
    candidate, references = _item()
    _type(app, wait_until, candidate, references)
    caption = app.locator('[data-testid="contributions-caption"]').inner_text()
    assert f"{charsim.score(candidate, references):.4f}" in caption
    assert not re.search(r"\d{6,}", caption), caption
    exact = app.locator('[data-testid="exact-references"]')
    s_1 = charsim.explain(candidate, references).reference_details[0].score
    assert f"{s_1.numerator}/{s_1.denominator}" in exact.inner_text()


def _shown(page) -> dict[str, str]:
    cells = page.locator('[data-testid^="metric-"]')
    return {
        cells.nth(i).get_attribute("data-testid")[7:]: cells.nth(i).get_attribute("data-value")
        for i in range(cells.count())
    }


LONG_TASKS = """() => {
  window.csLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.csLongTasks.push(entry.duration);
  }).observe({ type: "longtask" });
}"""


def test_an_item_of_624_characters_is_compared_with_chrf_bleu_and_ter(app, wait_until):
    """It was refused (more than 500 characters); now every metric is computed, in the worker,
    and no task of the page's main thread takes 200 ms meanwhile."""
    candidate, references = _item()
    app.get_by_role("tab", name="Compared with chrF, BLEU, TER", exact=True).click()
    app.evaluate(LONG_TASKS)
    _type(app, wait_until, candidate, references)
    expected = {
        "charsim": charsim.score(candidate, references),
        "chrf": CHRF().sentence_score(candidate, references).score,
        "chrf++": CHRF(word_order=2).sentence_score(candidate, references).score,
        "bleu": BLEU(effective_order=True).sentence_score(candidate, references).score,
        "ter": TER().sentence_score(candidate, references).score,
    }

    def compared() -> bool:  # Pyodide's exp and log may differ from CPython's in the last bit
        shown = {name: float(value) for name, value in _shown(app).items()}
        return shown.keys() == expected.keys() and shown == pytest.approx(expected, rel=1e-12)

    wait_until(compared, timeout=60, message="the comparison")
    longest = max(app.evaluate("window.csLongTasks"), default=0)
    print(f"\nlongest main-thread task while comparing: {longest:.0f} ms")
    assert longest < 200

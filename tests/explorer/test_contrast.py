"""Contrast (WCAG 2.x AA: at least 4.5:1 for text) of the explorer's own colours: the coverage
classes, visible whitespace, match marks, the derived-variant label and warning, read from
``explorer/app/views/explorer.css`` (text without a colour of its own is the page's, from
``static/style.css``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
CSS = (ROOT / "explorer" / "app" / "views" / "explorer.css").read_text(encoding="utf-8")
PAGE_TEXT = re.search(r"body \{[^}]*?color: (#\w+)", (ROOT / "static" / "style.css").read_text())[1]
WHITE = "#ffffff"
AA = 4.5


def _rules() -> dict[str, dict[str, str]]:
    """Class → its ``color`` and ``background`` in rules of that one class."""
    rules = {}
    for name, body in re.findall(r"(?:^|(?<=\}))\s*\.(cs-[\w-]+)\s*\{([^}]*)\}", CSS, re.MULTILINE):
        rules[name] = dict(re.findall(r"(color|background):\s*(#\w+)", body))
    return rules


RULES = _rules()


def _hex(colour: str) -> tuple[float, ...]:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(2 * d for d in digits)
    return tuple(int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))


def luminance(colour: str) -> float:
    """WCAG relative luminance of an sRGB colour ``#rrggbb``."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in _hex(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_formula_matches_wcag_examples():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # fails AA
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # passes AA


def _pair(text_class: str, background_class: str | None = None) -> tuple[str, str]:
    colour = RULES[text_class].get("color", PAGE_TEXT)
    background = RULES[background_class or text_class].get("background", WHITE)
    return colour, background


PAIRS = {
    **{f"coverage {i}": _pair(f"cs-cov-{i}") for i in range(8)},
    "visible whitespace": _pair("cs-space"),
    "visible whitespace in a match": (RULES["cs-space"]["color"], RULES["cs-hit"]["background"]),
    "matched text": _pair("cs-hit"),
    "boundary marker": _pair("cs-boundary"),
    "derived-variant label": _pair("cs-derived"),
    "derived-variant warning": _pair("cs-alert"),
    "score labels": _pair("cs-score-label"),
    "the deciding ratio's tag": _pair("cs-decides-tag", "cs-decides"),
    "the decision's mark": _pair("cs-decider"),
}


@pytest.mark.parametrize("name", PAIRS)
def test_text_colours_reach_wcag_aa(name):
    colour, background = PAIRS[name]
    assert contrast(colour, background) >= AA, f"{name}: {colour} on {background}"

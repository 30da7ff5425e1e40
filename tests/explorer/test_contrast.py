"""Contrast (WCAG 2.x AA: at least 4.5:1 for text) of the explorer's own colours: the coverage
classes, visible whitespace, match marks, the derived-variant label and warning, read from
``explorer/app/views/explorer.css`` (text without a colour of its own is the page's, from
``static/style.css``), in the light colour scheme and in the dark one (the rules of the
``prefers-color-scheme: dark`` block over the light ones, on the page's dark colours)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
DARK = "@media screen and (prefers-color-scheme: dark) {"
ALL_CSS = (ROOT / "explorer" / "app" / "views" / "explorer.css").read_text(encoding="utf-8")
MEDIA_BLOCK = re.compile(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}")
CSS = MEDIA_BLOCK.sub("", ALL_CSS)  # the light scheme's rules: every rule outside a media block
DARK_CSS = MEDIA_BLOCK.search(ALL_CSS[ALL_CSS.index(DARK) :])[0]
PAGE = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
PAGE_TEXT = re.search(r"body \{[^}]*?color: (#\w+)", PAGE)[1]
DARK_PAGE_TEXT, DARK_PAGE = re.search(
    r"body \{ color: (#\w+); background: (#\w+); \}", PAGE.split(DARK, 1)[1]
).groups()
WHITE = "#ffffff"
AA = 4.5


def _rules(css: str) -> dict[str, dict[str, str]]:
    """Class → its ``color`` and ``background`` in the rules of that one class in ``css``
    (each class's own rules: the first rule of a line, or a rule after another)."""
    rules: dict[str, dict[str, str]] = {}
    for name, body in re.findall(r"(?:^|(?<=\}))\s*\.(cs-[\w-]+)\s*\{([^}]*)\}", css, re.MULTILINE):
        rules.setdefault(name, {}).update(re.findall(r"(color|background):\s*(#\w+)", body))
    return rules


RULES = _rules(CSS)
DARK_RULES = {name: {**RULES.get(name, {}), **rules} for name, rules in _rules(DARK_CSS).items()}
DARK_RULES.update({name: rules for name, rules in RULES.items() if name not in DARK_RULES})
for _name in ("cs-cov-1", "cs-cov-2", "cs-cov-3", "cs-cov-4", "cs-cov-5"):  # a rule for five
    DARK_RULES[_name] = {**DARK_RULES[_name], "color": "#1f2328"}


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


def _pairs(rules: dict, text: str, page: str) -> dict[str, tuple[str, str]]:
    """What is shown → (text colour, background) under ``rules``, on a page of text colour
    ``text`` and background ``page``."""

    def pair(text_class: str, background_class: str | None = None) -> tuple[str, str]:
        colour = rules[text_class].get("color", text)
        return colour, rules[background_class or text_class].get("background", page)

    return {
        **{f"coverage {i}": pair(f"cs-cov-{i}") for i in range(8)},
        "visible whitespace": pair("cs-space"),
        "visible whitespace in a match": pair("cs-space", "cs-hit"),
        "matched text": pair("cs-hit"),
        "boundary marker": pair("cs-boundary"),
        "derived-variant label": pair("cs-derived"),
        "derived-variant warning": pair("cs-alert"),
        "score labels": pair("cs-score-label"),
        "the deciding ratio's tag": pair("cs-decides-tag", "cs-decides"),
        "the decision's mark": pair("cs-decider"),
    }


PAIRS = _pairs(RULES, PAGE_TEXT, WHITE)
DARK_PAIRS = _pairs(DARK_RULES, DARK_PAGE_TEXT, DARK_PAGE)


@pytest.mark.parametrize("name", PAIRS)
def test_text_colours_reach_wcag_aa(name):
    colour, background = PAIRS[name]
    assert contrast(colour, background) >= AA, f"{name}: {colour} on {background}"


@pytest.mark.parametrize("name", DARK_PAIRS)
def test_text_colours_reach_wcag_aa_in_the_dark_scheme(name):
    colour, background = DARK_PAIRS[name]
    assert contrast(colour, background) >= AA, f"dark, {name}: {colour} on {background}"


def test_the_dark_scheme_gives_its_own_colours():
    """Each pair the dark scheme shows is another than the light one's (none is left black on
    a dark background, or white on white), but the coverage classes' own backgrounds."""
    assert DARK_PAGE != WHITE
    same = {name for name in PAIRS if PAIRS[name] == DARK_PAIRS[name]}
    assert same <= {f"coverage {i}" for i in range(1, 8)}

"""The page skips BokehJS's reads of "--bk-…" CSS variables (``adjustBokeh`` in
``static/page/bokeh.js``): that is exact only while no file the site ships defines one. These tests
look for one in every stylesheet and script the page loads: ours, Panel's and Bokeh's."""

from __future__ import annotations

import re
from pathlib import Path

import bokeh
import panel
import pytest

ROOT = Path(__file__).parents[2]
SHIPPED = {
    "ours": [
        *(ROOT / "static").iterdir(),
        *(ROOT / "explorer").rglob("*.css"),
        *(ROOT / "explorer").rglob("*.py"),
    ],
    "Panel's": [
        *(Path(panel.__file__).parent / "dist").rglob("*.css"),
        *(Path(panel.__file__).parent / "dist").rglob("*.js"),
    ],
    "Bokeh's": [*(Path(bokeh.__file__).parent / "server" / "static" / "js").glob("*.min.js")],
}


DEFINITION = re.compile(rb"--bk-[\w-]+\s*:|setProperty\(\s*[\"'`]--bk-")
"""A CSS declaration of a "--bk-" variable, or a script setting one."""


def _defining(files: list[Path]) -> list[str]:
    return [str(path) for path in files if path.is_file() and DEFINITION.search(path.read_bytes())]


@pytest.mark.parametrize("whose", SHIPPED)
def test_no_shipped_file_defines_a_bokeh_visual_css_variable(whose):
    assert SHIPPED[whose], f"none of {whose} files found"
    assert _defining(SHIPPED[whose]) == []


def test_the_check_finds_a_bokeh_visual_css_variable(tmp_path):
    sheet = tmp_path / "theme.css"
    sheet.write_text(".bk-Figure { --bk-line-color : red; }", encoding="utf-8")
    script = tmp_path / "theme.js"
    script.write_text('el.style.setProperty("--bk-text-font-size", "9px")', encoding="utf-8")
    mention = tmp_path / "mention.js"
    mention.write_text("// reads getPropertyValue(`--bk-${name}`)", encoding="utf-8")
    assert _defining([sheet, script, mention]) == [str(sheet), str(script)]

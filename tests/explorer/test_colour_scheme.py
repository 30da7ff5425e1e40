"""The dark colour scheme without a browser: the charts' Bokeh theme
(:mod:`explorer.app.views.colour_scheme`) and Panel's theme that the site build makes follow
the browser's scheme (:func:`explorer.site_build.assets.follow_colour_scheme`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bokeh.document import Document
from bokeh.models import ColumnDataSource, LabelSet
from bokeh.plotting import figure

from explorer.app.views.colour_scheme import chart_theme, use_colour_scheme
from explorer.site_build.assets import BOKEH_WIDGETS_DARK, follow_colour_scheme
from explorer.site_build.common import BuildError

PANEL_DARK = "#212529"  # panel/theme/css/dark.css: --panel-background-color


def _chart() -> figure:
    chart = figure()
    chart.add_layout(LabelSet(x="x", y="y", text="t", source=ColumnDataSource({})))
    return chart


def test_the_dark_theme_darkens_a_chart_and_its_labels_and_the_light_one_gives_them_back():
    document, chart = Document(), _chart()
    document.add_root(chart)
    use_colour_scheme(document, "dark")
    labels = chart.center[-1]
    assert (chart.border_fill_color, chart.background_fill_color) == (PANEL_DARK, "#2b3035")
    assert chart.title.text_color == labels.text_color == "#E0E0E0"
    later = _chart()  # a part staged after the theme was set takes it as it joins
    document.add_root(later)
    assert later.border_fill_color == PANEL_DARK
    use_colour_scheme(document, "light")
    assert (chart.border_fill_color, labels.text_color) == ("#ffffff", "#444444")


def test_an_unknown_scheme_is_refused():
    with pytest.raises(ValueError, match="unknown colour scheme 'sepia': one of light, dark"):
        chart_theme("sepia")


def _theme_folder(root: Path, dark: bool = True) -> Path:
    folder = root / "panel" / "1.9.4" / "dist" / "bundled" / "theme"
    folder.mkdir(parents=True)
    (folder / "default.css").write_text(":host { --panel-background-color: #ffffff; }\n")
    if dark:
        (folder / "dark.css").write_text(":host { --panel-background-color: #212529; }\n")
    return folder


def test_panels_theme_follows_the_scheme_on_screens_only(tmp_path):
    folder = _theme_folder(tmp_path)
    assert follow_colour_scheme(tmp_path) == folder / "default.css"
    assert (folder / "default.css").read_text() == (
        ":host { --panel-background-color: #ffffff; }\n\n"
        "@media screen and (prefers-color-scheme: dark) {\n"
        ":host { --panel-background-color: #212529; }\n"
        f"{BOKEH_WIDGETS_DARK}}}\n"
    )


def test_a_site_without_panels_dark_theme_is_refused(tmp_path):
    _theme_folder(tmp_path, dark=False)
    with pytest.raises(BuildError, match="Panel's default.css and dark.css are not in"):
        follow_colour_scheme(tmp_path)

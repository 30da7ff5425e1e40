"""Small helpers shared by the views."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

import panel as pn
from bokeh.models import ColumnDataSource, HoverTool, TabPanel
from bokeh.plotting import figure

from ..i18n import UIText

if TYPE_CHECKING:  # pandas is installed after the first view (explorer.staged)
    import pandas as pd

__all__ = [
    "STYLESHEETS", "alert", "figure_column", "html_pane", "item_table", "line_chart",
    "relabel_figure", "retitle", "value_table",
]  # fmt: skip

STYLESHEETS = [(Path(__file__).with_name("explorer.css")).read_text(encoding="utf-8")]
"""The explorer's CSS, handed to every HTML pane (panes render in shadow DOM)."""


def html_pane(**params) -> pn.pane.HTML:
    """An HTML pane with the explorer's styles; its content must be built from escaped text."""
    return pn.pane.HTML(stylesheets=STYLESHEETS, sizing_mode="stretch_width", **params)


def line_chart(name: str, data: dict[str, list], tooltips: list, **params):
    """``(source, chart)``: a ColumnDataSource called ``name`` and an empty, toolbar-less,
    full-width Bokeh figure whose hover (``vline``) shows ``tooltips``; ``params`` go to
    ``figure`` (titles, axis labels, ranges)."""
    source = ColumnDataSource(data, name=name)
    chart = figure(
        height=300, sizing_mode="stretch_width", toolbar_location=None,
        tools=[HoverTool(tooltips=tooltips, mode="vline")], **params,
    )  # fmt: skip
    return source, chart


def relabel_figure(chart, widgets: dict, text: UIText, prefix: str) -> None:
    """Put the catalog's ``<prefix>.title``, ``.x_axis`` and ``.y_axis`` on a Bokeh figure, and
    ``<prefix>.widget.<key>`` on each widget of ``widgets`` (key → widget)."""
    chart.title.text = text(f"{prefix}.title")
    chart.xaxis.axis_label = text(f"{prefix}.x_axis")
    chart.yaxis.axis_label = text(f"{prefix}.y_axis")
    for key, widget in widgets.items():
        widget.name = text(f"{prefix}.widget.{key}")


def retitle(tabs: pn.Tabs, titles: list[str]) -> None:
    """Rename the tabs of ``tabs`` in place, live.

    Panel keeps a tab's rendered Bokeh panel when only its title changes
    (``panel.layout.Tabs._get_objects``), and BokehJS redraws the headers only when the list of
    panels changes, so each rendered panel is replaced by a retitled one (same child) and
    Panel's cache of panels is pointed at it.
    """
    tabs[:] = list(zip(titles, tabs.objects, strict=True))
    for ref, (model, _parent) in tabs._models.items():
        panels = [
            TabPanel(title=title, child=old.child, name=old.name, closable=old.closable)
            for old, title in zip(model.tabs, titles, strict=True)
        ]
        tabs._panels[ref].update(
            {id(pane): panel for pane, panel in zip(tabs.objects, panels, strict=True)}
        )
        model.tabs = panels


def figure_column(widgets: pn.viewable.Viewable, chart, text: pn.pane.HTML) -> pn.Column:
    """Sliders above a Bokeh chart above its HTML caption, full width."""
    return pn.Column(
        widgets, pn.pane.Bokeh(chart, sizing_mode="stretch_width"), text,
        sizing_mode="stretch_width",
    )  # fmt: skip


def alert(text: str, kind: str = "warning") -> str:
    """An escaped message box: ``kind`` is ``warning``, ``info`` or ``error``."""
    return f'<div class="cs-alert cs-{kind}" role="status">{escape(text)}</div>'


def value_table(testid: str, header: tuple[str, str, str], rows: list[tuple[str, ...]]) -> str:
    """A three-column ``cs-exact`` table (name, decimal value, exact value), every cell escaped.

    Args:
        testid: the table's ``data-testid``.
        header: the three column titles.
        rows: ``(name, value, exact, value_testid)`` each; the value cell gets ``value_testid``.
    """
    head = "".join(f"<th>{escape(title)}</th>" for title in header)
    body = "".join(
        f'<tr><th>{escape(name)}</th><td data-testid="{escape(cell)}">{escape(value)}</td>'
        f"<td>{escape(exact)}</td></tr>"
        for name, value, exact, cell in rows
    )
    return f'<table class="cs-exact" data-testid="{escape(testid)}"><tr>{head}</tr>{body}</table>'


def item_table(
    frame: pd.DataFrame,
    on_click: Callable[[pd.Series, str], None],
    text: list[str],
    decimals: dict[str, int],
    **params,
) -> pn.widgets.Tabulator:
    """A read-only, paginated, sortable table of items, filterable in its header.

    Args:
        frame: the rows.
        on_click: called with the clicked row (of ``frame``) and the clicked column's name.
        text: columns of user text: shown as plain text (escaped) and filtered by substring.
        decimals: numeric columns and their decimals, filtered by a minimum.
        params: further Tabulator parameters (e.g. ``header_filters`` of other columns).

    The frame's ``item`` column (a 1-based item number) is filtered by exact number.
    """
    filters = {"item": {"type": "number", "func": "=", "placeholder": "="}}
    filters |= {c: {"type": "input", "func": "like", "placeholder": "contains"} for c in text}
    filters |= {c: {"type": "number", "func": ">=", "placeholder": "≥"} for c in decimals}
    table = pn.widgets.Tabulator(
        frame, disabled=True, show_index=False, selectable=False, pagination="local",
        page_size=15, sizing_mode="stretch_width", layout="fit_data_stretch",
        formatters={c: {"type": "plaintext"} for c in text}
        | {c: {"type": "money", "precision": d} for c, d in decimals.items()},
        header_filters=filters | params.pop("header_filters", {}), **params,
    )  # fmt: skip
    table.on_click(lambda event: on_click(table.value.iloc[event.row], event.column))
    return table

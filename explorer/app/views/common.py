"""Small helpers shared by the views."""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

import panel as pn
from bokeh.models import BasicTickFormatter, ColumnDataSource, HoverTool
from bokeh.plotting import figure
from panel.io import JSCode

from ..i18n import UIText
from ..panel_private import set_table_configuration

if TYPE_CHECKING:  # pandas is installed after the first view (explorer.app.staging)
    import pandas as pd

__all__ = [
    "NOT_ON_PAPER",
    "ROWS_SHOWN",
    "STYLESHEETS",
    "WRAPPED_BUTTONS",
    "example_notes",
    "figure_column",
    "html_pane",
    "html_table",
    "item_table",
    "line_chart",
    "long_table",
    "number_formatter",
    "numeric",
    "read_only_table",
    "relabel_figure",
    "screen_reader_text",
    "scroll_region",
    "tabulator_locale",
    "value_table",
]

STYLESHEETS = [(Path(__file__).with_name("explorer.css")).read_text(encoding="utf-8")]
"""The explorer's CSS, handed to every HTML pane (panes render in shadow DOM)."""

WRAPPED_BUTTONS = ".bk-btn-group { flex-wrap: wrap; }"
"""A stylesheet for a group of buttons (choices, switches): as many rows as its column needs
(BokehJS keeps them on one row, which ran past a phone's edge or under the results beside
them). Give the group ``sizing_mode="stretch_width"`` so that it knows its column's width."""

NOT_ON_PAPER = "@media print { :host { display: none !important; } }"
"""A stylesheet for a control that paper has no use for (a button, the language switch): the
printed page is a report of the item, and the signature under its link gives the settings."""


def example_notes(buttons: dict[str, pn.widgets.Button], text: UIText, prefix: str) -> str:
    """Label each of a page's example buttons (``{key: button}``) with the catalog's
    ``<prefix>.<key>.label`` and return HTML for their notes (``<prefix>.<key>.note``), shown
    under them: where each example's data comes from, its licence and what it holds, readable
    on every screen (a tooltip needs a hover; on a touch screen a tap opened it and nothing
    closed it). One example's note stands alone; several are each named by their label."""
    notes = {}
    for key, button in buttons.items():
        button.label = text(f"{prefix}.{key}.label")
        notes[button.label] = text(f"{prefix}.{key}.note")
    if len(notes) == 1:
        return f'<p class="cs-example-note">{escape(next(iter(notes.values())))}</p>'
    return "".join(
        f'<p class="cs-example-note"><b>{escape(label)}</b>: {escape(note)}</p>'
        for label, note in notes.items()
    )


def html_pane(**params) -> pn.pane.HTML:
    """An HTML pane with the explorer's styles; its content must be built from escaped text."""
    return pn.pane.HTML(stylesheets=STYLESHEETS, sizing_mode="stretch_width", **params)


def screen_reader_text(text: str, testid: str) -> str:
    """A chart's text alternative as HTML: ``text`` (escaped) in a paragraph that screen readers
    read and the page does not show (``cs-sr-only``), its ``data-testid`` ``testid``."""
    return f'<p class="cs-sr-only" data-testid="{escape(testid)}">{escape(text)}</p>'


def line_chart(name: str, data: dict[str, list], tooltips: list, **params):
    """``(source, chart)``: a ColumnDataSource called ``name`` and an empty, toolbar-less,
    full-width Bokeh figure whose hover (``vline``) shows ``tooltips`` and whose x axis writes
    its numbers out (a length of 200,000 characters is no ``2.000e+5``); ``params`` go to
    ``figure`` (titles, axis labels, ranges)."""
    source = ColumnDataSource(data, name=name)
    chart = figure(
        height=300,
        sizing_mode="stretch_width",
        toolbar_location=None,
        tools=[HoverTool(tooltips=tooltips, mode="vline")],
        **params,
    )
    chart.xaxis.formatter = BasicTickFormatter(use_scientific=False)  # 200000, not 2.000e+5
    return source, chart


def relabel_figure(chart, widgets: dict, text: UIText, prefix: str) -> None:
    """Put the catalog's ``<prefix>.title``, ``.x_axis`` and ``.y_axis`` on a Bokeh figure, and
    ``<prefix>.widget.<key>`` on each widget of ``widgets`` (key → widget)."""
    chart.title.text = text(f"{prefix}.title")
    chart.xaxis.axis_label = text(f"{prefix}.x_axis")
    chart.yaxis.axis_label = text(f"{prefix}.y_axis")
    for key, widget in widgets.items():
        widget.name = text(f"{prefix}.widget.{key}")


def figure_column(widgets: pn.viewable.Viewable, chart, text: pn.pane.HTML) -> pn.Column:
    """Sliders above a Bokeh chart above its HTML caption, full width."""
    return pn.Column(
        widgets,
        pn.pane.Bokeh(chart, sizing_mode="stretch_width"),
        text,
        sizing_mode="stretch_width",
    )


def value_table(
    testid: str, header: tuple[str, str, str], rows: list[tuple[str, ...]], label: str
) -> str:
    """A three-column ``cs-exact`` table (name, decimal value, exact value), every cell escaped,
    in a region of its own that scrolls (:func:`scroll_region`): an exact fraction is never
    broken, and its thirty digits ran past a phone's screen.

    Args:
        testid: the table's ``data-testid``.
        header: the three column titles.
        rows: ``(name, value, exact, value_testid)`` each; the value cell gets ``value_testid``.
        label: the region's name for screen readers (text).
    """
    head = "".join(f"<th>{escape(title)}</th>" for title in header)
    body = "".join(
        f'<tr><th>{escape(name)}</th><td{numeric(value)} data-testid="{escape(cell)}">'
        f"{escape(value)}</td><td{numeric(exact)}>{escape(exact)}</td></tr>"
        for name, value, exact, cell in rows
    )
    table = f'<table class="cs-exact" data-testid="{escape(testid)}"><tr>{head}</tr>{body}</table>'
    return scroll_region(table, label)


LONG_WORD = 12
"""Characters of a cell's longest word (a run without a space) past which paper may break it
anywhere (``cs-long``): a page cannot scroll, but a shorter word never breaks ("0.3751" printed
as "0.375" over "1" once every cell could)."""


def numeric(shown: str) -> str:
    """The ``class`` attribute of a table cell showing ``shown``: ``cs-num`` for a cell that
    holds only numbers (a digit, no letter: ``0.5065``, ``1,718``, ``100/201``, ``0.45 ±
    0.01``), which the explorer's CSS never breaks inside itself on screen; ``cs-long`` for a
    cell with a word longer than :data:`LONG_WORD`, which paper breaks anywhere; ``""`` for
    neither."""
    has_digit = any(c.isdigit() for c in shown)
    plain = has_digit and len(shown) <= 100 and not any(c.isalpha() for c in shown)
    long = max(map(len, shown.split()), default=0) > LONG_WORD
    names = [name for name, wanted in (("cs-num", plain), ("cs-long", long)) if wanted]
    return f' class="{" ".join(names)}"' if names else ""


def signature_html(signature: str) -> str:
    """``signature`` (a metric's signature, ``field:value|field:value…``, or any text) escaped,
    a line allowed to break after each ``|`` (``<wbr>``, which a copy leaves out), so that a
    narrow page breaks a signature between its fields rather than inside one."""
    return escape(signature).replace("|", "|<wbr>")


def html_table(testid: str, header: list[str], rows: list[list[str]]) -> str:
    """A ``cs-exact`` table with a header row, every cell escaped, a cell of numbers kept on
    one line (:func:`numeric`), a line of a cell broken after a ``|`` where it must break (a
    signature's fields whole: ``<wbr>``, which a copy leaves out); a cell given as
    ``(text, testid, value)`` gets that ``data-testid`` and the full value as ``data-value``."""

    def cell(value) -> str:
        if isinstance(value, tuple):
            shown, cell_id, full = value
            return (
                f'<td{numeric(shown)} data-testid="{escape(cell_id)}" data-value="{escape(full)}">'
                f"{escape(shown)}</td>"
            )
        return f"<td{numeric(value)}>{signature_html(value)}</td>"

    head = "".join(f'<th scope="col">{escape(title)}</th>' for title in header)
    body = "".join("<tr>" + "".join(map(cell, row)) + "</tr>" for row in rows)
    return (
        f'<table class="cs-exact" data-testid="{escape(testid)}"><thead><tr>{head}</tr>'
        f"</thead><tbody>{body}</tbody></table>"
    )


ROWS_SHOWN = 500
"""Most rows of a :func:`long_table` (a page of thousands of table rows takes the browser
seconds to lay out)."""


def scroll_region(html: str, label: str) -> str:
    """``html`` (markup, escaped already) in a region that scrolls when it is too large, named
    ``label`` (text) for screen readers and reached with Tab, so that the keyboard scrolls it
    (WCAG 2.1.1; axe-core's ``scrollable-region-focusable``)."""
    return (
        f'<div class="cs-scroll" role="region" tabindex="0" aria-label="{escape(label)}">'
        f"{html}</div>"
    )


def long_table(
    testid: str, header: list[str], rows: list[list[str]], label: str, text: UIText
) -> str:
    """An :func:`html_table` of at most :data:`ROWS_SHOWN` of ``rows`` in a region that scrolls
    (named ``label`` for screen readers, reached with Tab so that the keyboard scrolls it), and
    a line saying how many rows there are when some are left out."""
    region = scroll_region(html_table(testid, header, rows[:ROWS_SHOWN]), label)
    if len(rows) <= ROWS_SHOWN:
        return region
    return region + f"<p>{escape(text('table.rows_shown', shown=ROWS_SHOWN, count=len(rows)))}</p>"


_TABULATOR_WORDS = {
    "pagination": (
        "first",
        "first_title",
        "prev",
        "prev_title",
        "next",
        "next_title",
        "last",
        "last_title",
        "page_title",
    ),
    "headerFilters": ("default",),
    "data": ("loading", "error"),
}
"""Tabulator's own words that the item tables show (its ``langs`` keys); the catalog has each
as ``table.<part>.<name>``."""


def tabulator_locale(text: UIText) -> dict:
    """The Tabulator configuration that shows its own words (paginator, filter placeholders,
    loading) in the current language: ``locale`` and its ``langs`` entry from the catalog."""
    words = {
        part: {name: text(f"table.{part}.{name}") for name in names}
        for part, names in _TABULATOR_WORDS.items()
    }
    return {"locale": text.language, "langs": {text.language: words}}


def read_only_table(frame: pd.DataFrame, **params) -> pn.widgets.Tabulator:
    """A Panel Tabulator of ``frame`` that edits nothing and whose cells are no tab stops.

    With ``disabled=True`` alone, Panel still gives every column an editor; Tabulator then makes
    each cell focusable for it (tabindex 0), and its edit module drops the focus of a cell that
    may not be edited at once, so Tab would pass every cell with the focus lost. Here no column
    has an editor (Panel's ``editors`` set to None), also for the columns of a later ``value``.

    Args:
        frame: the rows.
        params: further Tabulator parameters.
    """
    table = pn.widgets.Tabulator(
        frame, disabled=True, editors=dict.fromkeys(frame.columns), **params
    )

    def no_editors(event) -> None:
        if not set(event.new.columns) <= table.editors.keys():
            table.editors = table.editors | dict.fromkeys(event.new.columns)

    table.param.watch(no_editors, "value")
    return table


_NUMBER = """function (cell) {{
  const value = cell.getValue();
  if (typeof value !== "number" || Number.isNaN(value)) return "—";
  const digits = {{ minimumFractionDigits: {fewest}, maximumFractionDigits: {most} }};
  return value.toLocaleString("en", digits);
}}"""


def number_formatter(decimals: int | tuple[int, int]) -> JSCode:
    """Tabulator's formatter of a numeric column: ``decimals`` decimals (or ``(fewest, most)``:
    a rank is ``1,718``, a tie's mean rank ``1,718.5``), thousands separated, and ``—`` for a
    missing value (an empty bucket has no mean), never ``NaN``."""
    fewest, most = (decimals, decimals) if isinstance(decimals, int) else decimals
    return JSCode(_NUMBER.format(fewest=fewest, most=most))


_OPEN_ITEM = """function (cell) {{
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cs-open-item";
  button.title = {title};
  button.textContent = cell.getValue() ?? "";
  return button;
}}"""
"""Tabulator's formatter of a cell that opens its item: a button (a tab stop; Enter and Space
press it, and its click is the cell's) holding the text as text, ``title`` (a JSON string) its
tooltip."""


def item_table(
    frame: pd.DataFrame,
    on_click: Callable[[pd.Series, str], None],
    text_columns: list[str],
    decimals: dict[str, int | tuple[int, int]],
    text: UIText,
    **params,
) -> pn.widgets.Tabulator:
    """A read-only, paginated, sortable table of items, filterable in its header, its paginator
    and filter placeholders in the current language (live).

    Args:
        frame: the rows.
        on_click: called with the clicked row (of ``frame``) and the clicked column's name.
        text_columns: columns of user text: shown as plain text (escaped) and filtered by
            substring. Those whose name begins with ``candidate`` show it in a button: Tab
            reaches each, and Enter or Space opens its item as a click does.
        decimals: numeric columns and their decimals (:func:`number_formatter`), filtered by
            a minimum.
        text: the page's language.
        params: further Tabulator parameters (e.g. ``header_filters`` of other columns).

    The frame's ``item`` column (a 1-based item number) is filtered by exact number. Column
    titles are the caller's. Nothing is editable (:func:`read_only_table`).
    """
    others = params.pop("header_filters", {})
    openers = [c for c in text_columns if c.startswith("candidate")]

    def header_filters() -> dict:
        contains = text("table.filter_contains")
        filters = {"item": {"type": "number", "func": "=", "placeholder": "="}}
        filters |= {
            c: {"type": "input", "func": "like", "placeholder": contains} for c in text_columns
        }
        filters |= {c: {"type": "number", "func": ">=", "placeholder": "≥"} for c in decimals}
        return filters | others

    def formatters() -> dict:
        title = json.dumps(text("table.open_item"), ensure_ascii=False)
        opener = JSCode(_OPEN_ITEM.format(title=title))
        return (
            {c: {"type": "plaintext"} for c in text_columns}
            | {c: number_formatter(d) for c, d in decimals.items()}
            | dict.fromkeys(openers, opener)
        )

    table = read_only_table(
        frame,
        show_index=False,
        selectable=False,
        pagination="local",
        page_size=15,
        sizing_mode="stretch_width",
        layout="fit_data_stretch",
        formatters=formatters(),
        header_filters=header_filters(),
        configuration=tabulator_locale(text),
        stylesheets=STYLESHEETS,
        **params,
    )

    def relabel(_event) -> None:
        # The configuration is sent again with the columns when the header filters change
        # (their placeholders do: each language has its own); BokehJS then redraws the table
        # in the new locale.
        set_table_configuration(table, tabulator_locale(text))
        table.param.update(formatters=formatters(), header_filters=header_filters())

    table.on_click(lambda event: on_click(table.value.iloc[event.row], event.column))
    text.param.watch(relabel, "language")
    return table

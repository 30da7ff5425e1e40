"""The page's tables (Panel's Tabulator) take a change that arrives before Tabulator has built
the table: Tabulator builds a table in a task after the view's render, and a change of columns
from the worker could come first (static/page/bokeh.js, ``holdTabulatorChangesUntilBuilt``)."""

from __future__ import annotations

# A table embedded on the page, whose columns and rows change in the task that rendered it
# (before Tabulator's own task that builds it); resolves, once the table is built, to its
# header's titles and its cells' texts.
_CHANGED_BEFORE_BUILT = """async () => {
  const DataTabulator = Bokeh.Models.get("panel.models.tabulator.DataTabulator");
  const TableColumn = Bokeh.Models.get("TableColumn");
  const ColumnDataSource = Bokeh.Models.get("ColumnDataSource");
  const column = (field) => new TableColumn({ field, title: field.toUpperCase() });
  const source = new ColumnDataSource({ data: { _index: [0], a: [1] } });
  const table = new DataTabulator({ source, columns: [column("a")], width: 300, height: 120 });
  const { Document } = Bokeh.require("document");
  const doc = new Document();
  doc.add_root(table);
  const el = document.body.appendChild(document.createElement("div"));
  const [view] = await Bokeh.embed.add_document_standalone(doc, el);
  const built = new Promise((resolve) => view.tabulator.on("tableBuilt", resolve));
  table.columns = [column("a"), column("b")];
  source.data = { _index: [0, 1], a: [1, 2], b: ["x", "y"] };
  await built;
  await new Promise((resolve) => setTimeout(resolve, 100));
  const root = view.shadow_el;
  const texts = (selector) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
  const fields = ":is([tabulator-field=a], [tabulator-field=b])";
  const result = {
    titles: texts(`.tabulator-col${fields} .tabulator-col-title`),
    cells: texts(`.tabulator-row .tabulator-cell${fields}`),
  };
  doc.remove_root(table);
  el.remove();
  return result;
}"""


def test_columns_and_rows_changed_before_the_table_is_built_are_shown(app):
    """The change reaches the built table whole: its two columns' titles and both rows, and no
    page error (the ``app`` fixture fails the test on one; before, Tabulator's setColumns threw
    "Cannot read properties of null (reading 'firstChild')" and the rows were those first sent)."""
    shown = app.evaluate(_CHANGED_BEFORE_BUILT)
    assert shown == {"titles": ["A", "B"], "cells": ["1", "x", "2", "y"]}

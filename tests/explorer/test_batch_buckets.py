"""The batch page's length buckets, without a browser: table, grouped bars, languages."""

from __future__ import annotations

import asyncio
import json
import math
import shutil
import subprocess

import pytest

from explorer.app.i18n import UIText
from explorer.app.states.batch import BatchState
from explorer.app.views.batch_buckets import BucketsView, bar_data, buckets_frame
from explorer.app.views.common import number_formatter

# Item 1: reference "abcd" (4 characters: [0, 25)); item 2: 30 x's ([25, 50)). A copies both
# references (score 1, ratio 1); B leaves item 1 empty (score 0, ratio 0: [0, 0.5)) and copies
# item 2.
SYSTEMS = [("a.txt", b"abcd\n" + b"x" * 30 + b"\n"), ("b.txt", b"\n" + b"x" * 30 + b"\n")]
REFERENCES = [("ref.txt", b"abcd\n" + b"x" * 30 + b"\n")]


def _scored(systems=SYSTEMS) -> BatchState:
    batch = BatchState()
    assert batch.load_files(systems, REFERENCES)
    asyncio.run(batch.score())
    return batch


def _rows(frame, by: str) -> dict[str, tuple]:
    """Bucket label → the rest of its row, NaN as None, for the bucketing ``by``."""
    rows = frame[frame["by"] == by].drop(columns="by").itertuples(index=False)
    return {row[0]: tuple(None if v != v else v for v in row[1:]) for row in rows}


def test_the_table_holds_each_systems_items_and_mean_per_bucket_and_b_minus_a():
    frame = buckets_frame(BucketsView(_scored(), UIText())._buckets, UIText())
    assert list(frame.columns) == [
        "by",
        "bucket",
        "items A",
        "mean A",
        "items B",
        "mean B",
        "B − A",
    ]
    by_length = _rows(frame, "by reference length")
    assert by_length["[0, 25)"] == (1, 1.0, 1, 0.0, -1.0)
    assert by_length["[25, 50)"] == (1, 1.0, 1, 1.0, 0.0)
    assert by_length["[200, ∞)"] == (0, None, 0, None, None)
    by_ratio = _rows(frame, "by length ratio")
    assert by_ratio["[0, 0.5)"] == (0, None, 1, 0.0, None)
    assert by_ratio["1"] == (2, 1.0, 1, 1.0, 0.0)
    assert len(by_length) == 6 and len(by_ratio) == 9


def test_one_system_has_its_columns_only():
    frame = buckets_frame(BucketsView(_scored(SYSTEMS[1:]), UIText())._buckets, UIText())
    assert list(frame.columns) == ["by", "bucket", "items A", "mean A"]
    assert _rows(frame, "by length ratio")["[0, 0.5)"] == (1, 0.0)


def test_the_bars_leave_out_empty_buckets_and_follow_the_choice():
    batch = _scored()
    view = BucketsView(batch, UIText())
    assert bar_data(view._buckets, "by_length_ratio") == {
        "x": [("[0, 0.5)", "B"), ("1", "A"), ("1", "B")],
        "system": ["B", "A", "B"],
        "mean": [0.0, 1.0, 1.0],
        "items": [1, 2, 1],
    }
    assert view._source.data["x"][:2] == [("[0, 25)", "A"), ("[0, 25)", "B")]
    assert view._chart.title.text == "Mean item score by reference length"
    view._choice.value = "by_length_ratio"
    assert view._source.data["mean"] == [0.0, 1.0, 1.0]
    assert len(view._chart.x_range.factors) == 18  # 9 buckets × 2 systems, empty ones too
    assert view._chart.title.text == "Mean item score by candidate/reference length ratio"
    legend = [(item.label.value, item.index) for item in view._chart.legend[0].items]
    assert legend == [("A: a.txt", 1), ("B: b.txt", 0)]  # a bar of each system's colour


def test_the_view_speaks_the_pages_language_and_clears_on_a_new_load():
    batch, text = _scored(), UIText()
    view = BucketsView(batch, text)
    text.language = "ja"
    assert set(view._table.value["by"]) == {"参照文の長さ別", "長さの比別"}
    assert view._table.titles["mean B"] == "平均 B"
    assert view._chart.title.text == "参照文の長さ別の項目スコアの平均"
    assert batch.load_files(SYSTEMS, REFERENCES)  # unscored: nothing shown
    assert view._table.value.empty and view._source.data["x"] == []


@pytest.mark.parametrize("column", ["mean A", "mean B", "B − A"])
def test_means_show_four_decimals(column):
    view = BucketsView(_scored(), UIText())
    assert view._table.formatters[column].js_code == number_formatter(4).js_code
    assert not math.isnan(view._table.value[column][0])


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_tables_numbers_show_a_dash_for_none_and_ranks_without_a_decimal_zero():
    """Tabulator's "money" formatter showed an empty bucket's mean as NaN and a rank as
    1,718.0; the cells are what the formatters give, run in Node."""
    cells = [(4, 0.5), (4, None), (4, float("nan")), ((0, 1), 1718.0), ((0, 1), 1718.5)]
    script = "const fs = [" + ", ".join(number_formatter(d).js_code for d, _ in cells) + "];\n"
    script += "const vs = [0.5, null, NaN, 1718, 1718.5];\n"
    script += "console.log(JSON.stringify(fs.map((f, i) => f({ getValue: () => vs[i] }))));"
    shown = subprocess.run(
        ["node", "-e", script], capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(shown) == ["0.5000", "—", "—", "1,718", "1,718.5"]

"""The batch page's intervals and paired tests, without a browser: the core's numbers, in slices,
superseded by newer input."""

from __future__ import annotations

import asyncio
import re

import pytest
from bokeh.models import Span

import charsim
from charsim.cli.significance import SIGNIFICANT
from explorer.app.i18n import CATALOG, UIText
from explorer.app.sources.batch_examples import BATCH_EXAMPLES
from explorer.app.states import batch_significance
from explorer.app.states.batch import BatchState
from explorer.app.states.batch_significance import SignificanceState
from explorer.app.views.batch_significance import (
    SignificanceView,
    command_line,
    distribution_data,
    significance_html,
)

from ..data import TED
from .test_batch import _read_ted


def _lines(name: str, count: int = 120) -> bytes:
    """The first ``count`` lines of a TED file."""
    return b"".join((TED / name).read_bytes().splitlines(keepends=True)[:count])


SYSTEMS = [(name, _lines(name)) for name in ("ted.sys1.txt", "ted.sys2.txt")]
REFERENCES = [("ted.ref.txt", _lines("ted.ref.txt"))]


def _scored(systems=SYSTEMS) -> BatchState:
    batch = BatchState()
    assert batch.load_files(systems, REFERENCES)
    asyncio.run(batch.score())
    return batch


def _scores(batch: BatchState) -> list[tuple[float, ...]]:
    return [result.scores for result in batch.results]


def test_two_systems_get_the_paired_bootstrap_of_the_core_and_its_signature():
    batch = _scored()
    state = SignificanceState(batch, resamples=300, seed=7)  # the batch is scored: it runs
    expected = charsim.paired_bootstrap(*_scores(batch), resamples=300, seed=7)
    result = state.result
    assert result.bootstrap == result.test == expected
    assert result.intervals == (expected.baseline_interval, expected.system_interval)
    assert result.signature == charsim.signature(nrefs=1, bootstrap=300, seed=7)
    assert result.signature.endswith("|nrefs:1|bs:300|seed:7|version:0.1.0")
    assert (state.running, state.done, state.total) == (False, 300, 300)


def test_approximate_randomization_gives_its_p_value_beside_the_bootstraps_interval():
    batch = _scored()
    state = SignificanceState(batch, resamples=200)
    state.param.update(method="ar", trials=500)  # one new run for both settings
    a, b = _scores(batch)
    assert state.result.test == charsim.paired_randomization(a, b, trials=500)
    assert state.result.bootstrap == charsim.paired_bootstrap(a, b, resamples=200)
    assert state.result.signature == charsim.signature(
        nrefs=1, bootstrap=200, randomization=500, seed=charsim.significance.DEFAULT_SEED
    )
    assert "|bs:200|ar:500|seed:12345|" in state.result.signature
    assert (state.done, state.total) == (700, 700)


def test_one_system_gets_the_interval_of_its_mean():
    batch = _scored(SYSTEMS[1:])
    state = SignificanceState(batch)
    (scores,) = _scores(batch)
    assert state.result.intervals == (charsim.bootstrap_interval(scores),)
    assert state.result.bootstrap is state.result.test is None
    assert state.result.signature.endswith("|bs:1000|seed:12345|version:0.1.0")


def test_a_new_load_clears_the_result_and_waits_for_the_new_scores():
    batch = _scored()
    state = SignificanceState(batch, resamples=50)
    assert state.result is not None
    assert batch.load_files(SYSTEMS[:1], REFERENCES)
    assert (state.result, state.running, state.total) == (None, False, 0)
    asyncio.run(batch.score())
    assert len(state.result.intervals) == 1


def test_the_run_yields_between_slices_and_a_newer_setting_supersedes_it(monkeypatch):
    monkeypatch.setattr(batch_significance, "SLICE", 0)  # yield after every STEP resamples
    batch = _scored()
    seen = {"results": [], "done": []}

    async def scenario() -> SignificanceState:
        state = SignificanceState(batch, resamples=400)  # scheduled on this running loop
        state.param.watch(lambda e: seen["results"].append(e.new), ["result"])
        state.param.watch(lambda e: seen["done"].append(e.new), ["done"])
        for _ in range(5):
            await asyncio.sleep(0)  # the run takes a few slices
        assert state.running and 0 < state.done < 400 and state.result is None
        state.seed = 99  # supersedes the run under way
        while state.running:
            await asyncio.sleep(0)
        return state

    state = asyncio.run(scenario())
    expected = charsim.paired_bootstrap(*_scores(batch), resamples=400, seed=99)
    assert state.result.bootstrap == expected
    assert [r for r in seen["results"] if r is not None] == [state.result]  # no stale result
    restart = seen["done"].index(0)  # the new run counts from 0 again
    assert seen["done"][:restart] == list(range(10, 10 * restart + 1, 10))
    assert seen["done"][-1] == 400


@pytest.mark.parametrize("setting", [{"resamples": 0}, {"trials": 10**7}, {"seed": -1}])
def test_settings_out_of_range_are_refused(setting):
    state = SignificanceState(BatchState())
    with pytest.raises(ValueError):
        state.param.update(**setting)


# -- the view ---------------------------------------------------------------------------------


def _value(html: str, testid: str) -> float:
    """The full float a cell of ``significance_html`` holds in its ``data-value``."""
    return float(re.search(f'data-testid="{testid}" data-value="([^"]+)"', html)[1])


def test_the_view_shows_the_cores_numbers_and_the_command_that_gives_them():
    batch = _scored()
    state = SignificanceState(batch, resamples=200)
    expected = charsim.paired_bootstrap(*_scores(batch), resamples=200)
    html = significance_html(state, UIText())
    assert _value(html, "significance-difference") == expected.difference
    assert _value(html, "significance-difference-low") == expected.difference_interval.low
    assert _value(html, "significance-difference-high") == expected.difference_interval.high
    assert _value(html, "significance-p") == expected.p_value
    assert _value(html, "significance-mean-2") == expected.system_interval.mean
    assert _value(html, "significance-interval-1-low") == expected.baseline_interval.low
    too_few = "No *: on 120 items the paired bootstrap is over-confident; it marks a difference "
    assert too_few in html  # 120 items: p = 0.16, and too few for the bootstrap's mark
    assert "not that the translations are better" in html
    assert command_line(state) == "charsim … --paired-bs --paired-bs-n 200 --seed 12345"
    state.param.update(method="ar", trials=300, seed=5)
    assert command_line(state) == (
        "charsim … --paired-ar --paired-ar-n 300 --confidence --confidence-n 200 --seed 5"
    )
    japanese = significance_html(state, UIText(language="ja"))
    assert "p値：ペア近似ランダム化検定、試行300回" in japanese


def test_the_ted_example_names_its_files_in_the_command():
    state = SignificanceState(BatchState())
    asyncio.run(state.batch.load_example(BATCH_EXAMPLES["ted"], _read_ted))
    assert command_line(state) == (
        "charsim -i data/ted-en/ted.sys1.txt data/ted-en/ted.sys2.txt -r data/ted-en/ted.ref.txt "
        "--paired-bs --paired-bs-n 1000 --seed 12345"
    )


def test_the_distribution_chart_keeps_0_in_view_and_marks_the_observed_difference():
    batch = _scored()
    state = SignificanceState(batch, resamples=100)
    view = SignificanceView(state, UIText())
    source = view._chart.select_one({"name": "significance-distribution"})
    assert sum(source.data["count"]) == 100
    assert source.data["left"][0] == min(state.result.bootstrap.differences)
    assert source.data["right"][-1] == max(state.result.bootstrap.differences)
    zero, observed = (span for span in view._chart.center if isinstance(span, Span))
    assert zero.location == 0 and observed.location == state.result.bootstrap.difference
    assert view._chart.x_range.start < 0 < view._chart.x_range.end
    assert batch.load_files(SYSTEMS[:1], REFERENCES)
    asyncio.run(batch.score())  # one system: its interval, no chart, no choice of test
    assert not view._chart_pane.visible and not view._method.visible
    assert "95 % interval of the mean" in view._numbers.object


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([], {"left": [], "right": [], "count": []}),
        ([0.25, 0.25], {"left": [0.25], "right": [0.25], "count": [2]}),
        ([0.0, 0.5, 1.0, 0.75], {"left": [0.0, 0.5], "right": [0.5, 1.0], "count": [1, 3]}),
    ],
)
def test_distribution_data_bins_from_the_least_to_the_greatest(values, expected):
    assert distribution_data(values, bins=2) == expected


def test_the_page_marks_the_p_values_the_command_line_marks_and_says_so():
    """The page's threshold is its own name (the app does not import the command line), the
    same number as ``charsim``'s ``*`` and the one its sentences give."""
    threshold = batch_significance.P_MARKED_BELOW
    assert threshold == SIGNIFICANT
    for language in ("en", "ja"):
        assert f"p < {threshold}" in CATALOG["batch.significance.significant"][language]
        assert f"p ≥ {threshold}" in CATALOG["batch.significance.not_significant"][language]

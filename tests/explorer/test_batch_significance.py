"""The batch page's intervals and paired tests, without a browser: the core's numbers, in slices,
superseded by newer input."""

from __future__ import annotations

import asyncio

import pytest

import charsim
from explorer.app import batch_significance
from explorer.app.batch_significance import SignificanceState
from explorer.app.batch_state import BatchState

from ..data import TED


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

"""Chunks on an executor: results in input order, bounded read-ahead, first errors, dead workers."""

import os
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from charsim.corpus.chunks import chunked, run_chunks
from charsim.io.textio import DataError
from charsim.metric.errors import WorkerError


def _rows_of(chunk, first_item):
    """A task: (first item, the rows), or ValueError at a row "bad" (picklable)."""
    rows = list(chunk)
    for number, row in enumerate(rows, start=first_item):
        if row == "bad":
            raise ValueError(f"item {number} is bad")
    return first_item, rows


def _slow_first(chunk, first_item):
    time.sleep(0.05 / first_item)  # the first chunk finishes last
    return _rows_of(chunk, first_item)


def _die_at_item_3(chunk, first_item):
    if first_item == 3:
        os._exit(1)  # the worker process dies
    return _rows_of(chunk, first_item)


def _reading(rows, error_at=None):
    """``rows`` one at a time; reading row ``error_at`` (from 1) raises a located DataError."""
    for number, row in enumerate(rows, start=1):
        if number == error_at:
            raise DataError("f.txt", number, "broken")
        yield row


def test_chunks_are_numbered_and_a_read_error_comes_after_the_rows_before_it():
    seen = []
    with pytest.raises(DataError, match=r"^f\.txt, line 6: broken$"):
        for first, chunk in chunked(_reading("abcdefg", error_at=6), 2):
            seen.append((first, list(chunk), len(chunk)))
    assert seen == [(1, ["a", "b"], 2), (3, ["c", "d"], 2), (5, ["e"], 1)]


def test_results_come_in_input_order_whatever_finishes_first():
    with ThreadPoolExecutor(4) as executor:
        results = list(run_chunks(_slow_first, "abcdefg", chunk_size=2, executor=executor))
    assert results == [(1, ["a", "b"]), (3, ["c", "d"]), (5, ["e", "f"]), (7, ["g"])]


def test_rows_are_read_at_most_in_flight_chunks_ahead():
    read, finished, ahead = [], [], []

    def rows():
        for number in range(1, 101):
            read.append(number)
            yield number

    class Watching(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            ahead.append(len(read) - 5 * len(finished))  # rows read but not collected
            return super().submit(fn, *args, **kwargs)

    with Watching(2) as executor:
        results = run_chunks(
            _rows_of, rows(), chunk_size=5, executor=executor, in_flight=3, progress=finished.append
        )
        assert [first for first, _ in results] == list(range(1, 101, 5))
    assert max(ahead) == 5 * 3 and finished == list(range(1, 21))


EXECUTORS = {
    "here": lambda: None,
    "threads": lambda: ThreadPoolExecutor(2),
    "processes": lambda: ProcessPoolExecutor(2),
}


@pytest.fixture(params=list(EXECUTORS), scope="module")
def executor(request):
    made = EXECUTORS[request.param]()
    yield made
    if made is not None:
        made.shutdown()


@pytest.mark.parametrize("chunk_size", [1, 2, 3, 10])
@pytest.mark.parametrize(
    ("error_at", "message"),
    [(5, "item 3 is bad"), (3, r"f\.txt, line 3: broken"), (None, "item 3 is bad")],
)
def test_the_first_error_in_item_order_is_raised(executor, chunk_size, error_at, message):
    """A bad row before a read error is reported first, whatever the chunk size and executor."""
    rows = _reading(["a", "b", "bad", "c", "d", "bad"], error_at)
    with pytest.raises((ValueError, DataError), match=f"^{message}$"):
        list(run_chunks(_rows_of, rows, chunk_size=chunk_size, executor=executor, in_flight=4))


@pytest.mark.parametrize(("in_flight", "items"), [(1, r"items 3–4"), (4, r"items \d–\d")])
def test_a_worker_that_dies_is_a_worker_error_naming_the_items(in_flight, items):
    with ProcessPoolExecutor(2) as executor, pytest.raises(WorkerError) as error:
        list(
            run_chunks(
                _die_at_item_3, "abcdefgh", chunk_size=2, executor=executor, in_flight=in_flight
            )
        )
    assert error.match(f"^{items} could not be scored: BrokenProcessPool: A process in the")

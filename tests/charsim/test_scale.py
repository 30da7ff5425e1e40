"""One process, a process pool and a Dask LocalCluster: the same results and the same errors."""

import functools
import json
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import pytest

import charsim
from charsim.cli import main
from charsim.corpus import score_rows, score_systems
from charsim.corpus.chunks import run_chunks
from charsim.corpus.parts import combine_parts, score_part
from charsim.io.filestream import aligned_files, jsonl_file
from charsim.io.textio import DataError
from charsim.metric.errors import WorkerError

from ..data import ROOT, TED

VARIANTS = {"mean": charsim.score, "base": charsim.score_base, "max": charsim.score_max}


@pytest.fixture(scope="module")
def cluster():
    """A Dask cluster of two worker processes on 127.0.0.1 (no dashboard); a task whose worker
    dies fails at once instead of being retried on another worker."""
    pytest.importorskip("distributed")
    import dask
    from dask.distributed import Client, LocalCluster

    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
        ) as local,
        Client(local) as client,
    ):
        assert all(address.startswith("tcp://127.0.0.1:") for address in client.nthreads())
        yield client


@pytest.fixture(scope="module")
def executors(cluster):
    """Where items can be scored: here (None), a process pool of two, the Dask cluster."""
    with ProcessPoolExecutor(2) as pool:
        yield {"here": None, "process pool": pool, "Dask": cluster.get_executor()}


def _everywhere(executors, read, **options):
    """``score_rows(read().rows, ...)`` with each executor: name -> results or the error."""
    outcomes = {}
    for name, executor in executors.items():
        try:
            outcomes[name] = score_rows(read().rows, executor=executor, in_flight=4, **options)
        except (DataError, TypeError, ValueError) as error:
            outcomes[name] = f"{type(error).__name__}: {error}"
    return outcomes


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_ted_files_score_the_same_everywhere(executors, variant):
    """System 1 (the command line test below scores both systems)."""
    system, reference = TED / "ted.sys1.txt", TED / "ted.ref.txt"
    outcomes = _everywhere(
        executors, lambda: aligned_files([system], [reference]), variant=variant, chunk_size=500
    )
    (here,) = outcomes["here"]
    assert outcomes["process pool"] == outcomes["Dask"] == [here]
    candidates = system.read_text(encoding="utf-8").split("\n")[:-1]
    references = reference.read_text(encoding="utf-8").split("\n")[:-1]
    for i in (0, 499, 500, 1999, 2444):  # either side of chunk ends
        assert here.scores[i] == VARIANTS[variant](candidates[i], [references[i]])
    assert (here.n_items, round(here.score, 4)) == (2445, 0.4519)  # K = 1: the variants agree
    assert here.signature == charsim.signature(variant, nrefs=1)


HUGE = "".join(random.Random(18).choices("abcdefghijklmnopqrstuvwxyz     ", k=20_000))
ADVERSARIAL = [
    ("a", [""]),  # one empty reference (§7.4)
    ("", [""]),
    ("", ["a", ""]),
    (HUGE, [HUGE[1000:], HUGE[:500]]),  # huge lines
    ("e\u0301 \ud800", ["\u00e9 \ud800", "\ue000"]),  # combining, lone surrogate, private use
    *[(f"the cat sat {i}", ["the cat sat on the mat", "a cat"]) for i in range(40)],  # 1 table
    ("x", ["x"] * 7),
]


@pytest.fixture
def jsonl(tmp_path):
    def write(lines, name="items.jsonl"):
        path = tmp_path / name
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        return path

    return write


def _records(items):
    return [json.dumps({"candidate": c, "references": r}) for c, r in items]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_adversarial_items_score_the_same_everywhere(executors, jsonl, variant):
    path = jsonl(_records(ADVERSARIAL))
    outcomes = _everywhere(executors, lambda: jsonl_file(path), variant=variant, chunk_size=8)
    (here,) = outcomes["here"]
    assert outcomes["process pool"] == outcomes["Dask"] == [here]
    assert here.scores == tuple(VARIANTS[variant](c, r) for c, r in ADVERSARIAL)
    assert here.signature == charsim.signature(variant, nrefs="var")  # K varies


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (
            '{"candidate": "a", "references": []}',
            "items.jsonl, line 26: the reference set is empty (K = 0): charsim is undefined for it",
        ),
        (
            '{"candidate": "a", "references": ["a"]',
            "items.jsonl, line 26: not valid JSON (Expecting ',' delimiter, column 39)",
        ),
        (
            '{"candidate": "a", "references": "a"}',
            'items.jsonl, line 26: "references" must be a list of strings',
        ),
    ],
)
def test_a_bad_line_is_the_same_error_everywhere(executors, jsonl, bad, message):
    """The line is read in this process while earlier chunks are scored elsewhere."""
    items = [item for item in ADVERSARIAL if item[0] != HUGE]
    lines = _records(items[:25]) + [bad] + _records(items[25:])
    path = jsonl(lines)
    outcomes = _everywhere(executors, lambda: jsonl_file(path), chunk_size=4)
    assert set(outcomes.values()) == {f"DataError: {path.parent}/{message}"}


def test_an_empty_reference_set_is_the_same_error_everywhere(executors):
    """Raised where the item is scored, it comes back with its type and the item's number."""
    references = [("a",)] * 1233 + [()] + [("b",)] * 10
    for executor in executors.values():
        with pytest.raises(charsim.UndefinedScoreError) as error:
            score_systems([["a"] * 1244], references, executor=executor, chunk_size=100)
        assert str(error.value).startswith("item 1,234: charsim is undefined for an empty ")


def _die_at_item_3(chunk, first_item):
    if first_item == 3:
        os._exit(1)  # the worker process dies
    return len(chunk)


def test_a_dead_dask_worker_is_a_worker_error(cluster):
    with pytest.raises(WorkerError, match=r"^items 3–4 could not be scored: KilledWorker: "):
        list(
            run_chunks(
                _die_at_item_3, "abcdef", chunk_size=2, executor=cluster.get_executor(), in_flight=1
            )
        )
    cluster.wait_for_workers(2, timeout=60)  # the nanny restarts it for the tests after


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_dask_bag_of_rows_scores_the_same(cluster, variant):
    import dask.bag as db

    rows = [(c, r) for c, r in ADVERSARIAL if c != HUGE] * 3
    bag = db.from_sequence(rows, npartitions=5)
    task = partial(score_part, variant=variant)
    (result,) = bag.reduction(task, combine_parts, split_every=2).compute().results()
    assert [result] == score_rows(rows, variant=variant)  # the scores in order, the mean, ...


def _run(capsys, *args):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_line_prints_the_same_bytes_with_any_jobs(capsys):
    ted = [TED / "ted.sys1.txt", TED / "ted.sys2.txt", "-r", TED / "ted.ref.txt"]
    outputs = {
        _run(capsys, "-i", *ted, "--format", "json", "--sentence-level", "--jobs", jobs)
        for jobs in ("1", "2")
    }
    ((status, out, err),) = outputs
    assert (status, err) == (0, "") and len(json.loads(out)["systems"][0]["scores"]) == 2445


def test_json_lines_on_the_command_line_with_jobs(capsys, jsonl):
    path = jsonl(_records(ADVERSARIAL))
    outputs = {
        _run(capsys, "--jsonl", path, "--variant", "base", "--format", "json", "--jobs", j)
        for j in ("1", "0")
    }  # 0: one process per core
    ((status, out, _),) = outputs
    assert status == 0 and json.loads(out)["n_items"] == len(ADVERSARIAL)


def test_other_metrics_beside_charsim_with_jobs(capsys, jsonl):
    """sacreBLEU's metrics get the texts held whole; charsim's column is the same with --jobs."""
    pytest.importorskip("sacrebleu")
    path = jsonl(_records([item for item in ADVERSARIAL if item[0] != HUGE]))
    args = [
        "--jsonl",
        path,
        "--metrics",
        "charsim,chrf",
        "--sentence-level",
        "--format",
        "json",
        "--explain",
        "4",
    ]
    outputs = {_run(capsys, *args, "--jobs", jobs) for jobs in ("1", "2")}
    ((status, out, _),) = outputs
    result = json.loads(out)
    assert status == 0 and list(result["metrics"]) == ["charsim", "chrf"]
    assert result["explain"]["text"][str(path)].startswith(f"candidate  {ADVERSARIAL[4][0]!r}")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("-1", "argument --jobs: -1: give 1 or more processes, or 0 for all cores"),
        ("two", "argument --jobs: 'two' is not a whole number"),
        ("100000", "argument --jobs: 100000 is more than 4 processes per core"),
    ],
)
def test_bad_jobs_are_usage_errors(capsys, value, message):
    with pytest.raises(SystemExit) as exit_:
        main(["--jsonl", "-", "--jobs", value])
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (2, "")
    assert message in err


def _dying(*_task, **_arguments):
    os._exit(1)


class _DyingPool(ProcessPoolExecutor):
    def __init__(self, *args, dies_at_start: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.dies_at_start = dies_at_start

    def submit(self, fn, /, *args, **kwargs):
        if fn is int and not self.dies_at_start:  # the call that forks the workers
            return super().submit(fn, *args, **kwargs)
        return super().submit(_dying, fn, *args, **kwargs)


def test_a_dead_worker_process_is_a_clear_error_on_the_command_line(capsys, jsonl, monkeypatch):
    monkeypatch.setattr("charsim.cli.workers.ProcessPoolExecutor", _DyingPool)
    status, out, err = _run(capsys, "--jsonl", jsonl(_records(ADVERSARIAL)), "--jobs", "2")
    assert (status, out) == (1, "")
    assert re.match(r"charsim: error: items 1–\d+ could not be scored: BrokenProcessPool: ", err)


def test_workers_that_die_as_they_start_are_a_clear_error_on_the_command_line(
    capsys, jsonl, monkeypatch
):
    dying = functools.partial(_DyingPool, dies_at_start=True)
    monkeypatch.setattr("charsim.cli.workers.ProcessPoolExecutor", dying)
    status, out, err = _run(capsys, "--jsonl", jsonl(_records(ADVERSARIAL)), "--jobs", "2")
    assert (status, out) == (1, "")
    assert err.startswith("charsim: error: the 2 worker processes could not start: ")
    assert err.count("\n") == 1


def _recipe() -> str:
    """The docs' Dask recipe (docs/scale.md): the Python block that starts with
    ``# score_on_dask.py``."""
    page = (ROOT / "docs" / "scale.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(# score_on_dask\.py.*?)```", page, flags=re.DOTALL)
    return block


def test_the_docs_dask_recipe_runs_and_agrees(tmp_path):
    """Word for word, in a fresh process that starts its own LocalCluster."""
    pytest.importorskip("distributed")
    for name, ted in (("sys.txt", "ted.sys1.txt"), ("ref.txt", "ted.ref.txt")):
        lines = (TED / ted).read_text(encoding="utf-8").split("\n")[:600]  # 600 of the lines
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    stream = aligned_files([tmp_path / "sys.txt"], [tmp_path / "ref.txt"])
    rows = list(stream.rows)
    (tmp_path / "items.jsonl").write_text(
        "".join(json.dumps({"candidate": c, "references": r}) + "\n" for (c,), r in rows), "utf-8"
    )
    (tmp_path / "score_on_dask.py").write_text(_recipe(), encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "score_on_dask.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (result,) = score_rows(rows, systems=1)
    assert done.stdout.splitlines() == [f"{result.score} {result.signature}"] * 2

"""The notebook ``docs/notebooks/charsim-in-a-notebook.ipynb``, executed by a real kernel
(``nbclient`` with ``ipykernel``), its outputs checked (issue 27).

The notebook is stored without outputs; executed, its HTML outputs are the results'
``_repr_html_``: the explanation holds the boundary-marked shared n-grams, a ``<script>`` in a
candidate is escaped, and the corpus score is the ``charsim`` command's.
"""

import html
import json
import os

import nbformat
import pytest
from nbclient import NotebookClient

import charsim
from charsim.cli.command import main

from ..data import ROOT, TED

NOTEBOOK = ROOT / "docs" / "notebooks" / "charsim-in-a-notebook.ipynb"


def test_the_notebook_is_stored_without_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code and all(not cell.outputs and cell.execution_count is None for cell in code)
    assert "explorer-component" in {cell.get("id") for cell in notebook.cells}  # its spot


@pytest.fixture(scope="module")
def executed():
    """The notebook run top to bottom by a Python kernel, in its folder, importing this
    checkout's charsim; its outputs by cell id."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), before]))
    try:
        NotebookClient(
            notebook, timeout=300, kernel_name="python3",
            resources={"metadata": {"path": str(NOTEBOOK.parent)}},
        ).execute()  # fmt: skip
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
    return {cell.id: cell.outputs for cell in notebook.cells if cell.cell_type == "code"}


def _data(outputs, mime: str) -> str:
    """The ``mime`` part of the cell's displayed result (``execute_result``)."""
    shown = [o for o in outputs if o.output_type == "execute_result"]
    assert len(shown) == 1, outputs
    return shown[0].data[mime]


def _printed(outputs) -> str:
    return "".join(o.text for o in outputs if o.output_type == "stream" and o.name == "stdout")


def test_no_cell_fails(executed):
    errors = [(cell, o) for cell, outputs in executed.items() for o in outputs
              if o.output_type == "error"]  # fmt: skip
    assert not errors


def test_the_explanation_shows_the_boundary_marked_matches(executed):
    fragment = _data(executed["explain"], "text/html")
    e = charsim.explain("Thank you. (Applause)", ["Thank you."])
    assert fragment == e._repr_html_()
    for shown in ("'⟨^⟩Thank'", "'⟨^⟩T'", "'you.'"):
        assert html.escape(shown) in fragment
    assert html.escape(e.decision.description) in fragment and str(e.score) in fragment
    assert _data(executed["explain"], "text/plain") == repr(e)


def test_a_script_in_a_candidate_is_escaped(executed):
    fragment = _data(executed["explain-script"], "text/html")
    assert "<script" not in fragment and "&lt;script&gt;alert(" in fragment


def test_every_html_output_is_escaped(executed):
    shown = [o for outputs in executed.values() for o in outputs
             if o.output_type in ("execute_result", "display_data")]  # fmt: skip
    fragments = [o.data["text/html"] for o in shown if "text/html" in o.data]
    assert len(fragments) == 7  # 2 CharSim scores, 2 explanations, comparison, corpus, paired
    assert all("<script" not in fragment for fragment in fragments)


def test_the_corpus_score_is_the_command_lines(executed, capsys):
    status = main(["-i", str(TED / "ted.sys1.txt"), "-r", str(TED / "ted.ref.txt")])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    printed = _printed(executed["corpus-score"]).splitlines()
    assert printed == [out[0].split("  (")[0], out[1]]  # "charsim = 0.4519", the signature
    assert "charsim = 0.4519" in _data(executed["corpus-score"], "text/html")
    assert "(2,445 items)" in _data(executed["corpus-score"], "text/plain")


def test_the_corpus_result_and_the_paired_test_render(executed, capsys):
    files = ["-i", str(TED / "ted.sys1.txt"), "-r", str(TED / "ted.ref.txt")]
    assert main([*files, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert f"{data['score']:.4f}" in _data(executed["corpus-result"], "text/html")
    assert html.escape(data["signature"]) in _data(executed["corpus-result"], "text/html")
    paired = _data(executed["paired"], "text/plain")
    assert paired.startswith("PairedResult(bs: Δ = ") and "1,000 samples, seed 12345" in paired
    assert "paired bootstrap resampling" in _data(executed["paired"], "text/html")
    assert "chrF2" in _data(executed["compare"], "text/html")

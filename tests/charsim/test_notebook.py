"""The notebook ``docs/notebooks/charsim-in-a-notebook.ipynb``, executed by a real kernel
(``nbclient`` with ``ipykernel``), its outputs checked.

The notebook is stored without outputs; executed, its HTML outputs are the results'
``_repr_html_``: the explanation holds the boundary-marked shared n-grams, a ``<script>`` in a
candidate is escaped, and the corpus score is the ``charsim`` command's. Its last cells show
the explorer's Panel component (``explorer.notebook.Explorer``): Panel's notebook output (a
``text/html`` holding a Bokeh document in one ``<script>``, and Panel's
``application/vnd.holoviews_exec.v0+json``) with the given texts, their score, and no markup
of a text outside a string.
"""

import html
import json
import os

import nbformat
import pytest
from nbclient import NotebookClient

import charsim
from charsim.cli import main

from ..data import ROOT, TED

NOTEBOOK = ROOT / "docs" / "notebooks" / "charsim-in-a-notebook.ipynb"
EXPLORER_CELLS = {  # cell id: the texts its Explorer(...) is given
    "explorer": ("Thank you. (Applause)", ["Thank you."]),
    "explorer-script": ("<script>alert(1)</script> Thank you.", ["Thank you."]),
}
LOAD_MIME = "application/vnd.holoviews_load.v0+json"  # Panel's JavaScript, by pn.extension()
EXEC_MIME = "application/vnd.holoviews_exec.v0+json"  # a Panel object's output
PANEL_SCRIPT = '<script type="application/javascript">'


def test_the_notebook_is_stored_without_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code and all(not cell.outputs and cell.execution_count is None for cell in code)
    assert "explorer-component" in {cell.get("id") for cell in notebook.cells}  # its heading
    sources = {cell.id: cell.source for cell in code}
    for cell, (candidate, references) in EXPLORER_CELLS.items():
        assert sources[cell] == f"Explorer({candidate!r}, {references!r})".replace("'", '"')


@pytest.fixture(scope="module")
def executed():
    """The notebook run top to bottom by a Python kernel, in its folder, importing this
    checkout's charsim; its outputs by cell id."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), before]))
    try:
        NotebookClient(
            notebook,
            timeout=300,
            kernel_name="python3",
            resources={"metadata": {"path": str(NOTEBOOK.parent)}},
        ).execute()
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
    errors = [
        (cell, o) for cell, outputs in executed.items() for o in outputs if o.output_type == "error"
    ]
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


def _html_outputs(executed, cells) -> list[str]:
    shown = [
        o
        for cell in cells
        for o in executed[cell]
        if o.output_type in ("execute_result", "display_data")
    ]
    return [o.data["text/html"] for o in shown if "text/html" in o.data]


def test_every_html_output_is_escaped(executed):
    panel = {"explorer-extension", *EXPLORER_CELLS}  # Panel's outputs hold its own scripts
    fragments = _html_outputs(executed, [cell for cell in executed if cell not in panel])
    assert len(fragments) == 7  # 2 CharSim scores, 2 explanations, comparison, corpus, paired
    assert all("<script" not in fragment for fragment in fragments)
    assert not [f for f in _html_outputs(executed, executed) if "<script>alert(" in f]


def _strings(value):
    """Every string in a JSON value, keys left out."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            yield from _strings(item)


def _models(value):
    """Every Bokeh model (``{"type": "object", ...}``) in a JSON value."""
    if isinstance(value, dict):
        if value.get("type") == "object":
            yield value
        yield from (model for item in value.values() for model in _models(item))
    elif isinstance(value, list):
        yield from (model for item in value for model in _models(item))


def _explorer_output(executed, cell: str):
    """The Explorer cell's result: its HTML, and the Bokeh document its script holds."""
    (shown,) = [o for o in executed[cell] if o.output_type == "execute_result"]
    assert set(shown.data) == {"text/html", EXEC_MIME, "text/plain"}
    fragment = shown.data["text/html"]
    head, opening, script = fragment.partition(PANEL_SCRIPT)
    root = shown.metadata[EXEC_MIME]["id"]  # Panel's handle on the displayed page
    assert opening and head.startswith(f"<div id='{root}'>") and f'data-root-id="{root}"' in head
    start = script.index("var docs_json = ") + len("var docs_json = ")
    docs, _ = json.JSONDecoder().raw_decode(script, start)  # a JavaScript literal that is JSON
    (document,) = docs.values()
    assert [model["id"] for model in document["roots"]][:1] == [root]
    return fragment, document


def test_the_explorer_component_renders(executed):
    """The extension cell loads Panel's JavaScript; the Explorer cell is Panel's output of a
    Bokeh document: the page's root, the given texts in its text areas, their score."""
    loaded = [o for o in executed["explorer-extension"] if o.output_type == "display_data"]
    assert any(LOAD_MIME in o.data and "application/javascript" in o.data for o in loaded)
    for cell, (candidate, references) in EXPLORER_CELLS.items():
        _, document = _explorer_output(executed, cell)
        (root,) = [m for m in document["roots"] if m["name"] == "panel.models.layout.Column"]
        areas = {
            tuple(m["attributes"].get("css_classes", ())): m["attributes"]["value"]
            for m in _models(root)
            if m["name"].endswith("TextAreaInput")
        }
        assert areas[("cs-candidate",)] == candidate
        assert areas[("cs-references",)] == "\n".join(references)
        score = f"{charsim.score(candidate, references):.4f}"
        shown = [html.unescape(s) for s in _strings(root) if "score-main" in s]
        assert [s for s in shown if f'data-testid="score-main">{score}<' in s], (cell, score)


def test_the_explorer_component_escapes_user_text(executed):
    """The typed ``<script>alert(1)</script>`` is in the page's data as typed, its ``<``
    written ``\\u003c`` in the script: the cell's HTML has one script element, Panel's own,
    and the page's panes show the text as text."""
    candidate = EXPLORER_CELLS["explorer-script"][0]
    fragment, document = _explorer_output(executed, "explorer-script")
    assert fragment.count("<script") == 1 and fragment.count("</script>") == 1
    script = fragment.partition(PANEL_SCRIPT)[2]
    assert script.endswith("</script>") and "<" not in script[: -len("</script>")]
    assert candidate in _strings(document)  # the text area's value, unchanged
    panes = [s for s in map(html.unescape, _strings(document)) if 'class="cs-char' in s]
    assert panes and not [pane for pane in panes if "<script" in pane]
    assert [pane for pane in panes if '">&lt;</span>' in pane]  # a character of the matches


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

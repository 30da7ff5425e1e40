"""Sphinx configuration of charsim's documentation (``make docs``; ``tests/test_docs.py``).

Sphinx with MyST (``myst-parser``): the pages are Markdown, as the README is, and the API
reference comes from the docstrings (``sphinx.ext.autodoc`` with ``napoleon`` for their Google
style). The theme is ``pydata-sphinx-theme``, the one HoloViz (Panel, Bokeh's neighbours) and
most of scientific Python use, so the site looks like the documentation of the tools the
explorer is built on; it ships its fonts and scripts, so the build needs no network.

The command line's reference is rendered by the small directive below from the parser itself
(``charsim --help``, ``charsim article --help``): the page cannot drift from the command, and it
needs no extension beyond Sphinx (sphinx-argparse would add one, and would not see
``charsim article``, whose parser is built when the subcommand runs).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from charsim.version import __version__  # noqa: E402

project = "charsim"
author = "the charsim authors"
copyright = "the charsim authors"
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "_generated", "notebooks/.ipynb_checkpoints"]
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "pydata_sphinx_theme"
html_title = f"charsim {__version__}"
html_static_path = ["_static"]
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_show_sourcelink = False


class ProgramHelp(Directive):
    """``{program-help} charsim article``: what ``charsim article --help`` prints, as a
    literal block (the words after ``charsim`` are the subcommand; none for the main one)."""

    optional_arguments = 10
    has_content = False

    def run(self) -> list[nodes.Node]:
        from charsim.cli.command import run

        words = list(self.arguments[1:])  # the first is "charsim"
        out = io.StringIO()
        columns = os.environ.get("COLUMNS")
        os.environ["COLUMNS"] = "100"  # argparse wraps at the terminal's width: one width here
        try:
            with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
                run([*words, "--help"])
        finally:
            if columns is None:
                del os.environ["COLUMNS"]
            else:
                os.environ["COLUMNS"] = columns
        text = out.getvalue().rstrip()
        return [nodes.literal_block(text, text, language="text")]


GENERATED = Path(__file__).parent / "_generated"
"""Pages' parts written from the code at each build (gitignored), included by the pages."""
WORKED_ITEM = 432
"""The TED item of the tutorials (system 1): where charsim and chrF disagree most."""


def write_generated(app) -> None:
    """Write ``_generated/worked-example.md``: TED item 432's worked example in Markdown, as
    ``charsim --explain 432 --format markdown`` prints it (needs sacreBLEU, ``.[docs]``)."""
    from charsim.compare import compare
    from charsim.render.export import explanation_document

    ted = ROOT / "data" / "ted-en"
    line = WORKED_ITEM - 1
    candidate = (ted / "ted.sys1.txt").read_text(encoding="utf-8").splitlines()[line]
    reference = (ted / "ted.ref.txt").read_text(encoding="utf-8").splitlines()[line]
    c = compare(candidate, [reference])
    GENERATED.mkdir(exist_ok=True)
    text = explanation_document(c.explanation, "markdown", c)
    path = GENERATED / "worked-example.md"
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def setup(app) -> dict:
    app.add_directive("program-help", ProgramHelp)
    app.connect("builder-inited", write_generated)
    return {"parallel_read_safe": True}

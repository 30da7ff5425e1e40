"""Every documented import path still works after the core was split into layers (issue 26).

The names below are those documented (README.md, the docstrings) and the ``__all__`` of each
public module as it was in the flat layout (main 80f6b5a); a public path that loses one of them
breaks a user's code. Each name must also be the very object of the module that holds the code,
so a facade can never drift into a copy.
"""

import importlib
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import charsim

ROOT = Path(__file__).resolve().parents[2]

PACKAGE_NAMES = [
    "Bucket", "DEFAULT_MAX_ORDER", "DEFAULT_WEIGHTS", "NORMALIZATION_FORMS", "VARIANTS",
    "WEIGHTS", "Config", "Decision", "Explanation", "Interval", "ItemSummary", "LengthBuckets",
    "Match", "NGram", "OrderDetail", "PairedResult", "Preprocessing", "ReferenceDetail",
    "ReferenceSet", "UndefinedScoreError", "WorkerError", "__version__", "bootstrap_interval",
    "coverage", "explain", "fold_whitespace_quotes", "length_buckets", "ngram_count",
    "paired_bootstrap", "paired_randomization", "score", "score_base", "score_max", "summarize",
    "signature",
]  # fmt: skip
"""``charsim.__all__`` of the flat layout."""

# public path: (the module that holds the code, the names of the flat layout's module)
PUBLIC_MODULES = {
    "charsim.corpus": (
        "charsim.corpus.rows",
        ["CHUNK_SIZE", "CorpusResult", "common_nrefs", "score_rows", "score_systems"],
    ),
    "charsim.compare": (
        "charsim.compare.metrics",
        ["COMPARE_LIMIT", "BleuDetail", "ChrFDetail", "ChrFOrder", "Comparison", "MetricScore",
         "OrderPair", "TerDetail", "compare", "compared_size", "skipped_note"],
    ),
    "charsim.significance": (
        "charsim.significance.paired",
        ["DEFAULT_CONFIDENCE_LEVEL", "DEFAULT_RANDOMIZATION_TRIALS", "DEFAULT_RESAMPLES",
         "DEFAULT_SEED", "MAX_SCORE", "METHODS", "MIN_ITEMS", "MIN_RESAMPLES", "PROGRESS_EVERY",
         "Interval", "PairedResult", "bootstrap_interval", "bootstrap_interval_steps",
         "p_value_decimals", "paired_bootstrap", "paired_bootstrap_steps",
         "paired_randomization", "paired_randomization_steps", "too_few_items"],
    ),
    "charsim.fragility": (
        "charsim.compare.fragility",
        ["SETTINGS", "Fragility", "MovedItem", "SettingScore", "TextChange", "code_points",
         "fragility", "item_moved", "most_moved", "rank_moved"],
    ),
    "charsim.export": (
        "charsim.render.export",
        ["comparison_blocks", "explanation_blocks", "explanation_data", "explanation_document"],
    ),
    "charsim.models": (
        "charsim.metric.models",
        ["bleu_model", "block_ratio", "cap_change", "charsim_model", "chrf_model", "f_beta",
         "length_model_precision_recall", "score_weighted_centroid", "weight_share_above"],
    ),
    "charsim.parts": (
        "charsim.corpus.parts",
        ["SHARED_TABLE_USES", "CorpusPart", "CorpusResult", "combine_parts", "score_part"],
    ),
    "charsim.filestream": (
        "charsim.io.filestream",
        ["STDIN", "ItemStream", "aligned_files", "file_lines", "jsonl_file", "source_name"],
    ),
    "charsim.values": ("charsim.metric.values", ["as_tuple", "is_sequence", "whole_number"]),
    "charsim.differences": (
        "charsim.corpus.differences",
        ["SECTIONS", "SENTENCES", "Difference", "differences"],
    ),
}  # fmt: skip


def test_the_package_keeps_every_name():
    assert set(PACKAGE_NAMES) <= set(charsim.__all__)
    for name in charsim.__all__:
        assert getattr(charsim, name) is not None, name
    assert charsim.score("ca", ["cat"]) == pytest.approx(100 / 201)
    explained = charsim.ReferenceSet(["cat"]).explain("ca")
    assert charsim.explain("ca", ["cat"]).recall == explained.recall


@pytest.mark.parametrize("path", PUBLIC_MODULES)
def test_a_public_module_keeps_every_name_of_the_flat_layout(path):
    home, names = PUBLIC_MODULES[path]
    public, code = importlib.import_module(path), importlib.import_module(home)
    assert set(names) <= set(public.__all__), path
    for name in public.__all__:
        assert getattr(public, name) is getattr(code, name), f"{path}.{name}"
    namespace = {}
    exec(f"from {path} import *", namespace)  # what `import *` gives
    assert set(public.__all__) <= set(namespace)


@pytest.mark.parametrize("path", ["charsim", *PUBLIC_MODULES])
def test_help_of_a_public_module_documents_every_function_it_lists(path):
    """``help(charsim.corpus)`` listed ``__dir__()`` with no text and ``__getattr__`` as "A
    name of __all__ ... (PEP 562)", the machinery of its lazy names, as if they were its
    functions (issue 25)."""
    import inspect
    import pydoc

    module = importlib.import_module(path)
    text = pydoc.render_doc(module, renderer=pydoc.plaintext)
    assert "PEP 562)." not in text  # the lazy names' machinery says what it is, in full
    for name, routine in inspect.getmembers(module, inspect.isroutine):
        if pydoc.visiblename(name, getattr(module, "__all__", None), module):
            assert (routine.__doc__ or "").strip(), f"{path}.{name} has no docstring"
    if path == "charsim.corpus":
        assert "Not called directly" in text and "score_rows(rows" in text


def test_the_documented_import_lines_run():
    """Each ``from charsim... import ...`` line of the code examples of the README and the docs
    (``docs/**/*.md``), as written (a doctest's ``>>>`` prompt left out)."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    lines = [
        line.strip().removeprefix(">>> ")
        for page in pages
        if "_build" not in page.parts
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.strip().removeprefix(">>> ").startswith(("from charsim", "import charsim"))
    ]
    assert len(lines) >= 6
    for line in lines:
        exec(line, {})


def test_after_import_charsim_each_documented_module_is_an_attribute_loaded_on_first_use():
    """``charsim.compare.compare(...)`` works after a bare ``import charsim`` (as the README
    writes it), ``dir(charsim)`` lists them for completion, and ``import charsim`` alone loads
    neither sacreBLEU nor the comparisons."""
    code = (
        "import sys, charsim\n"
        "before = sorted(m for m in ('sacrebleu', 'charsim.compare', 'charsim.compare.fragility') "
        "if m in sys.modules)\n"
        "print({'compare', 'fragility', 'export', 'models'} <= set(dir(charsim)))\n"
        "names = [charsim.compare.compare, charsim.fragility.fragility, "
        "charsim.export.explanation_document, charsim.models.f_beta, "
        "charsim.corpus.score_rows, charsim.significance.paired_bootstrap]\n"
        "print(before, [n.__module__ for n in names])\n"
        "try:\n    charsim.cli\nexcept AttributeError as error:\n    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "True",
        "[] ['charsim.compare.metrics', 'charsim.compare.fragility', 'charsim.render.export', "
        "'charsim.metric.models', 'charsim.corpus.rows', 'charsim.significance.paired']",
        "module 'charsim' has no attribute 'cli'",
    ]


def test_the_charsim_command_and_python_m_charsim():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"charsim": "charsim_entry:main"}  # guards the imports (charsim_entry.py)
    module, _, function = scripts["charsim"].partition(":")
    from charsim.cli import main as documented
    from charsim.cli.command import main

    assert documented is main
    assert getattr(importlib.import_module(module), function).__module__ == "charsim_entry"
    done = subprocess.run(
        [sys.executable, "-m", "charsim", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().endswith(charsim.__version__)

"""The README and the docs say plainly what the code does: the boundary-only n-grams
that are not counted, which bucket an edge of the length ratio belongs to, and ``N`` naming one
thing. The reference sections moved from the README into ``docs/``: ``DOCS`` is both,
and ``tests/test_doc_examples.py`` runs their code examples."""

import re
from pathlib import Path

import pytest

import charsim
from charsim.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
README = " ".join(
    " ".join(page.read_text(encoding="utf-8").split())
    for page in PAGES
    if not {"_build", "_generated"} & set(page.parts)
)
"""The README and every page of the docs, whitespace collapsed."""


def test_the_boundary_only_ngrams_rule_is_stated_with_its_section():
    assert re.search(
        r"an n-gram made only of boundary markers,\s+`⟨\^⟩`, `⟨\$⟩` or the `⟨\^⟩⟨\$⟩` of an "
        r"empty text, is not counted, §1\.2",
        README,
    )
    e = charsim.explain("", [""])  # what it says: an empty text has no n-gram of any order
    assert all(o.candidate_count == 0 for o in e.orders)


@pytest.mark.parametrize(
    ("ratio", "label"), [(0.9, "[0.9, 1)"), (1.1, "(1, 1.1]"), (2, "(1.25, 2]")]
)
def test_the_bucket_of_an_edge_is_the_one_the_readme_names(ratio, label):
    """It said "an edge belonging to the bucket farther from 1": the code puts it nearer."""
    reference = "x" * 10
    buckets = charsim.length_buckets([[0.5]], [["x" * round(10 * ratio)]], [[reference]])
    (bucket,) = [b for b in buckets.by_length_ratio if b.counts == (1,)]
    assert bucket.label == label
    assert f"{ratio} to `{label}`" in README
    assert "farther from 1" not in README


def test_n_names_the_order_cap_and_item_names_the_explained_item(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--explain ITEM" in capsys.readouterr().out
    assert "`--explain ITEM`" in README and "`--explain N`" not in README
    assert "`N` is the item's order cap" in README

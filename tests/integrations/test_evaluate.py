"""The Hugging Face ``evaluate`` module (``integrations/evaluate/charsim``), with the real package:
``evaluate.load(path).compute(...)`` gives charsim's own numbers on TED, refuses bad input with a
clear error, and its metric card's examples run as written. No network: the Hub is switched off
and loading the module may open no connection."""

from __future__ import annotations

import ast
import doctest
import os
import re
import socket
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

for _name in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE", "HF_EVALUATE_OFFLINE"):
    os.environ[_name] = "1"  # before evaluate is imported: it reads them then

evaluate = pytest.importorskip("evaluate")

import charsim  # noqa: E402
from charsim.corpus import score_systems  # noqa: E402

from ..data import ROOT, TED  # noqa: E402

MODULE = ROOT / "integrations" / "evaluate" / "charsim"
CARD = MODULE / "README.md"


def _lines(name: str) -> list[str]:
    return (TED / f"ted.{name}.txt").read_text(encoding="utf-8").split("\n")[:-1]


SYS1, SYS2, REF = _lines("sys1"), _lines("sys2"), _lines("ref")


def _no_network(self, address, *args):
    raise AssertionError(f"the evaluate module opened a connection to {address!r}")


@pytest.fixture(scope="module")
def metric():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket.socket, "connect", _no_network)
        loaded = evaluate.load(str(MODULE), keep_in_memory=True)
        loaded.compute(predictions=["ca"], references=[["cat"]])  # the first compute, offline too
    return loaded


def test_loads_as_a_metric_with_its_card_data(metric):
    assert isinstance(metric, evaluate.Metric)
    assert metric.name == "charsim"
    assert "min(P, R)" in metric.description and "@software{charsim" in metric.citation
    assert "predictions (list of str)" in metric.inputs_description


def test_corpus_equals_the_corpus_score_on_ted(metric):
    """All 2,445 TED items of system 1, one reference each: the corpus score and signature of
    ``charsim.corpus`` (the command line's 0.4519), and each item's ``charsim.score``."""
    references = [[r] for r in REF]
    results = metric.compute(predictions=SYS1, references=references, sentence_level=True)
    expected = score_systems([SYS1], references)[0]
    assert results["charsim"] == expected.score
    assert round(results["charsim"], 4) == 0.4519
    assert results["signature"] == expected.signature == charsim.signature(nrefs=1)
    assert results["n_items"] == len(SYS1) == 2445
    assert results["sentence_charsim"] == list(expected.scores)
    summaries = [charsim.summarize(t, r) for t, r in zip(SYS1, references, strict=True)]
    assert results["sentence_precision"] == [s.precision for s in summaries]
    assert results["sentence_recall"] == [s.recall for s in summaries]
    defined = [s.precision for s in summaries if s.precision is not None]
    assert results["precision"] == pytest.approx(sum(defined) / len(defined), rel=1e-12)


@pytest.mark.parametrize("item", [0, 431, 1000, 2444])  # 431: "Thank you. (Applause)"
def test_one_item_equals_charsim_score(metric, item):
    results = metric.compute(predictions=[SYS1[item]], references=[[REF[item]]])
    summary = charsim.summarize(SYS1[item], [REF[item]])
    assert results["charsim"] == charsim.score(SYS1[item], [REF[item]]) == summary.score
    assert (results["precision"], results["recall"]) == (summary.precision, summary.recall)
    assert "sentence_charsim" not in results


def test_each_prediction_has_its_own_reference_set(metric):
    """An item's list is its reference set, of any size: here system 2's line is a second
    reference of every third item; a plain ``str`` is a set of one."""
    pairs = enumerate(zip(REF[:300], SYS2[:300], strict=True))
    references = [[r, s] if i % 3 == 0 else [r] for i, (r, s) in pairs]
    results = metric.compute(predictions=SYS1[:300], references=references, sentence_level=True)
    assert results["sentence_charsim"] == [
        charsim.score(t, refs) for t, refs in zip(SYS1, references, strict=False)
    ]
    assert results["charsim"] == score_systems([SYS1[:300]], references)[0].score
    assert "|nrefs:var|" in results["signature"]
    as_str = metric.compute(predictions=SYS1[:50], references=REF[:50])
    assert as_str == metric.compute(predictions=SYS1[:50], references=[[r] for r in REF[:50]])


# Every layout the card documents: per item a list of texts (any K >= 1) or one str, mixed in
# any order. "cat" against ["cat"] is 1 and "ca" against ["cat"] 100/201 (the README's example):
# each score is the one charsim.score gives the item, never that of "cat" split into characters
# or of a list's repr (evaluate chose one layout by the first item and cast the others to it).
LAYOUTS = [
    (["ca", "cat"], [["cat"], "cat"], [100 / 201, 1.0], "nrefs:1"),
    (["ca", "cat"], ["cat", ["cat"]], [100 / 201, 1.0], "nrefs:1"),
    (
        ["ca", "cat"],
        ["cat", ["cat", "a"]],
        [100 / 201, charsim.score("cat", ["cat", "a"])],
        "nrefs:var",
    ),
    (
        ["cat", "ca"],
        [("cat", "a"), "cat"],
        [charsim.score("cat", ["cat", "a"]), 100 / 201],
        "nrefs:var",
    ),
    (["ca", "cat"], ["cat", "cat"], [100 / 201, 1.0], "nrefs:1"),
    (
        ["ca", "cat"],
        [["cat", "ca"], ["cat", "cat"]],
        [charsim.score("ca", ["cat", "ca"]), 1.0],
        "nrefs:2",
    ),
]


@pytest.mark.parametrize("predictions, references, scores, nrefs", LAYOUTS)
def test_every_documented_layout_scores_as_charsim_score(
    metric, predictions, references, scores, nrefs
):
    """Through compute, add_batch (one batch per item) and add (a str reference as given)."""
    results = metric.compute(predictions=predictions, references=references, sentence_level=True)
    assert results["sentence_charsim"] == scores
    assert f"|{nrefs}|" in results["signature"]
    for prediction, refs in zip(predictions, references, strict=True):
        metric.add_batch(predictions=[prediction], references=[refs])
    assert metric.compute(sentence_level=True)["sentence_charsim"] == scores
    for prediction, refs in zip(predictions, references, strict=True):
        metric.add(prediction=prediction, reference=refs)
    assert metric.compute(sentence_level=True)["sentence_charsim"] == scores


def test_the_issues_examples_give_the_right_numbers(metric):
    """A str after a list was split into characters (0.1990 instead of 1.0); a list after a str
    was scored as the text "['cat', 'a']" with nrefs:1 (0.1322 instead of 0.5746, nrefs:var)."""
    first = metric.compute(
        predictions=["ca", "cat"], references=[["cat"], "cat"], sentence_level=True
    )
    assert [round(x, 4) for x in first["sentence_charsim"]] == [0.4975, 1.0]
    second = metric.compute(
        predictions=["ca", "cat"], references=["cat", ["cat", "a"]], sentence_level=True
    )
    assert [round(x, 4) for x in second["sentence_charsim"]] == [0.4975, 0.5746]
    assert "|nrefs:var|" in second["signature"]


texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
items = st.tuples(texts, st.one_of(texts, st.lists(texts, min_size=1, max_size=3)))


@given(st.lists(items, min_size=1, max_size=6))
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_generated_layouts_score_as_charsim_score(metric, drawn):
    """Any mix of str and lists of any K: each item's score is charsim.score's; the corpus score
    and the signature's nrefs are charsim.corpus's."""
    predictions = [prediction for prediction, _ in drawn]
    references = [refs for _, refs in drawn]
    sets = [[refs] if isinstance(refs, str) else refs for refs in references]
    results = metric.compute(predictions=predictions, references=references, sentence_level=True)
    assert results["sentence_charsim"] == [
        charsim.score(t, refs) for t, refs in zip(predictions, sets, strict=True)
    ]
    expected = score_systems([predictions], sets)[0]
    assert (results["charsim"], results["signature"]) == (expected.score, expected.signature)


def test_a_text_evaluate_cannot_store_is_refused_in_one_line(metric):
    """A lone surrogate: charsim.score scores it, evaluate's Arrow storage (UTF-8) cannot hold
    it (a UnicodeEncodeError from inside evaluate before)."""
    message = r"^references\[1\]\[0\] holds U\+DC00 at character 1, a lone surrogate: evaluate"
    with pytest.raises(ValueError, match=message + " stores texts as UTF-8"):
        metric.compute(predictions=["a", "b"], references=[["a"], ["b\udc00"]])
    assert charsim.score("b", ["b\udc00"]) > 0


def test_settings_reach_the_score_and_the_signature(metric):
    options = {
        "max_order": 8,
        "weights": "uniform",
        "normalize": "NFKC",
        "casefold": True,
        "fold_whitespace_quotes": True,
    }
    results = metric.compute(predictions=SYS1[:20], references=REF[:20], **options)
    references = [[r] for r in REF[:20]]
    assert results["charsim"] == score_systems([SYS1[:20]], references, **options)[0].score
    assert results["signature"] == charsim.signature(nrefs=1, **options)


def test_undefined_precision_and_recall_are_left_out_of_the_means(metric):
    """An empty prediction has no P, an item whose references are all empty no R (§3.1)."""
    results = metric.compute(
        predictions=["", "ca", "x"], references=[["cat"], ["cat"], [""]], sentence_level=True
    )
    assert results["sentence_precision"][0] is None and results["sentence_recall"][2] is None
    assert results["precision"] == pytest.approx(
        (charsim.summarize("ca", ["cat"]).precision + charsim.summarize("x", [""]).precision) / 2
    )
    assert results["recall"] == pytest.approx((0 + charsim.summarize("ca", ["cat"]).recall) / 2)
    only_empty = metric.compute(predictions=[""], references=[["a"]])
    assert only_empty["precision"] is None and only_empty["charsim"] == 0.0


BAD_INPUT = [
    # (predictions, references, settings, error, message)
    (["a", "b"], [["a"]], {}, ValueError, r"Mismatch in the number of predictions \(2\)"),
    # a bad item is named by its index from 0, as predictions[i] indexes it:
    # evaluate's own check gave several lines naming no item, or none for [[]]
    (
        [1],
        [["a"]],
        {},
        ValueError,
        r"^predictions\[0\] is a value of type int, not a str: a prediction is one text$",
    ),
    ([None], [["a"]], {}, ValueError, r"^predictions\[0\] is None, not a str"),
    (
        ["a"],
        [[None]],
        {},
        ValueError,
        r"^references\[0\]\[0\] is None, not a str: give item 0 only the references it has "
        r"\(their number may differ between items\)$",
    ),
    (["a", "b"], [["a"], ["b", None]], {}, ValueError, r"^references\[1\]\[1\] is None"),
    (
        ["a", "b"],
        [["a"], None],
        {},
        ValueError,
        r"^references\[1\] is None: give item 1 its references, a list of str \(or one str\)$",
    ),
    (
        ["a"],
        [[]],
        {},
        charsim.UndefinedScoreError,
        r"^references\[0\] is empty: item 0 has no reference, and charsim is undefined for an "
        r"empty reference set \(K = 0\)",
    ),
    (
        ["a", "b"],
        [["a"], []],
        {},
        charsim.UndefinedScoreError,
        r"^references\[1\] is empty: item 1 has no reference",
    ),
    ([], [], {}, ValueError, "^no predictions: a corpus of no items has no charsim score"),
    (["a"], [["a"]], {"max_order": 0}, ValueError, "^max_order must be at least 1, got 0"),
    (["a"], [["a"]], {"weights": "log"}, ValueError, "^weights must be one of"),
    (["a"], [["a"]], {"normalize": "NFX"}, ValueError, "NFX"),
    (
        ["a"],
        [["a"]],
        {"sentence_level": "no"},
        TypeError,
        "^sentence_level must be a bool, got str",
    ),  # was read as True
    (
        ["a"],
        [["a"]],
        {"char_order": 6},
        TypeError,
        r"^unknown settings \['char_order'\]: charsim's are max_order, weights, normalize, ",
    ),
]


@pytest.mark.parametrize("predictions, references, settings, error, message", BAD_INPUT)
def test_bad_input_is_named(predictions, references, settings, error, message):
    fresh = evaluate.load(str(MODULE), keep_in_memory=True)  # its first input: none before it
    with pytest.raises(error, match=message) as raised:
        fresh.compute(predictions=predictions, references=references, **settings)
    assert "\n" not in str(raised.value)  # one line
    assert fresh.compute(predictions=["ca"], references=[["cat"]])["charsim"] == 100 / 201


def test_add_batch_and_add_name_the_bad_item(metric):
    """Items given in batches are checked as those given to compute, each batch's named by its
    index in the batch; a refused batch or item is not kept."""
    fresh = evaluate.load(str(MODULE), keep_in_memory=True)
    with pytest.raises(
        ValueError,
        match=r"^references\[1\]\[0\] is None, not a str: give "
        r"item 1 only",
    ):
        fresh.add_batch(predictions=["a", "b"], references=[["a"], [None]])
    with pytest.raises(
        charsim.UndefinedScoreError, match="^reference is empty: the item has no reference"
    ):
        fresh.add(prediction="a", reference=[])
    fresh.add(prediction="ca", reference=["cat"])
    fresh.add_batch(predictions=["cat"], references=[["cat", "cats"]])
    results = fresh.compute()
    whole = metric.compute(predictions=["ca", "cat"], references=[["cat"], ["cat", "cats"]])
    assert (results["n_items"], results["charsim"]) == (2, whole["charsim"])


def test_the_card_has_evaluates_front_matter_and_sections():
    card = CARD.read_text(encoding="utf-8")
    front, body = re.fullmatch(r"---\n(.*?)\n---\n(.*)", card, re.DOTALL).groups()
    assert re.search(r"^title: charsim$", front, re.MULTILINE)
    assert re.search(r"^tags:\n- evaluate\n- metric$", front, re.MULTILINE)
    assert re.search(r"^description: >-\n  \S", front, re.MULTILINE)
    headings = re.findall(r"^#+ (.+)$", body, re.MULTILINE)
    for heading in (
        "Metric Card for charsim",
        "Metric Description",
        "How to Use",
        "Inputs",
        "Output Values",
        "Limitations and Bias",
        "Citation",
    ):
        assert heading in headings


def test_the_cards_examples_run_as_written(monkeypatch):
    """Every ``>>>`` of the card, run from the repository's root as the card says."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(socket.socket, "connect", _no_network)
    card = CARD.read_text(encoding="utf-8")
    examples = "\n".join(re.findall(r"```python\n(.*?)```", card, re.DOTALL))
    test = doctest.DocTestParser().get_doctest(examples, {}, CARD.name, str(CARD), 0)
    assert len(test.examples) >= 8
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_requirements_name_every_package_the_module_imports():
    """``requirements.txt``, as Hugging Face's metric folders have it: one line per package that
    ``charsim.py`` imports beyond the standard library, and no other."""
    tree = ast.parse((MODULE / "charsim.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            imported.add(node.module.split(".")[0])
    lines = (MODULE / "requirements.txt").read_text(encoding="utf-8").splitlines()
    required = [re.match(r"[\w.-]+", line)[0] for line in lines if not line.startswith("#")]
    assert required == sorted(imported - set(sys.stdlib_module_names) - {"__future__"})

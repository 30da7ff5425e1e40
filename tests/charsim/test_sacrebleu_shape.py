"""``charsim.CharSim`` in a script written for sacreBLEU's metric objects.

:func:`evaluate` is such a script: it knows sacreBLEU's API only (``corpus_score`` with a list of
reference streams, ``sentence_score``, ``get_signature``, ``str`` and ``format`` of the score).
It runs once with ``sacrebleu.metrics.CHRF()`` and once with ``charsim.CharSim()``, unchanged;
charsim's numbers, lines and signatures must be the ``charsim`` command's on the TED files.
"""

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from sacrebleu.metrics import CHRF

import charsim
from charsim.cli import main
from charsim.io.textio import DataError

from ..data import ROOT, TED

HYPOTHESES = (TED / "ted.sys1.txt").read_text(encoding="utf-8").splitlines()
REFERENCES = (TED / "ted.ref.txt").read_text(encoding="utf-8").splitlines()
SECOND = (TED / "ted.sys2.txt").read_text(encoding="utf-8").splitlines()
"""The other system's output, as a second reference stream (two references per item)."""
SENTENCES = 25
"""Items scored one by one (all 2,445 would only repeat the check)."""


def evaluate(metric, hypotheses, streams) -> dict:
    """An evaluation script on sacreBLEU's API: nothing in it knows which metric it is given."""
    corpus = metric.corpus_score(hypotheses, streams)
    corpus_signature = metric.get_signature()
    sentences = [
        metric.sentence_score(h, [stream[i] for stream in streams])
        for i, h in enumerate(hypotheses[:SENTENCES])
    ]
    return {
        "name": corpus.name,
        "score": corpus.score,
        "line": str(corpus),
        "signed line": corpus.format(signature=str(corpus_signature)),
        "score only": corpus.format(score_only=True),
        "json": json.loads(corpus.format(signature=str(corpus_signature), is_json=True)),
        "signature": str(corpus_signature),
        "short signature": corpus_signature.format(short=True),
        "sentence scores": [s.score for s in sentences],
        "sentence lines": [str(s) for s in sentences],
        "sentence signature": str(metric.get_signature()),
    }


def cli(capsys, *args) -> str:
    """The ``charsim`` command's output (status 0)."""
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def test_the_script_is_a_sacrebleu_script():
    """The script as written runs on sacreBLEU's own chrF (so it is the API it claims)."""
    result = evaluate(CHRF(), HYPOTHESES, [REFERENCES])
    assert result["name"] == "chrF2"
    assert result["line"] == f"chrF2 = {result['score']:.2f}"
    assert result["signed line"].startswith("chrF2|nrefs:1|")
    assert result["json"]["name"] == "chrF2" and result["json"]["nrefs"] == "1"
    assert len(result["sentence scores"]) == SENTENCES


@pytest.mark.parametrize(
    "streams, reference_files",
    [
        ([REFERENCES], [TED / "ted.ref.txt"]),
        ([REFERENCES, SECOND], [TED / "ted.ref.txt", TED / "ted.sys2.txt"]),
    ],
    ids=["one reference", "two reference streams"],
)
def test_the_same_script_with_charsim_gives_the_command_lines_numbers(
    capsys, streams, reference_files
):
    result = evaluate(charsim.CharSim(), HYPOTHESES, streams)
    files = ["-i", TED / "ted.sys1.txt", "-r", *reference_files]
    text = cli(capsys, *files).splitlines()
    data = json.loads(cli(capsys, *files, "--format", "json", "--sentence-level"))
    nrefs = len(streams)
    # the command line's text: "charsim = 0.4519  (2,445 items)", then the signature
    assert text == [f"{result['line']}  (2,445 items)", result["signature"]]
    assert result["score"] == data["score"]  # the very float, not a rounding of it
    assert result["signature"] == data["signature"] == charsim.signature(nrefs=nrefs)
    assert result["name"] == "charsim"
    assert result["line"] == f"charsim = {data['score']:.4f}"
    assert result["signed line"] == f"{data['signature']} = {data['score']:.4f}"
    assert result["score only"] == f"{data['score']:.4f}"
    assert result["short signature"] == result["signature"]
    assert result["json"] == {
        "name": "charsim",
        "score": round(data["score"], 4),
        "signature": data["signature"],
        "variant": "mean",
        "cap": "32",
        "w": "1/n",
        "norm": "none",
        "nrefs": str(nrefs),
        "version": charsim.__version__,
    }
    assert result["sentence scores"] == data["scores"][:SENTENCES]
    assert result["sentence lines"] == [f"charsim = {s:.4f}" for s in data["scores"][:SENTENCES]]
    assert result["sentence signature"] == charsim.signature(nrefs=nrefs)


def test_options_variants_and_the_interval_are_the_command_lines(capsys):
    """``CharSim``'s keyword options are the command line's (``casefold`` is ``--lowercase``);
    a cap other than 32 is printed as a derived variant, as there; ``n_bootstrap`` is
    ``--confidence --confidence-n``, with the same interval and signature."""
    metric = charsim.CharSim(variant="base", max_order=8, casefold=True, normalize="NFC")
    result = metric.corpus_score(HYPOTHESES, [REFERENCES], n_bootstrap=200)
    out = cli(
        capsys,
        "-i",
        TED / "ted.sys1.txt",
        "-r",
        TED / "ted.ref.txt",
        "--variant",
        "base",
        "--max-order",
        8,
        "--lowercase",
        "--normalize",
        "NFC",
        "--confidence",
        "--confidence-n",
        200,
    ).splitlines()
    assert out[0].startswith(f"{result}  (2,445 items)")
    assert str(result).startswith("derived variant = ") and "(μ = " in str(result)
    assert out[-1] == str(metric.get_signature()) == result.signature
    assert "bs:200|seed:12345" in result.signature and "case:fold" in result.signature
    sentence = metric.sentence_score(HYPOTHESES[0], [REFERENCES[0]])
    assert sentence.score == charsim.score_base(
        HYPOTHESES[0], [REFERENCES[0]], max_order=8, casefold=True, normalize="NFC"
    )
    assert "bs:" not in str(metric.get_signature())  # the last score had no resampling


def test_a_sentence_score_keeps_the_exact_values():
    """§3.4: "ca" against "cat": 100/201, recall decides, P = 40/53, R = 100/201."""
    score = charsim.CharSim().sentence_score("ca", ["cat"])
    assert (score.exact, score.precision, score.recall) == (
        Fraction(100, 201),
        Fraction(40, 53),
        Fraction(100, 201),
    )
    assert score.decision is charsim.Decision.RECALL
    assert score.score == charsim.score("ca", ["cat"]) and score.n_items == 1
    assert str(score) == "charsim = 0.4975"
    assert repr(score) == (
        "charsim = 0.4975  (P = 0.7547 = 40/53, R = 0.4975 = 100/201, recall decides)"
    )


def test_none_leaves_a_reference_out_and_an_empty_string_is_an_empty_reference(capsys, tmp_path):
    """sacreBLEU's variable references: None in a stream is no reference (``nrefs:var``), as
    JSON Lines items with different numbers of references on the command line; ``""`` is an
    empty reference, scored by §3.1's empty-input rules."""
    hypotheses, streams = ["cat", "ca", ""], [["cat", "cat", ""], [None, "cats", None]]
    metric = charsim.CharSim()
    result = metric.corpus_score(hypotheses, streams)
    items = [
        {"candidate": "cat", "references": ["cat"]},
        {"candidate": "ca", "references": ["cat", "cats"]},
        {"candidate": "", "references": [""]},
    ]
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")
    data = json.loads(cli(capsys, "--jsonl", path, "--format", "json", "--sentence-level"))
    assert (result.score, list(result.scores), result.signature) == (
        data["score"],
        data["scores"],
        data["signature"],
    )
    assert "nrefs:var" in result.signature and result.scores[2] == 1.0  # "" against "": §3.1
    assert metric.sentence_score("ca", ["cat", None]).score == charsim.score("ca", ["cat"])


def test_references_given_to_the_constructor_are_used_when_none_are_passed():
    cached = charsim.CharSim(references=[REFERENCES[:50]])
    assert (
        cached.corpus_score(HYPOTHESES[:50], None).score
        == charsim.CharSim().corpus_score(HYPOTHESES[:50], [REFERENCES[:50]]).score
    )
    with pytest.raises(RuntimeError, match="No references provided"):
        charsim.CharSim().corpus_score(HYPOTHESES[:50], None)


def test_streams_of_different_lengths_get_the_command_lines_message(capsys, tmp_path):
    """The message is the one the command line gives for files (the same code), with the
    streams named as the arguments are."""
    files = {}
    for name, lines in {"s.txt": 3, "r1.txt": 3, "r2.txt": 2}.items():
        files[name] = tmp_path / name
        files[name].write_text("a\n" * lines, encoding="utf-8")
    status = main(["-i", str(files["s.txt"]), "-r", str(files["r1.txt"]), str(files["r2.txt"])])
    from_files = capsys.readouterr().err
    assert status == 1
    with pytest.raises(DataError) as error:
        charsim.CharSim().corpus_score(["a"] * 3, [["a"] * 3, ["a"] * 2])
    assert str(error.value) == (
        "references[1]: has 2 lines but the reference stream references[0] has 3; line counts "
        "must match"
    )
    assert from_files == (
        f"charsim: error: {str(error.value)}\n".replace(
            "references[1]", str(files["r2.txt"])
        ).replace("reference stream references[0]", f"reference file {files['r1.txt']}")
    )


BAD_LAYOUTS = [
    # (hypotheses, references, error, message): sacreBLEU 2.6.0 scores the first two silently
    # (a list of str is read as streams of characters)
    (
        ["a", "b"],
        ["a", "b"],
        TypeError,
        r"references\[0\] is a str, so references looks like "
        r"one stream of references, not a list of streams: wrap it in a list, \[refs\]",
    ),
    (["ab"], "ab", TypeError, "got a single str"),
    (
        ["a"] * 3,
        [["a"] * 4],
        DataError,
        r"hypotheses: has 3 lines but the references "
        r"\(references\[0\]\) have 4; line counts must match",
    ),
    ("ab", [["a", "b"]], TypeError, "hypotheses must be a sequence of str .* got a single str"),
    (["a"], [], charsim.UndefinedScoreError, "no reference stream"),
    (
        ["a", "b"],
        [["a", None]],
        charsim.UndefinedScoreError,
        "item 2: every reference is None, and None references are dropped",
    ),
    (["a", None], [["a", "b"]], TypeError, "item 2: candidate must be a str, got NoneType"),
    (["a"], [[1]], TypeError, r"item 1: references\[0\] must be a str, got int"),
    (["a"], [{"a"}], TypeError, r"references\[0\] must be a reference stream"),
    ([], [[]], ValueError, "no items"),
]


@pytest.mark.parametrize("hypotheses, references, error, message", BAD_LAYOUTS)
def test_bad_layouts_are_named(hypotheses, references, error, message):
    with pytest.raises(error, match=message):
        charsim.CharSim().corpus_score(hypotheses, references)


def test_an_item_whose_references_are_all_none_says_they_were_dropped():
    """``[[None]]``: the K = 0 message said only that the reference set was empty, not that
    the None in it had been dropped, so the item looked as if it had a reference."""
    dropped = (
        "every reference is None, and None references are dropped (as sacreBLEU drops them in "
        "multi-stream layouts), so the item has no reference: charsim is undefined for an "
        'empty reference set (K = 0); an empty reference is "", which is defined (§1.1, §3.1)'
    )
    metric = charsim.CharSim()
    with pytest.raises(charsim.UndefinedScoreError) as error:
        metric.corpus_score(["a"], [[None]])
    assert str(error.value) == f"item 1: {dropped}"
    with pytest.raises(charsim.UndefinedScoreError) as error:
        metric.corpus_score(["a", "b", "c"], [["a", None, "c"], ["a", None, None]])
    assert str(error.value) == f"item 2: {dropped}"
    with pytest.raises(charsim.UndefinedScoreError) as error:
        metric.sentence_score("a", [None, None])
    assert str(error.value) == dropped
    with pytest.raises(charsim.UndefinedScoreError) as error:  # nothing dropped: no such note
        metric.sentence_score("a", [])
    assert "None" not in str(error.value)
    with pytest.raises(TypeError, match="item 1: candidate must be a str"):  # the first error
        metric.corpus_score([None, "b"], [["a", None]])


@pytest.mark.parametrize(
    "references, error, message",
    [
        ("cat", TypeError, "wrap it in a list"),
        ([None], charsim.UndefinedScoreError, "K = 0"),
        ([3], TypeError, r"references\[0\] must be a str"),
    ],
)
def test_bad_sentence_references_are_named(references, error, message):
    with pytest.raises(error, match=message):
        charsim.CharSim().sentence_score("cat", references)


@pytest.mark.parametrize(
    "options, error",
    [
        ({"variant": "median"}, ValueError),
        ({"max_order": 65}, ValueError),
        ({"casefold": "yes"}, TypeError),
        ({"normalize": "nfc"}, ValueError),
    ],
)
def test_bad_options_are_refused_at_once(options, error):
    with pytest.raises(error):
        charsim.CharSim(**options)


@pytest.mark.parametrize(
    "n_bootstrap, message",
    [(0, "n_bootstrap must be 1"), (39, "at least 40"), (1.5, "must be an int")],
)
def test_bad_resamples_are_refused(n_bootstrap, message):
    with pytest.raises((ValueError, TypeError), match=message):
        charsim.CharSim().corpus_score(["a"] * 10, [["a"] * 10], n_bootstrap=n_bootstrap)


def test_signature_before_any_score_leaves_nrefs_out():
    metric = charsim.CharSim()
    assert str(metric.get_signature()) == charsim.signature()
    assert metric.get_signature().info["variant"] == "mean"
    assert repr(metric) == (
        "CharSim(variant='mean', max_order=32, weights='harmonic', normalize=None, "
        "casefold=False, fold_whitespace_quotes=False)"
    )


def test_import_charsim_loads_charsim_compat_on_first_use_only():
    """``import charsim`` stays light (no chunked scoring, no ``concurrent.futures``, as in the
    explorer's Pyodide); ``charsim.CharSim`` imports it when first used."""
    script = (
        "import sys, charsim\n"
        "print('charsim.compat' in sys.modules, 'concurrent.futures' in sys.modules)\n"
        "charsim.CharSim\n"
        "print('charsim.compat' in sys.modules, 'CharSim' in dir(charsim))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.stdout.split() == ["False", "False", "True", "True"], done.stderr

"""Values a notebook holds: numpy arrays and pandas Series of str are sequences of str, numpy
integers are whole numbers; empty input and overflow give the documented errors."""

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import charsim
from charsim.compare.fragility import fragility, item_moved, most_moved, rank_moved
from charsim.corpus import common_nrefs, score_rows, score_systems
from charsim.corpus.parts import combine_parts, score_part
from charsim.io.filestream import aligned_files
from charsim.metric.values import as_tuple, flag, is_sequence, whole_number
from charsim.render.export import explanation_data, explanation_document
from charsim.significance import significant, too_few_items

_RESULT = charsim.paired_bootstrap([0.25] * 6, [0.5] * 6, resamples=50)

ARRAYS = {
    "list": lambda texts: list(texts),
    "numpy": lambda texts: np.array(texts),
    "pandas": lambda texts: pd.Series(texts, index=range(10, 10 + len(texts))),  # not 0..n-1
    "pandas string": lambda texts: pd.Series(texts, dtype="string"),
}


@pytest.mark.parametrize("kind", ARRAYS)
def test_any_sequence_of_str_is_a_reference_set(kind):
    references = ARRAYS[kind](["cat", "ca"])
    expected = charsim.score("ca", ["cat", "ca"])
    assert charsim.score("ca", references) == expected
    assert charsim.ReferenceSet(references).score("ca") == expected
    assert charsim.explain("ca", references).score == charsim.explain("ca", ["cat", "ca"]).score
    assert score_systems([ARRAYS[kind](["ca"])], [references])[0].score == expected
    assert fragility("ca", references).raw.score == charsim.explain("ca", ["cat", "ca"]).score


@pytest.mark.parametrize("kind", ["numpy", "pandas"])
def test_any_sequence_of_numbers_is_resampled(kind):
    scores = [0.5, 0.25, 0.75, 1.0, 0.5, 0.0]
    given = np.array(scores) if kind == "numpy" else pd.Series(scores, index=range(6, 12))
    assert charsim.bootstrap_interval(given, resamples=np.int64(50)) == charsim.bootstrap_interval(
        scores, resamples=50
    )
    assert charsim.paired_randomization(given, given, trials=50).p_value == 1.0


def test_numpy_integers_are_whole_numbers():
    assert charsim.score("ca", ["cat"], max_order=np.int64(3)) == charsim.score(
        "ca", ["cat"], max_order=3
    )
    assert charsim.signature(nrefs=np.int64(2)) == charsim.signature(nrefs=2)
    assert score_rows([("a", ["a"])], chunk_size=np.int64(5))[0].score == 1.0


def test_numpy_bools_are_truth_values():
    """``casefold=np.True_`` said "casefold must be a bool, got bool" (numpy 2 names its type
    ``bool``)."""
    assert charsim.score("A", ["a"], casefold=np.True_) == charsim.score("A", ["a"], casefold=True)
    assert charsim.signature(casefold=np.bool_(False)) == charsim.signature()
    rows = [("a", ["a"])]
    assert score_rows(rows, keep_scores=np.False_)[0].scores is None
    assert flag(np.True_, "casefold") is True


@pytest.mark.parametrize(
    ("value", "sequence"),
    [
        ([], True),
        ((), True),
        (np.array(["a"]), True),
        (pd.Series([], dtype=object), True),
        ("ab", False),
        (b"ab", False),
        ({"a": 1}, False),
        ({"a"}, False),
        (np.array("a"), False),
        (iter(["a"]), False),
        (5, False),
    ],
)
def test_is_sequence(value, sequence):
    assert is_sequence(value) is sequence


def test_whole_number_and_as_tuple_refuse_what_is_not():
    with pytest.raises(TypeError, match="^max_order must be an int, got float$"):
        whole_number(3.0, "max_order")
    with pytest.raises(TypeError, match="got bool"):
        whole_number(True, "n")
    assert whole_number(None, "nrefs", allow_none=True) is None
    with pytest.raises(TypeError, match="^texts must be a sequence, got generator$"):
        as_tuple((t for t in "ab"), "texts must be a sequence")


@pytest.mark.parametrize(
    "call",
    [lambda: score_rows([]), lambda: score_systems([[]], []), lambda: score_systems([], [])],
    ids=["score_rows", "score_systems", "no systems"],
)
def test_no_items_is_an_error_as_on_the_command_line(call):
    """The command line says "holds no items: nothing to score"; score_rows([]) gave 0.0."""
    with pytest.raises(ValueError, match="^no items: nothing to score"):
        call()


@pytest.mark.parametrize(
    "value", [10**400, Fraction(10**400, 3), -(10**400)], ids=["int", "Fraction", "negative"]
)
def test_a_score_beyond_the_floats_is_a_value_error(value):
    """It raised OverflowError where the README documents TypeError or ValueError."""
    with pytest.raises(ValueError, match=r"scores\[0\] \(item 1\) is too large for a float"):
        charsim.bootstrap_interval([value, 1.0], resamples=50)


def test_a_difference_beyond_the_floats_is_a_value_error():
    with pytest.raises(ValueError, match="magnitude at most 1e"):
        charsim.paired_bootstrap([1e308], [-1e308], resamples=50)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: most_moved("abc", [["a"], ["b"], ["c"]]),
            TypeError,
            "candidates must be a sequence of str (one per item), got str",
        ),
        (
            lambda: most_moved((c for c in ["a"]), [["a"]]),
            TypeError,
            "candidates must be a sequence of str (one per item), got generator",
        ),
        (
            lambda: most_moved(["a"], "a"),
            TypeError,
            "references must be a sequence of reference sets (one per item), got str",
        ),
        (lambda: most_moved(["a"], [["a"]], top=1.5), TypeError, "top must be an int, got float"),
        (
            lambda: most_moved(["a"], [["a"]], top=None),
            TypeError,
            "top must be an int, got NoneType",
        ),
        (lambda: rank_moved([], top="3"), TypeError, "top must be an int, got str"),
        (
            lambda: aligned_files(["sys.txt"], "ref.txt"),
            TypeError,
            "references must be a sequence of file names, got one str; wrap it in a list: "
            "['ref.txt']",
        ),
        (
            lambda: aligned_files("sys.txt", ["ref.txt"]),
            TypeError,
            "systems must be a sequence of file names, got one str",
        ),
        (
            lambda: aligned_files([3], ["ref.txt"]),
            TypeError,
            "systems[0] must be a file name (a str or a path), got int",
        ),
        (
            lambda: aligned_files([], ["ref.txt"]),
            ValueError,
            "ref.txt: no system file given: there is nothing to score",
        ),
        (
            lambda: charsim.coverage(None),
            TypeError,
            "explanation must be an Explanation (charsim.explain(candidate, references)), got "
            "NoneType",
        ),
        (lambda: charsim.coverage("x"), TypeError, "explanation must be an Explanation"),
        (
            lambda: charsim.fold_whitespace_quotes(None),
            TypeError,
            "text must be a str, got NoneType",
        ),
        (
            lambda: explanation_document("x", "text"),
            TypeError,
            "e must be an Explanation (charsim.explain(candidate, references)), got str",
        ),
        (lambda: explanation_data(None), TypeError, "e must be an Explanation"),
        (
            lambda: score_rows([("a", ["a"])], executor=1),
            TypeError,
            "executor must be None or a concurrent.futures.Executor (what has submit), got int",
        ),
        (
            lambda: score_rows([("a", ["a"])], keep_scores="no"),
            TypeError,
            "keep_scores must be a bool, got str",
        ),
        (
            lambda: score_part([("a", ["a"])], keep_scores=1),
            TypeError,
            "keep_scores must be a bool, got int",
        ),
        (
            lambda: charsim.score("a", ["a"], casefold="yes"),
            TypeError,
            "casefold must be a bool, got str",
        ),
        (
            lambda: combine_parts(["x"]),
            TypeError,
            "parts[0] must be a CorpusPart (what score_part returns), got str",
        ),
        (
            lambda: combine_parts(None),
            TypeError,
            "parts must be an iterable of CorpusPart, got NoneType",
        ),
        (
            lambda: common_nrefs("abc"),
            TypeError,
            "references must be a sequence of reference sets, got str",
        ),
        (
            lambda: common_nrefs(["ab"]),
            TypeError,
            "references[0] must be a sequence of str (a reference set), got str",
        ),
        (lambda: charsim.ngram_count(None, 3), TypeError, "length must be an int, got NoneType"),
        # yes/no options, thresholds and callbacks of any value (found beyond the list)
        (
            lambda: charsim.explain("a", ["a"], matches="no"),
            TypeError,
            "matches must be a bool, got str",
        ),
        (lambda: too_few_items(6, test="no"), TypeError, "test must be a bool, got str"),
        (lambda: significant(_RESULT, below="x"), TypeError, "below must be a number, got str"),
        (
            lambda: significant(_RESULT, below=float("nan")),
            ValueError,
            "below must be a p-value threshold in (0, 1] (0.05), got nan",
        ),
        (
            lambda: charsim.bootstrap_interval([0.5] * 6, resamples=50, progress=3),
            TypeError,
            "progress must be None or a callable (called with the count done), got int",
        ),
        (
            lambda: score_rows([("a", ["a"])], progress=3),
            TypeError,
            "progress must be None or a callable",
        ),
        (
            lambda: score_rows([("a", ["a"])], systems=0),
            ValueError,
            "systems must be a whole number of at least 1, got 0",
        ),
        (lambda: item_moved(1.5, "A", ["a"]), TypeError, "index must be an int, got float"),
        (
            lambda: item_moved(0, "A", ["a"], raw="x"),
            TypeError,
            "raw must be None or a number (the item's raw score), got str",
        ),
    ],
)
def test_a_bad_argument_is_named(call, error, message):
    """Each gave an AttributeError, Python's own message (``object of type 'generator' has no
    len()``, ``slice indices must be integers``), a wrong file name (``r: cannot be read`` for
    ``"ref.txt"``), or a result (a str split into letters; no systems, rows with none) (issue
    25)."""
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value).startswith(message)


def test_compare_takes_the_variant_and_names_an_unknown_setting():
    """``compare(variant="max")`` said "explain() got an unexpected keyword argument"."""
    pytest.importorskip("sacrebleu")
    from charsim.compare import compare

    best = compare("a b", ["a", "a b c"], variant="max").scores[0]
    e = charsim.explain("a b", ["a", "a b c"])
    assert (best.score, best.signature) == (
        float(e.max_score),
        charsim.signature(variant="max", nrefs=2),
    )
    assert compare("a b", ["a", "a b c"]).scores[0].score == float(e.score)
    with pytest.raises(ValueError, match="variant must be one of"):
        compare("a", ["a"], variant="median")
    with pytest.raises(TypeError, match="^compare\\(\\) got an unexpected keyword argument 'cap'"):
        compare("a", ["a"], cap=3)


def test_fragility_takes_one_metric_name_whole():
    """``metrics="chrf"`` was split into the letters c, h, r, f."""
    one = fragility("the cat", ["The cat"], metrics="chrf")
    both = fragility("the cat", ["The cat"], metrics=("charsim", "chrf"))
    assert one == both


def test_a_table_is_not_a_reference_set():
    """A DataFrame iterates over its column labels: scoring against them would be a wrong score
    with no error (found by the newcomer's attack)."""
    table = pd.DataFrame({"a": ["the cat"]})
    with pytest.raises(TypeError, match="got DataFrame"):
        charsim.score("the ca", table)
    with pytest.raises(TypeError, match="got DataFrame"):
        charsim.ReferenceSet(table)
    assert charsim.score("the ca", table["a"]) == charsim.score("the ca", ["the cat"])


@pytest.mark.parametrize(
    ("systems", "references", "message"),
    [
        (["ab"], [["a"], ["b"]], "system 1 must be a sequence of str"),
        ("ab", [["a"], ["b"]], "systems must be a sequence"),
        ((s for s in [["a"]]), [["a"]], "systems must be a sequence"),
        ([["a"]], (r for r in [["a"]]), "references must be a sequence"),
    ],
)
def test_score_systems_refuses_a_text_or_an_iterator_for_a_sequence(systems, references, message):
    with pytest.raises(TypeError, match=message):
        score_systems(systems, references)

"""charsim as a Hugging Face ``evaluate`` metric, loaded from this folder's path.

``evaluate.load(str(charsim.resources.evaluate_module()))`` loads it (the charsim package carries
it; in a checkout, ``evaluate.load("integrations/evaluate/charsim")`` from the repository's root).

The module follows ``evaluate``'s metric-module layout (this file, named as its folder, holding one
:class:`evaluate.Metric` subclass, and the metric card ``README.md`` beside it) and scores through
charsim's public API only (``charsim.summarize``, ``charsim.corpus.CorpusResult``,
``charsim.signature``): no part of the metric is computed here.

How the inputs map to charsim (see the metric card for the why):

* each prediction is a candidate text ``t``; its entry of ``references`` (a list of ``str``, or
  one ``str`` for one reference) is that item's reference set, ``K >= 1`` texts, which may differ
  from item to item (the signature then says ``nrefs:var``). Unlike chrF's ``evaluate`` module,
  the references are not transposed into sacreBLEU's streams, so no item needs the same ``K``.
* ``charsim`` is the corpus score the ``charsim`` command prints: the exact mean of the item
  scores, rounded once (§3.1); for one prediction it is ``charsim.score(prediction, references)``.

Why one input layout (:meth:`Charsim._info`): ``evaluate`` picks one of a module's
``datasets.Features`` by the *first* item alone and encodes every other item with it
(``EvaluationModule._infer_feature_from_batch``, then ``Features.encode_batch``), and ``datasets``
encodes a ``str`` under ``Sequence(Value("string"))`` as the list of its characters, and a list
under ``Value("string")`` as its ``repr``: with two layouts, ``references=[["cat"], "cat"]``
scored the second item against ``["c", "a", "t"]``, and ``["cat", ["cat", "a"]]`` against the
text ``"['cat', 'a']"``. The module declares one layout, a list of texts per item, and turns a
``str`` into a set of one reference itself before ``evaluate`` sees the item
(:func:`_reference_sets`). ``evaluate`` stores the texts as Arrow strings (UTF-8): a text holding
a lone surrogate, which ``charsim.score`` scores, is refused with one line.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence

import datasets
import evaluate

import charsim
from charsim.corpus import CorpusResult, common_nrefs

_CITATION = """\
@software{charsim,
    title = "charsim: a tuning-free character n-gram similarity metric (reference implementation)",
    note = "Section numbers (\\S) in the documentation refer to the article that defines charsim",
}
"""

_DESCRIPTION = """\
charsim compares a candidate text with a set of references through the character n-grams they
share: every order n = 1..32 with a begin and an end boundary, order n weighed by 1/n, with no
smoothing and no beta to choose. It scores min(P, R): a candidate shorter than the mean reference
is scored by recall, a longer one by precision, so fragments and padding both lose. Characters are
Unicode code points; whitespace and case count. This module calls the charsim package (its
reference implementation); the corpus score is the mean of the item scores, as the charsim command
prints it, with the signature that records how it was computed.
"""

_KWARGS_DESCRIPTION = """
Scores predictions against their references with charsim.

Args:
    predictions (list of str): the candidate texts, one per item.
    references (list of list of str, or list of str): per prediction, its reference set (one or
        more texts; the number may differ between items). A plain str stands for one reference;
        the two may be mixed.
    max_order (int): the order cap, 1 to 64. Defaults to 32 (the article's setting; any other
        value is a derived variant, recorded in the signature).
    weights (str): "harmonic" (1/n, the article's setting) or "uniform" (a derived variant).
    normalize (str or None): explicit Unicode normalisation of every text ("NFC", "NFKC", ...).
        Defaults to None (texts as given).
    casefold (bool): explicit case folding of every text. Defaults to False.
    fold_whitespace_quotes (bool): explicit whitespace and curly-quote folding of every text.
        Defaults to False.
    sentence_level (bool): also return each item's scores, in order. Defaults to False.

Returns:
    'charsim' (float): the corpus score in [0, 1], the mean of the item scores.
    'precision' (float or None): the mean of the items' P = M / L_t (None if no item has one:
        P is undefined for an empty prediction).
    'recall' (float or None): the mean of the items' R = M / L_r (undefined where every
        reference is empty).
    'signature' (str): how the numbers were computed, as the charsim command prints it.
    'n_items' (int): the number of predictions.
    With sentence_level=True also 'sentence_charsim', 'sentence_precision' and
    'sentence_recall': one value (or None) per prediction.

Raises:
    ValueError: no predictions; invalid settings; predictions and references of different
        lengths (evaluate's check); a prediction or a reference that is not a str, such as None
        (the message names it by its index, counting from 0: predictions[0], references[0][1]);
        or an item with no reference, a charsim.UndefinedScoreError (names references[i]).
    TypeError: a setting of the wrong type.

Examples:
    >>> charsim_metric = evaluate.load(str(charsim.resources.evaluate_module()))
    >>> results = charsim_metric.compute(predictions=["ca"], references=[["cat"]])
    >>> round(results["charsim"], 4), round(results["recall"], 4)
    (0.4975, 0.4975)
"""

_NO_PREDICTIONS = "no predictions: a corpus of no items has no charsim score"
_OPTIONS = ("max_order", "weights", "normalize", "casefold", "fold_whitespace_quotes")


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class Charsim(evaluate.Metric):
    """charsim as an ``evaluate`` metric (see the module's docstring and the metric card)."""

    def _info(self) -> evaluate.MetricInfo:
        """The metric's card data: description, citation, inputs and the one input layout, a
        list of texts per prediction (a ``str`` given for an item is made a list of one before
        ``evaluate`` sees it: the module's docstring says why)."""
        text = datasets.Value("string", id="sequence")
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": text, "references": datasets.Sequence(text, id="references")}
            ),
            reference_urls=[],
        )

    def compute(self, *, predictions=None, references=None, **kwargs) -> dict | None:
        """:meth:`evaluate.EvaluationModule.compute`, which refuses an empty list of predictions
        and each bad item with a one-line error naming it (evaluate's own check of the input's
        format fails on no predictions with an ``IndexError``, and on a None with a message of
        several lines that names no item).

        Raises:
            ValueError: ``predictions`` is empty; an item's bad value (:func:`_check_items`);
                and as in :meth:`_compute`.
        """
        if predictions is not None and len(predictions) == 0:
            raise ValueError(_NO_PREDICTIONS)
        _check_items(predictions, references)
        references = _reference_sets(references)
        return super().compute(predictions=predictions, references=references, **kwargs)

    def add_batch(self, *, predictions=None, references=None, **kwargs) -> None:
        """:meth:`evaluate.EvaluationModule.add_batch`, which first refuses a bad item with a
        one-line error naming it by its index in this batch.

        Raises:
            ValueError: as :func:`_check_items`; and as evaluate's ``add_batch``.
        """
        _check_items(predictions, references)
        references = _reference_sets(references)
        super().add_batch(predictions=predictions, references=references, **kwargs)

    def add(self, *, prediction=None, reference=None, **kwargs) -> None:
        """:meth:`evaluate.EvaluationModule.add`, which first refuses a bad item with a
        one-line error.

        Raises:
            ValueError: as :func:`_check_items`, naming ``prediction`` or ``reference``; and as
                evaluate's ``add``.
        """
        problem = _item_problem(prediction, reference, "prediction", "reference", "the item")
        if problem:
            raise problem
        reference = [reference] if isinstance(reference, str) else reference
        super().add(prediction=prediction, reference=reference, **kwargs)

    def _compute(
        self,
        predictions: Sequence[str],
        references: Sequence[Sequence[str] | str],
        sentence_level: bool = False,
        **options,
    ) -> dict:
        """The corpus score, mean P and R and the signature.

        Args:
            predictions, references, sentence_level: as in the card (``_KWARGS_DESCRIPTION``).
            **options: charsim's settings, each as in :func:`charsim.score` (the article's by
                default): ``max_order``, ``weights``, ``normalize``, ``casefold``,
                ``fold_whitespace_quotes``.

        Raises:
            ValueError: no predictions, or invalid settings; an item's bad value or empty
                reference set (:func:`_check_items`), naming the item from 0.
            TypeError: an unknown or mistyped setting, or a ``sentence_level`` that is not a
                bool.
        """
        sentence_level = _truth_value(sentence_level, "sentence_level")
        if not predictions:
            raise ValueError(_NO_PREDICTIONS)
        _check_items(predictions, references)  # what add_batch and add were given, together
        if unknown := sorted(set(options) - set(_OPTIONS)):
            raise TypeError(f"unknown settings {unknown}: charsim's are {', '.join(_OPTIONS)}")
        reference_sets = [[refs] if isinstance(refs, str) else list(refs) for refs in references]
        signature = charsim.signature(nrefs=common_nrefs(reference_sets), **options)  # checks them
        items = []
        pairs = zip(predictions, reference_sets, strict=True)  # evaluate checked the lengths
        for index, (prediction, refs) in enumerate(pairs):
            try:
                items.append(charsim.summarize(prediction, refs, **options))
            except (TypeError, ValueError) as error:
                raise type(error)(f"item {index} (predictions[{index}]): {error}") from None
        corpus = CorpusResult(tuple(item.score for item in items), signature)
        precisions = [item.precision for item in items]
        recalls = [item.recall for item in items]
        results = {
            "charsim": corpus.score,
            "precision": _mean(precisions),
            "recall": _mean(recalls),
            "signature": corpus.signature,
            "n_items": corpus.n_items,
        }
        if sentence_level:
            results.update(
                sentence_charsim=list(corpus.scores),
                sentence_precision=precisions,
                sentence_recall=recalls,
            )
        return results


def _check_items(predictions: object, references: object) -> None:
    """Refuse the first bad item of ``predictions`` and ``references``, naming it by its index
    (counting from 0, as ``predictions[i]`` indexes it). Lists of different lengths, or one
    missing, are left to evaluate's own check, which says so.

    Raises:
        ValueError: a prediction that is not a ``str``; references that are neither a ``str``
            nor a sequence of ``str`` (None among them); or
            :class:`charsim.UndefinedScoreError` (a ``ValueError``): an empty reference set.
    """
    try:
        if predictions is None or references is None or len(predictions) != len(references):
            return
    except TypeError:  # no length: evaluate says what it expects
        return
    for index, (prediction, refs) in enumerate(zip(predictions, references, strict=True)):
        where = (f"predictions[{index}]", f"references[{index}]", f"item {index}")
        problem = _item_problem(prediction, refs, *where)
        if problem:
            raise problem


def _reference_sets(references: object) -> object:
    """``references`` with each item's ``str`` made a list of one reference and every other
    item's references a list: the module's one input layout (its docstring says why). A value
    that is not a list of items is left to evaluate's own check."""
    if references is None or isinstance(references, str | bytes | dict):
        return references
    try:
        return [[refs] if isinstance(refs, str) else list(refs) for refs in references]
    except TypeError:
        return references


_SURROGATE = re.compile("[\ud800-\udfff]")


def _text_problem(text: str, name: str) -> ValueError | None:
    """The error for a text that evaluate cannot store (None: it can): one that holds a lone
    surrogate (a code point U+D800..U+DFFF, which UTF-8 cannot encode)."""
    found = _SURROGATE.search(text)
    if found is None:
        return None
    return ValueError(
        f"{name} holds U+{ord(found[0]):04X} at character {found.start()}, a lone surrogate: "
        "evaluate stores texts as UTF-8, which cannot hold it (charsim.score scores it)"
    )


def _item_problem(
    prediction: object, refs: object, prediction_name: str, references_name: str, item: str
) -> ValueError | None:
    """The error to raise for what is wrong with one item, its message naming it (None:
    nothing is): a ``ValueError``, as evaluate's own refusal of a value that is not text, or
    :class:`charsim.UndefinedScoreError` for an empty reference set."""
    if not isinstance(prediction, str):
        return ValueError(
            f"{prediction_name} is {_kind(prediction)}, not a str: a prediction is one text"
        )
    if problem := _text_problem(prediction, prediction_name):
        return problem
    if isinstance(refs, str):
        return _text_problem(refs, references_name)
    if refs is None or isinstance(refs, bytes | bytearray | dict):
        return ValueError(
            f"{references_name} is {_kind(refs)}: give {item} its references, a "
            "list of str (or one str)"
        )
    try:
        refs = list(refs)
    except TypeError:
        return ValueError(f"{references_name} is {_kind(refs)}, not a list of str (or one str)")
    for position, reference in enumerate(refs):
        if reference is None:
            return ValueError(
                f"{references_name}[{position}] is None, not a str: give {item} "
                "only the references it has (their number may differ between "
                "items)"
            )
        if not isinstance(reference, str):
            return ValueError(f"{references_name}[{position}] is {_kind(reference)}, not a str")
        if problem := _text_problem(reference, f"{references_name}[{position}]"):
            return problem
    if not refs:
        return charsim.UndefinedScoreError(
            f"{references_name} is empty: {item} has no reference, and charsim is undefined for "
            'an empty reference set (K = 0); give it at least one ("" is an empty reference, '
            "which is defined, §1.1, §3.1)"
        )
    return None


def _truth_value(value: object, name: str) -> bool:
    """``value`` as a ``bool``: ``True`` or ``False``, or numpy's ``bool_`` (what a comparison of
    arrays gives), never a number or a text (``"no"`` is true to Python).

    Raises:
        TypeError: ``value`` is not a truth value (``sentence_level must be a bool, got str``).
    """
    kind = type(value)
    if kind is bool or (kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")):
        return bool(value)
    raise TypeError(f"{name} must be a bool, got {kind.__name__}")


def _kind(value: object) -> str:
    """``None``, or ``a value of type int``: what a value is, in a message."""
    return "None" if value is None else f"a value of type {type(value).__name__}"


def _mean(values: list[float | None]) -> float | None:
    """The mean of the values that are defined (not None), or None if none is."""
    defined = [value for value in values if value is not None]
    return statistics.fmean(defined) if defined else None

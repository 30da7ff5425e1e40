"""The worked-example exports: Markdown, LaTeX and JSON give back charsim.explain's exact
fractions, and user text survives each format's escaping."""

import json
import re
from fractions import Fraction

import pytest

import charsim
from charsim.compare import MetricScore, compare
from charsim.compare import metrics as compare_metrics
from charsim.compare.sacrebleu import MetricResult
from charsim.render.export import explanation_blocks, explanation_data, explanation_document
from charsim.render.formats import latex_escape, markdown_escape
from charsim.render.report import (
    VARIANT_QUANTITY,
    terminal_report,
    text_rows,
    variant_first,
    variant_signature,
)

HOSTILE = "a | b\\c `d` *e* _f_ [g](h) <i> ~j~ &amp; & $k$ {l} #m ^n %o \u00a0p\nq\t"
ITEMS = [
    ("ca", ["cat"]),
    ("a", ["a", "abcdefghij"]),
    ("", ["", "a"]),
    (HOSTILE, [HOSTILE[::-1], "a|b"]),
    ("犬が走った", ["犬が走っている"]),
]


def _cells(row: str, split: str) -> list[str]:
    """A Markdown row's cells, backslash escapes undone (the reverse of markdown_escape)."""
    cells, cell, chars = [], "", iter(row.strip()[1:-1] if split == "|" else row)
    for char in chars:
        if char == "\\":
            cell += next(chars)
        elif char == split:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += char
    return [*cells, cell.strip()]


def markdown_tables(text: str) -> list[list[list[str]]]:
    tables, current = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            if not line.startswith("|---"):
                current.append(_cells(line, "|"))
        elif current:
            tables.append(current)
            current = []
    return tables


_LATEX_UNESCAPE = {
    r"\textbackslash{}": "\\",
    r"\{": "{",
    r"\}": "}",
    r"\$": "$",
    r"\&": "&",
    r"\#": "#",
    r"\textasciicircum{}": "^",
    r"\_": "_",
    r"\%": "%",
    r"\textasciitilde{}": "~",
    r"\textless{}": "<",
    r"\textgreater{}": ">",
    r"\textbar{}": "|",
    r"\newline{}": "\n",
    r"\textquotesingle{}": "'",
    r"\textasciigrave{}": "`",
    r"\textquotedbl{}": '"',
    "-{}": "-",
}
_LATEX_TOKEN = re.compile("|".join(map(re.escape, sorted(_LATEX_UNESCAPE, key=len, reverse=True))))


def latex_tables(text: str) -> list[list[list[str]]]:
    tables = []
    for body in re.findall(
        r"\\begin\{tabular\}\{l(?:r|p\{[^}]*\})*\}\n(.*?)\\end\{tabular\}", text, re.S
    ):
        rows = [line.removesuffix(r" \\") for line in body.splitlines() if line != r"\hline"]
        tables.append([row.split(" & ") for row in rows])
    return tables


def latex_value(cell: str) -> Fraction | str:
    """An exact LaTeX cell back as a Fraction; a text cell unescaped."""
    if match := re.fullmatch(r"\$(-?)\\frac\{(\d+)\}\{(\d+)\}\$", cell):
        return Fraction(int(match[2]), int(match[3])) * (-1 if match[1] else 1)
    if match := re.fullmatch(r"\$(-?\d+)\$", cell):
        return Fraction(int(match[1]))
    return _LATEX_TOKEN.sub(lambda m: _LATEX_UNESCAPE[m[0]], cell)


QUANTITIES = [
    "score",
    "precision",
    "recall",
    "mean_overlap",
    "candidate_length",
    "mean_reference_length",
    "denominator",
    "length_bound",
    "base_score",
    "max_score",
]


def _expected(e):
    quantities = [getattr(e, name) for name in QUANTITIES]
    orders = [(o.weight, o.mean_overlap, o.mean_reference_count, o.contribution) for o in e.orders]
    references = [(d.weighted_overlap, d.weighted_length, d.score) for d in e.reference_details]
    return quantities, orders, references


def _exact(text: str) -> Fraction | None:
    return None if text == "—" else Fraction(text)


@pytest.mark.parametrize("candidate, references", ITEMS)
def test_markdown_round_trips_the_exact_fractions_and_the_texts(candidate, references):
    e = charsim.explain(candidate, references)
    texts, quantities, orders, by_reference = markdown_tables(explanation_document(e, "markdown"))
    assert [row[1] for row in texts[1:]] == [repr(candidate), *map(repr, references)]
    assert all(len(row) == 2 for row in texts)  # no pipe of the text split a cell
    expected_quantities, expected_orders, expected_references = _expected(e)
    assert [_exact(row[2]) for row in quantities[1:-1]] == expected_quantities
    got_orders = [
        (Fraction(r[1]), Fraction(r[2]), Fraction(r[4]), _exact(r[6])) for r in orders[1:]
    ]
    assert got_orders == expected_orders
    got = [(Fraction(r[1]), Fraction(r[2]), Fraction(r[4])) for r in by_reference[1:]]
    assert got == expected_references


@pytest.mark.parametrize("candidate, references", ITEMS)
def test_latex_round_trips_the_exact_fractions_and_the_texts(candidate, references):
    e = charsim.explain(candidate, references)
    document = explanation_document(e, "latex")
    texts, quantities, orders, by_reference = latex_tables(document)
    # the texts in a left-aligned paragraph column, not right-aligned
    assert document.startswith("\\begin{tabular}{lp{0.6\\linewidth}}\n")
    assert [latex_value(row[1]) for row in texts[1:]] == [repr(candidate), *map(repr, references)]
    assert all(len(row) == 2 for row in texts)  # no & of the text split a cell
    expected_quantities, expected_orders, expected_references = _expected(e)
    got = [None if row[2] == "---" else latex_value(row[2]) for row in quantities[1:-1]]
    assert got == expected_quantities
    got_orders = [
        tuple(None if r[i] == "---" else latex_value(r[i]) for i in (1, 2, 4, 6))
        for r in orders[1:]
    ]
    assert got_orders == expected_orders
    got = [tuple(latex_value(r[i]) for i in (1, 2, 4)) for r in by_reference[1:]]
    assert got == expected_references


@pytest.mark.parametrize("candidate, references", ITEMS)
def test_json_round_trips_the_exact_fractions(candidate, references):
    e = charsim.explain(candidate, references)
    data = json.loads(json.dumps(explanation_data(e, note="none")))
    expected_quantities, expected_orders, expected_references = _expected(e)
    assert [_fraction(data[name]["exact"]) for name in QUANTITIES] == expected_quantities
    assert [data[name]["value"] for name in QUANTITIES] == [
        None if q is None else float(q) for q in expected_quantities
    ]
    got = [
        tuple(
            _fraction(o[k])
            for k in ("weight", "mean_overlap", "mean_reference_count", "contribution")
        )
        for o in data["orders"]
    ]
    assert got == expected_orders
    got = [
        (
            Fraction(d["weighted_overlap"]),
            Fraction(d["weighted_length"]),
            Fraction(d["score"]["exact"]),
        )
        for d in data["reference_details"]
    ]
    assert got == expected_references
    assert (data["candidate"], data["references"]) == (candidate, references)
    assert data["decision"] == e.decision.value and data["comparison"] is None
    assert data["comparison_note"] == "none"


def _fraction(text):
    return None if text is None else Fraction(text)


def test_comparison_in_every_format():
    c = compare("the cat sat on the mat", ["the cat is on the mat", "a cat sat on a mat"])
    e = c.explanation
    data = explanation_data(e, c)["comparison"]
    assert Fraction(data["chrf"]["f_beta"]) == c.chrf.f_beta
    assert [s["score"] for s in data["scores"]] == [s.score for s in c.scores]
    assert [d["key"] for d in data["differences"]] == [d.key for d in c.differences]
    markdown = markdown_tables(explanation_document(e, "markdown", c))
    combined = next(t for t in markdown if t[0][0] == "" and t[0][-1] == "charsim")
    assert [Fraction(r[1]) for r in combined[1:] if r[0] != "combined"] == [
        c.chrf.precision,
        c.chrf.recall,
        c.chrf.f_beta,
    ]
    latex = latex_tables(explanation_document(e, "latex", c))
    scores = next(t for t in latex if t[0] == ["metric", "score", "signature"])
    assert [latex_value(r[2]) for r in scores[1:]] == [s.signature for s in c.scores]
    for d in c.differences:
        assert markdown_escape(d.sentence) in explanation_document(e, "markdown", c)
        assert latex_escape(d.sentence) in explanation_document(e, "latex", c)


def test_a_comparison_without_ter_says_why_after_its_scores():
    c = compare("the cat sat", ["the cat is", "a cat sat"], ter=False)
    note = "TER was left out: too long."
    markdown = explanation_document(c.explanation, "markdown", c, note)
    tables = markdown_tables(markdown)
    scores = next(t for t in tables if t[0] == ["metric", "score", "signature"])
    assert [r[0] for r in scores[1:]] == ["charsim", "chrF2", "chrF2++", "BLEU"]
    assert markdown.index(note) > markdown.index("| BLEU |")
    references = next(t for t in tables if t[0][0] == "reference (§5.3)")
    assert references[0][-1] == "BLEU words" and "TER" not in markdown.split(note)[1]
    data = explanation_data(c.explanation, c, note)
    assert data["comparison"]["ter"] is None and data["comparison_note"] == note
    assert "TER" not in explanation_document(c.explanation, "text", c)


def test_without_a_comparison_the_note_says_why():
    e = charsim.explain("a", ["a"])
    for fmt in ("text", "markdown", "latex"):
        assert (
            explanation_document(e, fmt, note="sacreBLEU is not installed")
            .rstrip()
            .endswith("sacreBLEU is not installed" + (r" \par" if fmt == "latex" else ""))
        )


def test_escaping_of_each_special_character():
    assert markdown_escape("|\\`*_[]<>~&$") == "\\|\\\\\\`\\*\\_\\[\\]\\<\\>\\~\\&\\$"
    assert markdown_escape("a\nb") == "a<br>b"
    assert latex_escape("\\{}$&#^_%~") == (
        r"\textbackslash{}\{\}\$\&\#\textasciicircum{}\_\%\textasciitilde{}"
    )
    # quotes and dashes as typed, not as LaTeX's typographic ones (‘it’s’, “”, –, —)
    assert latex_escape("'it's' `x` \"y\" a--b---c") == (
        r"\textquotesingle{}it\textquotesingle{}s\textquotesingle{} \textasciigrave{}x"
        r"\textasciigrave{} \textquotedbl{}y\textquotedbl{} a-{}-{}b-{}-{}-{}c"
    )


@pytest.mark.parametrize("variant", ["mean", "base", "max"])
@pytest.mark.parametrize(("candidate", "references"), ITEMS)
def test_both_plain_texts_say_the_same_texts_signature_and_leading_score(
    candidate, references, variant
):
    """The command line's ``--explain`` report and the worked example's text are two layouts on
    purpose; what they share comes from one place, charsim.render.report."""
    e = charsim.explain(candidate, references)
    report = terminal_report(e, variant=variant).splitlines()
    blocks = explanation_blocks(e, variant)
    assert blocks[0].rows == text_rows(e)
    assert report[: len(text_rows(e))] == [f"{label:<10} {text}" for label, text in text_rows(e)]
    assert report[len(text_rows(e))] == f"signature  {variant_signature(e, variant)}"
    assert blocks[1].cells == ("signature:", variant_signature(e, variant))
    leading = getattr(e, VARIANT_QUANTITY[variant])
    assert report[len(text_rows(e)) + 1].endswith(f"({leading})")
    assert blocks[2].rows[0][2] == leading
    first = variant_first(["score", "base_score", "max_score"], variant)[0]
    assert first == VARIANT_QUANTITY[variant]


def test_a_systems_result_is_an_items_score_with_the_item_scores():
    """MetricResult (one system's corpus score) extends MetricScore (one item's); both
    stay importable where they were."""
    assert compare_metrics.MetricScore is MetricScore and issubclass(MetricResult, MetricScore)
    result = MetricResult("bleu", "BLEU", 12.5, "nrefs:1", (10.0, 15.0), "nrefs:1|eff:yes")
    assert (result.metric, result.name, result.score, result.signature) == (
        "bleu",
        "BLEU",
        12.5,
        "nrefs:1",
    )
    assert MetricResult("ter", "TER", 1.0, "s").scores is None
    assert MetricResult("ter", "TER", 1.0, "s") != MetricScore("ter", "TER", 1.0, "s")

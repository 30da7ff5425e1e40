"""What a notebook shows for charsim's results: ``_repr_html_`` (Jupyter's display protocol) and a
one-line ``repr``.

Every result a notebook holds renders as HTML with the user's texts escaped (a ``<script>`` in a
candidate is shown, never run), the explanation with its boundary-marked shared n-grams and its
exact values; and each ``repr`` is one readable line, not a dump of every field.
"""

import html
from fractions import Fraction

import pytest
from IPython.core.formatters import DisplayFormatter

import charsim
from charsim.compare import compare
from charsim.corpus import score_systems
from charsim.metric.display import RichDisplay, class_path, registered_html
from charsim.render.formats import Paragraph, render

SCRIPT = "<script>alert(1)</script>"
CANDIDATE = f"{SCRIPT} ca"
"""A candidate that a careless renderer would run."""

BASELINE = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
SYSTEM = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.9)


def results():
    """One of each result a notebook holds, each with ``CANDIDATE`` among its inputs."""
    metric = charsim.CharSim()
    return {
        "Explanation": charsim.explain(CANDIDATE, ["cat", SCRIPT]),
        "Comparison": compare(CANDIDATE, ["cat"]),
        "CorpusResult": score_systems([[CANDIDATE, "cat"]], [["cat"], ["cat"]])[0],
        "PairedResult (bs)": charsim.paired_bootstrap(BASELINE, SYSTEM, resamples=100),
        "PairedResult (ar)": charsim.paired_randomization(BASELINE, SYSTEM, trials=100),
        "CharSimScore (sentence)": metric.sentence_score(CANDIDATE, ["cat"]),
        "CharSimScore (corpus)": metric.corpus_score([CANDIDATE] * 6, [["cat"] * 6], 100),
    }


RESULTS = results()


@pytest.mark.parametrize("name", RESULTS)
def test_every_result_renders_as_escaped_html_and_a_one_line_repr(name):
    result = RESULTS[name]
    fragment = result._repr_html_()
    assert fragment.startswith('<div class="charsim-result">') and fragment.endswith("</div>")
    assert "<script" not in fragment
    assert "\n" not in repr(result) and len(repr(result)) < 300
    # what a notebook's display machinery picks: the HTML and the repr
    shown, _ = DisplayFormatter().format(result)
    assert shown["text/html"] == fragment and shown["text/plain"] == repr(result)


@pytest.mark.parametrize("name", ["Explanation", "Comparison"])
def test_the_candidate_is_shown_escaped(name):
    fragment = RESULTS[name]._repr_html_()
    assert html.escape(repr(CANDIDATE)) in fragment  # a literal: quotes show its ends


def test_the_explanation_shows_its_exact_values_and_boundary_marked_matches():
    """§3.4: "ca" against "cat"."""
    e = charsim.explain("ca", ["cat"])
    fragment = e._repr_html_()
    assert "<h4>charsim = 0.4975 (100/201): recall decides</h4>" in fragment
    for value in ("100/201", "40/53", "10/3", "53/12", "67/10"):  # score, P, R, M̄, L_t, L̄_r
        assert f'<td style="text-align:right">{value}</td>' in fragment
    assert html.escape(charsim.Decision.RECALL.description) in fragment
    # the per-order contributions m̄_n / (n D), exact (§4.4)
    assert [o.contribution for o in e.orders] == [
        Fraction(20, 67),
        Fraction(10, 67),
        Fraction(10, 201),
        0,
        0,
    ]
    for o in e.orders:
        assert f'<td style="text-align:right">{o.contribution}</td>' in fragment
    # the shared n-grams by order, the begin boundary drawn as ⟨^⟩
    for n, shown in ((1, "'c'  'a'"), (2, "'⟨^⟩c'  'ca'"), (3, "'⟨^⟩ca'")):
        cell = f'<td style="text-align:left">{n}</td><td style="text-align:left">'
        assert cell + html.escape(shown) + "</td>" in fragment


def test_a_typed_caret_is_not_a_boundary():
    fragment = charsim.explain("^a$", ["^a$"])._repr_html_()
    assert html.escape("'⟨^⟩^'") in fragment and html.escape("'$⟨$⟩'") in fragment


def test_an_explanation_without_listed_matches_says_so():
    fragment = charsim.explain("ca", ["cat"], matches=False)._repr_html_()
    assert "The shared n-grams were not listed" in fragment
    assert "shares no n-gram" in charsim.explain("a", ["b"])._repr_html_()


def test_the_reprs_are_readable_lines():
    assert repr(charsim.explain("ca", ["cat"])) == (
        "Explanation(charsim = 0.4975 = 100/201, P = 0.7547, R = 0.4975, recall decides; "
        "candidate 'ca', 1 reference, N = 5)"
    )
    assert repr(charsim.explain("", [""])) == (
        "Explanation(charsim = 1.0000 = 1, P = —, R = —, all-empty decides; "
        "candidate '', 1 reference, N = 2)"
    )
    long = repr(charsim.explain("x" * 10_000, ["x"]))
    assert "..." in long and len(long) < 200 and "charsim = 0.0000, P = 0.0000" in long
    corpus = score_systems([["ca", "cat"]], [["cat"], ["cat"]])[0]
    assert repr(corpus) == (
        f"CorpusResult(score=0.7488, n_items=2, signature={charsim.signature(nrefs=1)!r}; "
        "item scores kept)"
    )
    # 7 items: the bootstrap's p is shown without * (MIN_BOOTSTRAP_ITEMS), the randomization's with
    assert repr(RESULTS["PairedResult (bs)"]) == (
        "PairedResult(bs: Δ = +0.1143, p = 0.0156, CI +0.1000 to +0.1429, 100 samples, seed 12345)"
    )
    assert repr(RESULTS["PairedResult (ar)"]) == (
        "PairedResult(ar: Δ = +0.1143, p = 0.0297*, 100 samples, seed 12345)"
    )
    chrf = RESULTS["Comparison"].score("chrf").score
    assert repr(RESULTS["Comparison"]).startswith(
        f"Comparison(charsim {charsim.score(CANDIDATE, ['cat']):.4f}, chrF2 {chrf:.2f}, "
    )


def test_the_paired_and_corpus_html_hold_their_numbers():
    paired = RESULTS["PairedResult (bs)"]._repr_html_()
    assert "<h4>Δ = +0.1143  (p = 0.0156)</h4>" in paired  # no * on 7 items (bootstrap)
    assert "+0.1000 to +0.1429 (μ = +0.1123 ± 0.0214, 95%)" in paired
    corpus = RESULTS["CharSimScore (corpus)"]
    fragment = corpus._repr_html_()
    assert f"<h4>{html.escape(str(corpus))}</h4>" in fragment and "(μ = " in str(corpus)
    assert html.escape(corpus.signature) in fragment and "bs:100|seed:12345" in fragment
    sentence = charsim.CharSim().sentence_score("ca", ["cat"])._repr_html_()
    assert "0.754717 (40/53)" in sentence and "0.497512 (100/201)" in sentence


def test_every_registered_renderer_names_a_displayed_class():
    """The renderers are registered by class path: a class that moves must take its path along."""
    import importlib

    for path in registered_html():
        module, _, name = path.rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        assert issubclass(cls, RichDisplay) and class_path(cls) == path
    assert len(registered_html()) == 6


def test_a_result_without_a_renderer_shows_its_repr():
    class Plain(RichDisplay):
        pass

    assert Plain()._repr_html_() is None


def test_html_is_a_format_of_the_shared_renderer():
    assert render([Paragraph(("a < b & c",))], "html") == "<p>a &lt; b &amp; c</p>\n"
    with pytest.raises(ValueError, match="format must be one of"):
        render([], "rtf")

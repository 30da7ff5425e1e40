"""The notebook's component (``explorer.notebook.Explorer``), in CPython without a browser: it
builds and renders the single-item page on the given texts (their score, decision, per-order
contributions and matches), escapes user text, follows its state and refuses bad input."""

from __future__ import annotations

import io
from html import escape

import panel as pn
import pytest
from bokeh.models import ColumnDataSource

import charsim
from explorer.app.views.contributions import contribution_data
from explorer.notebook import Explorer

from ..data import TED

ITEM = 431  # TED item 432 of system 1: "Thank you. (Applause)" against "Thank you."
CANDIDATE = (TED / "ted.sys1.txt").read_text(encoding="utf-8").split("\n")[ITEM]
REFERENCE = (TED / "ted.ref.txt").read_text(encoding="utf-8").split("\n")[ITEM]
PAYLOADS = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>"]


def _html(component) -> list[str]:
    """The HTML of every HTML pane of ``component``'s page."""
    return [pane.object or "" for pane in pn.panel(component).select(pn.pane.HTML)]


def _score_card(component) -> str:
    (card,) = [html for html in _html(component) if 'data-testid="score-main"' in html]
    return card


def test_it_shows_the_given_texts_score_and_decision():
    assert (CANDIDATE, REFERENCE) == ("Thank you. (Applause)", "Thank you.")
    explorer = Explorer(CANDIDATE, [REFERENCE])
    card = _score_card(explorer)
    score = charsim.score(CANDIDATE, [REFERENCE])
    assert f"{score:.4f}" == "0.3751" and 'data-testid="score-main">0.3751<' in card
    assert "Precision decides" in card
    assert explorer.state.candidate == CANDIDATE and explorer.state.references == [REFERENCE]


def test_it_shows_the_per_order_contributions_and_the_matches():
    explorer = Explorer(CANDIDATE, [REFERENCE])
    root = pn.panel(explorer).get_root()
    (source,) = root.select({"type": ColumnDataSource, "name": "contributions-source"})
    assert source.data == contribution_data(charsim.explain(CANDIDATE, [REFERENCE]))
    # the n-gram view (order 1): the candidate's "T" is matched, its "(" is not
    (marked,) = [html for html in _html(explorer) if 'data-testid="text-candidate"' in html]
    assert '<span class="cs-char cs-hit" title="‘T’: candidate ×1' in marked
    assert '<span class="cs-char">(</span>' in marked


def test_it_renders_as_a_standalone_html_page():
    """Saved as a page (Bokeh's JSON of every model), it holds the score and the texts."""
    page = io.StringIO()
    pn.panel(Explorer(CANDIDATE, [REFERENCE])).save(page, resources="cdn", title="charsim")
    html = page.getvalue()
    assert html.startswith("<!DOCTYPE html>") and "0.3751" in html
    assert "Thank you. (Applause)" in html


@pytest.mark.parametrize("payload", PAYLOADS)
def test_user_text_is_escaped(payload):
    explorer = Explorer(f"Thank you. {payload}", [REFERENCE, payload])
    panes = _html(explorer)
    assert not [html for html in panes if "<script" in html or "<img" in html]
    assert any('">&lt;</span>' in html for html in panes)  # a character of the matches view
    page = io.StringIO()
    pn.panel(explorer).save(page, resources="cdn")
    assert payload not in page.getvalue()
    assert escape(payload, quote=False) in page.getvalue()  # in the text areas' values


def test_the_page_follows_its_state():
    explorer = Explorer("ca", ["cat"])
    assert 'data-testid="score-main">0.4975<' in _score_card(explorer)
    explorer.state.candidate = "cat"
    assert 'data-testid="score-main">1.0000<' in _score_card(explorer)
    explorer.state.set_inputs("a", [])
    assert not [html for html in _html(explorer) if 'data-testid="score-main"' in html]


def test_settings_and_language_reach_the_page():
    explorer = Explorer("ca", ["cat"], max_order=2, weights="uniform", language="ja")
    assert (explorer.state.max_order, explorer.state.weights) == (2, "uniform")
    assert explorer.text.language == "ja"
    score = charsim.score("ca", ["cat"], max_order=2, weights="uniform")
    assert f">{score:.4f}<" in _score_card(explorer) and "再現率がスコアを決めます" in _score_card(
        explorer
    )


BAD_INPUT = [
    # (candidate, references, settings, error, message)
    (b"ca", ["cat"], {}, TypeError, "^candidate must be a str, got bytes$"),
    ("ca", "cat", {}, TypeError, "^references must be a sequence of str, got str$"),
    ("ca", ["cat", 3], {}, TypeError, "^reference 2 must be a str, got int$"),
    ("ca", ["cat"], {"max_order": 0}, ValueError, "max_order"),
    ("ca", ["cat"], {"weights": "log"}, ValueError, "weights"),
    ("ca", ["cat"], {"language": "fr"}, ValueError, "language"),
]


@pytest.mark.parametrize("candidate, references, settings, error, message", BAD_INPUT)
def test_bad_input_is_named(candidate, references, settings, error, message):
    with pytest.raises(error, match=message):
        Explorer(candidate, references, **settings)


@pytest.mark.parametrize("payload", ["</script><script>alert(1)</script>", "<!--<script>"])
def test_the_notebook_display_keeps_user_text_inside_its_script(monkeypatch, payload):
    """Jupyter's HTML output: one script element, each ``<`` in it written ``\\u003c``; the
    text is still in it, as the same JavaScript string."""
    from panel.config import panel_extension

    monkeypatch.setattr(panel_extension, "_loaded", True)  # as pn.extension() in a notebook
    data, _ = Explorer(f"a {payload}", ["a"])._repr_mimebundle_()
    html = data["text/html"]
    head, _, script = html.partition('<script type="application/javascript">')
    assert script.endswith("</script>") and "<" not in script[: -len("</script>")]
    assert "<script" not in head
    expected = payload.replace("<", "\\u003c")
    assert f'"value":"a {expected}"' in script


def test_panels_notebook_script_has_no_less_than_sign_of_its_own():
    """``script_safe`` writes every ``<`` of the script as ``\\u003c``: the same JavaScript
    only while each ``<`` is in a string of the document's data, none in Panel's template."""
    from panel.io.notebook import DOC_NB_JS

    with open(DOC_NB_JS.filename, encoding="utf-8") as template:
        assert "<" not in template.read()


def test_the_notebook_draws_the_spans_people_marked():
    from charsim.agreement import ErrorSpan
    from explorer.app.views.judged import JudgedView

    error = ErrorSpan(4, 7, "Major", "Accuracy/Mistranslation", "rater1")
    explorer = Explorer("the cat", ["the hat"], spans=[error])
    view = JudgedView(explorer.state, explorer.text)
    assert "The errors people marked in the candidate (MQM)" in view._heading.object
    assert not view._switch.visible  # one text: nothing to switch to
    # "cat" marked: of it c is unmatched (a and t are in "the hat"), nothing else is
    assert "leaves 1 unmatched (33.3%); of the other 4, 0 (0.0%)" in view._drawing.object
    with pytest.raises(ValueError, match="outside the candidate's 7 characters"):
        Explorer("the cat", ["the hat"], spans=[ErrorSpan(4, 9, "Major", "Other", "r")])

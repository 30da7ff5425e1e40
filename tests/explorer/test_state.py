"""The explorer's state and pure helpers, without a browser."""

from fractions import Fraction

import pytest

import charsim
from explorer.app.i18n import Message, UIText
from explorer.app.page import create_app
from explorer.app.sources.examples import EXAMPLES
from explorer.app.sources.link import MAX_LINK_CHARS, LinkState, decode_link, encode_link
from explorer.app.sources.references import format_references, parse_references
from explorer.app.states.single import LIVE_LIMIT, MATCHES_LIMIT, ExplorerState


def test_default_state_explains_ca_versus_cat():
    state = ExplorerState()
    assert state.references == ["cat"]
    assert state.explanation.score == Fraction(100, 201)


def test_typing_updates_the_explanation():
    state = ExplorerState()
    state.candidate = "cats"
    state.references_text = "cat\ncut"
    assert state.references == ["cat", "cut"]
    assert state.explanation.score == Fraction(charsim.explain("cats", ["cat", "cut"]).score)


class _Later:
    """A ``deferred`` hook that holds the second step until the test runs it."""

    def __init__(self):
        self.calls = []

    def __call__(self, step):
        return lambda: self.calls.append(step)

    def run(self):
        calls, self.calls = self.calls, []
        for step in calls:
            for _ in step() or ():
                pass


def test_typing_gives_the_numbers_first_and_the_ngram_lists_after_them():
    later = _Later()
    state = ExplorerState(deferred=later)
    later.run()
    state.candidate = "cats"
    state.candidate = "cast"  # a burst: two changes before the second step runs
    full = charsim.explain("cast", ["cat"])
    assert state.summary.score == full.score == Fraction(full.score)
    assert (state.summary.precision, state.summary.recall) == (full.precision, full.recall)
    assert not state.summary.matches_listed
    assert state.explanation.candidate == "ca"  # the lists still describe the older text
    later.run()
    assert state.explanation.candidate == "cast"
    assert state.explanation.matches_listed
    assert state.explanation.score == full.score
    assert state.coverage == charsim.coverage(full)


def test_a_second_step_overtaken_by_a_later_input_changes_nothing():
    later = _Later()
    state = ExplorerState(deferred=later)
    later.run()
    state.candidate = "cats"
    steps = later.calls.pop()()
    assert next(steps) == 1  # order 1 tallied; the page may send a new input now
    state.candidate = "a" * (MATCHES_LIMIT + 1)  # scored at once, no lists due
    assert list(steps) == [2, 3, 4]  # the old step runs on (no runtime closed it) ...
    assert state.explanation is state.summary  # ... and does not overwrite the newer numbers
    assert state.explanation.candidate == "a" * (MATCHES_LIMIT + 1)


def test_input_past_the_lists_limit_needs_no_second_step():
    later = _Later()
    state = ExplorerState(deferred=later)
    later.run()
    state.candidate = "cats"  # a second step is due ...
    state.candidate = "a" * (MATCHES_LIMIT + 1)  # ... and no longer needed
    assert state.explanation is state.summary
    assert state.coverage == ()
    later.run()
    assert state.explanation is state.summary


@pytest.mark.parametrize(
    ("text", "fmt", "expected"),
    [
        ("cat\ncat\n\ndog\n", "lines", ["cat", "cat", "dog"]),  # duplicates kept, blanks skipped
        (" \n", "lines", [" "]),  # whitespace is text
        ("a\r\nb", "lines", ["a", "b"]),
        ('["", "a"]', "json", ["", "a"]),
        ("[]", "json", []),
        ("", "json", []),
        ("", "lines", []),
    ],
)
def test_parse_references(text, fmt, expected):
    assert parse_references(text, fmt) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('["a",', "JSON error at line 1, column 6"),
        ('{"a": 1}', "expected a JSON list of strings, got a JSON dict"),
        ('["a", 3]', "item 2 of the JSON list is not a string: 3"),
    ],
)
def test_malformed_json_references_say_where(text, message):
    with pytest.raises(ValueError, match=message):
        parse_references(text, "json")
    state = ExplorerState(reference_format="json", references_text=text)
    assert state.explanation is None
    assert message.split(":")[0] in UIText().message(state.message)


def test_empty_reference_set_is_undefined_and_empty_reference_is_not():
    state = ExplorerState()
    state.set_inputs("a", [])
    assert state.explanation is None and state.message == Message("state.no_references")
    state.set_inputs("", [""])
    assert state.reference_format == "json"  # one per line cannot hold an empty reference
    assert state.explanation.score == 1


def test_format_references_round_trips():
    for references in (["a", "b"], ["", "a"], ["a\nb"], [], ["x", "x"]):
        fmt, text = format_references(references)
        assert parse_references(text, fmt) == references


def test_huge_input_pauses_scoring_and_keeps_the_text():
    state = ExplorerState()
    big = "x" * (LIVE_LIMIT + 1)
    state.candidate = big
    assert state.explanation is None
    assert "Scoring paused" in UIText().message(state.message) and state.candidate == big


def test_order_follows_the_cap():
    state = ExplorerState(order=5)
    state.candidate = "a"
    state.references_text = "b"
    assert state.explanation.order_cap == 3 and state.order == 3


def test_every_example_loads_with_its_article_value():
    state = ExplorerState(max_order=8, weights="uniform")
    for example in EXAMPLES:
        state.load_example(example)
        assert state.references == list(example.references)
        assert (state.max_order, state.weights) == (32, "harmonic")
        assert (
            state.explanation.score
            == charsim.explain(example.candidate, list(example.references)).score
        )


def test_link_round_trip_restores_everything():
    state = ExplorerState()
    state.set_inputs("<img src=x onerror=alert(1)>", ["", 'a"b\nc'], max_order=9, order=4)
    restored = ExplorerState()
    restored.load_link(state.to_link())
    assert restored.link_problems == []
    for name in ("candidate", "references", "max_order", "weights", "order", "reference_format"):
        assert getattr(restored, name) == getattr(state, name)


@pytest.mark.parametrize(
    ("query", "fragment"),
    [
        ("r=%5B1%5D", "references field is not valid"),
        ("r=not-json", "references field is not valid"),
        ("r=" + "%5B" * 5000, "references field is not valid"),
        ("cap=0", "order cap field is not valid"),
        ("cap=1e9", "order cap field is not valid"),
        ("w=%3Cscript%3E", "weights field is not valid"),
        ("n=-3", "order field is not valid"),
        ("evil=1", "unknown field 'evil'"),
        ("c=" + "a" * MAX_LINK_CHARS, "characters long"),
        ("c=%FF", "candidate field is not valid (its percent-encoded bytes are not UTF-8"),
        ("c=ok%E0%A4", "candidate field is not valid (its percent-encoded bytes are not UTF-8"),
        ("r=", "references field is not valid (not a JSON list of strings)"),
    ],
)
def test_hostile_links_give_defaults_and_a_message(query, fragment):
    link, problems = decode_link(query)
    assert any(fragment in UIText().message(p) for p in problems)
    assert link == LinkState()  # every bad field falls back to its default
    state = ExplorerState()
    state.load_link(query)
    assert state.link_problems == problems


def test_a_link_with_a_bad_field_leaves_the_address_to_the_state_shown():
    state, address = ExplorerState(), []
    create_app(state, query="?c=the%20cat&cap=1e9&lang=ja", replace_query=address.append)
    assert (state.candidate, state.max_order) == ("the cat", 32)  # the default cap
    assert address == [state.to_link("ja")]
    assert "cap=32" in address[0] and "1e9" not in address[0]
    create_app(ExplorerState(), query="?c=the%20cat&cap=9", replace_query=address.append)
    assert address == [state.to_link("ja")]  # a good link is left as it is


def test_a_link_longer_than_the_address_keeps_is_replaced_when_the_page_opens():
    """The share view says a reload would open the page without the texts: the address agrees
    from the start, not only after the next change."""
    state, address = ExplorerState(), []
    long_link = "?c=" + "%C3%A9" * 2_000 + "&r=%5B%22a%22%5D&lang=ja"
    create_app(state, query=long_link, replace_query=address.append)
    assert state.candidate == "é" * 2_000
    assert address == ["lang=ja"]


def test_deeply_nested_json_is_refused_before_it_is_parsed(monkeypatch):
    """In the browser a deep parse overflows the JavaScript stack and Python dies, so neither
    the reference box nor a link may hand 5,000 nested brackets to json.loads."""
    import json

    def no_parse(text, *args, **kwargs):
        raise AssertionError(f"json.loads called on {text[:20]}...")

    monkeypatch.setattr(json, "loads", no_parse)
    with pytest.raises(ValueError, match="JSON nested deeper than 100 levels"):
        parse_references("[" * 5000, "json")
    _, problems = decode_link("r=" + "%5B" * 5000)
    assert [UIText().message(p) for p in problems] == [
        "The link's references field is not valid (nested too deeply); the default was used."
    ]


def test_encode_link_escapes_separators():
    query = encode_link(LinkState(candidate="a&b=c", references=["x&y"]))
    assert "&b=c" not in query
    link, problems = decode_link("?" + query)
    assert (link.candidate, link.references, problems) == ("a&b=c", ["x&y"], [])


def test_link_problems_are_grammatical_sentences():
    _, problems = decode_link("r=%5B1%5D&cap=99")
    assert [UIText().message(problem) for problem in problems] == [
        "The link's references field is not valid (not a JSON list of strings); the default "
        "was used.",
        "The link's order cap field is not valid (99 is outside 1..64); the default was used.",
    ]

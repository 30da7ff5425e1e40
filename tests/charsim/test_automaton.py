"""The suffix automaton behind the reference table, checked against brute force on small texts."""

from hypothesis import given, settings
from hypothesis import strategies as st

from charsim.metric.automaton import SuffixAutomaton

from .strategies import texts

small_sets = st.lists(st.one_of(texts, st.text(alphabet="ab", max_size=12)), max_size=4)


def _read(automaton, string):
    """The state reached by reading ``string`` from the root, or None."""
    state = 0
    for char in string:
        state = automaton.transitions[state].get(char)
        if state is None:
            return None
    return state


def _end_positions(texts, string):
    return {
        (i, end)
        for i, text in enumerate(texts)
        for end in range(len(string), len(text) + 1)
        if text[end - len(string) : end] == string
    }


@given(small_sets)
@settings(max_examples=300)
def test_states_are_the_end_position_classes(texts):
    automaton = SuffixAutomaton()
    prefix_states = [automaton.add(text) for text in texts]
    substrings = {t[a:b] for t in texts for a in range(len(t)) for b in range(a + 1, len(t) + 1)}
    members = {}
    for string in substrings:
        state = _read(automaton, string)
        assert state is not None
        assert automaton.length[automaton.link[state]] < len(string) <= automaton.length[state]
        members.setdefault(state, []).append(string)
    for state, strings in members.items():
        # One state, one set of end positions; its longest member has the state's length.
        assert len({frozenset(_end_positions(texts, s)) for s in strings}) == 1
        assert max(map(len, strings)) == automaton.length[state]
    assert len(members) == len(automaton) - 1  # every state but the root holds a substring
    assert len(automaton) <= max(2 * sum(map(len, texts)), 1)
    for text, states in zip(texts, prefix_states, strict=True):
        for end, state in enumerate(states, start=1):
            assert _read(automaton, text[:end]) == state
            assert automaton.length[state] == end


@given(small_sets, st.text(alphabet="ab^", max_size=6))
def test_only_substrings_are_read(texts, string):
    automaton = SuffixAutomaton()
    for text in texts:
        automaton.add(text)
    held = not string or any(string in text for text in texts)  # the root holds ""
    assert (_read(automaton, string) is not None) == held

"""Hypothesis strategies for texts, with the adversarial characters the article warns about."""

from hypothesis import strategies as st

ADVERSARIAL = [
    "a",
    "b",
    "^",
    "$",
    "\x00",  # boundary look-alikes and NUL
    "\ue000",
    "\ue001",
    "\ue002",  # the first private-use code points
    "\u0301",
    "e\u0301",
    "\u00e9",  # combining acute vs precomposed é
    "\u304c",
    "\u304b\u3099",  # が precomposed vs decomposed
    "\U0001f469\u200d\U0001f4bb",  # ZWJ emoji sequence
    "\ud800",
    "\udfff",  # lone surrogates are code points too
    " ",
    "\n",
]

texts = st.one_of(
    st.lists(st.sampled_from(ADVERSARIAL), max_size=16).map("".join),
    st.text(alphabet="ab", max_size=40),  # highly repetitive
    st.text(max_size=24),
    st.builds(
        lambda unit, times: unit * times,
        st.text(alphabet="ab^", min_size=1, max_size=3),
        st.integers(0, 20),
    ),
)

reference_sets = st.lists(texts, min_size=1, max_size=4)


@st.composite
def items_sharing_text(draw):
    """(candidate, references) where the candidate is spliced from pieces of the references,
    possibly repeated, so that it shares long and repeated n-grams with them."""
    references = draw(reference_sets)
    source = "".join(references) or draw(texts)
    pieces = []
    for _ in range(draw(st.integers(1, 5))):
        start = draw(st.integers(0, len(source)))
        end, times = draw(st.integers(start, len(source))), draw(st.integers(1, 3))
        pieces.append(source[start:end] * times)
        pieces.append(draw(st.sampled_from(["", *ADVERSARIAL])))
    return "".join(pieces), references

"""Built-in data sets of the Agreement page: the human judgments that ship with the repository
(``data/``), which the site serves itself so that the page runs them in one click.

``python -m explorer build`` copies each example's files into ``site/examples/<key>/``, as it
copies the batch examples (:mod:`explorer.app.sources.batch_examples`), and the page fetches them
from the same origin. Standard library only (the build imports this module too).
"""

from __future__ import annotations

from dataclasses import dataclass

from .batch_examples import SITE_FOLDER

__all__ = ["AGREEMENT_EXAMPLES", "AgreementExample", "DEMETR_FILES"]

DEMETR_FILES = tuple(
    f"{name}.json"
    for name in (
        "base_id33_empty",
        "base_id33_shuffle_trans",
        "base_id35_reference",
        "critical_id10_numbers_replaced",
        "critical_id11_gender",
        "critical_id20_shuffled",
        "critical_id21_adj_adv_removed",
        "critical_id22_verb_removed",
        "critical_id23_noun_removed",
        "critical_id24_subj_removed",
        "critical_id25_ne_removed",
        "critical_id4_codemix",
        "critical_id6_addition",
        "critical_id7_antonym",
        "critical_id8_negation",
        "critical_id9_ne_replaced",
        "major_id17_tense",
        "major_id18_aspect",
        "major_id19_question",
        "major_id3_hypernym",
        "major_id5_pp_removed",
        "minor_id12_conj_removed",
        "minor_id13_pos_shift",
        "minor_id14_word_swap",
        "minor_id15_case",
        "minor_id16_function_word",
        "minor_id1_repeat2",
        "minor_id26_misspelled",
        "minor_id27_char_removed",
        "minor_id28_final_punc_removed",
        "minor_id29_punc_addition",
        "minor_id2_repeat4",
        "minor_id30_tokenized",
        "minor_id31_full_lower",
        "minor_id32_first_lower",
    )
)
"""DEMETR's 35 files, one per perturbation (the names of its ``dataset/``)."""


@dataclass(frozen=True)
class AgreementExample:
    """Human judgments in one folder, read by one of meta-evaluation's readers.

    Attributes:
        key: its name in the site (``examples/<key>/``); the button text and a sentence on
            where the data comes from are the catalog's ``agreement.example.<key>.label`` and
            ``.note``.
        folder: its folder in the repository, relative to its root.
        kind: the layout: ``"mqm"`` (one TSV file) or ``"demetr"`` (a folder of JSON files).
        data: the data files.
        licence: the licence file shipped next to the data.
    """

    key: str
    folder: str
    kind: str
    data: tuple[str, ...]
    licence: str

    @property
    def files(self) -> tuple[str, ...]:
        """Every file the site serves for this example, the licence included."""
        return (*self.data, self.licence)

    def url(self, name: str) -> str:
        """The same-origin URL (relative to the page) of one of its files."""
        return f"{SITE_FOLDER}/{self.key}/{name}"


AGREEMENT_EXAMPLES = {
    "mqm-ted": AgreementExample(
        "mqm-ted", "data/mqm-ted-ende", "mqm", ("mqm_ted_ende.tsv",), "LICENSE"
    ),
    "demetr": AgreementExample("demetr", "data/demetr", "demetr", DEMETR_FILES, "LICENSE"),
}
"""The built-in examples by key."""

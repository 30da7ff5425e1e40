"""The readers of human judgments (charsim.agreement: mqm, plain, demetr): exact scores worked out
by hand, what is left out and counted, and every malformed row named with its file and line."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from charsim.agreement import Skipped, read_demetr, read_mqm, read_plain
from charsim.agreement.mqm import mqm_weight
from charsim.io.textio import DataError

ROOT = Path(__file__).resolve().parents[2]
HEADER = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\tcomment"
ROWS = [
    "A\td\t1\t1\tr1\ts1\tEin <v>Hund</v>.\tAccuracy/Mistranslation\tMajor\t",
    "A\td\t1\t1\tr1\ts1\tEin Hund<v>.</v>\tFluency/Punctuation\tMinor\t",
    "A\td\t1\t1\tr2\ts1\tEin Hund.\tNo-error\tNo-error\t",
    "B\td\t1\t1\tr1\ts1\t<v>Cat</v>\tNon-translation!\tMajor\t",
    "ref\td\t1\t1\tr1\ts1\tEin Hund.\tNo-error\tNo-error\t",
    "A\td\t2\t2\tr1\ts2\tZwei.\tNo-error\tNo-error\t",
    'B\td\t2\t2\tr1\ts2\t"Drei."\tAccuracy/Mistranslation\tminor\t',
    "ref\td\t2\t2\tr1\ts2\tZwei.\tNo-error\tNo-error\t",
    "refB\td\t2\t2\tr1\ts2\tZwo.\tNo-error\tNo-error\t",
]


def _write(tmp_path: Path, lines: list[str], name: str = "mqm.tsv") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_mqm_scores_by_hand(tmp_path):
    judgments = read_mqm(_write(tmp_path, [HEADER, *ROWS]))
    assert judgments.systems == ("A", "B") and judgments.items == ("1", "2")
    # A, segment 1: rater r1 Major 5 + Minor Fluency/Punctuation 1/10, rater r2 no error:
    # -(51/10 + 0) / 2 = -51/20; B: Major Non-translation! 25; segment 2: A none, B minor 1
    assert judgments.human == ((Fraction(-51, 20), 0), (-25, -1))
    # the <v> marks removed; no quoting: the quotes are characters of the text
    assert judgments.candidates == (("Ein Hund.", "Zwei."), ("Cat", '"Drei."'))
    assert judgments.references == (("Ein Hund.",), ("Zwei.",))
    assert judgments.skipped == (
        Skipped("system ref: the references", 2, "segment", "the_references", {"system": "ref"}),
        Skipped(
            "system refB: a human translation, not scored",
            1,
            "segment",
            "human_translation",
            {"system": "refB"},
        ),
    )
    assert judgments.segments == 4 and judgments.complete_items() == (0, 1)
    both = read_mqm(_write(tmp_path, [HEADER, *ROWS]), score_references=True)
    assert both.systems == ("A", "B", "refB") and both.human[2] == (None, 0)
    assert both.complete_items() == (1,)  # refB has no segment 1


def test_mqm_weights_take_the_most_specific_prefix():
    assert mqm_weight("MAJOR", "Non-translation!") == 25
    assert mqm_weight("Minor", "Fluency/Punctuation") == Fraction(1, 10)
    assert mqm_weight("Minor", "Fluency/Grammar") == 1
    assert mqm_weight("Neutral", "Style/Awkward") == 0
    assert mqm_weight("No-error", "No-error") == 0
    assert mqm_weight("Critical", "Accuracy") is None


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            [HEADER, ROWS[0][:-1].rsplit("\t", 1)[0]],
            r"mqm\.tsv, line 2: 8 fields where the header has 10",
        ),
        ([HEADER, ROWS[0].replace("Major", "Majr")], r"line 2: unknown severity 'Majr'"),
        (
            [HEADER, ROWS[0], ROWS[1].replace("Ein Hund", "Ein Hut")],
            r"line 3: segment 1 of A has another text than on line 2",
        ),
        (
            [HEADER.replace("severity", "sev"), ROWS[0]],
            r"line 1: the header names no column 'severity'",
        ),
        ([HEADER, ROWS[0]], r"mqm\.tsv: has no system 'ref' to take the references from"),
        ([HEADER], r"mqm\.tsv: holds no segments"),
        (
            [HEADER + "\tseverity", ROWS[0] + "\tMinor"],
            r"line 1: the header names the column 'severity' twice",
        ),
        ([HEADER, ROWS[4], ROWS[7]], r"mqm\.tsv: has no system to score: its systems \(ref\)"),
        # two files joined, each with its header: it was "unknown severity 'severity'"
        ([HEADER, ROWS[0], HEADER, ROWS[4]], r"mqm\.tsv, line 3: the header is repeated here"),
        # a seg_id is a whole number: "a" was taken, and "²" (a digit to str.isdigit) failed
        # with Python's "invalid literal for int()"
        (
            [HEADER, ROWS[0].replace("\t1\tr1", "\ta\tr1")],
            r"mqm\.tsv, line 2: seg_id 'a' is not written with the digits 0-9",
        ),
        (
            [HEADER, ROWS[0].replace("\t1\tr1", "\t\u00b2\tr1")],
            r"mqm\.tsv, line 2: seg_id '\u00b2' is not written with the digits 0-9",
        ),
        (  # -3 is a whole number: it was called "not a whole number"
            [HEADER, ROWS[0].replace("\t1\tr1", "\t-3\tr1")],
            r"mqm\.tsv, line 2: seg_id '-3' is not written with the digits 0-9",
        ),
    ],
)
def test_mqm_refuses_malformed_rows_naming_file_and_line(tmp_path, lines, message):
    with pytest.raises(DataError, match=message):
        read_mqm(_write(tmp_path, lines))


def test_an_empty_mqm_file_is_called_empty(tmp_path):
    """It said "the header names no column 'system'"."""
    path = tmp_path / "mqm.tsv"
    path.write_bytes(b"")
    with pytest.raises(
        DataError, match=r"^\S*mqm\.tsv: is empty \(Google's MQM layout starts with a header row"
    ):
        read_mqm(path)


def test_mqm_refuses_bytes_that_are_not_utf8(tmp_path):
    path = tmp_path / "mqm.tsv"
    path.write_bytes(HEADER.encode() + b"\n" + ROWS[0].encode().replace(b"Hund", b"H\xffnd"))
    with pytest.raises(DataError, match=r"line 2: not valid UTF-8"):
        read_mqm(path)


def test_the_committed_mqm_file():
    judgments = read_mqm(ROOT / "data" / "mqm-ted-ende" / "mqm_ted_ende.tsv")
    assert len(judgments.systems) == 13 and "ref" not in judgments.systems
    # two whole talks: talk.3's segments 218-248 and talk.5's 378-447
    assert judgments.items == tuple(map(str, [*range(218, 249), *range(378, 448)]))
    assert judgments.segments == 13 * 101
    # segment 218, one row each: Nemo's Major Accuracy/Addition (-5), VolcTrans-AT's Minor (-1),
    # Facebook-AI's No-error (0); ref's Minor error is not a score (ref is the reference)
    nemo, volc = judgments.systems.index("Nemo"), judgments.systems.index("VolcTrans-AT")
    assert judgments.systems[0] == "Facebook-AI" and judgments.human[0][0] == 0
    assert (judgments.human[nemo][0], judgments.human[volc][0]) == (-5, -1)


JSONL = [
    {"system": "A", "item": "1", "candidate": "x", "references": ["y"], "human": 0.5},
    {"system": "B", "item": 1, "candidate": "z", "reference": "y", "human": -1},
    {"system": "C", "item": "1", "candidate": "w", "references": ["y"], "human": None},
    {"system": "A", "item": "2", "candidate": "v", "references": ["u", "t"], "human": 0.1},
]


def test_plain_json_lines_by_hand(tmp_path):
    path = _write(tmp_path, [json.dumps(r) for r in JSONL], "h.jsonl")
    judgments = read_plain(path, human_name="DA")
    assert judgments.human_name == "DA" and judgments.systems == ("A", "B")
    assert judgments.items == ("1", "2")  # the whole number 1 is the item "1"
    # 0.1 read as a decimal, exactly 1/10
    assert judgments.human == ((Fraction(1, 2), Fraction(1, 10)), (-1, None))
    assert judgments.references == (("y",), ("u", "t"))
    why = "no human score (null or empty)"
    assert judgments.skipped == (Skipped(why, 1, "segment", "no_human_score"),)
    assert judgments.complete_items() == (0,)


def test_plain_tsv_by_hand(tmp_path):
    lines = [
        "system\titem\tcandidate\thuman\treference\treference2",
        "A\t1\tx\t0.25\ty\t",
        "B\t1\tz\t\ty\t",
        "B\t2\tw\t-3\tu\tt",
    ]
    judgments = read_plain(_write(tmp_path, lines, "h.tsv"))
    assert judgments.human == ((Fraction(1, 4), None), (None, -3))
    assert judgments.references == (("y",), ("u", "t"))
    assert judgments.skipped[0].count == 1


@pytest.mark.parametrize(
    ("records", "message"),
    [
        (
            [JSONL[0], {**JSONL[0], "system": "B", "references": ["other"]}],
            r"h\.jsonl, line 2: item 1 has other references than on line 1",
        ),
        ([JSONL[0], JSONL[0]], r"line 2: segment 1 of A is given twice \(first on line 1\)"),
        ([{**JSONL[0], "human": "high"}], r"line 1: \"human\" must be a number or null"),
        (
            [{**JSONL[0], "human": [0.5]}],
            r"line 1: \"human\" must be a number or null, got \[0\.5\]$",
        ),
        ([{k: v for k, v in JSONL[0].items() if k != "human"}], r"line 1: the key \"human\""),
        ([{**JSONL[0], "references": []}], r"line 1: no references"),
        ([{**JSONL[0], "item": 1.5}], r"line 1: \"item\" must be a string or a whole number"),
        (  # 2.0 is read exactly, as a decimal: which item it means is not said
            [{**JSONL[0], "item": 2.0}],
            r"line 1: \"item\" must be a string or a whole number written without a decimal "
            r"point, got 2\.0$",
        ),
        (
            [{k: v for k, v in JSONL[0].items() if k != "item"}],
            r"line 1: the key \"item\" is missing$",
        ),
        ([[1, 2]], r"line 1: expected an object"),
        # "A " and "A" were two systems, "" one; the item 2 and " 2" two items
        ([{**JSONL[0], "system": ""}], r"line 1: the system is empty$"),
        ([{**JSONL[0], "system": " \t"}], r"line 1: the system is empty$"),
        (
            [{**JSONL[0], "system": "A "}],
            r"line 1: the system \"A \" has white space at its start or end \(\"A\" would be "
            r"another system\)$",
        ),
        ([{**JSONL[0], "item": " 2"}], r"line 1: the item \" 2\" has white space"),
        (
            [{**JSONL[0], "reference": "z"}],
            r"line 1: give \"references\" \(a list\) or \"reference\"",
        ),
    ],
)
def test_plain_refuses_malformed_lines(tmp_path, records, message):
    with pytest.raises(DataError, match=message):
        read_plain(_write(tmp_path, [json.dumps(r) for r in records], "h.jsonl"))


def test_plain_refuses_what_json_lines_and_tsv_cannot_hold(tmp_path):
    with pytest.raises(DataError, match=r"line 1: not valid JSON .*NaN is not a finite number"):
        read_plain(_write(tmp_path, ['{"human": NaN}'], "h.jsonl"))
    twice = '{"system": "A", "item": 1, "candidate": "x", "reference": "y", "human": 1, "human": 2}'
    with pytest.raises(DataError, match=r'line 1: not valid JSON \(duplicate key "human"\)'):
        read_plain(_write(tmp_path, [twice], "h.jsonl"))
    digits = r"a number written in the digits 0-9 \(a decimal such as -2\.5 or 0\.8\)"
    refused = [("good", digits), ("inf", "a finite number"), ("NaN", "a finite number")]
    # Fraction alone read 0_5 as 5, 1_000 as 1000, full-width digits as digits, and any exponent
    refused += [("0_5", digits), ("1_000", digits), ("\uff10.\uff15", digits), ("1e99999", digits)]
    for score, what in refused:
        tsv = ["system\titem\tcandidate\thuman\treference", f"A\t1\tx\t{score}\ty"]
        message = rf"h\.tsv, line 2: the human score '{score}' is not {what}$"
        with pytest.raises(DataError, match=message):
            read_plain(_write(tmp_path, tsv, "h.tsv"))
    with pytest.raises(DataError, match=r"line 1: the header names no column 'reference'"):
        read_plain(_write(tmp_path, ["system\titem\tcandidate\thuman"], "h.tsv"))
    # the first of two "human" columns was read, silently: refused, as the MQM reader does
    tsv = ["system\titem\tcandidate\treference\thuman\thuman", "A\t1\tx\ty\t1\t0"]
    with pytest.raises(
        DataError, match=r"h\.tsv, line 1: the header names the column 'human' twice"
    ):
        read_plain(_write(tmp_path, tsv, "h.tsv"))
    with pytest.raises(DataError, match=r"holds no segment with a human score"):
        read_plain(_write(tmp_path, [json.dumps(JSONL[2])], "h.jsonl"))


def _pair(pair_id, name, severity, check=True, **fields):
    return {
        "id": pair_id,
        "src_sent": "s",
        "eng_sent": "the cat sat",
        "mt_sent": "a cat sat",
        "pert_sent": "a cat",
        "pert_check": check,
        "severity": severity,
        "pert_id": 1,
        "pert_desc": "d",
        "pert_name": name,
        **fields,
    }


def _demetr(folder: Path, files: dict[str, list]) -> Path:
    folder.mkdir()
    for name, pairs in files.items():
        (folder / f"{name}.json").write_text(json.dumps(pairs, indent=2), encoding="utf-8")
    return folder


def test_demetr_by_hand(tmp_path):
    folder = _demetr(
        tmp_path / "d",
        {
            "base_id35_reference": [
                _pair(1, "base_id35_reference", "base", pert_sent="the cat sat")
            ],
            "minor_x": [
                _pair(1, "minor_x", "minor"),
                _pair(2, "minor_x", "minor", check=False),
                _pair(3, "minor_x", "minor"),
            ],
        },
    )
    pairs = read_demetr(folder)
    assert [(p.perturbation, p.item, p.perturbed_is_better) for p in pairs.pairs] == [
        ("base_id35_reference", 1, True),
        ("minor_x", 1, False),
        ("minor_x", 3, False),
    ]
    # each pair's line: "[" on line 1, then 12 lines per pair of json.dumps(indent=2) ("{",
    # 10 fields, "},"): pairs 1, 2 and 3 of minor_x start on lines 2, 14 and 26
    assert [p.line for p in pairs.pairs] == [2, 2, 26]
    assert pairs.skipped[0].count == 1 and "pert_check is false" in pairs.skipped[0].reason
    assert pairs.skipped[0].code == "not_verified"
    assert pairs.perturbations == ("base_id35_reference", "minor_x")


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ([_pair(1, "m", "minor"), {"id": 2}], r"m\.json, line 14: the pair has no 'eng_sent'"),
        (
            [_pair(1, "m", "minor"), _pair(2, "n", "minor")],
            r'line 14: pert_name "n", where the pair on line 2 has "m" \(one perturbation',
        ),
        ([_pair(1, "m", "severe")], r'line 2: unknown severity "severe"'),
        ([_pair("1", "m", "minor")], r'line 2: id must be a whole number, got "1"$'),
        ([_pair(True, "m", "minor")], r"line 2: id must be a whole number, got true$"),
        ({"a": 1}, r"line 1: expected a JSON list"),
        # an empty file: its perturbation was left out of every table without a line
        ([], r"m\.json: holds no pair"),
        (
            [_pair(1, "m", "minor"), _pair(1, "m", "major")],
            r"line 14: id 1 is given twice \(first on line 2\)",
        ),
        (
            [_pair(1, "m", "minor", check="yes")],
            r'line 2: pert_check must be true or false, got "yes"$',
        ),
    ],
)
def test_demetr_refuses_malformed_pairs_naming_file_and_line(tmp_path, pairs, message):
    with pytest.raises(DataError, match=message):
        read_demetr(_demetr(tmp_path / "d", {"m": pairs}))


def test_demetr_refuses_a_key_given_twice(tmp_path):
    # json.loads keeps the last of two values: a second "pert_sent" replaced the perturbed text
    folder = _demetr(tmp_path / "d", {"m": [_pair(1, "m", "minor")]})
    path = folder / "m.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"id": 1,', '"id": 1, "pert_sent": "x",', 1), encoding="utf-8")
    with pytest.raises(
        DataError, match=r'm\.json, line \d+: not valid JSON \(duplicate key "pert_sent"\)'
    ):
        read_demetr(folder)


def test_demetr_refuses_what_is_no_dataset(tmp_path):
    with pytest.raises(DataError, match="is not a directory"):
        read_demetr(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError, match=r"holds no \.json file"):
        read_demetr(tmp_path / "empty")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "m.json").write_text('[\n{"id": 1,\n]\n', encoding="utf-8")
    with pytest.raises(  # the line and column of the error, not of the pair's first line
        DataError,
        match=r"m\.json, line 3: not valid JSON \(Expecting property name .*, column 1\)$",
    ):
        read_demetr(tmp_path / "bad")


def test_the_committed_demetr_subset():
    pairs = read_demetr(ROOT / "data" / "demetr")
    assert len(pairs.perturbations) == 35 and len({p.item for p in pairs.pairs}) == 40
    assert len(pairs.pairs) == 1260 and pairs.skipped[0].count == 140  # 35 × 40 in all


def test_plain_refuses_a_human_score_whose_square_would_overflow(tmp_path):
    """Pearson's r sums squared human scores as floats: 1e200 squared is inf, and the system
    level r came out as -0.0 where it is -0.99625; 1e400 raised OverflowError."""
    record = {"system": "A", "item": "1", "candidate": "x", "reference": "y"}
    for big in ("1e200", "-1e400"):
        line = json.dumps(record)[:-1] + f', "human": {big}}}'
        with pytest.raises(DataError, match=r"line 1: the human score is above 10\^100"):
            read_plain(_write(tmp_path, [line], "h.jsonl"))
    tsv = ["system\titem\tcandidate\thuman\treference", "A\t1\tx\t1e308\ty"]
    with pytest.raises(DataError, match=r"h\.tsv, line 2: the human score is above 10\^100"):
        read_plain(_write(tmp_path, tsv, "h.tsv"))
    at_the_limit = json.dumps(record)[:-1] + ', "human": 1e100}'
    assert read_plain(_write(tmp_path, [at_the_limit], "h.jsonl")).human[0][0] == 10**100

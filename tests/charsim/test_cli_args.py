"""The command line's option types: bounds, messages, and --jobs against the cores."""

import argparse

import pytest

from charsim.cli import args as cli_args
from charsim.cli import main
from charsim.cli.args import jobs, name_list, whole_number

BOUNDED = whole_number(2, "{value} is below 2", 5, "{value} is above 5")


@pytest.mark.parametrize("text", ["2", "5", " 3 ", "+4"])
def test_a_whole_number_within_its_bounds_is_its_int(text):
    assert BOUNDED(text) == int(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1", "1 is below 2"),
        ("-7", "-7 is below 2"),
        ("6", "6 is above 5"),
        ("2.0", "'2.0' is not a whole number \\(write it in the digits 0-9\\)"),
        ("", "'' is not a whole number \\(write it in the digits 0-9\\)"),
        # Python's int() reads these as 3 and 4: the Unix tools refuse them
        ("3_0", "'3_0' is not a whole number \\(write it in the digits 0-9\\)"),
        ("\u0663", "'\u0663' is not a whole number \\(write it in the digits 0-9\\)"),
        ("\uff14", "'\uff14' is not a whole number \\(write it in the digits 0-9\\)"),
    ],
)
def test_a_whole_number_out_of_bounds_or_not_whole_says_which(text, message):
    with pytest.raises(argparse.ArgumentTypeError, match=f"^{message}$"):
        BOUNDED(text)


def test_without_a_maximum_any_large_number_passes_and_one_message_serves_both_ends():
    assert whole_number(0, "no")("10" * 20) == int("10" * 20)
    with pytest.raises(argparse.ArgumentTypeError, match="^9 is not in 1..3$"):
        whole_number(1, "{value} is not in 1..3", 3)("9")


def test_a_number_longer_than_python_reads_says_so_in_a_short_line(capsys):
    """``--seed`` with 4,400 digits said argparse's "invalid check value: '999…'" with every
    digit."""
    with pytest.raises(argparse.ArgumentTypeError) as raised:
        whole_number(0, "{value}: below 0")("9" * 4400)
    assert str(raised.value) == (
        "999999999999… has 4,400 digits: too long a number (Python reads at most 4,300)"
    )
    with pytest.raises(SystemExit) as exited:
        main(["meta-eval", "--mqm", "x", "--seed", "9" * 4400])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "charsim meta-eval: error: argument --seed: 999999999999… has 4,400 digits: too long a "
        "number (Python reads at most 4,300)"
    )


def test_a_name_list_keeps_the_order_given_in_lower_case():
    assert name_list(("a", "b++", "c"), "metric")(" C,a , B++") == ("c", "a", "b++")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a,d", "'d' is not a letter \\(choose from a, b, c\\)"),
        ("a,b,A", "'a' is listed twice"),
        ("a,,b", "'' is not a letter"),
    ],
)
def test_a_name_list_refuses_unknown_and_repeated_names(text, message):
    with pytest.raises(argparse.ArgumentTypeError, match=f"^{message}"):
        name_list(("a", "b", "c"), "letter")(text)


def test_jobs_zero_is_every_core_and_four_per_core_is_the_most(monkeypatch):
    monkeypatch.setattr(cli_args, "available_cores", lambda: 3)
    assert (jobs("0"), jobs("1"), jobs("12")) == (3, 1, 12)
    with pytest.raises(argparse.ArgumentTypeError) as error:
        jobs("13")
    assert str(error.value) == (
        "13 is more than 4 processes per core (3 cores here); 0 uses all cores"
    )

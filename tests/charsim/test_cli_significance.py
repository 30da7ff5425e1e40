"""The command line's --confidence, --paired-bs, --paired-ar and --seed: output shapes, the same
numbers as the core, and clear errors."""

import io
import json
import random
import sys

import pytest

import charsim
from charsim.cli import main
from charsim.significance import MIN_BOOTSTRAP_ITEMS

from ..data import TED
from .test_cli import run

_WORDS = "the cat sat on a mat with hat and its dog ran far".split()
REFERENCES = [" ".join(random.Random(i).choices(_WORDS, k=3 + i % 7)) for i in range(40)]
BASELINE = [" ".join(r.split()[::2]) for r in REFERENCES]  # every other word
BETTER = [" ".join(r.split()[:-1]) for r in REFERENCES]  # all words but the last


@pytest.fixture
def corpus(tmp_path):
    """(reference file, baseline file, better system file, a copy of the baseline)."""
    paths = []
    for name, lines in [
        ("ref", REFERENCES),
        ("base", BASELINE),
        ("better", BETTER),
        ("copy", BASELINE),
    ]:
        path = tmp_path / f"{name}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def _scores(lines):
    return [
        charsim.score(candidate, [reference])
        for candidate, reference in zip(lines, REFERENCES, strict=True)
    ]


def test_paired_bootstrap_json_has_the_cores_numbers(corpus, capsys):
    ref, base, better, _ = corpus
    status, out, _ = run(capsys, "-i", base, better, "-r", ref, "--paired-bs", "--format", "json")
    assert status == 0
    body = json.loads(out)
    expected = charsim.paired_bootstrap(_scores(BASELINE), _scores(BETTER))
    first, second = body["systems"]
    assert set(first) == {"name", "score", "ci", "ci_mean"}  # the baseline: no p-value
    assert first["ci"] == [expected.baseline_interval.low, expected.baseline_interval.high]
    assert second["ci"] == [expected.system_interval.low, expected.system_interval.high]
    assert second["ci_mean"] == expected.system_interval.mean
    assert (second["method"], second["p_value"]) == ("bs", expected.p_value) == ("bs", 1 / 1001)
    assert second["difference"] == expected.difference > 0
    interval = expected.difference_interval
    assert second["difference_ci"] == [interval.low, interval.high]
    assert body["signature"] == charsim.signature(nrefs=1, bootstrap=1000, seed=12345)


def test_paired_randomization_json_and_text(corpus, capsys):
    ref, base, better, _ = corpus
    args = ["-i", base, better, "-r", ref, "--paired-ar", "--paired-ar-n", "2000"]
    status, out, _ = run(capsys, *args, "--format", "json")
    second = json.loads(out)["systems"][1]
    expected = charsim.paired_randomization(_scores(BASELINE), _scores(BETTER), trials=2000)
    assert (second["method"], second["p_value"]) == ("ar", expected.p_value)
    assert "ci" not in second and "difference_ci" not in second
    assert json.loads(out)["signature"].endswith("|nrefs:1|ar:2000|seed:12345|version:0.1.0")
    status, out, _ = run(capsys, *args)
    lines = out.splitlines()
    assert lines[0].startswith(f"Baseline: {base}  charsim = ")
    assert lines[1].endswith(f"  (p = {expected.p_value:.4f})*  (40 items)")
    assert lines[2] == f"Δ = {better} − baseline = {expected.difference:+.4f}"
    assert lines[3].startswith("p: paired approximate randomization, 2,000 trials; * p < 0.05")
    assert "not proof of better translations" in lines[4]


@pytest.mark.parametrize(
    ("option", "field"),
    [("--paired-ar", "|ar:"), ("--paired-bs", "|bs:"), ("--confidence", "|bs:")],
)
def test_metrics_charsim_alone_is_what_resampling_resamples(corpus, capsys, option, field):
    """``-m charsim`` names the metric resampled: the same report as without it."""
    ref, base, better, _ = corpus
    args = ["-i", base, better, "-r", ref, option]
    for output in ("text", "json"):
        alone = run(capsys, *args, "--format", output)
        assert run(capsys, *args, "--format", output, "-m", "charsim") == alone
        assert alone[0] == 0 and field in alone[1]  # the signature records the resampling


def test_a_p_value_below_0_00005_keeps_two_significant_digits(corpus, capsys):
    ref, base, better, _ = corpus
    status, out, _ = run(
        capsys, "-i", base, better, "-r", ref, "--paired-bs", "--paired-bs-n", "30000"
    )
    # every resample prefers the better system: p = (0 + 1) / (30000 + 1), not "0.0000"; no *
    # on 40 items (MIN_BOOTSTRAP_ITEMS)
    assert status == 0 and "  (p = 0.000033)  (40 items)" in out.splitlines()[1]


def test_a_system_against_its_copy_gets_p_1_unmarked(corpus, capsys):
    ref, base, _, copy = corpus
    for option in ("--paired-bs", "--paired-ar"):
        status, out, _ = run(capsys, "-i", base, copy, "-r", ref, option)
        assert status == 0
        assert out.splitlines()[1].endswith("(p = 1.0000)  (40 items)")  # no '*'
    status, out, _ = run(capsys, "-i", base, copy, "-r", ref, "--paired-bs", "--format", "json")
    second = json.loads(out)["systems"][1]
    assert (second["p_value"], second["difference"], second["difference_ci"]) == (1.0, 0.0, [0, 0])


def test_the_legend_states_the_item_minimum_and_says_why_no_star_only_where_it_is_why(
    corpus, capsys
):
    """The legend said "* p < 0.05 and 0 outside the CI of Δ" without the 300 items
    (MIN_BOOTSTRAP_ITEMS), and its "No *: on 40 items ..." came under p = 1 too, where p alone
    gives no *."""
    ref, base, better, copy = corpus
    rule = (
        f"* p < 0.05, 0 outside the CI of Δ and at least {MIN_BOOTSTRAP_ITEMS} items: "
        "unlikely to be chance alone"
    )
    status, out, _ = run(capsys, "-i", base, copy, "-r", ref, "--paired-bs")  # p = 1
    assert status == 0 and "(p = 1.0000)  (40 items)" in out and rule in out
    assert "No *" not in out and "over-confident" not in out
    status, out, _ = run(capsys, "-i", base, copy, "-r", ref, "--paired-bs", "--format", "json")
    assert "note" not in json.loads(out)["systems"][1]
    status, out, _ = run(capsys, "-i", base, copy, better, "-r", ref, "--paired-bs")
    assert out.count("No *: on 40 items") == 1  # the second system's p = 0.0010 is why
    systems = json.loads(
        run(capsys, "-i", base, copy, better, "-r", ref, "--paired-bs", "--format", "json")[1]
    )["systems"]
    assert "note" not in systems[1] and "over-confident" in systems[2]["note"]
    status, out, _ = run(capsys, "-i", base, better, "-r", ref, "--paired-ar")
    assert "* p < 0.05: unlikely to be chance alone" in out  # no bootstrap, no item minimum


def test_the_text_output_follows_sacrebleu(corpus, capsys):
    ref, base, better, _ = corpus
    status, out, _ = run(capsys, "-i", base, better, "-r", ref, "--paired-bs")
    expected = charsim.paired_bootstrap(_scores(BASELINE), _scores(BETTER))
    b, s, d = expected.baseline_interval, expected.system_interval, expected.difference_interval
    mean_b, mean_s = sum(_scores(BASELINE)) / 40, sum(_scores(BETTER)) / 40
    width = len(f"Baseline: {base}")
    assert out.splitlines() == [
        f"{'Baseline: ' + str(base):<{width}}  charsim = {mean_b:.4f} (μ = {b.mean:.4f} ± "
        f"{b.half_width:.4f})  (40 items)",
        f"{str(better):<{width}}  charsim = {mean_s:.4f} (μ = {s.mean:.4f} ± {s.half_width:.4f})"
        "  (p = 0.0010)  (40 items)",
        f"Δ = {better} − baseline = {expected.difference:+.4f} (95 % CI {d.low:+.4f} to "
        f"{d.high:+.4f})",
        "μ ± 95 % CI: the mean of the 1,000 bootstrap resamples ± half the width of their "
        "central 95 %.",
        "p: paired bootstrap resampling, 1,000 resamples; * p < 0.05, 0 outside the CI of Δ and "
        "at least 300 items: unlikely to be chance alone",
        "   (a difference in charsim, not proof of better translations).",
        "No *: on 40 items the paired bootstrap is over-confident (it marks a difference from 300 "
        "items on, the smallest test set Koehn 2004 validated it on); use --paired-ar.",
        charsim.signature(nrefs=1, bootstrap=1000, seed=12345),
    ]


def test_confidence_for_one_system_and_its_resamples(corpus, capsys):
    ref, base, _, _ = corpus
    status, out, _ = run(
        capsys, "-i", base, "-r", ref, "--confidence", "--confidence-n", "200", "--format", "json"
    )
    body = json.loads(out)
    interval = charsim.bootstrap_interval(_scores(BASELINE), resamples=200)
    assert (body["ci"], body["ci_mean"]) == ([interval.low, interval.high], interval.mean)
    assert "|bs:200|seed:12345|" in body["signature"] and "p_value" not in body
    status, out, _ = run(capsys, "-i", base, "-r", ref, "--confidence")
    assert out.splitlines()[0].startswith("charsim = ") and " (μ = " in out.splitlines()[0]


def test_confidence_with_approximate_randomization_gives_both(corpus, capsys):
    ref, base, better, _ = corpus
    status, out, _ = run(
        capsys,
        "-i",
        base,
        better,
        "-r",
        ref,
        "--confidence",
        "--paired-ar",
        "--paired-ar-n",
        "500",
        "--format",
        "json",
    )
    body = json.loads(out)
    assert [set(s) - {"name", "score"} for s in body["systems"]] == [
        {"ci", "ci_mean"},
        {"ci", "ci_mean", "method", "p_value", "difference"},
    ]
    assert "|nrefs:1|bs:1000|ar:500|seed:12345|" in body["signature"]


def test_tsv_rows_are_named_as_the_json_keys(corpus, capsys):
    ref, base, better, _ = corpus
    status, out, _ = run(capsys, "-i", base, better, "-r", ref, "--paired-bs", "--format", "tsv")
    rows = [line.split("\t") for line in out.splitlines()]
    assert rows[0] == ["item", str(base), str(better)]  # the header names each system's column
    rows = rows[1:]
    assert [row[0] for row in rows] == [
        "corpus",
        "ci_low",
        "ci_high",
        "ci_mean",
        "method",
        "p_value",
        "difference",
        "difference_ci_low",
        "difference_ci_high",
        "note",
        "#signature",
    ]
    assert rows[4] == ["method", "", "bs"] and rows[5] == ["p_value", "", "0.000999"]
    assert all(len(row) == 3 for row in rows[:-1])
    assert rows[-2][:2] == ["note", ""] and "over-confident" in rows[-2][2]  # 40 items


def test_the_seed_is_used_and_recorded(corpus, capsys):
    ref, base, better, _ = corpus
    args = ["-i", base, better, "-r", ref, "--paired-bs", "--format", "json"]
    default, again = run(capsys, *args)[1], run(capsys, *args)[1]
    other = run(capsys, *args, "--seed", "7")[1]
    assert default == again
    assert json.loads(other)["systems"][1]["ci"] != json.loads(default)["systems"][1]["ci"]
    assert "|bs:1000|seed:7|" in json.loads(other)["signature"]


@pytest.mark.parametrize(
    ("options", "systems", "message"),
    [
        (["--paired-bs"], 1, "--paired-bs compares systems: give two or more with -i BASELINE"),
        (["--paired-ar"], 1, "--paired-ar compares systems"),
        (
            ["--paired-bs", "--paired-ar"],
            2,
            "argument --paired-ar: not allowed with argument --paired-bs",
        ),
        (["--paired-bs", "--confidence"], 2, "--paired-bs already gives every system's interval"),
        (
            ["--paired-bs-n", "0", "--paired-bs"],
            2,
            "argument --paired-bs-n: 0: at least 40 resamples or trials are needed",
        ),
        (["--confidence-n", "-3", "--confidence"], 1, "argument --confidence-n: -3: at least 40"),
        (["--paired-bs-n", "1", "--paired-bs"], 2, "argument --paired-bs-n: 1: at least 40"),
        (["--paired-ar-n", "39", "--paired-ar"], 2, "argument --paired-ar-n: 39: at least 40"),
        (["--confidence-n", "39", "--confidence"], 1, "argument --confidence-n: 39: at least 40"),
        (["--paired-ar-n", "many", "--paired-ar"], 2, "'many' is not a whole number"),
        (
            ["--paired-bs-n", "99999999999999", "--paired-bs"],
            2,
            "argument --paired-bs-n: 99999999999999 is more than 1,000,000 resamples or trials "
            "(sacreBLEU's defaults: 1,000 for the bootstrap, 10,000 for --paired-ar)",
        ),
        (
            ["--paired-ar-n", "1000001", "--paired-ar"],
            2,
            "argument --paired-ar-n: 1000001 is more than 1,000,000 resamples or trials",
        ),
        (
            ["--confidence-n", "1000001", "--confidence"],
            1,
            "argument --confidence-n: 1000001 is more than 1,000,000 resamples or trials",
        ),
        (["--seed", "-1", "--confidence"], 1, "argument --seed: -1: a seed is a whole number >= 0"),
        (["--seed", "3"], 1, "--seed has no effect without --confidence, --paired-bs or"),
        (["--confidence-n", "50"], 1, "--confidence-n has no effect without --confidence"),
        (
            ["--paired-bs-n", "50", "--paired-ar"],
            2,
            "--paired-bs-n has no effect without --paired-bs",
        ),
        (
            ["--paired-bs", "--metrics", "charsim,chrf"],
            2,
            "--paired-bs resamples charsim's item scores only: leave out --metrics",
        ),
        (
            ["--confidence", "--format", "latex"],
            1,
            "--confidence prints as text, json or tsv, not latex",
        ),
    ],
)
def test_bad_options_are_usage_errors(corpus, capsys, options, systems, message):
    ref, base, better, _ = corpus
    with pytest.raises(SystemExit) as exit_:
        main(["-i", str(base), *([str(better)] if systems == 2 else []), "-r", str(ref), *options])
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (2, "")
    assert message in err


def test_help_gives_each_resample_count_its_maximum(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for option, default in (
        ("--confidence-n", "1,000"),
        ("--paired-bs-n", "1,000"),
        ("--paired-ar-n", "10,000"),
    ):
        assert f"{option} N " in help_text
        assert f"({default}; at most 1,000,000)" in help_text.split(f"{option} N ")[1][:80]


def test_json_lines_hold_one_system_only(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text('{"candidate": "a", "references": ["a"]}\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["--jsonl", str(data), "--paired-bs"])
    assert "--paired-bs compares systems" in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_resampling_shows_progress_on_a_terminal(corpus, capsys, monkeypatch):
    pytest.importorskip("tqdm")
    ref, base, better, _ = corpus
    stderr = _Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    status, out, _ = run(capsys, "-i", base, better, "-r", ref, "--paired-ar")
    assert status == 0 and "0/10000 [" in stderr.getvalue() and "resample" in stderr.getvalue()


def test_ted_sys2_is_significantly_below_sys1(capsys):
    files = [TED / "ted.sys1.txt", TED / "ted.sys2.txt", "-r", TED / "ted.ref.txt"]
    status, out, _ = run(capsys, "-i", *files, "--paired-bs", "--format", "json", "--no-progress")
    first, second = json.loads(out)["systems"]
    assert [round(x, 4) for x in first["ci"]] == [0.4459, 0.4574]
    assert [round(x, 4) for x in second["ci"]] == [0.4367, 0.4488]
    assert [round(x, 4) for x in second["difference_ci"]] == [-0.0134, -0.0046]
    assert second["p_value"] == 1 / 1001  # no resample gets as far from the null


@pytest.mark.parametrize("n_items", [1, 3, 5])
@pytest.mark.parametrize("option", ["--paired-bs", "--paired-ar", "--confidence"])
def test_too_few_items_for_a_test_or_an_interval_are_refused(tmp_path, capsys, n_items, option):
    """On 1 item the bootstrap gave (p = 0.0010)* and on 3 its own Δ interval +0.0000 to
    +1.0000; below 6 items not even the exact randomization test can reach p < 0.05
    (2 / 2**N), so both tests and the intervals refuse, with the reason (README)."""
    (tmp_path / "r.txt").write_text("cat\n" * n_items, encoding="utf-8")
    (tmp_path / "a.txt").write_text("cat\n" * n_items, encoding="utf-8")
    (tmp_path / "b.txt").write_text("dog\n" * n_items, encoding="utf-8")
    systems = [tmp_path / "a.txt"] + ([] if option == "--confidence" else [tmp_path / "b.txt"])
    status, out, err = run(capsys, "-i", *systems, "-r", tmp_path / "r.txt", option)
    assert (status, out) == (1, "")
    (line,) = err.splitlines()
    assert line.startswith(f"charsim: error: {tmp_path / 'a.txt'}: {option}: {n_items} item")
    assert "at least 6 items are needed" in line


def test_six_items_are_enough_and_differ_significantly_by_randomization(tmp_path, capsys):
    """6 items that all move the same way: the exact test's p is 2/64 = 0.03125 < 0.05."""
    (tmp_path / "r.txt").write_text("cat\n" * 6, encoding="utf-8")
    (tmp_path / "a.txt").write_text("cat\n" * 6, encoding="utf-8")
    (tmp_path / "b.txt").write_text("dog\n" * 6, encoding="utf-8")
    status, out, _ = run(
        capsys,
        "-i",
        tmp_path / "a.txt",
        tmp_path / "b.txt",
        "-r",
        tmp_path / "r.txt",
        "--paired-ar",
        "--format",
        "json",
    )
    assert status == 0
    assert json.loads(out)["systems"][1]["p_value"] == pytest.approx(2 / 64, abs=0.01)


def test_six_items_get_no_p_below_the_exact_tests_floor(tmp_path, capsys):
    """The paired bootstrap said ``(p = 0.0010)*`` on 6 items that all move the same way; no
    test on 6 items can support p below 2/2**6 = 0.03125."""
    (tmp_path / "r.txt").write_text("cat\n" * 6, encoding="utf-8")
    (tmp_path / "a.txt").write_text("cat\n" * 6, encoding="utf-8")
    (tmp_path / "b.txt").write_text("dog\n" * 6, encoding="utf-8")
    files = [tmp_path / "a.txt", tmp_path / "b.txt", "-r", tmp_path / "r.txt"]
    status, out, _ = run(capsys, "-i", *files, "--paired-bs")
    assert status == 0 and out.splitlines()[1].endswith("(p = 0.0312)  (6 items)")
    status, out, _ = run(capsys, "-i", *files, "--paired-bs", "--format", "json")
    assert json.loads(out)["systems"][1]["p_value"] == 0.03125


@pytest.mark.parametrize(
    ("n_items", "bootstrap", "randomization"),
    [(6, "0.0312", "0.1630"), (12, "0.0090", "0.0718"), (300, None, None)],
)
def test_the_bootstrap_marks_nothing_below_300_items(
    tmp_path, capsys, n_items, bootstrap, randomization
):
    """The first 6 TED items: ``--paired-bs`` gave ``(p = 0.0312)*`` where ``--paired-ar`` gives
    0.1630, the first 12 ``(p = 0.0090)*`` against 0.0718: the paired bootstrap is over-confident
    on few items (README, MIN_BOOTSTRAP_ITEMS), so it prints its p unmarked and says why."""
    files = []
    for name in ("ted.sys1.txt", "ted.sys2.txt", "ted.ref.txt"):
        lines = (TED / name).read_text(encoding="utf-8").splitlines()[:n_items]
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        files.append(tmp_path / name)
    args = ["-i", *files[:2], "-r", files[2], "--no-progress"]
    status, out, _ = run(capsys, *args, "--paired-bs")
    note = (
        f"No *: on {n_items} items the paired bootstrap is over-confident (it marks a "
        "difference from 300 items on, the smallest test set Koehn 2004 validated it on); "
        "use --paired-ar."
    )
    if bootstrap is None:  # enough items: the rule of p and Δ's interval alone
        assert status == 0 and "over-confident" not in out
        return
    assert status == 0 and f"(p = {bootstrap})  ({n_items} items)" in out.splitlines()[1]
    assert note in out.splitlines()
    status, out, _ = run(capsys, *args, "--paired-bs", "--format", "json")
    assert json.loads(out)["systems"][1]["note"] == note[0].lower() + note[1:-1]
    status, out, _ = run(capsys, *args, "--paired-ar")
    assert f"(p = {randomization})  ({n_items} items)" in out.splitlines()[1]


def test_the_mark_needs_the_interval_of_the_difference_to_leave_out_0():
    """50 items: the bootstrap's p was 0.030 and marked ``*`` while Δ's interval held 0."""
    from charsim.cli.significance import Significance, text_cells

    rng = random.Random(0)
    base = [rng.randrange(0, 64) / 64 for _ in range(50)]
    system = [min(1.0, max(0.0, x + rng.randrange(-20, 24) / 64)) for x in base]
    test = charsim.paired_bootstrap(base, system)
    assert test.p_value < 0.05 and test.difference_interval.low < 0
    cells = text_cells(Significance((), (None, test), 1000, None, 12345), 1)
    assert cells == f"  (p = {test.p_value:.4f})"  # no *

"""The batch page's paired tests in headless Chromium: the TED example's numbers, resampled in the
browser's worker, equal those of ``charsim.significance`` (the command line's) in this process."""

from __future__ import annotations

import functools
import re
import time

import charsim
from charsim.corpus import score_systems
from explorer.app.sources.batch_data import batch_from_files
from explorer.app.sources.batch_examples import BATCH_EXAMPLES

from ..data import TED
from .conftest import CANDIDATE, REFERENCES, SCORE, type_over_candidate
from .test_batch import SCORING_TIMEOUT, _batch_tab

RESAMPLING_TIMEOUT = 90  # 1,000 resamples take ~1 s in the browser, 10,000 trials ~0.5 s


@functools.cache
def _ted_scores() -> list[tuple[float, ...]]:
    """Both TED systems' item scores, read as the page reads the files."""
    example = BATCH_EXAMPLES["ted"]
    read = [
        [(name, (TED / name).read_bytes()) for name in names]
        for names in (example.systems, example.references)
    ]
    batch = batch_from_files(*read)
    return [result.scores for result in score_systems(batch.systems, batch.references)]


def _value(page, testid: str) -> float:
    return float(page.locator(f'[data-testid="{testid}"]').get_attribute("data-value"))


def _wait_signature(page, wait_until, signature: str) -> None:
    shown = page.locator('[data-testid="significance-signature"]')
    wait_until(
        lambda: signature in shown.all_inner_texts(),  # no wait: the pane may be redrawn
        timeout=SCORING_TIMEOUT + RESAMPLING_TIMEOUT,
        message=f"the signature {signature}",
    )


def test_the_ted_examples_paired_tests_equal_the_command_lines(app, wait_until):
    _batch_tab(app)
    app.get_by_role("button", name="Try it: TED talks, 2 systems").click()
    _wait_signature(app, wait_until, charsim.signature(nrefs=1, bootstrap=1000, seed=12345))
    bootstrap = charsim.paired_bootstrap(*_ted_scores())  # --paired-bs, seed 12345
    assert _value(app, "significance-p") == bootstrap.p_value == 1 / 1001
    assert _value(app, "significance-difference") == bootstrap.difference
    assert _value(app, "significance-difference-low") == bootstrap.difference_interval.low
    assert _value(app, "significance-difference-high") == bootstrap.difference_interval.high
    for number, interval in enumerate((bootstrap.baseline_interval, bootstrap.system_interval)):
        assert _value(app, f"significance-mean-{number + 1}") == interval.mean
        assert _value(app, f"significance-half-{number + 1}") == interval.half_width
    # the README's TED output: Δ = -0.0090 (95 % CI -0.0134 to -0.0046), (p = 0.0010)*
    assert app.locator('[data-testid="significance-difference"]').inner_text() == "-0.0090"
    assert app.locator('[data-testid="significance-difference-low"]').inner_text() == "-0.0134"
    assert app.locator('[data-testid="significance-p"]').inner_text() == "0.0010"
    assert app.get_by_text("not that the translations are better", exact=False).count() == 1

    app.get_by_text("paired approximate randomization", exact=True).click()
    both = charsim.signature(nrefs=1, bootstrap=1000, randomization=10_000, seed=12345)
    _wait_signature(app, wait_until, both)  # --paired-ar --confidence
    randomization = charsim.paired_randomization(*_ted_scores())  # --paired-ar
    assert _value(app, "significance-p") == randomization.p_value == 1 / 10_001
    assert _value(app, "significance-difference") == randomization.difference
    app.get_by_text("paired bootstrap resampling", exact=True).click()  # and back
    _wait_signature(app, wait_until, charsim.signature(nrefs=1, bootstrap=1000, seed=12345))


def test_typing_is_scored_between_the_slices_of_a_long_resampling(app, wait_until):
    _batch_tab(app)
    app.get_by_role("button", name="Try it: TED talks, 2 systems").click()
    _wait_signature(app, wait_until, charsim.signature(nrefs=1, bootstrap=1000, seed=12345))
    resamples = app.locator(".cs-significance-resamples input")
    resamples.fill("15000")  # about 15 s of resampling in the browser
    resamples.press("Enter")
    progress = app.locator('[data-testid="significance-progress"]')
    wait_until(lambda: progress.count() > 0, timeout=20, message="the resampling to start")
    app.get_by_text("Single item", exact=True).click()
    typed = "the cat sat on the mat"
    type_over_candidate(app, typed)
    references = app.locator(REFERENCES).input_value().splitlines()
    expected, score = f"{charsim.score(typed, references):.4f}", app.locator(SCORE)
    started = time.monotonic()
    wait_until(lambda: score.inner_text() == expected, timeout=20, message=f"score {expected}")
    waited = time.monotonic() - started
    assert app.locator(CANDIDATE).input_value() == typed
    # Not over, and going on after the typed text's score: the progress is shown between two
    # slices (it is drawn anew for each), the signature is not the 15,000 resamples' yet, and
    # more resamples are done after (or all of them: the resampling was not given up).
    signature = app.locator('[data-testid="significance-signature"]')
    final = charsim.signature(nrefs=1, bootstrap=15_000, seed=12345)
    over = f"the resampling was over before the typed text was scored ({waited:.1f} s after typing)"
    assert signature.count() == 0 or signature.inner_text() != final, over
    done = _resamples_done(progress) or 0  # (not shown for a moment: at each drawing)
    wait_until(
        lambda: (
            (_resamples_done(progress) or 0) > done
            or (signature.count() and signature.inner_text() == final)
        ),
        timeout=RESAMPLING_TIMEOUT,
        message=f"more resamples than the {done:,} done when the typed text was scored",
    )


def _resamples_done(progress) -> int | None:
    """The resamples done that ``progress`` (the page's progress paragraph) says, or None while
    it is not shown (between two of its drawings, or once the resampling is over)."""
    texts = progress.all_inner_texts()
    found = re.search(r"Resampling: ([\d,]+) of", texts[0]) if texts else None
    return int(found[1].replace(",", "")) if found else None

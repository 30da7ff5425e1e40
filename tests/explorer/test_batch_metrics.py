"""The batch page's "metric against metric" (explorer/app/views/batch_metrics.py), without a
browser: per-item chrF and BLEU are sacreBLEU's sentence scores, the correlations and ranks
those of independent counting."""

import asyncio
import statistics
from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU, CHRF

from explorer.app.i18n import UIText
from explorer.app.states import batch_metrics
from explorer.app.states.batch import BatchState
from explorer.app.states.batch_metrics import BatchMetricsState
from explorer.app.views.batch_metrics import BatchMetricsView, agreement_html, disagreements_frame

REFERENCES = ["the cat sat on the mat", "a dog barks", "hello world", "good morning to you"]
SYSTEMS = [
    ["the cat sat", "a dog barked loudly", "help", "good morning"],
    ["the cat sat on a mat", "dogs bark", "hello world", "morning"],
]
TED = Path(__file__).resolve().parents[2] / "data" / "ted-en"


def _lines(texts: list[str]) -> bytes:
    return "\n".join(texts).encode() + b"\n"


def _scored(systems=SYSTEMS, references=REFERENCES) -> BatchMetricsState:
    batch = BatchState()
    batch.load_files(
        [(f"sys{n + 1}.txt", _lines(s)) for n, s in enumerate(systems)],
        [("ref.txt", _lines(references))],
    )
    asyncio.run(batch.score())
    state = BatchMetricsState(batch)
    asyncio.run(state.compute())
    return state


def _ranks(values: list[float]) -> list[float]:
    """Rank 1 = the largest; tied values share the mean of their ranks."""
    ordered = sorted(values, reverse=True)
    return [(ordered.index(v) + 1 + len(ordered) - ordered[::-1].index(v)) / 2 for v in values]


def test_item_scores_are_sacrebleus_sentence_scores_in_chunks(monkeypatch):
    monkeypatch.setattr(batch_metrics, "CHUNK", 3)  # 4 items: two chunks
    state = _scored()
    for number, system in enumerate(SYSTEMS):
        pairs = list(zip(system, REFERENCES, strict=True))
        chrf = [CHRF().sentence_score(c, [r]).score for c, r in pairs]
        bleu = [BLEU(effective_order=True).sentence_score(c, [r]).score for c, r in pairs]
        assert state.scores["chrf"][number] == chrf
        assert state.scores["bleu"][number] == bleu
        assert state.scores["charsim"][number] == list(state.batch.results[number].scores)
    assert state.signatures["bleu"] == "nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0"


def test_correlations_and_ranks_are_pearsons_and_spearmans():
    state = _scored()
    charsim, chrf = state.scores["charsim"][1], state.scores["chrf"][1]
    found = state.correlations(1)
    assert found["pearson chrf"] == pytest.approx(statistics.correlation(charsim, chrf))
    spearman = statistics.correlation(_ranks(charsim), _ranks(chrf))
    assert found["spearman chrf"] == pytest.approx(spearman)
    table = state.disagreements(1)
    differences = [b - a for a, b in zip(_ranks(charsim), _ranks(chrf), strict=True)]
    assert list(table["rank difference"]) == sorted(differences, key=abs, reverse=True)


def test_with_two_systems_the_view_says_which_system_each_metric_prefers():
    state = _scored()
    means = state.means()
    html = agreement_html(state, UIText())
    preferred = ["AB"[m[1] > m[0]] for m in means.values()]
    key = "Every metric prefers the same system" if len(set(preferred)) == 1 else "do not prefer"
    assert key in html and f"{means['chrf'][0]:.2f}" in html


def test_ted_item_432_is_where_charsim_and_chrf_disagree_most():
    """System 1, item 432, "Thank you. (Applause)" against "Thank you.": chrF ranks it 165th
    of 2,445 (recall 1 weighs four times precision), charsim 1718th (precision decides)."""
    names = ("ted.sys1.txt", "ted.sys2.txt")
    batch = BatchState()
    batch.load_files(
        [(n, (TED / n).read_bytes()) for n in names], [("r", (TED / "ted.ref.txt").read_bytes())]
    )
    asyncio.run(batch.score())
    view = BatchMetricsView(batch)
    asyncio.run(view.state.compute())
    top = disagreements_frame(view.state).iloc[0]
    assert (top["item"], top["system"], top["candidate"]) == (
        432,
        names[0],
        "Thank you. (Applause)",
    )
    assert (top["charsim rank"], top["chrF rank"]) == (1718, 165)
    html = agreement_html(view.state, UIText())
    assert "do not prefer the same system" in html  # BLEU prefers system 2, as on the corpus
    view._sources[0].selected.indices = [431]  # a click on the point opens the item
    assert (batch.opened.system, batch.opened.index) == (0, 431)
    view._sources[0].selected.indices = [2445]  # a point of data replaced since the tap
    assert (batch.opened.system, batch.opened.index) == (0, 431)  # nothing else opened
    assert view._sources[0].selected.indices == []  # the next tap on that point is a change


def test_the_rank_columns_are_titled_in_the_pages_language():
    # "charsim rank", "chrF rank" and "rank difference" stayed English in the Japanese UI
    text = UIText(language="ja")
    titles = BatchMetricsView(BatchState(), text)._table.titles
    assert [titles[c] for c in ("charsim rank", "chrF rank", "rank difference")] == [
        "charsimの順位",
        "chrFの順位",
        "順位の差（chrF − charsim）",
    ]

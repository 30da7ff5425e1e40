"""The stand-ins for sacreBLEU's modules that the offline Pyodide site lacks."""

from __future__ import annotations

import subprocess
import sys

import pytest

from explorer.runtime.sacrebleu_standins import UnavailableInBrowser, standin
from explorer.site_build.common import ROOT


@pytest.mark.parametrize(
    ("name", "attribute", "feature"),
    [
        ("portalocker", "Lock", "downloading a test set"),
        ("lxml.etree", "parse", "reading a WMT XML test set"),
        ("regex", "compile", "BLEU's 'intl' tokenizer"),
    ],
)
def test_a_stand_in_names_the_feature_that_needs_the_real_module(name, attribute, feature):
    with pytest.raises(UnavailableInBrowser, match=rf"^{name}\.{attribute}: {feature}"):
        getattr(standin(name), attribute)


def test_a_stand_in_has_no_dunder_attributes_that_tools_probe_for():
    with pytest.raises(AttributeError):
        standin("regex").__path__  # noqa: B018


def test_sacrebleu_imports_and_scores_with_every_real_module_replaced():
    """Without portalocker, lxml and regex (as in Pyodide), sacreBLEU imports after the stand-ins
    are installed and its default metrics give the same scores; the intl tokenizer and the
    download lock raise the stand-ins' messages."""
    code = (
        "import sys, importlib.util; "
        "importlib.util.find_spec = lambda name, *a: None; "  # what Pyodide's finders answer
        "from explorer.runtime.sacrebleu_standins import install_sacrebleu_standins as install; "
        "print(install()); "
        "from sacrebleu.metrics import BLEU, CHRF, TER; "
        "print(CHRF().sentence_score('Thank you. (Applause)', ['Thank you.']).score); "
        "print(BLEU(effective_order=True).sentence_score('a b c d', ['a b c e']).score); "
        "print(TER().sentence_score('a b c d', ['a b c e']).score); "
        "from explorer.runtime.sacrebleu_standins import UnavailableInBrowser as U\n"
        "for use in (lambda: BLEU(tokenize='intl'), lambda: sys.modules['portalocker'].Lock):\n"
        "    try: use()\n"
        "    except U as error: print(str(error).split(':')[0])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "['portalocker', 'lxml', 'lxml.etree', 'regex']"
    assert lines[1:4] == ["75.96681643740551", "59.460355750136046", "25.0"]
    assert lines[4:] == ["regex.compile", "portalocker.Lock"]

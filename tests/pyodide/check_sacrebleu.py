"""Executed inside Pyodide by tests/explorer/test_sacrebleu_pyodide.py: installs the explorer's
stand-ins, imports sacreBLEU and prints, as JSON, what charsim.compare gives on ``INPUTS``
(prepended by the test) and what the stand-ins raise."""

import json
import sys

from sacrebleu_standins import UnavailableInBrowser, install_sacrebleu_standins

installed = install_sacrebleu_standins()
from sacrebleu.metrics import BLEU  # noqa: E402

from charsim.compare import compare  # noqa: E402  (after the stand-ins, as in the worker)

rows = []
for candidate, references in INPUTS:  # noqa: F821  (prepended by the test)
    c = compare(candidate, references)
    rows.append({s.metric: [s.score, s.signature] for s in c.scores})
raised = []
for use in (lambda: BLEU(tokenize="intl"), lambda: sys.modules["portalocker"].Lock):
    try:
        use()
    except UnavailableInBrowser as error:
        raised.append(str(error).split(":")[0])
print(
    json.dumps({"platform": sys.platform, "installed": installed, "rows": rows, "raised": raised})
)

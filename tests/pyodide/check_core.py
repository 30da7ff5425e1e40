"""Executed inside Pyodide by test_pyodide.py: prints the §7.4 table as computed there."""

import json
import platform
import sys
from fractions import Fraction

import charsim
from charsim.corpus import CorpusResult, score_rows
from charsim.metric.models import f_beta

TABLE = [
    ("cat", ["cat"]),
    ("a", ["b"]),
    ("", [""]),
    ("", ["a"]),
    ("a", [""]),
    ("", ["", "a"]),
    ("ca", ["cat"]),
    ("a", ["a", "abcdefghij"]),
]
rows = [
    [charsim.score(t, refs), charsim.score_base(t, refs), charsim.ReferenceSet(refs).score(t)]
    for t, refs in TABLE
]
try:
    charsim.score("a", [])
    undefined = "no error"
except charsim.UndefinedScoreError as error:
    undefined = type(error).__name__


def significance() -> list:
    """Paired tests and an interval on fixed item scores (test_pyodide compares with CPython)."""
    base = [row[0] for row in rows] * 5
    system = [row[1] for row in rows] * 5
    bootstrap = charsim.paired_bootstrap(base, system, resamples=200, seed=3)
    randomization = charsim.paired_randomization(base, system, trials=500, seed=3)
    interval = charsim.bootstrap_interval(system, resamples=300)
    return [
        [
            bootstrap.p_value,
            list(bootstrap.differences),
            list(vars(bootstrap.system_interval).values()),
        ],
        [randomization.p_value, list(randomization.differences)],
        list(vars(interval).values()),
    ]


print(
    json.dumps(
        {
            "platform": sys.platform,
            "python": platform.python_version(),
            "rows": rows,
            "exact_ca": str(charsim.explain("ca", ["cat"]).recall),
            "undefined": undefined,
            "coverage": list(charsim.coverage(charsim.explain("xcab", ["cat"]))),
            "f_beta": str(f_beta(1, Fraction(1, 2), 1)),
            "significance": significance(),
            "corpus": [
                score_rows(TABLE, chunk_size=3)[0].score,
                CorpusResult((0.1,) * 10, "").score,
            ],
        }
    )
)

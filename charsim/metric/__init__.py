"""The metric: its definition (§2–§5), its fast paths (§7) and the simplified models of §5.7 and
§6, on the standard library alone (it runs unchanged in Pyodide).

What it holds: the values the API accepts and how a count is written (``values``), the errors,
the settings (``config``, ``preprocess``), n-grams and their boundaries (``ngrams``), the §7
algorithms (``overlap``, ``pair``, ``automaton``, ``table``), the decision and the exact
statistics (``decision``, ``stats``), input checking (``inputs``), the signature, the scores
(``scores``), the compute-once explanation every renderer reads (``explain``), the reference set
precomputed once (``reference``) and the article's models (``models``: F_β, the length model,
block versus scattered matches; pure functions of rational inputs, so they sit beside the
definition they analyse rather than with the renderers). May import: :mod:`charsim.version`
only; every other layer is built on this one.
"""

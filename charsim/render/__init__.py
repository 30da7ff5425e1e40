"""Rendering results as text: what every plain text of an :class:`~charsim.Explanation` shares,
and the command line's ``--explain`` report (``report``); worked examples in Markdown, LaTeX,
text and JSON (``export``); the tables and paragraphs every format goes through (``formats``);
and ``charsim article``, every number the article prints recomputed next to the printed value
(``article``). May import every layer below the command line (version, metric, io, corpus,
significance, compat, compare), never :mod:`charsim.cli`.
"""

"""The ``charsim`` command (entry point ``charsim.cli:main``, and ``python -m charsim``): the
command itself (``command``: options, reading, scoring, printing; not named ``main`` so that
``charsim.cli.main`` stays the function), option types (``args``), the standard streams
(``streams``), confidence intervals and paired tests (``significance``) and what the command
prints (``output``). May import every layer; only :mod:`charsim.__main__` imports it (the
explorer never does).
"""

from .command import main

__all__ = ["main"]

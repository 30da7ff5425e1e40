"""The ``charsim`` command (run by the entry point ``charsim_entry:main``, which imports
:func:`main` under a Ctrl-C guard, and by ``python -m charsim``): the command itself
(``command``: reading, scoring, printing; not named ``main`` so that ``charsim.cli.main`` stays
the function), its options (``parser``) and option types (``args``), the standard streams
(``streams``), confidence intervals and paired tests (``significance``), what the command
prints (``output``) and the worker processes of ``--jobs`` (``workers``). May import every
layer; only ``charsim_entry`` and :mod:`charsim.__main__` import it (the explorer never does).
"""

from .command import main

__all__ = ["main"]

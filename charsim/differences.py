"""``charsim.differences``: a public path; the code lives in :mod:`charsim.corpus.differences`.

It re-exports that module's ``__all__`` (one list, kept where the code is, so the two cannot
drift apart; ``tests/charsim/test_import_paths.py`` names every documented name).
"""

from .corpus.differences import *  # noqa: F403
from .corpus.differences import __all__  # noqa: F401

"""``charsim.filestream``: a public path; the code lives in :mod:`charsim.io.filestream`.

It re-exports that module's ``__all__`` (one list, kept where the code is, so the two cannot
drift apart; ``tests/charsim/test_import_paths.py`` names every documented name).
"""

from .io.filestream import *  # noqa: F403
from .io.filestream import __all__  # noqa: F401

"""``python -m charsim``: the command line (see :mod:`charsim.cli`)."""

import sys

from .cli import main

sys.exit(main())

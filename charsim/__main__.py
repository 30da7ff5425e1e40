"""``python -m charsim``: the command line, as the ``charsim`` command runs it
(:func:`charsim.cli.main`)."""

import sys

from .cli import main

sys.exit(main())

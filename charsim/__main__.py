"""``python -m charsim``: the command line, as the ``charsim`` command runs it
(:func:`charsim_entry.main`, which ends a Ctrl-C during the imports in one line)."""

import sys

from charsim_entry import main

sys.exit(main())

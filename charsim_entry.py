"""The ``charsim`` command's entry point: Ctrl-C while the command line is imported.

The console script runs ``from charsim_entry import main`` first, and this module imports
nothing of charsim, so a Ctrl-C during the 0.2 s in which charsim's modules are imported (the
guard of :func:`charsim.cli.streams.run_guarded` is not yet in place) ends as one after it:
one line on stderr, ``charsim: interrupted``, and status 130, not a ``KeyboardInterrupt``
traceback (issue 25). Kept outside the package so that ``import charsim`` is not slowed by it and
is itself guarded. ``python -m charsim`` runs :func:`main` too (``charsim/__main__.py``), after
``charsim/__init__.py``, which ``-m`` imports before any code of the package runs; a Ctrl-C
there ends the same way, by ``charsim/__init__.py``'s own guard (it knows ``-m`` from
``sys.argv[0] == "-m"``), and only there.
"""

import sys

__all__ = ["INTERRUPTED", "INTERRUPTED_LINE", "main"]

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + ``SIGINT``); ``charsim.cli.streams.INTERRUPTED`` too."""
INTERRUPTED_LINE = "charsim: interrupted"
"""What Ctrl-C prints on stderr, before and after the command line is imported."""


def main() -> int:
    """Import the command line and run it (:func:`charsim.cli.main`); returns the exit status.

    Returns:
        The command's status, or 130 when Ctrl-C came while it was being imported.
    """
    try:
        from charsim.cli import main as command
    except KeyboardInterrupt:
        try:
            print(INTERRUPTED_LINE, file=sys.stderr, flush=True)
        except (OSError, AttributeError, ValueError):  # stderr closed or full: nothing to say
            pass
        return INTERRUPTED
    return command()

"""The ``charsim`` command (the console script and ``python -m charsim`` run :func:`main`): the
command itself (``command``: reading, scoring, printing), its options (``parser``) and option
types (``args``), the standard streams and Ctrl-C (``streams``), confidence intervals and paired
tests (``significance``), what the command prints (``output``), progress bars (``progress``), the
worker processes of ``--jobs`` (``workers``) and ``charsim meta-eval`` (``meta_eval``). May
import every layer; only :mod:`charsim.__main__` imports it (the explorer never does).
"""

import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``charsim`` command on ``argv`` (default: the process's arguments); returns the
    exit status (0 ok, 1 bad data or output that cannot be written, 2 bad usage, 130 after
    Ctrl-C).

    The one guard of the command's streams and of Ctrl-C (:func:`charsim.cli.streams.
    run_guarded`) is in place before the command line is imported, so a Ctrl-C at any moment is
    one line on stderr and status 130 (``import charsim`` loads nothing before it: PEP 562);
    output that cannot be written (a full disk, a closed stdout) ends in one line and status 1,
    a reader that closes the pipe early (``charsim ... | head``) ends it quietly with status 1,
    and characters the terminal cannot encode are escaped.

    Raises:
        SystemExit: ``--help`` and ``--version`` (status 0), a usage error (status 2), as
            argparse raises them; status 1 when their output cannot be written.
    """
    from .streams import run_guarded

    arguments = list(sys.argv[1:] if argv is None else argv)
    return run_guarded(lambda: _run(arguments))


def _run(argv: list[str]) -> int:
    from .command import run

    return run(argv)

"""The command line's standard streams: output that cannot be written, terminals that cannot
show every character, and Ctrl-C.

:func:`run_guarded` runs a command so that whatever it prints, into whatever its stdout is, it
ends in one of these ways, as the Unix tools do (``ls > /dev/full``: ``ls: write error``):

* the output is written: the command's own status (argparse's, for ``--help`` and usage errors);
* the reader closed the pipe early (``charsim ... | head``): quietly, status 1 (as a shell says
  nothing of a command that ``SIGPIPE`` ended), as the Python documentation advises in its note on
  ``SIGPIPE``; unbuffered too (``PYTHONUNBUFFERED=1``), where what a short write leaves is
  written again rather than dropped;
* the output cannot be written (a full disk, ``> /dev/full``; stdout closed, ``>&-``; any other
  ``OSError`` of stdout): one line on stderr, ``charsim: error: cannot write the output (...)``,
  and status 1.

Ctrl-C (``KeyboardInterrupt``) prints one line, ``charsim: interrupted``, and gives status 130
(128 + ``SIGINT``), as a shell reports a command that ``SIGINT`` ended; the command ends its
worker processes itself (:func:`charsim.cli.workers.worker_pool`).

A character that stdout or stderr cannot encode (``LC_ALL=C``, ``PYTHONIOENCODING=ascii``) is
written as a backslash escape (``\\xa7`` for ``§``) instead of raising ``UnicodeEncodeError``.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Callable

__all__ = ["INTERRUPTED", "WRITE_FAILED", "run_guarded"]

WRITE_FAILED = 1
"""The exit status when the output cannot be written (as for bad data)."""
INTERRUPTED = 130
"""The exit status after Ctrl-C: 128 + ``SIGINT`` (2), as a shell reports a command it ended."""


PIECE = 2048
"""Most characters given to stdout in one write (at most 8 KiB in UTF-8: one buffer's worth)."""


class _Watched:
    """Stands for stdout while a command runs and remembers the first write that failed, even
    one that argparse swallows (it ignores ``OSError`` when printing ``--help``); with no stdout
    (its descriptor closed, ``>&-``) every write fails as a closed descriptor's does."""

    def __init__(self, stream) -> None:
        self._stream = stream
        self.error: OSError | None = None

    def write(self, text: str) -> int:
        """Write ``text`` a piece of :data:`PIECE` characters at a time: a reader that closes
        the pipe during one write (``charsim ... | head -1``) cuts it short, and Python, given
        the whole output in one write, kept the part written and dropped the rest without an
        error (status 0); the next piece's write fails (``BrokenPipeError``), as small output
        does."""
        try:
            if self._stream is None:
                raise OSError(errno.EBADF, "standard output is closed")
            raw = _unbuffered(self._stream)
            for start in range(0, len(text), PIECE):
                if raw is None:
                    self._stream.write(text[start : start + PIECE])
                else:
                    _write_all(raw, self._stream, text[start : start + PIECE])
            return len(text)
        except OSError as error:
            self.error = self.error or error
            raise

    def flush(self) -> None:
        if self._stream is None:  # nothing was written, or the writes failed already
            return
        try:
            self._stream.flush()
        except OSError as error:
            self.error = self.error or error
            raise

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _unbuffered(stream):
    """The raw file under ``stream`` when nothing buffers it (``PYTHONUNBUFFERED=1``, ``python
    -u``), else None."""
    raw = getattr(stream, "buffer", None)
    through = getattr(stream, "write_through", False)
    return raw if through and isinstance(raw, io.RawIOBase) else None


def _write_all(raw: io.RawIOBase, stream, text: str) -> None:
    """Write ``text`` to ``raw`` as ``stream`` encodes it, all of it: unbuffered, Python's text
    stream hands each write to the raw file once and drops what a short write leaves (a reader
    that closes the pipe during the write: the rest was lost and charsim ended with status 0);
    writing the rest instead fails as a closed pipe does (``BrokenPipeError``), as with
    buffered output."""
    data = memoryview(text.encode(stream.encoding, stream.errors or "strict"))
    while data:
        written = raw.write(data)
        if written is None:  # a non-blocking stdout that is full
            raise BlockingIOError(errno.EAGAIN, "standard output would block")
        data = data[written:]


def run_guarded(command: Callable[[], int]) -> int:
    """Run ``command`` and flush its output; returns its exit status (see the module docstring).

    ``SystemExit`` (argparse's ``--help``, ``--version`` and usage errors) is raised again once
    the output is flushed, so ``--help > /dev/full`` fails as any output does.

    Args:
        command: the command; returns its exit status.

    Returns:
        The exit status: the command's, 1 when the output could not be written, 130 after
        Ctrl-C.

    Raises:
        SystemExit: the command raised it; its status, or 1 when the output could not be
            written.
    """
    _escape_unencodable()
    stdout = sys.stdout = _Watched(sys.stdout)
    exiting = False
    try:
        try:
            status = command()
        except SystemExit as done:
            exiting, status = True, _exit_status(done.code)
        except KeyboardInterrupt:  # Ctrl-C: the shell's status for SIGINT, 128 + 2
            _say("charsim: interrupted")
            status = INTERRUPTED
        stdout.flush()
    except OSError:
        pass  # said below: stdout.error is the first failed write
    finally:
        sys.stdout = stdout._stream
    if stdout.error is not None:
        _discard_output()
        if not isinstance(stdout.error, BrokenPipeError):
            error = stdout.error
            reason = error.strerror or str(error) or type(error).__name__
            _say(f"charsim: error: cannot write the output ({reason})")
        status = WRITE_FAILED
    if exiting:
        raise SystemExit(status)
    return status


def _exit_status(code: object) -> int:
    """The status that ``SystemExit(code)`` gives the shell."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    _say(str(code))  # SystemExit("message") prints the message and exits 1
    return 1


def _escape_unencodable() -> None:
    """Write characters the terminal's encoding lacks as backslash escapes, not raise."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def _discard_output() -> None:
    """Drop what stdout still holds: Python flushes it once more at exit, which would fail again
    (``Exception ignored ...``), so its descriptor is pointed at the null device."""
    try:
        descriptor = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # closed, or not a file (a test's capture)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


def _say(line: str) -> None:
    """Print ``line`` on stderr, if stderr can still be written."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, AttributeError, ValueError):  # stderr full or closed too: nothing to say it on
        pass

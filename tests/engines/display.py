"""The X display WebKitGTK draws on: the session's own (``$DISPLAY``) or a virtual one (Xvfb,
from Debian's ``xvfb``) for as long as the tests need it."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def x_display() -> Iterator[str]:
    """Yield the name of an X display (``":N"``): ``$DISPLAY`` if set, else a new Xvfb server's,
    stopped on exit.

    Raises:
        FileNotFoundError: there is no ``$DISPLAY`` and no ``Xvfb`` program.
    """
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as numbers:  # Xvfb writes its display's number once it accepts clients
        number = numbers.readline().strip()
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)

"""What the build's modules share: the repository's root, the build's error, the site's marker,
file hashes, package names and subprocesses."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from pathlib import Path

from charsim.version import __version__

__all__ = [
    "INSTALLED",
    "MARKER",
    "PACKAGE",
    "ROOT",
    "SHIPPED",
    "STATIC",
    "WORKSPACE",
    "BuildError",
    "normalize",
    "run",
    "sha256",
]

PACKAGE = Path(__file__).resolve().parents[1]
"""The ``explorer`` package."""
ROOT = PACKAGE.parent
"""The repository, when the explorer runs from a checkout (else the folder of the installed
packages)."""
SHIPPED = PACKAGE / "_shipped"
"""In an installed package, the repository's files that the build reads beside the packages:
``static/``, npm's ``package.json`` and ``package-lock.json`` (put there by ``setup.py``)."""
INSTALLED = SHIPPED.is_dir()
"""Whether the explorer runs from an installed package rather than a checkout."""
STATIC = (SHIPPED if INSTALLED else ROOT) / "static"
"""The site's shell: the page, its scripts and styles, the pins."""
WORKSPACE = (
    Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / f"charsim-{__version__}"
    if INSTALLED
    else ROOT
)
"""Where the build keeps npm's packages (``node_modules/``) and its downloads (``.cache/``): the
checkout, or, for an installed package, a folder of the user's cache
(``~/.cache/charsim-<version>``, ``$XDG_CACHE_HOME`` if set): installed files may be read-only."""
MARKER = ".explorer-site"
"""A file the build writes first into the site's folder: a later build may replace a folder that
holds it (explorer.site_build.build.replaceable). Not part of the site a browser loads."""


class BuildError(RuntimeError):
    """A build step failed; the message says which input to fix."""


def sha256(path: Path) -> str:
    """Hex SHA-256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def normalize(name: str) -> str:
    """PEP 503 normalised project name (as used for Pyodide lock keys)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str], cwd: Path = WORKSPACE, env: dict[str, str] | None = None) -> None:
    """Run a subprocess, failing the build with its output if it fails (or with one line if
    the command is not on PATH)."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)
    except FileNotFoundError:
        command = " ".join(cmd)
        raise BuildError(f"`{cmd[0]}` is not on PATH: the build needs it for {command}") from None
    if proc.returncode != 0:
        raise BuildError(f"command failed: {' '.join(cmd)}\n{proc.stdout}\n{proc.stderr}")

"""What the build's modules share: the repository's root, the build's error, the site's marker,
file hashes, package names and subprocesses."""

from __future__ import annotations

import hashlib
import re
import subprocess
from pathlib import Path

__all__ = ["MARKER", "ROOT", "STATIC", "BuildError", "normalize", "run", "sha256"]

ROOT = Path(__file__).resolve().parents[2]
"""The repository (the checkout the site is built from)."""
STATIC = ROOT / "static"
"""The site's shell: the page, its scripts and styles, the pins."""
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


def run(cmd: list[str], cwd: Path = ROOT) -> None:
    """Run a subprocess, failing the build with its output if it fails (or with one line if
    the command is not on PATH)."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        command = " ".join(cmd)
        raise BuildError(f"`{cmd[0]}` is not on PATH: the build needs it for {command}") from None
    if proc.returncode != 0:
        raise BuildError(f"command failed: {' '.join(cmd)}\n{proc.stdout}\n{proc.stderr}")

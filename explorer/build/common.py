"""What the build's modules share: the repository's root, the build's error and file hashes."""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["ROOT", "STATIC", "BuildError", "sha256"]

ROOT = Path(__file__).resolve().parents[2]
"""The repository (the checkout the site is built from)."""
STATIC = ROOT / "static"
"""The site's shell: the page, its scripts and styles, the pins."""


class BuildError(RuntimeError):
    """A build step failed; the message says which input to fix."""


def sha256(path: Path) -> str:
    """Hex SHA-256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()

"""The pinned wheels and sdists from PyPI: downloaded once by ``pip download --require-hashes``
into ``.cache/wheels/``, then every file checked against its SHA-256 in the pins on every build."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from explorer.site_build.common import WORKSPACE, BuildError, normalize, run, sha256

__all__ = ["WHEEL_CACHE", "fetch", "verify"]

WHEEL_CACHE = WORKSPACE / ".cache" / "wheels"


def verify(path: Path, expected: str) -> None:
    """Fail unless ``path`` has the expected SHA-256."""
    actual = sha256(path)
    if actual != expected:
        raise BuildError(f"sha256 mismatch for {path}: expected {expected}, got {actual}")


def fetch(pins: list[dict], binary: bool) -> dict[str, Path]:
    """Download pinned wheels (``binary``) or sdists into the cache; verify every sha256."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    missing = [p for p in pins if not (WHEEL_CACHE / p["file"]).is_file()]
    if missing:
        with tempfile.TemporaryDirectory() as tmp:
            requirements = Path(tmp) / "requirements.txt"
            requirements.write_text(
                "".join(
                    f"{p['name']}=={p['version']} --hash=sha256:{p['sha256']}\n" for p in missing
                ),
                encoding="utf-8",
            )
            cmd = [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--require-hashes",
                "--disable-pip-version-check",
                "-r",
                str(requirements),
                "-d",
                tmp,
            ]
            if binary:
                # Pure wheels for Pyodide's interpreter, whatever Python runs the build.
                cmd += [
                    "--only-binary",
                    ":all:",
                    "--python-version",
                    "3.12",
                    "--implementation",
                    "py",
                    "--abi",
                    "none",
                    "--platform",
                    "any",
                ]
            else:
                cmd += ["--no-binary", ":all:"]
            run(cmd)
            for p in missing:
                downloaded = Path(tmp) / p["file"]
                if not downloaded.is_file():
                    raise BuildError(f"pip did not produce {p['file']} (check `file` in pins)")
                shutil.move(downloaded, WHEEL_CACHE / p["file"])
    files = {}
    for p in pins:
        verify(WHEEL_CACHE / p["file"], p["sha256"])
        files[normalize(p["name"])] = WHEEL_CACHE / p["file"]
    return files

"""Pyodide's compiled packages for the site: found in a folder or downloaded, always verified.

numpy, pandas and the other packages of ``[pyodide] compiled`` in ``static/pins.toml`` are
Pyodide's own builds (PyPI has no wheel that runs in Pyodide). The build takes each file from
the first of these places that holds it:

1. the folder given by ``--pyodide-wheels DIR`` or ``$CHARSIM_PYODIDE_WHEELS``;
2. ``../shared/pyodide-<version>``: a copy of the distribution kept beside the checkout (for
   machines that cannot reach the distribution's server);
3. the build cache, ``.cache/pyodide-<version>/``;
4. else it downloads the file from the official Pyodide distribution (``distribution_url`` in
   the pins) into the cache.

Whatever its source, a file must have the SHA-256 that ``pyodide-lock.json`` of npm's
``pyodide@<version>`` (``node_modules/pyodide``) gives it. A mismatch or a failed download stops
the build with the file, the URL, the expected and actual hash and what to do; a download that
fails its check is not kept. Standard library only (``urllib``).
"""

from __future__ import annotations

import hashlib
import http.client
import os
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from explorer.site_build.common import ROOT, WORKSPACE, BuildError, sha256

__all__ = [
    "CACHE",
    "LOCAL_COPIES",
    "URL_ENV",
    "WHEELS_ENV",
    "Place",
    "check_given",
    "places",
    "provide",
]

WHEELS_ENV = "CHARSIM_PYODIDE_WHEELS"
"""Environment variable naming a folder of the compiled wheels, as ``--pyodide-wheels``."""
URL_ENV = "CHARSIM_TEST_PYODIDE_URL"
"""Test-only: a URL that replaces the pinned ``distribution_url`` (the tests point it at a
server on 127.0.0.1, as this project's machines cannot reach the Pyodide CDN)."""
LOCAL_COPIES = ROOT.parent / "shared"
"""A folder beside the checkout that may hold a copy of the distribution, ``pyodide-<version>/``."""
CACHE = WORKSPACE / ".cache"
"""The build cache (gitignored); downloads go to ``pyodide-<version>/`` in it."""
LOCK = "node_modules/pyodide/pyodide-lock.json"
"""Where the hashes come from (npm ``pyodide``, installed by ``npm ci``), as messages name it."""
TIMEOUT = 60
"""Seconds a download may wait for the server before it fails."""


@dataclass(frozen=True)
class Place:
    """A folder the build looks in for the compiled wheels.

    Attributes:
        path: the folder.
        what: how messages name it (``--pyodide-wheels``, the build cache, ...).
        advice: what to do about a file there whose SHA-256 is wrong.
        given: the folder was given (``--pyodide-wheels`` or :data:`WHEELS_ENV`), so it should
            hold what no other place does.
    """

    path: Path
    what: str
    advice: str
    given: bool = False


def places(version: str, given: Path | None = None) -> list[Place]:
    """The folders to look in, in order (see the module's docstring).

    Args:
        version: the pinned Pyodide version (``0.27.7``).
        given: ``--pyodide-wheels``; None reads ``$CHARSIM_PYODIDE_WHEELS`` (unset: no folder).

    Raises:
        BuildError: the given folder does not exist.
    """
    what = "--pyodide-wheels" if given else f"${WHEELS_ENV}"
    given = given or (Path(os.environ[WHEELS_ENV]) if os.environ.get(WHEELS_ENV) else None)
    if given is not None and not given.is_dir():
        raise BuildError(f"{what} {given}: no such folder (it should hold Pyodide's wheels)")
    replace = (
        "replace it with the official file (the URL above) or delete it: the build then takes "
        "the next place, or downloads it"
    )
    copy, cache = LOCAL_COPIES / f"pyodide-{version}", CACHE / f"pyodide-{version}"
    found = [] if given is None else [Place(given, f"{what} {given}", replace, given=True)]
    return found + [
        Place(copy, f"the local copy {copy}", replace),
        Place(
            cache,
            f"the build cache {cache}",
            "delete it (a damaged earlier download): the next build downloads it again",
        ),
    ]


def check_given(entries: list[dict], pins: dict, given: Path | None = None) -> None:
    """Refuse a folder given for the wheels that lacks one that no other place holds, before
    anything is downloaded (a folder given is where the wheels are meant to come from).

    Args:
        entries: the packages' entries in npm ``pyodide``'s lock file (``file_name``).
        pins: the ``[pyodide]`` table of the pins (``version``, ``distribution_url``).
        given: ``--pyodide-wheels`` (see :func:`places`).

    Raises:
        BuildError: the folder does not exist, or lacks a wheel (the message names one).
    """
    _check_given(entries, places(pins["version"], given), pins["distribution_url"])


def _check_given(entries: list[dict], folders: list[Place], official: str) -> None:
    if not folders[0].given:
        return
    names = [entry["file_name"] for entry in entries]
    missing = [n for n in names if not any((p.path / n).is_file() for p in folders)]
    if not missing:
        return
    held = "none" if len(missing) == len(names) else f"{len(names) - len(missing)}"
    raise BuildError(
        f"{folders[0].what} holds {held} of the {len(names)} compiled wheels the site needs "
        f"(it lacks {missing[0]}"
        + (f" and {len(missing) - 1} more" if len(missing) > 1 else "")
        + f"): put them there (each is at {official} followed by its name), or build without "
        f"{folders[0].what.split()[0]} to download them; nothing was downloaded"
    )


def provide(entries: list[dict], pins: dict, given: Path | None = None) -> list[Path]:
    """Find or download the files of ``entries`` and verify each; return their paths in order.

    Args:
        entries: the packages' entries in npm ``pyodide``'s lock file (``file_name``,
            ``sha256``).
        pins: the ``[pyodide]`` table of the pins (``version``, ``distribution_url``).
        given: ``--pyodide-wheels`` (see :func:`places`).

    Raises:
        BuildError: a file's SHA-256 differs from the lock's, or a download failed; the message
            names the file, the URL, both hashes (or the error) and what to do; a folder given
            lacks a wheel no other place holds (:func:`check_given`).
    """
    version, official = pins["version"], pins["distribution_url"]
    base = os.environ.get(URL_ENV) or official
    folders = places(version, given)
    _check_given(entries, folders, official)
    cache = folders[-1].path
    paths, missing = [], []
    for entry in entries:
        name = entry["file_name"]
        place = next((p for p in folders if (p.path / name).is_file()), None)
        if place is None:
            missing.append(entry)
            paths.append(cache / name)
            continue
        path = place.path / name
        if (actual := sha256(path)) != entry["sha256"]:
            raise mismatch(path, official + name, entry["sha256"], actual, place.advice)
        paths.append(path)
        print(f"      {name}: from {place.what} (sha256 verified)")
    if missing:
        note = f" (${URL_ENV}, test-only)" if base != official else ""
        print(f"      downloading {len(missing)} files from {base}{note} into {cache}")
        cache.mkdir(parents=True, exist_ok=True)
        progress = Progress(len(missing))
        for entry in missing:
            download(base + entry["file_name"], cache / entry["file_name"], entry, progress)
        progress.summary()
    return paths


def download(url: str, dest: Path, entry: dict, progress: Progress) -> None:
    """Download ``url`` to ``dest`` if its SHA-256 is the lock ``entry``'s (else keep nothing).

    Raises:
        BuildError: the download failed or its hash is wrong.
    """
    part = dest.with_name(dest.name + ".part")
    digest = hashlib.sha256()
    progress.start(dest.name)
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response, part.open("wb") as fh:
            size = int(response.headers.get("Content-Length") or 0)
            while chunk := response.read(1 << 16):
                fh.write(chunk)
                digest.update(chunk)
                progress.advance(len(chunk), size)
    except (OSError, ValueError, http.client.HTTPException) as error:
        part.unlink(missing_ok=True)
        raise failed(dest, url, error, entry) from None
    if digest.hexdigest() != entry["sha256"]:
        part.unlink()
        raise mismatch(
            dest,
            url,
            entry["sha256"],
            digest.hexdigest(),
            "nothing was kept. Build again to retry; if the hash is wrong again, download the "
            "file from the URL above yourself, compare its `sha256sum` with the expected hash, "
            "and pass its folder with --pyodide-wheels DIR",
        )
    part.replace(dest)
    progress.finish()


def mismatch(path: Path, url: str, expected: str, actual: str, advice: str) -> BuildError:
    """The error for a file whose SHA-256 is not the lock's."""
    return BuildError(
        f"{path.name} is not Pyodide's file: its SHA-256 differs from {LOCK}\n"
        f"  file:     {path}\n"
        f"  URL:      {url}\n"
        f"  expected: sha256 {expected}\n"
        f"  actual:   sha256 {actual}\n"
        f"  what to do: {advice}"
    )


def failed(dest: Path, url: str, error: Exception, entry: dict) -> BuildError:
    """The error for a download that did not complete."""
    if isinstance(error, urllib.error.HTTPError):
        reason = f"HTTP {error.code} {error.reason}"
    elif isinstance(error, urllib.error.URLError):
        reason = str(error.reason)
    else:
        reason = str(error) or type(error).__name__
    return BuildError(
        f"could not download {dest.name}: {reason}\n"
        f"  file:     {dest}\n"
        f"  URL:      {url}\n"
        f"  expected: sha256 {entry['sha256']}\n"
        "  what to do: check the connection (a proxy is read from $https_proxy) and build again; "
        "without one, get each compiled wheel the build names on a machine that can (this one "
        "at the URL above), put them in one folder and build with --pyodide-wheels DIR: each "
        "file's SHA-256 is checked"
    )


class Progress:
    """Download progress on stdout: updated in place on a terminal, else a line per file."""

    def __init__(self, count: int) -> None:
        self.count, self.index, self.total = count, 0, 0
        self.name, self.done, self.shown = "", 0, 0.0
        self.live = sys.stdout.isatty()

    def line(self, size: int = 0) -> str:
        """The current file's line: its number, name and megabytes so far (of ``size``)."""
        of = f" of {size / 1e6:.1f}" if size else ""
        return f"      [{self.index}/{self.count}] {self.name}: {self.done / 1e6:.1f}{of} MB"

    def start(self, name: str) -> None:
        """A new file starts."""
        self.index, self.name, self.done = self.index + 1, name, 0

    def advance(self, chunk: int, size: int) -> None:
        """``chunk`` more bytes of ``size`` (0: unknown) arrived; redraw at most 10 times/s."""
        self.done += chunk
        if self.live and time.monotonic() - self.shown > 0.1:
            self.shown = time.monotonic()
            print("\r" + self.line(size), end="", flush=True)

    def finish(self) -> None:
        """The current file is complete and verified."""
        self.total += self.done
        print(("\r" if self.live else "") + self.line() + " (sha256 verified)", flush=True)

    def summary(self) -> None:
        """Print the total."""
        print(f"      downloaded {self.count} files, {self.total / 1e6:.1f} MB", flush=True)

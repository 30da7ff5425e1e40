"""The build's pins: ``static/pins.toml`` (the only place versions and hashes are written) and
npm ``pyodide``'s lock file (``node_modules/pyodide``), which names Pyodide's own packages and
their hashes."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import tarfile
import tomllib
import urllib.request

from explorer.site_build.common import (
    INSTALLED,
    SHIPPED,
    STATIC,
    WORKSPACE,
    BuildError,
    normalize,
    run,
)

__all__ = ["NPM_LOCK", "NPM_PYODIDE", "PINS_FILE", "load_npm_lock", "load_pins", "node_environment"]

PINS_FILE = STATIC / "pins.toml"
NPM_PYODIDE = WORKSPACE / "node_modules" / "pyodide"
NPM_LOCK = (SHIPPED if INSTALLED else WORKSPACE) / "package-lock.json"
"""npm's lock file, which pins Pyodide's core (its version and hash)."""


def load_pins() -> dict:
    """Read static/pins.toml and check it names each package once."""
    pins = tomllib.loads(PINS_FILE.read_text(encoding="utf-8"))
    names = [normalize(p["name"]) for p in pins.get("wheel", []) + pins.get("sdist", [])]
    names += [normalize(n) for n in pins["pyodide"]["compiled"]]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise BuildError(f"{PINS_FILE}: packages pinned twice: {sorted(duplicates)}")
    return pins


def load_npm_lock(version: str) -> dict:
    """Install npm ``pyodide`` if missing or incomplete and return its lock file (checking the
    version): with ``npm ci`` where npm is on PATH, else from npm's registry, the archive checked
    against ``package-lock.json``'s hash (:func:`_unpack_from_registry`). For an installed
    package, npm's package files are copied into the :data:`~explorer.site_build.common.
    WORKSPACE` first."""
    needed = ["pyodide-lock.json", "pyodide.asm.wasm", "pyodide.asm.js", "python_stdlib.zip"]
    if not all((NPM_PYODIDE / name).is_file() for name in needed):
        if INSTALLED:
            WORKSPACE.mkdir(parents=True, exist_ok=True)
            for name in ("package.json", "package-lock.json"):
                shutil.copyfile(SHIPPED / name, WORKSPACE / name)
        if shutil.which("npm"):  # an installed package needs no linter nor test's library
            run(["npm", "ci", "--no-audit", "--no-fund", *(["--omit=dev"] if INSTALLED else [])])
        else:
            _unpack_from_registry()
    lock = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    if lock["info"]["version"] != version:
        raise BuildError(
            f"node_modules/pyodide is {lock['info']['version']}, pins say {version}: run npm ci"
        )
    return lock


def _unpack_from_registry() -> None:
    """npm ``pyodide`` without npm: the archive that ``package-lock.json`` names, from npm's
    registry, unpacked into ``node_modules/pyodide`` once its SHA-512 is the lock's.

    Raises:
        BuildError: the download fails or its hash differs.
    """
    lock = json.loads((WORKSPACE / "package-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"]["node_modules/pyodide"]
    url = f"https://registry.npmjs.org/pyodide/-/pyodide-{entry['version']}.tgz"
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
    except OSError as error:
        raise BuildError(f"npm is not on PATH and {url} could not be fetched: {error}") from None
    digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != entry["integrity"]:
        raise BuildError(f"{url}: its SHA-512 is not package-lock.json's (a damaged download?)")
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.startswith("package/"):
                target = NPM_PYODIDE / member.name.removeprefix("package/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.extractfile(member).read())


def node_environment() -> dict[str, str]:
    """The environment of the build's Node scripts (``compile_pyc.mjs``, ``snapshot.mjs``):
    where npm ``pyodide`` and the site's shell are (``CHARSIM_PYODIDE``, ``CHARSIM_STATIC``)."""
    return {**os.environ, "CHARSIM_PYODIDE": str(NPM_PYODIDE), "CHARSIM_STATIC": str(STATIC)}

"""The build's pins: ``static/pins.toml`` (the only place versions and hashes are written) and
npm ``pyodide``'s lock file (``node_modules/pyodide``), which names Pyodide's own packages and
their hashes."""

from __future__ import annotations

import json
import tomllib

from explorer.site_build.common import ROOT, STATIC, BuildError, normalize, run

__all__ = ["NPM_PYODIDE", "PINS_FILE", "load_pins", "load_npm_lock"]

PINS_FILE = STATIC / "pins.toml"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"


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
    version)."""
    needed = ["pyodide-lock.json", "pyodide.asm.wasm", "pyodide.asm.js", "python_stdlib.zip"]
    if not all((NPM_PYODIDE / name).is_file() for name in needed):
        run(["npm", "ci", "--no-audit", "--no-fund"])
    lock = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    if lock["info"]["version"] != version:
        raise BuildError(
            f"node_modules/pyodide is {lock['info']['version']}, pins say {version}: run npm ci"
        )
    return lock

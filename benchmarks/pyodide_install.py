"""The explorer's Python install and imports in Pyodide (Node, npm pyodide@0.27.7), side by side:

* imports: numpy, then pandas, then Bokeh's and Panel's modules, imported in a fresh Pyodide with
  Pyodide's own standard library and compiled wheels (sources only: every module is compiled on
  import), and with the site's (each module with its bytecode, ``explorer/site_build/bytecode.py``);
* install: the app stage's archive (``pyodide/app.tar.gz``: Bokeh, Panel and the other
  pure-Python packages, 2,600 files) unpacked by Python (``pyodide.unpackArchive``, as Pyodide
  installs a wheel) and written by the worker's own ``writeTar`` (``static/archives.js``).

Each round runs every variant in a Node process of its own, in turn; the medians over
``--rounds`` are printed with their ratio. Needs a built site (``python -m explorer build``) and
Pyodide's official compiled wheels (``../shared/pyodide-0.27.7``, ``.cache/pyodide-0.27.7`` or
``--official DIR``).

Usage: ``python benchmarks/pyodide_install.py [--rounds N] [--site DIR] [--official DIR]``
"""

from __future__ import annotations

import gzip
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from _common import ROOT, environment, positive, script_parser

from explorer.site_build.build import DEFAULT_OUT
from explorer.site_build.compiled import places
from explorer.site_build.pins import NPM_PYODIDE

SCRIPT = r"""
import { readFileSync } from "node:fs";
const [variant, folder, lockFile, stdLib] = process.argv.slice(2);
const core = `${process.env.NPM_PYODIDE}/`;
const { loadPyodide } = await import(`${core}pyodide.mjs`);
globalThis.XMLHttpRequest = class {};  // Panel imports it; nothing here sends a request
const pyodide = await loadPyodide({ indexURL: core, lockFileURL: lockFile, stdLibURL: stdLib });
// The worker's writeTar, as the page runs it.
const { writeTar } = await import(process.env.ARCHIVES_JS);
const archive = (name) => new Uint8Array(readFileSync(`${folder}/${name}.tar`));
const seconds = (work) => {
  const start = performance.now();
  work();
  return (performance.now() - start) / 1000;
};
const result = {};
try {
if (variant === "install") {
  const app = archive("app");
  result.python = seconds(() => pyodide.unpackArchive(app, "tar", { extractDir: "/" }));
  result.worker = seconds(() => writeTar(pyodide.FS, app));
} else {
  await pyodide.loadPackage(["numpy", "pandas"], { messageCallback() {} });
  if (variant === "site") writeTar(pyodide.FS, archive("tables"));  // pandas's pure dependencies
  writeTar(pyodide.FS, archive("live"));  // param, which Panel needs
  writeTar(pyodide.FS, archive("app"));
  for (const [name, code] of [["numpy", "import numpy"], ["pandas", "import pandas"],
                              ["Bokeh, Panel", "import bokeh.models, bokeh.plotting, panel"]]) {
    result[name] = seconds(() => pyodide.runPython(code));
  }
}
} catch (error) {
  console.error(String((error && error.message) || error));  // the message, not the minified line
  process.exit(1);
}
console.log(JSON.stringify(result));
"""


def _official(given: Path | None) -> Path:
    """A folder of Pyodide's official compiled wheels (numpy, pandas, ...)."""
    for folder in [given] if given else [place.path for place in places("0.27.7")]:
        if any(folder.glob("pandas-*.whl")):
            return folder
    raise SystemExit("Pyodide's official wheels were not found: pass --official DIR")


def _lock(lock: Path, wheels: Path, dest: Path) -> Path:
    """The Pyodide lock ``lock`` with its files named by their absolute path in ``wheels``."""
    data = json.loads(lock.read_text(encoding="utf-8"))
    for entry in data["packages"].values():
        entry["file_name"] = str(wheels / entry["file_name"])
    dest.write_text(json.dumps(data), encoding="utf-8")
    return dest


def main() -> int:
    parser = script_parser(__doc__)
    parser.add_argument("--rounds", type=positive, default=3, help="rounds (3)")
    parser.add_argument("--site", type=Path, default=DEFAULT_OUT, help="a built site (site/)")
    parser.add_argument("--official", type=Path, help="Pyodide's official compiled wheels")
    args = parser.parse_args()
    print(environment())
    core = args.site / "pyodide"
    if not (core / "app.tar.gz").is_file():
        parser.error(f"--site {args.site}: no built site there (python -m explorer build)")
    official = _official(args.official)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for stage in ("live", "app", "tables"):
            data = gzip.decompress((core / f"{stage}.tar.gz").read_bytes())
            (folder / f"{stage}.tar").write_bytes(data)
        script = folder / "bench.mjs"
        script.write_text(SCRIPT, encoding="utf-8")
        plain = (
            _lock(NPM_PYODIDE / "pyodide-lock.json", official, folder / "plain.json"),
            NPM_PYODIDE / "python_stdlib.zip",
        )
        site = (
            _lock(core / "pyodide-lock.json", core, folder / "site.json"),
            core / "python_stdlib.zip",
        )
        variants = {"plain": plain, "site": site, "install": site}
        archives = (ROOT / "static" / "archives.js").as_uri()
        env = {"NPM_PYODIDE": str(NPM_PYODIDE), "ARCHIVES_JS": archives}
        results: dict[str, list[dict]] = {name: [] for name in variants}
        for _ in range(args.rounds):
            for name, (lock, stdlib) in variants.items():
                run = subprocess.run(
                    [
                        shutil.which("node") or "node",
                        str(script),
                        name,
                        str(folder),
                        str(lock),
                        str(stdlib),
                    ],
                    capture_output=True,
                    text=True,
                    env=env,
                )
                if run.returncode:
                    raise SystemExit(f"{name}: {run.stderr.strip()[-2000:]}")
                results[name].append(json.loads(run.stdout.strip().splitlines()[-1]))
    median = {
        name: {key: statistics.median(r[key] for r in rows) for key in rows[0]}
        for name, rows in results.items()
    }
    print(
        f"medians of {args.rounds} rounds, seconds (Bokeh's and Panel's own files come with "
        "their bytecode in both: there, only the standard library differs)"
    )
    for key, before in median["plain"].items():
        after = median["site"][key]
        print(
            f"import {key:<13} {before:5.2f} Pyodide's files, {after:5.2f} the site's "
            f"({after / before:.2f} x)"
        )
    python, worker = median["install"]["python"], median["install"]["worker"]
    print(
        f"the app stage's archive: {python:5.2f} unpacked by Python, {worker:5.2f} written by "
        f"the worker ({worker / python:.2f} x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

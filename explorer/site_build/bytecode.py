"""CPython 3.12 bytecode for every module the site ships, compiled by Pyodide's own interpreter
under Node (``compile_pyc.mjs``) and added to the wheels, to the app's files and to the standard
library's archive, so that importing in the browser skips the compilation.

Compiled files are kept in ``.cache/bytecode/`` under a key of the Pyodide core, the file's path
inside Pyodide and its source, so that a build compiles only what changed since the last one
(most builds: the app's own modules); the tests' several builds share it.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import zipfile
from pathlib import Path

from explorer.site_build.common import WORKSPACE, run
from explorer.site_build.pins import NPM_PYODIDE, node_environment
from explorer.site_build.wheels import with_record, write_zip

__all__ = [
    "APP_HOME",
    "BYTECODE_CACHE",
    "COMPILE_PYC",
    "SITE_PACKAGES",
    "STANDARD_LIBRARY",
    "add_bytecode",
    "bytecode",
    "standard_library",
]

#: Node script that compiles Python to bytecode inside Pyodide (see ``bytecode``).
COMPILE_PYC = Path(__file__).with_name("compile_pyc.mjs")
#: Where Pyodide puts the files of installed wheels, and the app's (its home: the cwd).
SITE_PACKAGES = "/lib/python3.12/site-packages"
APP_HOME = "/home/pyodide"
STANDARD_LIBRARY = "/lib/python312.zip"
"""Where Pyodide keeps its standard library's archive, which ``zipimport`` imports from."""
BYTECODE_CACHE = WORKSPACE / ".cache" / "bytecode"
"""Compiled files of earlier builds, one per (Pyodide core, installed path, source)."""


def _pyc_name(name: str) -> str:
    """``a/b.py`` → ``a/__pycache__/b.cpython-312.pyc``, where compile_pyc.mjs writes it."""
    folder, _, module = name.rpartition("/")
    return f"{folder + '/' if folder else ''}__pycache__/{module[:-3]}.cpython-312.pyc"


def _key(core: str, installed: str, name: str, source: bytes) -> str:
    return hashlib.sha256(f"{core}\0{installed}/{name}\0".encode() + source).hexdigest()


def bytecode(trees: list[tuple[str, dict[str, bytes]]]) -> list[dict[str, bytes]]:
    """Compile Python sources to bytecode with Pyodide's own CPython (3.12), under Node.

    Each tree is ``(installed, files)``: the folder the files live in inside Pyodide and
    ``{relative path: content}``. Returns, per tree, ``{relative path of a .pyc: bytes}``: a
    ``__pycache__/<module>.cpython-312.pyc`` for every ``.py`` file. The pycs are unchecked-hash
    (PEP 552), valid whatever the mtimes Pyodide gives the unpacked files, so importing skips the
    compilation (about half of the import time in the browser). Compiling in sorted order with
    fixed recorded paths keeps them byte-for-byte reproducible; a file found in
    :data:`BYTECODE_CACHE` is not compiled again (a file compiled among fewer others may differ
    in bytes that do not change what it loads: how often marshal refers back to a constant).
    """
    core = json.loads((NPM_PYODIDE / "package.json").read_text())["version"]
    compiled: list[dict[str, bytes]] = [{} for _ in trees]
    missing: list[tuple[int, str, Path]] = []  # (tree, .py name, cache file)
    for i, (installed, files) in enumerate(trees):
        for name, data in files.items():
            if name.endswith(".py"):
                cached = BYTECODE_CACHE / _key(core, installed, name, data)
                if cached.is_file():
                    compiled[i][_pyc_name(name)] = cached.read_bytes()
                else:
                    missing.append((i, name, cached))
    if not missing:
        return compiled
    with tempfile.TemporaryDirectory() as tmp:
        folders = [Path(tmp, str(i)) for i in range(len(trees))]
        for folder in folders:
            folder.mkdir()
        for i, name, _ in missing:
            (folders[i] / name).parent.mkdir(parents=True, exist_ok=True)
            (folders[i] / name).write_bytes(trees[i][1][name])
        pairs = [
            str(arg)
            for folder, (installed, _) in zip(folders, trees, strict=True)
            for arg in (folder, installed)
        ]
        run(["node", str(COMPILE_PYC), *pairs], env=node_environment())
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        for i, name, cached in missing:
            pyc = (folders[i] / _pyc_name(name)).read_bytes()
            compiled[i][_pyc_name(name)] = pyc
            partial = cached.with_suffix(".part")
            partial.write_bytes(pyc)
            partial.replace(cached)  # whole, or not there: builds may run side by side
    return compiled


def add_bytecode(wheels: list[Path], app: dict[str, bytes]) -> dict[str, bytes]:
    """Add to each of ``wheels`` (in place) the bytecode of its modules, and return that of the
    ``app`` files (shipped in the live view's archive): all compiled in one Node run."""
    contents = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            contents.append({i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()})
    compiled = bytecode([(SITE_PACKAGES, members) for members in contents] + [(APP_HOME, app)])
    for wheel, members, pycs in zip(wheels, contents, compiled[:-1], strict=True):
        dist_info = next(n.split("/")[0] for n in members if n.split("/")[0].endswith(".dist-info"))
        write_zip(wheel, with_record(members | pycs, dist_info))
    return compiled[-1]


def standard_library(source: Path, dest: Path) -> None:
    """Write Pyodide's standard library archive ``source`` to ``dest`` with each module's bytecode
    beside its source (``json/decoder.pyc`` next to ``json/decoder.py``).

    ``zipimport``, which imports the standard library, looks for ``<module>.pyc`` in the archive
    (never in ``__pycache__/``) and otherwise compiles the source on every import, caching nothing:
    some 120 modules that Bokeh, Panel and numpy import, compiled again on every visit
    (``docs/benchmarks.md``: importing with and without bytecode). The pycs are unchecked-hash (PEP
    552), so ``zipimport`` takes them without reading the source; the sources stay, for tracebacks.
    Members keep their order and dates.
    """
    with zipfile.ZipFile(source) as zf:
        infos = zf.infolist()
        members = {info.filename: zf.read(info) for info in infos}
    sources = {name: data for name, data in members.items() if name.endswith(".py")}
    (compiled,) = bytecode([(STANDARD_LIBRARY, sources)])
    pycs = {name[:-3] + ".pyc": compiled[_pyc_name(name)] for name in sources}
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in infos:
            zf.writestr(info, members[info.filename], compresslevel=9)
            if info.filename in sources:
                pyc = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
                pyc.external_attr = info.external_attr
                zf.writestr(pyc, pycs[pyc.filename], zipfile.ZIP_DEFLATED, compresslevel=9)

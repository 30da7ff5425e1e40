"""CPython 3.12 bytecode for every module the site ships, compiled by Pyodide's own interpreter
under Node (``compile_pyc.mjs``) and added to the wheels and to app.zip, so that importing in the
browser skips the compilation."""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path

from explorer.site_build.common import run
from explorer.site_build.wheels import with_record, write_zip

__all__ = ["APP_HOME", "COMPILE_PYC", "SITE_PACKAGES", "add_bytecode", "bytecode"]

#: Node script that compiles Python to bytecode inside Pyodide (see ``bytecode``).
COMPILE_PYC = Path(__file__).with_name("compile_pyc.mjs")
#: Where Pyodide puts the files of installed wheels, and of app.zip (unpacked in its cwd).
SITE_PACKAGES = "/lib/python3.12/site-packages"
APP_HOME = "/home/pyodide"


def bytecode(trees: list[tuple[str, dict[str, bytes]]]) -> list[dict[str, bytes]]:
    """Compile Python sources to bytecode with Pyodide's own CPython (3.12), under Node.

    Each tree is ``(installed, files)``: the folder the files live in inside Pyodide and
    ``{relative path: content}``. Returns, per tree, ``{relative path of a .pyc: bytes}``: a
    ``__pycache__/<module>.cpython-312.pyc`` for every ``.py`` file. The pycs are unchecked-hash
    (PEP 552), valid whatever the mtimes Pyodide gives the unpacked files, so importing skips the
    compilation (about half of the import time in the browser). Compiling in sorted order with
    fixed recorded paths keeps them byte-for-byte reproducible.
    """
    with tempfile.TemporaryDirectory() as tmp:
        folders = [Path(tmp, str(i)) for i in range(len(trees))]
        args = []
        for folder, (installed, files) in zip(folders, trees, strict=True):
            folder.mkdir()
            for name, data in files.items():
                if name.endswith(".py"):
                    (folder / name).parent.mkdir(parents=True, exist_ok=True)
                    (folder / name).write_bytes(data)
            args += [str(folder), installed]
        run(["node", str(COMPILE_PYC), *args])
        return [
            {
                path.relative_to(folder).as_posix(): path.read_bytes()
                for path in folder.rglob("*.pyc")
            }
            for folder in folders
        ]


def add_bytecode(wheels: list[Path], app: dict[str, bytes]) -> dict[str, bytes]:
    """Add to each of ``wheels`` (in place) the bytecode of its modules, and return that of the
    ``app`` files (for app.zip): all compiled in one Node run."""
    contents = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            contents.append({i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()})
    compiled = bytecode([(SITE_PACKAGES, members) for members in contents] + [(APP_HOME, app)])
    for wheel, members, pycs in zip(wheels, contents, compiled[:-1], strict=True):
        dist_info = next(n.split("/")[0] for n in members if n.split("/")[0].endswith(".dist-info"))
        write_zip(wheel, with_record(members | pycs, dist_info))
    return compiled[-1]

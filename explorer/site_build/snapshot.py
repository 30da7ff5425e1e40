"""The memory snapshots of the live view and of the app: made by the site build, checked before
the build succeeds.

A memory snapshot of Pyodide holds its whole linear memory after the live view's Python
(``charsim``, ``param`` and :mod:`explorer.runtime.worker`) is imported. The worker restores it
instead of booting Python and installing and importing those packages, so the first score comes
in a fraction of a bare Pyodide boot; if anything about it is wrong it boots as before
(``static/snapshot.js``). The app's worker restores a second one (:func:`make_app_snapshot`),
with sacreBLEU's modules (for the single-item page's comparison,
:data:`~explorer.runtime.worker.SNAPSHOT_GROUPS`), numpy, Bokeh and Panel imported as well, so
that the app is built at once and the comparison waits for no install. The snapshot is made
with the npm ``pyodide`` core, the same files the site serves or (``--pyodide-source cdn``) the
CDN serves, by ``snapshot.mjs`` under Node, and shipped gzip-compressed; the worker decompresses
it itself, so that any static host serves it as it is.

Before the build succeeds, the snapshot is restored twice under Node: each restore must answer
the self-check (:func:`explorer.runtime.worker.self_check`) as CPython does, the two must
draw different random numbers (``random`` is reseeded after a restore), and modules imported from
the standard library's archive must compile nothing (the site serves it with their bytecode).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import tempfile
import zipfile
from pathlib import Path

from explorer.runtime.worker import APP_CHECK, SNAPSHOT_GROUPS, comparison_check, self_check
from explorer.site_build.bundle import tar_archive
from explorer.site_build.bytecode import SITE_PACKAGES
from explorer.site_build.common import BuildError
from explorer.site_build.pins import node_environment

__all__ = [
    "APP_LIBRARIES_FILE",
    "APP_SNAPSHOT_FILE",
    "SNAPSHOT_FILE",
    "make_app_snapshot",
    "make_snapshot",
]

SCRIPT = Path(__file__).with_name("snapshot.mjs")
SNAPSHOT_FILE = "pyodide/live-snapshot-{digest}.gz"
"""The snapshot's place in the site (gzip; not compressed again for serving), named by the first
16 hexadecimal digits of its content's SHA-256: a page never restores another build's."""


APP_SNAPSHOT_FILE = "pyodide/app-snapshot-{digest}.gz"
"""The app's snapshot's place in the site, named as :data:`SNAPSHOT_FILE` is."""
APP_LIBRARIES_FILE = "pyodide/app-libraries-{digest}.tar.gz"
"""numpy's libraries, loaded again before the app's snapshot is restored: a tar of the
``.so`` files of numpy's wheel (by their installed path) that the app imports
(:data:`APP_LIBRARIES`), named by the digest of the snapshot they belong to."""

APP_LIBRARIES = (
    "numpy/_core/_multiarray_tests",
    "numpy/_core/_multiarray_umath",
    "numpy/linalg/_umath_linalg",
)
"""The extension modules of numpy's wheel (paths without the ``.cpython-…so`` suffix) that the
app's imports load (:data:`~explorer.runtime.worker.APP_IMPORTS`, then the app built ahead):
only these are loaded as Pyodide starts, before the app's snapshot is made or restored. The
others (numpy's tests, ``random``, ``fft``: a sixth of numpy's code to compile, left for the page
to load when pandas imports them) would make every engine compile code the app's snapshot never
runs before the restore can begin. The build fails if the app imports an extension module that
is not one of these (``make-app`` reports what Python imported), and if numpy's wheel lacks
one."""


def _node(*args: str, what: str = "the live view's memory snapshot") -> str:
    """Run ``snapshot.mjs`` with ``args``; its standard output, or a BuildError with its
    error output."""
    proc = subprocess.run(
        ["node", str(SCRIPT), *args], capture_output=True, text=True, env=node_environment()
    )
    if proc.returncode != 0:
        raise BuildError(f"{what}: {proc.stderr.strip()[-2000:]}")
    return proc.stdout


def make_snapshot(out: Path, archives: list[Path], standard_library: Path) -> dict:
    """Make the snapshot of the live view with ``archives`` unpacked (the archive of the live
    view's stage), write it into the site ``out`` and check it. ``standard_library`` is the
    archive the site serves as Pyodide's ``python_stdlib.zip``: the snapshot's ``zipimport``
    holds its table of contents, so the snapshot is made and checked with that very file.

    Returns:
        The page configuration's ``snapshot`` entry: ``url`` (relative to the site), ``check``
        (the self-check's answer) and ``bytes`` (the snapshot's size unpacked).

    Raises:
        BuildError: Node failed to make or restore it, or a restore answered wrongly.
    """
    expected = self_check()
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "snapshot.bin"
        _node("make", str(raw), str(standard_library), *map(str, archives))
        draws = []
        for _ in range(2):
            answer = json.loads(_node("check", str(raw), str(standard_library)))
            if answer["check"] != expected:
                raise BuildError(
                    f"the restored snapshot scores the self-check {answer['check']}, CPython "
                    f"{expected}"
                )
            if compiled := sorted(set(answer["compiled"])):
                raise BuildError(
                    f"the standard library's archive has no bytecode for {', '.join(compiled)}: "
                    "its modules compile on every import"
                )
            draws.append(answer["random"])
        if draws[0] == draws[1]:
            raise BuildError("two restores of the snapshot drew the same random numbers")
        data = raw.read_bytes()
    url = SNAPSHOT_FILE.format(digest=hashlib.sha256(data).hexdigest()[:16])
    (out / url).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return {"url": url, "check": expected, "bytes": len(data)}


def make_app_snapshot(
    out: Path,
    archives: list[Path],
    standard_library: Path,
    numpy_wheel: Path,
    panel_cdn_root: str,
    page_resources: list[str],
) -> dict:
    """Make the snapshot of the app's Python (the live view's, as :func:`make_snapshot`, then
    sacreBLEU's, :data:`~explorer.runtime.worker.SNAPSHOT_GROUPS`, and numpy, Bokeh and Panel:
    :data:`~explorer.runtime.worker.APP_IMPORTS`), write it and numpy's libraries into the site
    ``out`` and check it: each of two restores must answer the app's check and compare the
    self-check with chrF, BLEU and TER (:func:`~explorer.runtime.worker.comparison_check`) as
    CPython does, build the app, draw its own random numbers, and hold the app built for the
    page's plain address (:func:`~explorer.runtime.worker.prebuild`), the parts of its pages
    to be shown one per step.

    Pyodide 0.27.7 keeps no dynamic library in a snapshot: numpy's libraries (the ``.so`` files
    of ``numpy_wheel``) are archived in the order the worker loads them again, as Pyodide
    starts, to the same places (``static/snapshot.js``). ``archives`` are the stages' archives
    whose files the app needs (the live view's, the app's and sacreBLEU's), ``panel_cdn_root``
    the page's ``PANEL_CDN_ROOT`` (Panel keeps it from its import on) and ``page_resources``
    the JS and CSS the page loads (the check builds the app, which must need no other).

    Returns:
        The page configuration's ``appSnapshot`` entry: ``url``, ``bytes`` (unpacked),
        ``check`` (:func:`~explorer.runtime.worker.app_check`'s answer), ``groups``,
        ``libraries`` (``url``, and ``count``: how many the archive holds) and ``layout``
        (``table``: the length of Pyodide's function table as Python started, after which the
        libraries were placed; the worker restores the snapshot only on a table of that length,
        and the page checks it before fetching the snapshot: ``static/snapshot.js``).

    Raises:
        BuildError: Node failed to make or restore it, a restore answered wrongly or could not
            build the app.
    """
    expected, comparison = f"{self_check()}; {APP_CHECK}", comparison_check()
    with zipfile.ZipFile(numpy_wheel) as zf:
        names = [name for name in zf.namelist() if name.split(".")[0] in APP_LIBRARIES]
        if missing := set(APP_LIBRARIES) - {name.split(".")[0] for name in names}:
            raise BuildError(f"{numpy_wheel.name} holds no {', '.join(sorted(missing))} library")
        libraries = tar_archive({f"{SITE_PACKAGES[1:]}/{name}": zf.read(name) for name in names})
    what = "the app's memory snapshot"
    with tempfile.TemporaryDirectory() as tmp:
        raw, settings = Path(tmp) / "snapshot.bin", Path(tmp) / "settings.json"
        (Path(tmp) / "libraries.tar.gz").write_bytes(gzip.compress(libraries, mtime=0))
        settings.write_text(
            json.dumps(
                {
                    "libraries": str(Path(tmp) / "libraries.tar.gz"),
                    "wheel": str(numpy_wheel),
                    "panelCdnRoot": panel_cdn_root,
                    "pageResources": page_resources,
                    "check": expected,
                }
            ),
            encoding="utf-8",
        )
        stages = [str(settings), *map(str, archives)]
        made = _node("make-app", str(raw), str(standard_library), *stages, what=what)
        made = json.loads(made.splitlines()[-1])
        layout, loaded = made["layout"], {f"{SITE_PACKAGES}/{name}" for name in names}
        if imported := sorted(set(made["extensions"]) - loaded):
            raise BuildError(
                f"the app imports {', '.join(imported)}, not loaded as Python starts "
                "(explorer.site_build.snapshot.APP_LIBRARIES)"
            )
        written = json.loads(settings.read_text(encoding="utf-8"))
        settings.write_text(json.dumps({**written, "layout": layout}), encoding="utf-8")
        draws = []
        for _ in range(2):
            answer = json.loads(
                _node("check-app", str(raw), str(standard_library), *stages, what=what)
            )
            if answer["check"] != expected:
                raise BuildError(
                    f"the restored app's snapshot answers {answer['check']}, "
                    f"CPython and numpy {expected}"
                )
            if answer["comparison"] != comparison:
                raise BuildError(
                    f"the restored app's snapshot compares the self-check as "
                    f"{answer['comparison']}, CPython as {comparison}"
                )
            if not answer["prebuilt"]["progress"]:
                raise BuildError("the app's snapshot holds no app built ahead for the page")
            if answer["prebuilt"]["pending"]:
                raise BuildError("the app's snapshot holds a page with a part left to build")
            draws.append(answer["random"])
        if draws[0] == draws[1]:
            raise BuildError("two restores of the app's snapshot drew the same random numbers")
        data = raw.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:16]
    url = APP_SNAPSHOT_FILE.format(digest=digest)
    libraries_url = APP_LIBRARIES_FILE.format(digest=digest)
    (out / url).write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
    (out / libraries_url).write_bytes(gzip.compress(libraries, compresslevel=9, mtime=0))
    return {
        "url": url,
        "bytes": len(data),
        "check": expected,
        "groups": list(SNAPSHOT_GROUPS),
        "libraries": {"url": libraries_url, "count": len(names)},
        "layout": layout,
    }

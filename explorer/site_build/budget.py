"""What a visit downloads: a deterministic ``.gz`` beside every compressible file (served by
``python -m explorer serve`` when the browser accepts gzip, as static hosts compress), a
Brotli copy of what the first score needs (``<file>.br``, served when the browser accepts
``br``), the bytes sent for each file, and the first score's budget, which the build may not
exceed."""

from __future__ import annotations

import gzip
import subprocess
from pathlib import Path

from explorer.site_build.common import BuildError
from explorer.site_build.lock import LoadOrder

__all__ = [
    "BROTLI_QUALITY",
    "FIRST_LOAD_BUDGET",
    "GZIP_SUFFIXES",
    "identity",
    "measure",
    "precompress",
    "precompress_brotli",
    "transfer_size",
]

#: Suffixes of files that get a pre-compressed ``.gz`` sibling (served by explorer.serve when
#: the browser accepts gzip; static hosts compress these types themselves).
GZIP_SUFFIXES = {".wasm", ".js", ".mjs", ".css", ".json", ".html", ".svg", ".ttf"}
#: Most bytes a first visit may download before its first score, gzip-served (the explorer's
#: load-time target; the rest follows).
FIRST_LOAD_BUDGET = 12_000_000


def precompress(out: Path) -> None:
    """Write a deterministic ``.gz`` next to every compressible file of the site."""
    for path in sorted(out.rglob("*")):
        if path.suffix in GZIP_SUFFIXES and path.is_file():
            data = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
            path.with_name(path.name + ".gz").write_bytes(data)


#: Brotli's quality for :func:`precompress_brotli`: 7 makes the live view's snapshot markedly
#: smaller than gzip -9 in a small share of the time the highest qualities take
#: (``docs/benchmarks.md``).
BROTLI_QUALITY = 7

_BROTLI = """
const { readFileSync, writeFileSync } = require("node:fs");
const zlib = require("node:zlib");
const [quality, ...pairs] = process.argv.slice(1);
for (let i = 0; i < pairs.length; i += 2) {
  let data = readFileSync(pairs[i]);
  if (pairs[i].endsWith(".gz")) data = zlib.gunzipSync(data);
  writeFileSync(pairs[i + 1], zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: Number(quality),
    [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  } }));
}
"""


def identity(path: Path) -> Path:
    """The file a browser asks for when it asks for ``path``: ``path`` itself, or, for a file the
    site ships only gzip-compressed (``<name>.gz`` with no ``<name>``: the memory snapshots, the
    stages' archives), ``<name>``, which ``explorer serve`` sends with ``Content-Encoding``."""
    if path.suffix == ".gz" and not path.with_suffix("").exists():
        return path.with_suffix("")
    return path


def precompress_brotli(paths: list[Path]) -> None:
    """Write ``<file>.br`` (Brotli, :data:`BROTLI_QUALITY`) for each of ``paths`` (a file the site
    ships only gzip-compressed is unpacked first, and its copy is named after
    :func:`identity`), with Node's zlib (the build needs Node already).

    Raises:
        BuildError: Node failed.
    """
    pairs = [
        str(p)
        for path in paths
        for p in (path, identity(path).with_name(identity(path).name + ".br"))
    ]
    proc = subprocess.run(
        ["node", "-e", _BROTLI, str(BROTLI_QUALITY), *pairs], capture_output=True, text=True
    )
    if proc.returncode != 0:
        raise BuildError(f"Brotli compression (Node): {proc.stderr.strip()[-2000:]}")


def transfer_size(path: Path) -> int:
    """Bytes a browser that accepts Brotli and gzip downloads for ``path`` from explorer.serve
    (its ``.br`` copy, else its ``.gz``, else the file)."""
    name = identity(path)
    for copy in (name.with_name(name.name + ".br"), path.with_name(path.name + ".gz")):
        if copy.is_file():
            return copy.stat().st_size
    return path.stat().st_size


def measure(out: Path, live: list[Path], rest: list[Path], order: LoadOrder) -> None:
    """Print what the site ``out`` weighs and what a first visit downloads: ``live`` for the
    first score, then ``rest``, the packages of ``order`` among them.

    Raises:
        BuildError: the first score needs more than :data:`FIRST_LOAD_BUDGET`.
    """
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    sent_live = sum(map(transfer_size, live))
    sent_rest = sum(map(transfer_size, rest))
    print(
        f"site: {out} ({size / 1e6:.1f} MB on disk). A first visit loads "
        f"{sent_live / 1e6:.1f} MB (Brotli- or gzip-served) for the first score (Pyodide core "
        f"and the snapshot of the live view), then {sent_rest / 1e6:.1f} MB for the rest: the "
        f"app's snapshot (where the site has one), the standard library, "
        f"{', '.join(order.core)}, the app, Bokeh/Panel JS and "
        f"{len(order.packages)} packages ({', '.join(order.packages)}), then "
        + "; ".join(f"for the {group}: {', '.join(names)}" for group, names in order.groups.items())
    )
    if sent_live > FIRST_LOAD_BUDGET:
        raise BuildError(
            f"the first score needs {sent_live / 1e6:.1f} MB, over its budget of "
            f"{FIRST_LOAD_BUDGET / 1e6:.1f} MB"
        )

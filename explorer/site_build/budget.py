"""What a visit downloads: a deterministic ``.gz`` beside every compressible file (served by
``python -m explorer serve`` when the browser accepts gzip, as static hosts compress), the bytes
sent for each file, and the first score's budget, which the build may not exceed."""

from __future__ import annotations

import gzip
from pathlib import Path

from explorer.site_build.common import BuildError
from explorer.site_build.lock import LoadOrder

__all__ = ["FIRST_LOAD_BUDGET", "GZIP_SUFFIXES", "measure", "precompress", "transfer_size"]

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


def transfer_size(path: Path) -> int:
    """Bytes a browser that accepts gzip downloads for ``path`` from explorer.serve."""
    compressed = path.with_name(path.name + ".gz")
    return (compressed if compressed.is_file() else path).stat().st_size


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
        f"{sent_live / 1e6:.1f} MB (gzip-served) for the first score (Pyodide core and the "
        f"snapshot of the live view), then {sent_rest / 1e6:.1f} MB for the rest: the standard "
        f"library, {', '.join(order.core)}, the app, Bokeh/Panel JS and "
        f"{len(order.packages)} packages ({', '.join(order.packages)}), then "
        + "; ".join(f"for the {group}: {', '.join(names)}" for group, names in order.groups.items())
    )
    if sent_live > FIRST_LOAD_BUDGET:
        raise BuildError(
            f"the first score needs {sent_live / 1e6:.1f} MB, over its budget of "
            f"{FIRST_LOAD_BUDGET / 1e6:.1f} MB"
        )

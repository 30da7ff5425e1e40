"""Make ``mqm_ted_ende.tsv``, the shipped subset, from Google's whole file (standard library only).

    python data/mqm-ted-ende/subset.py ORIGINAL OUT

``ORIGINAL`` is ``ted/ende/mqm_ted_ende.tsv`` of github.com/google/wmt-mqm-human-evaluation, the
file this one was cut from (529 segments of five talks). The subset keeps the header and every
row of the talks in :data:`DOCUMENTS` (the ``doc`` column): each of those talks whole, with every
system and every rater of its segments, the rows byte for byte and in the original's order.
Refuses, with one line and nothing written, a file without a ``doc`` column or without one of
those talks.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DOCUMENTS = ("talk.3", "talk.5")
"""The talks kept: the two shortest of the file's five (31 and 70 of its 529 segments)."""


def subset(original: bytes) -> bytes:
    """The header and the rows of :data:`DOCUMENTS` of ``original`` (the whole TSV file), unchanged.

    Raises:
        ValueError: the header names no ``doc`` column, or a talk of :data:`DOCUMENTS` has no row.
    """
    header, *rows = original.split(b"\n")
    names = header.decode("utf-8").split("\t")
    if "doc" not in names:
        raise ValueError("the header names no 'doc' column: not an MQM file")
    column = names.index("doc")
    kept = [row for row in rows if _field(row, column) in DOCUMENTS]
    missing = [doc for doc in DOCUMENTS if all(_field(row, column) != doc for row in kept)]
    if missing:
        raise ValueError(f"no rows of {', '.join(missing)}: not the TED file")
    return b"".join(line + b"\n" for line in (header, *kept))


def _field(row: bytes, column: int) -> str | None:
    fields = row.split(b"\t")
    return fields[column].decode("utf-8") if column < len(fields) else None


def main(argv: list[str] | None = None) -> int:
    """The command line: read ``ORIGINAL``, write its subset to ``OUT``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("original", type=Path, help="Google's whole ted/ende MQM file")
    parser.add_argument("out", type=Path, help="where to write the subset")
    args = parser.parse_args(argv)
    try:
        made = subset(args.original.read_bytes())
    except (OSError, ValueError, UnicodeDecodeError) as error:
        parser.exit(1, f"{parser.prog}: error: {args.original}: {error}\n")
    args.out.write_bytes(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())

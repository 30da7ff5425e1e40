"""The batch page's input: files read into one or two systems' candidates and per-item references.

The formats and error messages are the command line's (:mod:`charsim.io.textio`); on top of them the
browser sets explicit limits, because Pyodide scores on the page's only thread. No Panel here.
"""

from __future__ import annotations

from dataclasses import dataclass

from charsim.io.textio import DataError, aligned_lines, decode_lines, items_from_jsonl

__all__ = [
    "MAX_BYTES",
    "MAX_SCORED",
    "MAX_SYSTEMS",
    "Batch",
    "LimitError",
    "batch_from_files",
    "batch_from_jsonl",
]

MAX_BYTES = 20_000_000
"""Most bytes of all files together that the browser reads (the command line has no limit)."""
MAX_SCORED = 50_000
"""Most item scores (items × systems) per batch: about a minute of scoring in the browser."""
MAX_SYSTEMS = 2
"""Systems compared at once (the page shows per-item differences of two)."""

_CLI_HINT = "use the charsim command line for more"


class LimitError(ValueError):
    """The data is too large for the browser; the message states the limit."""


@dataclass(frozen=True)
class Batch:
    """Loaded evaluation data.

    Attributes:
        names: one display name per system (its file name).
        systems: the candidates of each system, one per item.
        references: the reference set of each item.
        example: the key of the built-in example the data came from, or None (an upload).
    """

    names: tuple[str, ...]
    systems: tuple[tuple[str, ...], ...]
    references: tuple[tuple[str, ...], ...]
    example: str | None = None

    @property
    def size(self) -> int:
        """The number of items."""
        return len(self.references)


def _check_bytes(files: list[tuple[str, bytes]]) -> None:
    total = sum(len(data) for _, data in files)
    if total > MAX_BYTES:
        raise LimitError(
            f"The files hold {total / 1e6:.1f} MB together; the browser reads at most "
            f"{MAX_BYTES / 1e6:.0f} MB at once ({_CLI_HINT})."
        )


def _checked(batch: Batch) -> Batch:
    if not batch.size:
        raise DataError(batch.names[0], None, "holds no items: nothing to score")
    scored = batch.size * len(batch.systems)
    if scored > MAX_SCORED:
        raise LimitError(
            f"That is {scored:,} item scores ({batch.size:,} items × {len(batch.systems)} "
            f"system{'s' if len(batch.systems) > 1 else ''}); the browser scores at most "
            f"{MAX_SCORED:,} at once ({_CLI_HINT})."
        )
    return batch


def batch_from_files(
    candidates: list[tuple[str, bytes]],
    references: list[tuple[str, bytes]],
    example: str | None = None,
) -> Batch:
    """Read line-aligned files: one file per system, one or more reference files.

    Args:
        candidates: ``(file name, bytes)`` per system (one or two).
        references: ``(file name, bytes)`` per reference file.
        example: the built-in example's key, if the files are one.

    Raises:
        DataError: a file is not UTF-8, line counts differ, or there are no items (the message
            names the file and, where known, the line).
        LimitError: too many bytes, systems or item scores.
    """
    if not candidates:
        raise DataError("the system files", None, "none given: choose one or two files")
    if len(candidates) > MAX_SYSTEMS:
        raise LimitError(
            f"{len(candidates)} system files were given; the page compares at most "
            f"{MAX_SYSTEMS} at once."
        )
    _check_bytes(candidates + references)
    reference_lines = [(name, decode_lines(data, name)) for name, data in references]
    systems, reference_sets = aligned_lines(
        [(name, decode_lines(data, name)) for name, data in candidates], reference_lines
    )
    names = tuple(name for name, _ in candidates)
    return _checked(Batch(names, tuple(systems), tuple(reference_sets), example))


def batch_from_jsonl(name: str, data: bytes) -> Batch:
    """Read a JSON Lines file (``{"candidate": ..., "references": [...]}`` per line).

    Raises:
        DataError: malformed JSON or fields, naming the line; or no items.
        LimitError: too many bytes or items.
    """
    _check_bytes([(name, data)])
    items = items_from_jsonl(decode_lines(data, name), name)
    return _checked(
        Batch((name,), (tuple(i.candidate for i in items),), tuple(i.references for i in items))
    )

"""Files that come with charsim beside its code: the example data that the documentation uses, and
the Hugging Face ``evaluate`` module. The wheel carries them inside the package
(``charsim/data/``, ``charsim/integrations/``, put there by ``setup.py``); in a checkout of the
repository they are at its root (``data/``, ``integrations/``), where this module finds them too.

    >>> import charsim.resources
    >>> sorted(path.name for path in charsim.resources.example_data().glob("ted.*.txt"))
    ['ted.ref.txt', 'ted.sys1.txt', 'ted.sys2.txt']
"""

from __future__ import annotations

import shutil
from pathlib import Path

__all__ = ["EXAMPLES", "copy_examples", "evaluate_module", "example_data"]

PACKAGE = Path(__file__).resolve().parent
EXAMPLES = ("ted-en", "mqm-ted-ende", "demetr")
"""The example data sets: ``ted-en``, 2,445 TED sentences with two systems' translations
(compare-mt's example data, BSD licence); ``mqm-ted-ende``, expert MQM judgments of 13 systems'
English→German translations of two TED talks (Freitag et al. 2021, Apache-2.0); ``demetr``, a
subset of DEMETR's minimal pairs (Karpinska et al. 2022, MIT); each with its licence beside it."""


def _shipped(relative: str) -> Path:
    """``relative`` (a path from the repository's root) in the installed package, or in the
    checkout this package runs from.

    Raises:
        FileNotFoundError: neither holds it (a package built without its files).
    """
    for path in (PACKAGE / relative, PACKAGE.parent / relative):
        if path.exists():
            return path
    raise FileNotFoundError(f"{relative} is not installed with charsim (looked in {PACKAGE})")


def example_data(name: str = "ted-en") -> Path:
    """The folder of the example data set ``name`` (:data:`EXAMPLES`).

    Raises:
        ValueError: an unknown name.
        FileNotFoundError: the data is not installed.
    """
    if name not in EXAMPLES:
        raise ValueError(f"{name!r} is not an example data set (choose from {', '.join(EXAMPLES)})")
    return _shipped(f"data/{name}")


def evaluate_module() -> Path:
    """The folder of the Hugging Face ``evaluate`` module, for ``evaluate.load(str(path))``.

    Raises:
        FileNotFoundError: the module is not installed.
    """
    return _shipped("integrations/evaluate/charsim")


def copy_examples(to: Path) -> list[Path]:
    """Copy every example data set into ``to/data/<name>/`` (``charsim examples``), so that the
    documentation's commands (``charsim -i data/ted-en/ted.sys1.txt ...``) run from ``to``;
    return the files copied. A file already there with the same bytes is left as it is.

    Raises:
        FileExistsError: a file there holds other bytes (nothing is overwritten).
        OSError: a file cannot be written.
    """
    copies = [
        (source, to / "data" / name / source.name)
        for name in EXAMPLES
        for source in sorted(example_data(name).iterdir())
        if source.is_file()
    ]
    for source, target in copies:
        if target.exists() and target.read_bytes() != source.read_bytes():
            raise FileExistsError(f"{target} exists and differs from charsim's: nothing copied")
    for source, target in copies:
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    return [target for _, target in copies]

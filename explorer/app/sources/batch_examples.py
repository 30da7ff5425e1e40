"""Built-in batch examples: data sets the site serves itself, so batch mode works in one click.

The data ships with the repository, each example in its folder beside its licence (``data/``):
``python -m explorer build`` copies the files into ``site/examples/<key>/``, and the page fetches
them from the same origin. Standard library only (the build imports this module too).
"""

from __future__ import annotations

from dataclasses import dataclass

from charsim.io.textio import DataError

__all__ = ["BATCH_EXAMPLES", "SITE_FOLDER", "BatchExample", "fetch_file"]

SITE_FOLDER = "examples"
"""The site folder holding one sub-folder per example."""


@dataclass(frozen=True)
class BatchExample:
    """A line-aligned data set: system files and reference files of the same length.

    Attributes:
        key: its name in links and in the site (``examples/<key>/``); the button text and a
            sentence on where the data comes from are the catalog's ``batch_example.<key>.label``
            and ``.note`` (:mod:`explorer.app.i18n`).
        folder: its folder in the repository, relative to its root (``data/ted-en``).
        systems: the system files (one or two).
        references: the reference files.
        licence: the licence file shipped next to the data.
    """

    key: str
    folder: str
    systems: tuple[str, ...]
    references: tuple[str, ...]
    licence: str

    @property
    def files(self) -> tuple[str, ...]:
        """Every file the site serves for this example, the licence included."""
        return (*self.systems, *self.references, self.licence)

    def url(self, name: str) -> str:
        """The same-origin URL (relative to the page) of one of its files."""
        return f"{SITE_FOLDER}/{self.key}/{name}"


BATCH_EXAMPLES = {
    "ted": BatchExample(
        key="ted",
        folder="data/ted-en",
        systems=("ted.sys1.txt", "ted.sys2.txt"),
        references=("ted.ref.txt",),
        licence="LICENSE.compare-mt",
    )
}
"""The built-in examples by key."""


async def fetch_file(url: str) -> bytes:
    """GET a file of this site from the browser (Pyodide only).

    Raises:
        DataError: the server did not answer 200 (names the URL and the status).
    """
    from pyodide.http import pyfetch  # available only inside Pyodide

    response = await pyfetch(url)
    if not response.ok:
        raise DataError(url, None, f"could not be fetched (HTTP {response.status})")
    return await response.bytes()

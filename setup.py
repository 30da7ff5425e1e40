"""What the wheel carries beside the packages: folders that stay at the repository's root, copied
into the packages at build time (everything else is in ``pyproject.toml``).

* ``static/`` (the site's shell) and npm's ``package.json`` and ``package-lock.json`` (Pyodide's
  core, pinned) into ``explorer/_shipped/``: what ``python -m explorer build`` reads;
* ``data/`` (the example data the documentation uses) and ``integrations/`` (the Hugging Face
  ``evaluate`` module) into ``charsim/``: :mod:`charsim.resources` finds them there.

``MANIFEST.in`` puts the same files into the source distribution, from which a wheel is built the
same way.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = {
    "static": "explorer/_shipped/static",
    "package.json": "explorer/_shipped/package.json",
    "package-lock.json": "explorer/_shipped/package-lock.json",
    "data/ted-en": "charsim/data/ted-en",
    "data/mqm-ted-ende": "charsim/data/mqm-ted-ende",
    "data/demetr": "charsim/data/demetr",
    "integrations/evaluate/charsim": "charsim/integrations/evaluate/charsim",
}
"""Each file or folder of the repository (or sdist) that the wheel carries, and where."""


class BuildWithShippedFiles(build_py):
    """``build_py``, then the :data:`SHIPPED` files copied into the built packages."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install finds them at the repository's root
            return
        for source, target in SHIPPED.items():
            destination = Path(self.build_lib) / target
            if Path(source).is_dir():
                skipped = shutil.ignore_patterns("__pycache__", "*.pyc")
                shutil.copytree(source, destination, dirs_exist_ok=True, ignore=skipped)
            else:
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, destination)


setup(cmdclass={"build_py": BuildWithShippedFiles})

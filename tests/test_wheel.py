"""The distributions a stranger installs: the wheel and the sdist are built (``python -m build``:
the sdist, then the wheel from it), the wheel is installed into a fresh virtual environment, and
the README's, the package index page's, the quickstart's and the tutorials' examples run there,
from a folder outside the clone, as a user runs them.

Kept cheap: the environment takes the installed dependencies (sacreBLEU, Panel, evaluate, ...)
from this Python by a path entry (a ``.pth`` line: the folder is searched, its own ``.pth``
files, among them the editable install of this clone, are not run), so nothing is downloaded
but what the build's isolation needs; ``charsim`` and ``explorer`` come from the wheel alone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from .test_doc_examples import ROOT, _commands, _expected, blocks

FIRST = ["README.md", "README.pypi.md", "docs/quickstart.md"]
PAGES = [ROOT / name for name in FIRST] + sorted((ROOT / "docs" / "tutorials").glob("*.md"))
"""The pages whose examples a user runs first."""
IN_THE_WHEEL = [
    "charsim/resources.py",
    "charsim/data/ted-en/ted.ref.txt",
    "charsim/data/ted-en/LICENSE.compare-mt",
    "charsim/integrations/evaluate/charsim/charsim.py",
    "charsim/integrations/evaluate/charsim/README.md",
    "charsim/integrations/evaluate/charsim/requirements.txt",
    "explorer/notebook.py",
    "explorer/app/messages.toml",
    "explorer/site_build/snapshot.mjs",
    "explorer/_shipped/static/index.html",
    "explorer/_shipped/static/pins.toml",
    "explorer/_shipped/package-lock.json",
    "charsim-0.1.0.dist-info/licenses/LICENSE",
    "charsim-0.1.0.dist-info/licenses/data/ted-en/LICENSE.compare-mt",
    "charsim-0.1.0.dist-info/licenses/data/mqm-ted-ende/LICENSE",
    "charsim-0.1.0.dist-info/licenses/data/demetr/LICENSE",
]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(the distributions' folder, the environment's Python, a folder outside the clone)."""
    tmp = tmp_path_factory.mktemp("wheel")
    dist = tmp / "dist"
    built = [sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)]
    subprocess.run(built, check=True, capture_output=True, timeout=600)
    env = tmp / "env"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    where = "import sysconfig; print(sysconfig.get_path('purelib'))"
    purelib = subprocess.run([python, "-c", where], check=True, capture_output=True, text=True)
    ours = [path for path in sys.path if path.endswith("site-packages")]
    Path(purelib.stdout.strip(), "this-python.pth").write_text("\n".join(ours) + "\n")
    (wheel,) = dist.glob("*.whl")
    install = [python, "-m", "pip", "install", "--no-deps", "--quiet", str(wheel)]
    subprocess.run(install, check=True, capture_output=True, timeout=300)
    away = tmp / "away"
    away.mkdir()
    return dist, python, away


def _run(python: Path, away: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(COLUMNS="100", PYTHONIOENCODING="utf-8", HF_HUB_OFFLINE="1")
    env.update(HF_EVALUATE_OFFLINE="1")
    command = [python, *args]
    return subprocess.run(
        command, cwd=away, env=env, capture_output=True, timeout=600, text=True, encoding="utf-8"
    )


def test_the_distributions_carry_the_licence_and_what_users_are_told_to_use(installed):
    dist, python, away = installed
    (wheel,) = dist.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert [name for name in IN_THE_WHEEL if name not in names] == []
    metadata = zipfile.ZipFile(wheel).read("charsim-0.1.0.dist-info/METADATA").decode()
    headers = [line for line in metadata.splitlines() if line.startswith("License-")]
    assert headers == [
        "License-Expression: MIT AND BSD-3-Clause AND Apache-2.0",
        "License-File: LICENSE",
        "License-File: data/ted-en/LICENSE.compare-mt",
        "License-File: data/mqm-ted-ende/LICENSE",
        "License-File: data/demetr/LICENSE",
    ]
    (sdist,) = dist.glob("*.tar.gz")
    members = {name.split("/", 1)[-1] for name in tarfile.open(sdist).getnames()}
    expected = [
        "LICENSE",
        "CITATION.cff",
        "setup.py",
        "static/index.html",
        "package-lock.json",
        "data/ted-en/ted.ref.txt",
        "integrations/evaluate/charsim/charsim.py",
    ]
    assert [name for name in expected if name not in members] == []
    code = "import charsim, explorer; print(charsim.__file__, explorer.__file__)"
    where = _run(python, away, "-c", code)
    assert str(ROOT) not in where.stdout and "site-packages" in where.stdout, where


@pytest.mark.parametrize("doc_page", PAGES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_the_pages_examples_run_from_outside_the_clone(installed, doc_page):
    """Each page's ``>>>`` examples (a doctest of the page) and ``$ charsim`` commands, in a
    folder where ``charsim examples`` put the example data."""
    _, python, away = installed
    assert _run(python, away, "-m", "charsim", "examples").returncode == 0
    pieces = [body for language, _, body in blocks(doc_page) if language == "pycon"]
    if pieces:
        script = away / f"{doc_page.stem}.txt"
        script.write_text("\n".join(pieces), encoding="utf-8")
        done = _run(python, away, "-m", "doctest", "-o", "ELLIPSIS", script.name)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    for language, line, body in blocks(doc_page):
        if language != "console":
            continue
        for command, output in _commands(body):
            words = command.split()
            done = _run(python, away, "-m", "charsim", *words[1:])
            assert done.returncode == 0, f"{doc_page.name}:{line}: {command}\n{done.stderr}"
            assert _expected(output).fullmatch(done.stdout), f"{command}\n{done.stdout}"


def test_the_evaluate_module_loads_from_the_installed_package(installed):
    _, python, away = installed
    code = (
        "import evaluate, json, charsim.resources as r\n"
        "m = evaluate.load(str(r.evaluate_module()))\n"
        "given = {'predictions': ['ca', 'cat'], 'references': [['cat'], 'cat']}\n"
        "print(json.dumps(m.compute(**given, sentence_level=True)['sentence_charsim']))"
    )
    done = _run(python, away, "-c", code)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == [100 / 201, 1.0]

"""One public import path per name: ``charsim.<name>`` for the package's own names (its
``__all__``), ``<module>.<name>`` for those of a public module, the modules the API reference
documents (``docs/api.md``); the README and the docs name no other path, and no module of the
package only re-exports another's names.
"""

import ast
import importlib
import re
import subprocess
import sys
import tomllib
import types
from pathlib import Path

import pytest

import charsim

ROOT = Path(__file__).resolve().parents[2]
PUBLIC_MODULES = re.findall(
    r"^\.\. automodule:: (charsim[\w.]*)$",
    (ROOT / "docs" / "api.md").read_text(encoding="utf-8"),
    re.MULTILINE,
)
"""The public modules: those the API reference documents, the package first."""


def test_the_api_reference_documents_the_package_and_its_public_modules():
    assert PUBLIC_MODULES[0] == "charsim"
    assert {f"charsim.{name}" for name in charsim.PUBLIC_MODULES} <= set(PUBLIC_MODULES)


def test_each_name_of_the_package_comes_from_the_one_module_that_holds_it():
    """``charsim.<name>`` is the object of the layer module that defines it (loaded on first
    use), not a copy."""
    for name in charsim.__all__:
        value = getattr(charsim, name)
        home = importlib.import_module(f"charsim.{charsim._HOME[name]}")
        assert value is getattr(home, name), name
        if callable(value):
            assert value.__module__ == home.__name__, f"{name} is defined in {value.__module__}"
    assert charsim.score("ca", ["cat"]) == pytest.approx(100 / 201)
    assert (
        charsim.explain("ca", ["cat"]).recall == charsim.ReferenceSet(["cat"]).explain("ca").recall
    )


def test_the_package_shows_no_module_it_only_uses():
    """``charsim`` holds under a public name no module but its own layers: not the standard
    library's that ``charsim/__init__.py`` imports for itself (``importlib``)."""
    foreign = [
        name
        for name, value in vars(charsim).items()
        if isinstance(value, types.ModuleType)
        and not name.startswith("_")
        and not value.__name__.startswith("charsim.")
    ]
    assert foreign == []


@pytest.mark.parametrize("path", PUBLIC_MODULES)
def test_a_public_module_gives_every_name_it_lists(path):
    module = importlib.import_module(path)
    namespace = {}
    exec(f"from {path} import *", namespace)  # what `import *` gives
    for name in module.__all__:
        assert getattr(module, name) is namespace[name], f"{path}.{name}"


def test_no_module_only_re_exports_another():
    """A module whose code is only ``from .x import *`` (a second path to another module's
    names) is not kept: the flat layout's public paths were such facades."""
    for path in sorted((ROOT / "charsim").rglob("*.py")):
        if path.name == "__init__.py":  # a package's public face may gather its modules' names
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        code = [node for node in tree.body if not isinstance(node, ast.Expr)]
        stars = [n for n in code if isinstance(n, ast.ImportFrom) and n.names[0].name == "*"]
        assert not stars or len(stars) < len(code) - 1, f"{path.relative_to(ROOT)} re-exports"
    for facade in ("fragility", "export", "models", "parts", "filestream", "values", "differences"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"charsim.{facade}")


def test_the_documentation_names_only_public_paths():
    """Every ``charsim.<a>.<b>`` the README and the docs name is a public module, a name of
    one, or a name of the package: a reader is never shown a second path."""
    pages = [ROOT / "README.md", ROOT / "README.pypi.md", *sorted((ROOT / "docs").rglob("*.md"))]
    text = "\n".join(p.read_text(encoding="utf-8") for p in pages if "_build" not in p.parts)
    named = set(re.findall(r"(?<![\w.])charsim(?:\.\w+)+", text))
    layers = {"charsim.cli", "charsim.io", "charsim.metric", "charsim.render", "charsim.compat"}
    for path in sorted(named):
        module = path.rsplit(".", 1)[0]
        assert (
            path in PUBLIC_MODULES
            or module in PUBLIC_MODULES
            or path.split(".")[1] in charsim.__all__
            or path in layers
            or path.startswith("charsim.cli.")
        ), f"the docs name {path}, which is not a public path"


def test_the_documented_import_lines_run():
    """Each ``from charsim... import ...`` line of the code examples of the README and the docs
    (``docs/**/*.md``), as written (a doctest's ``>>>`` prompt left out)."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    lines = [
        line.strip().removeprefix(">>> ")
        for page in pages
        if "_build" not in page.parts
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.strip().removeprefix(">>> ").startswith(("from charsim", "import charsim"))
    ]
    assert len(lines) >= 6
    for line in lines:
        exec(line, {})


@pytest.mark.parametrize("path", PUBLIC_MODULES)
def test_help_of_a_public_module_documents_every_function_it_lists(path):
    """``help(charsim.corpus)`` listed ``__dir__()`` with no text and ``__getattr__`` as "A
    name of __all__ ... (PEP 562)", the machinery of its lazy names, as if they were its
    functions."""
    import inspect
    import pydoc

    module = importlib.import_module(path)
    text = pydoc.render_doc(module, renderer=pydoc.plaintext)
    assert "PEP 562)." not in text  # the lazy names' machinery says what it is, in full
    for name, routine in inspect.getmembers(module, inspect.isroutine):
        if pydoc.visiblename(name, getattr(module, "__all__", None), module):
            assert (routine.__doc__ or "").strip(), f"{path}.{name} has no docstring"
    if path == "charsim.corpus":
        assert "Not called directly" in text and "score_rows(rows" in text


def test_import_charsim_loads_nothing_until_a_name_is_used():
    """``import charsim`` loads the package and the display protocol's registry only (so the
    command's Ctrl-C guard is in place before anything else loads); each public module is an
    attribute loaded on first use, and results show as HTML in a notebook."""
    code = (
        "import sys, charsim\n"
        "print(sorted(m for m in sys.modules if m.startswith('charsim')))\n"
        "print(set(charsim.PUBLIC_MODULES) <= set(dir(charsim)))\n"
        "names = [charsim.compare.compare, charsim.corpus.score_rows,"
        " charsim.significance.paired_bootstrap, charsim.agreement.meta_evaluate]\n"
        "print([n.__module__ for n in names], 'sacrebleu' in sys.modules)\n"
        "print(charsim.explain('ca', ['cat'])._repr_html_().startswith('<div'))\n"
        "try:\n    charsim.cli\nexcept AttributeError as error:\n    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "['charsim', 'charsim.metric', 'charsim.metric.display']",
        "True",
        "['charsim.compare.metrics', 'charsim.corpus.rows', 'charsim.significance.paired', "
        "'charsim.agreement.evaluate'] False",
        "True",
        "module 'charsim' has no attribute 'cli'",
    ]


def test_the_charsim_command_and_python_m_charsim():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"charsim": "charsim.cli:main"}
    from charsim.cli import main

    assert main.__module__ == "charsim.cli"
    done = subprocess.run(
        [sys.executable, "-m", "charsim", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().endswith(charsim.__version__)

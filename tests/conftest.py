"""Settings and fixtures shared by every test folder.

Node.js and npm's Pyodide core (``node_modules/pyodide``, installed by ``npm ci``): a test that
needs them asks for ``pyodide_core`` (the core: the site build reads it first, and would install
it) or ``pyodide_node`` (the core under Node: ``tests/pyodide/run_in_pyodide.mjs``, the build's
bytecode). Without them such a test is skipped with the reason in one line (``make test-quick``
on a machine without Node or before ``npm ci``); under ``CHARSIM_TEST_NEEDS_NODE=1``, which
``make test`` sets, it fails instead: the run that CI makes installs both, so a lack is a fault.
"""

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

# No per-example deadline: the properties are checked on a shared machine (and in CI next to a
# browser), where a slow moment is not a failure of the code. Example counts stay per test.
settings.register_profile("charsim", deadline=None)
settings.load_profile("charsim")

PYODIDE_CORE = Path(__file__).resolve().parents[1] / "node_modules" / "pyodide"


_interrupted = False


def pytest_keyboard_interrupt() -> None:
    """Ctrl-C (or SIGINT): the site's build started early is stopped, not waited for."""
    global _interrupted
    _interrupted = True


@pytest.fixture(scope="session", autouse=True)
def _site_built_early(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """A run with browser tests starts building their site at its first test
    (``tests/ui/site_of_the_run.py``); under pytest-xdist the first process does. At its end
    that process waits for the build if it is still running (the other process may need the
    site after this one has run out of tests), unless the run was interrupted or stopped (``-x``
    in this process), which stops the build."""
    needed = any("site_dir" in item.fixturenames for item in request.session.items)
    first = os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0"
    if not needed or not first or os.environ.get("CHARSIM_TEST_SITE"):
        yield
        return
    from .ui.site_of_the_run import run_folder, start_early, stop  # the build's modules, only then

    build = start_early(run_folder(tmp_path_factory))
    try:
        yield
    finally:
        session = request.session
        if _interrupted or session.shouldstop or session.shouldfail:
            stop(build)
        else:
            build.wait()


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers that ``make test-quick`` leaves out (``-m "not ui and not
    site_build"``); ``ui`` is given by ``tests/ui/conftest.py``."""
    config.addinivalue_line(
        "markers",
        "site_build: builds the explorer's site, or part of it (npm's Pyodide core installed "
        "first if missing)",
    )


def _lacking(what: str) -> None:
    """Skip the test for ``what`` it lacks, or fail it under ``CHARSIM_TEST_NEEDS_NODE=1``."""
    if os.environ.get("CHARSIM_TEST_NEEDS_NODE") == "1":
        pytest.fail(f"{what} (CHARSIM_TEST_NEEDS_NODE=1)", pytrace=False)
    pytest.skip(what)


def _core() -> Path:
    if not (PYODIDE_CORE / "pyodide.mjs").is_file():
        _lacking("node_modules/pyodide is missing: run `npm ci`")
    return PYODIDE_CORE


@pytest.fixture
def pyodide_core() -> Path:
    """``node_modules/pyodide``, npm's Pyodide core; skips the test without it."""
    return _core()


@pytest.fixture
def pyodide_node() -> str:
    """The path of ``node``, with npm's Pyodide core beside the checkout; skips the test when
    either is missing (Node first)."""
    node = shutil.which("node")
    if node is None:
        _lacking("Node.js (`node`) is not on PATH (apt-get install nodejs npm, then npm ci)")
    _core()
    return node

"""The site of a test run: built once, as on a fresh machine, into the run's temporary folder,
and started as the run starts.

The browser tests come last in a run (``--no-loadscope-reorder``), and each process would wait
for the site at its first one. So the first test of a run that will need the site starts its
build in a process of its own (:func:`start_early`, from ``tests/conftest.py``) while the tests
without a browser run; ``site_dir`` then waits for it. A build that fails, there or in a test's
process, is not tried again in that run: every test that needs the site fails with the end of its
error and the file that holds all of it (``site-of-the-run.log``, or ``site-of-the-run.failed``,
in the run's temporary folder). Run as ``python -m tests.ui.site_of_the_run FOLDER``, it builds
the site into ``FOLDER/site-of-the-run``.
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

import pytest

from ..offline import build_as_on_a_fresh_machine

ROOT = Path(__file__).resolve().parents[2]


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole run: under pytest-xdist, the parent of each process's
    own."""
    folder = tmp_path_factory.getbasetemp()
    return folder.parent if os.environ.get("PYTEST_XDIST_WORKER") else folder


def site_of_the_run(folder: Path) -> Path:
    """The site in ``folder/site-of-the-run``, built unless a build there has finished; one
    process builds it while the others wait (a lock file beside it).

    Raises:
        explorer.site_build.common.BuildError: the build failed (the same error is recorded for
            the run's other tests).
        pytest.fail.Exception: a build of this run failed before.
    """
    site, done = folder / "site-of-the-run", folder / "site-of-the-run.done"
    failed = folder / "site-of-the-run.failed"
    with open(folder / "site-of-the-run.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if failed.is_file():
            end = "\n".join(failed.read_text(encoding="utf-8").splitlines()[-3:])
            pytest.fail(f"the site's build failed earlier in this run ({failed}):\n{end}")
        if not done.is_file():
            machine = Path(tempfile.mkdtemp(dir=folder, prefix="fresh-"))  # an empty cache
            try:
                build_as_on_a_fresh_machine(site, machine)
            except Exception:
                failed.write_text(traceback.format_exc(), encoding="utf-8")
                raise
            done.touch()
    return site


def start_early(folder: Path) -> subprocess.Popen:
    """Start building the site of the run into ``folder`` in a process group of its own (its
    output in ``site-of-the-run.log``); return its first process."""
    with open(folder / "site-of-the-run.log", "wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "tests.ui.site_of_the_run", str(folder)],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop(build: subprocess.Popen) -> None:
    """Stop a build that :func:`start_early` started, with every process it started (Node)."""
    if build.poll() is None:
        os.killpg(build.pid, signal.SIGTERM)
    build.wait()


if __name__ == "__main__":
    site_of_the_run(Path(sys.argv[1]))

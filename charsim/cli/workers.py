"""The worker processes of ``--jobs``: started, ended on Ctrl-C, and ended with the command.

A worker must not outlive the command, however the command ends: a worker left running holds
the command's standard output and error open, so a caller that reads them until they close (a
shell's ``$(...)``, ``subprocess.run``) would wait for it. Ctrl-C and errors end the pool from
Python (:func:`worker_pool`). An end that runs no Python code of the command (``SIGKILL``, a
crash, or ``SIGTERM`` and ``SIGHUP``, whose default action ends the process at once) is answered
in the workers: on Linux the kernel sends each worker ``SIGKILL`` when the command's process ends
(``prctl(PR_SET_PDEATHSIG)``, see ``man 2 prctl``); elsewhere a thread of each worker ends it once
its parent has changed (the command's end makes init or a subreaper its parent). A process group
would not do: a signal sent to the command's process alone (``kill PID``) does not reach it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..metric.errors import WorkerError

__all__ = ["PARENT_POLL_SECONDS", "ctrl_c_held", "worker_pool"]

PR_SET_PDEATHSIG = 1
"""``prctl``'s option that names the signal a process gets when its parent ends (linux/prctl.h)."""
PARENT_POLL_SECONDS = 0.1
"""Where ``PR_SET_PDEATHSIG`` is not available, how often a worker looks whether its parent is
still the process that started it."""


def _start_worker(parent: int) -> None:
    """Set up a worker process (the pool's initializer): ignore Ctrl-C (a terminal sends
    ``SIGINT`` to every process of the job, and the command answers it), and end when
    ``parent`` (the command's process id) ends: at once if it already has."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not _killed_with_parent():
        threading.Thread(target=_end_with, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the command ended before the worker was set up
        _end()


def _killed_with_parent() -> bool:
    """Ask the kernel to send this process ``SIGKILL`` when its parent ends (Linux's
    ``prctl(PR_SET_PDEATHSIG)``, through ``ctypes``); False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (ImportError, OSError, AttributeError):
        return False
    return prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0


def _end_with(parent: int) -> None:
    """End this process once its parent is no longer ``parent`` (a thread's loop)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    _end()


def _end() -> None:
    """End this worker at once, as the kernel's ``SIGKILL`` does where it is asked to."""
    os.kill(os.getpid(), signal.SIGKILL)


@contextlib.contextmanager
def worker_pool(jobs: int) -> Iterator[ProcessPoolExecutor | None]:
    """A pool of ``jobs`` worker processes (None for one job: this process scores), forked
    from this process and ended with it (the module's docstring says how).

    The workers ignore Ctrl-C, so only this process answers it. When it is interrupted, the
    chunks not started are cancelled, the workers are ended at once rather than left to finish
    theirs, and the pool's own thread is joined before the command returns. Ctrl-C is held back
    while the workers are forked and while the pool is ended, so that it cannot cut either
    short: a worker forked as ``KeyboardInterrupt`` came was left out of the pool and outlived
    the command, and a pool thread left running closed its pipe as the interpreter's exit woke
    it (``Exception ignored ... Bad file descriptor``).

    Raises:
        WorkerError: the workers could not start.
    """
    if jobs <= 1:
        yield None
        return
    pool = None
    before = set(multiprocessing.active_children()), set(threading.enumerate())
    try:
        with ctrl_c_held():  # a Ctrl-C that comes meanwhile is raised as the block ends
            pool = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(os.getpid(),))
            try:  # forks every worker now (the fork start method forks all)
                pool.submit(int).result()
            except BrokenProcessPool as error:
                raise WorkerError(
                    f"the {jobs} worker processes could not start: {error}"
                ) from error
        yield pool
    except KeyboardInterrupt:
        with ctrl_c_held():
            if pool is not None:
                # the cancelled chunks first (its thread drops them), then the workers: ended
                # the other way round, its thread failed on the chunks run_chunks cancelled
                pool.shutdown(wait=False, cancel_futures=True)
                workers = set(multiprocessing.active_children()) - before[0]  # this pool's only
                for worker in workers:
                    worker.terminate()
                # the pool's thread: the one it started that the interpreter's exit waits for
                threads = [t for t in threading.enumerate() if t not in before[1] and not t.daemon]
                for worker in [*workers, *threads]:
                    worker.join()
        raise
    except BaseException:
        with ctrl_c_held():
            if pool is not None:
                pool.shutdown(cancel_futures=True)
        raise
    with ctrl_c_held():
        pool.shutdown()


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C back until the block ends, then raise it (``KeyboardInterrupt``) if it came.

    Python's own handler is swapped for one that only notes the signal: blocking ``SIGINT``
    (``pthread_sigmask``) would not do, since the kernel then hands it to another thread (tqdm's
    monitor, say) and the main thread raises it all the same. Processes forked in the block
    inherit the noting handler until they set their own."""
    if threading.current_thread() is not threading.main_thread():  # only it gets signals
        yield
        return
    came = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: came.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if came and previous is signal.default_int_handler:
            raise KeyboardInterrupt
        if came and callable(previous):
            previous(signal.SIGINT, None)

"""The command line's worker processes and progress bars, shared by its subcommands.

:func:`processes` is the pool of ``--jobs`` worker processes, ended cleanly on Ctrl-C
(:func:`ctrl_c_held`); :func:`progress_bar` is tqdm's bar on stderr for long jobs, or nothing.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..metric.errors import WorkerError

__all__ = ["ctrl_c_held", "processes", "progress_bar"]


def progress_bar(
    size: int, enabled: bool, unit: str = "item", total: int | None = None, description: str = ""
):
    """(update with the steps done, close) of a bar of ``total`` steps (default ``size``) for a
    job of ``size`` items, resamples, ... if it has 1,000 or more; else no-ops. ``description``
    names the job at the bar's left (none by default)."""
    if not enabled or size < 1000:
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is optional: no progress bar without it
        return None, lambda: None
    # disable=None: no bar when stderr is not a terminal (a log file, a pipe), as tqdm advises
    bar = tqdm(
        total=total or size,
        unit=unit,
        file=sys.stderr,
        leave=False,
        disable=None,
        desc=description or None,
    )
    return (lambda done: bar.update(done - bar.n)), bar.close


@contextlib.contextmanager
def processes(jobs: int) -> Iterator[ProcessPoolExecutor | None]:
    """A pool of ``jobs`` worker processes (None for one job: this process scores).

    The workers ignore Ctrl-C (a terminal sends ``SIGINT`` to every process of the job), so only
    this process answers it. When it is interrupted, the chunks not started are cancelled, the
    workers are ended at once rather than left to finish theirs, and the pool's own thread is
    joined before the command returns. Ctrl-C is held back while the workers are forked and
    while the pool is ended, so that it cannot cut either short: a worker forked as
    ``KeyboardInterrupt`` came was left out of the pool and outlived the command, and a pool
    thread left running closed its pipe as the interpreter's exit woke it (``Exception ignored
    ... Bad file descriptor``) (issue 25)."""
    if jobs <= 1:
        yield None
        return
    pool = None
    before = set(multiprocessing.active_children()), set(threading.enumerate())
    try:
        with ctrl_c_held():  # a Ctrl-C that comes meanwhile is raised as the block ends
            pool = ProcessPoolExecutor(
                jobs, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)
            )
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

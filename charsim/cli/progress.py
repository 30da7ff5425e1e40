"""The command line's progress bars, shared by its subcommands: tqdm's bar on stderr for long
jobs, or nothing (tqdm is optional: ``pip install 'charsim[cli]'``)."""

from __future__ import annotations

import sys

__all__ = ["progress_bar"]


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

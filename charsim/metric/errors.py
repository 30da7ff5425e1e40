"""Errors raised by charsim."""

__all__ = ["UndefinedScoreError", "WorkerError"]


class UndefinedScoreError(ValueError):
    """The score is not defined: the reference set is empty (K = 0, §1.1, §3.1).

    An empty reference set is different from a set holding one empty reference
    (``[]`` versus ``[""]``): the latter is defined by the empty-input rules of §3.1.
    """


class WorkerError(RuntimeError):
    """A chunk of items could not be scored by the executor it was sent to: a worker process
    died, ran out of memory or lost the task. The message names the items and the cause.

    A bad item is not a ``WorkerError``: it raises the same ``TypeError`` or
    :class:`UndefinedScoreError` (naming the item) whichever executor scores it.
    """

"""Errors raised by charsim."""

__all__ = ["UndefinedScoreError"]


class UndefinedScoreError(ValueError):
    """The score is not defined: the reference set is empty (K = 0, §1.1, §3.1).

    An empty reference set is different from a set holding one empty reference
    (``[]`` versus ``[""]``): the latter is defined by the empty-input rules of §3.1.
    """

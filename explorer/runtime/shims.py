"""Stand-ins for what Panel expects of Pyodide that the offline site's Pyodide 0.27.7 lacks.

Installed by :mod:`explorer.runtime.worker` before Panel is imported; each is a no-op where the
real thing exists.

* ``pyodide.ffi.jsnull``, which Panel >= 1.8 tests for while converting every message from the
  page, and which exists only from Pyodide 0.28;
* an ``html.escape`` fallback for Panel's HTML sanitizer, whose ``nh3`` (compiled Rust) has no
  Pyodide build available offline.
"""

from __future__ import annotations

__all__ = ["install_jsnull_shim", "install_sanitizer_fallback"]


def install_jsnull_shim() -> None:
    """Define ``pyodide.ffi.jsnull`` on Pyodide < 0.28, where it does not exist.

    Panel >= 1.8 (``panel.io.pyodide.to_py``) tests ``x is pyodide.ffi.jsnull`` while
    converting every message from the browser. Pyodide 0.28 converts JS ``null`` to that
    sentinel; Pyodide 0.27 converts it to ``None`` and has no ``jsnull``, so the attribute
    lookup raises and no browser -> Python update (typing into a widget) arrives. A fresh
    object that no JS value converts to is a faithful stand-in: the test is never true, and
    nulls stay ``None`` as Pyodide 0.27 made them.
    """
    import pyodide.ffi

    if not hasattr(pyodide.ffi, "jsnull"):

        class JsNull:
            """Stand-in for ``pyodide.ffi.jsnull`` (absent before Pyodide 0.28)."""

            def __repr__(self) -> str:
                return "jsnull"

        pyodide.ffi.jsnull = JsNull()


def install_sanitizer_fallback() -> None:
    """Let Panel's HTML sanitizer escape instead of importing ``nh3`` when nh3 is missing.

    Panel cleans every string parameter of ReactiveHTML components (``pn.FlexBox`` is one)
    with ``nh3.clean``, imported on first use. nh3 is compiled Rust with no Pyodide 0.27 build
    reachable offline. Escaping ``&``, ``<`` and ``>`` is at least as safe (markup is shown as
    text instead of being stripped) and leaves the plain values these parameters hold (CSS
    keywords) unchanged.
    """
    import functools
    import html
    import importlib.util

    from explorer.app.panel_private import set_sanitizer

    if importlib.util.find_spec("nh3") is None:
        set_sanitizer(functools.partial(html.escape, quote=False))

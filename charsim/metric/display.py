"""Jupyter's display protocol for charsim's results, with the renderers kept in the layer above.

A notebook shows an object by calling its ``_repr_html_`` (IPython's rich display protocol;
``None`` means "no HTML: show the plain ``repr``"). The results live in the layers of the metric,
the corpus, significance and the comparisons, but their HTML is rendering, which sits above
them all (:mod:`charsim.render.html`). So a result class inherits :class:`RichDisplay`, whose
``_repr_html_`` asks the renderer registered for its class, and :mod:`charsim.render.html`
registers one per class when it is imported, which the package has :data:`load_renderers` do
when the first result is shown: no layer imports a layer above it, and each HTML is written
once, from the renderers every format shares.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["RichDisplay", "class_path", "register_html", "registered_html"]

_HTML: dict[str, Callable[[object], str]] = {}
"""The HTML renderer of each class, by :func:`class_path`."""

load_renderers: Callable[[], None] | None = None
"""Called once, before the first result is shown, to import the renderers' module, which
registers them (set by ``charsim/__init__.py``: the layer above, named by the package)."""


def class_path(cls: type) -> str:
    """``module.QualifiedName`` of ``cls``, the key of its renderer (``charsim.metric.explain.
    Explanation``)."""
    return f"{cls.__module__}.{cls.__qualname__}"


def register_html(path: str, render: Callable[[object], str]) -> None:
    """Make ``render(result)`` the HTML of every result whose class is ``path`` (a
    :func:`class_path`; by name, so the renderer needs no import of the class's module).

    Args:
        path: the class's ``module.QualifiedName``.
        render: returns a fragment of HTML with every text from the result escaped.
    """
    _HTML[path] = render


def registered_html() -> dict[str, Callable[[object], str]]:
    """A copy of the registered renderers by class path (for tests and documentation)."""
    return dict(_HTML)


class RichDisplay:
    """A result that a notebook shows as HTML: ``_repr_html_`` renders it with the renderer
    registered for its class (or the nearest base class that has one)."""

    __slots__ = ()

    def _repr_html_(self) -> str | None:
        """The HTML of this result (Jupyter's display protocol), or None when no renderer is
        registered (the notebook then shows the ``repr``)."""
        global load_renderers
        if load_renderers is not None:
            load, load_renderers = load_renderers, None
            load()
        for cls in type(self).__mro__:
            render = _HTML.get(class_path(cls))
            if render is not None:
                return render(self)
        return None

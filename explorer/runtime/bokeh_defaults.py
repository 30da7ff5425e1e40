"""Bokeh's property defaults worked out once per model class in the browser's Python.

Every read of a Bokeh property that was never set works its default out again:
``PropertyDescriptor._get_default`` calls ``themed_default``, which walks the class's overridden
defaults, copies the default and validates it (``bokeh/core/property/descriptors.py``; Bokeh
remembers only the defaults it calls unstable, bokeh/bokeh#13174). Serializing a model and
collecting a document's models read every property of every model, so this is most of the Python
time of a patch the worker sends (``docs/benchmarks.md``), and WebAssembly's Python pays it
several times over.

:func:`remember_stable_defaults` keeps the default of a property per class once it has been
worked out, when it depends on nothing but the class: the property is not themed for the model
(a theme's value is looked up as Bokeh does), Bokeh calls the default stable, and it is an
immutable value (a string, a number, a bool, None or a tuple of those), so that handing the same
object to every model is the same as handing each a copy.
"""

from __future__ import annotations

__all__ = ["remember_stable_defaults"]

_IMMUTABLE = (str, int, float, bool, type(None))


def _immutable(value) -> bool:
    if isinstance(value, tuple):
        return all(map(_immutable, value))
    return type(value) in _IMMUTABLE or isinstance(value, str)


def remember_stable_defaults() -> None:
    """Make Bokeh remember each stable, immutable default per model class (module docstring).

    Idempotent: a second call changes nothing. Values are the same as Bokeh's own: only when
    each is worked out changes (``tests/explorer/test_bokeh_defaults.py`` compares a whole
    document's JSON).
    """
    from bokeh.core.property.descriptors import PropertyDescriptor

    work_out = PropertyDescriptor._get_default
    if getattr(work_out, "remembers", False):
        return
    remembered: dict[tuple[type, str], object] = {}

    def get_default(self, obj):
        themed = obj.themed_values()
        if themed is not None and self.name in themed:
            return work_out(self, obj)
        key = (type(obj), self.name)
        if key in remembered:
            return remembered[key]
        value = work_out(self, obj)
        if _immutable(value) and not self.has_unstable_default(obj):
            remembered[key] = value
        return value

    get_default.remembers = True
    get_default.__wrapped__ = work_out  # Bokeh's own, as functools.wraps would name it
    PropertyDescriptor._get_default = get_default

"""Stand-ins for the three modules sacreBLEU 2.6.0 imports that the offline Pyodide site lacks.

This is the one place they are defined and documented. sacreBLEU's metric code runs unchanged
(its chrF, chrF++, BLEU with the 13a tokenizer and TER need none of these modules); only
``import sacrebleu`` needs them to exist, because ``sacrebleu/__init__`` imports its dataset and
utility modules:

* ``portalocker`` (imported by ``sacrebleu.utils``): a file lock around test-set downloads. The
  real package needs ``fcntl``, which Pyodide does not have.
* ``lxml`` and ``lxml.etree`` (imported by ``sacrebleu.dataset.wmt_xml``): the parser of WMT's
  XML test sets. lxml is compiled C with no Pyodide 0.27.7 build available offline.
* ``regex`` (imported by ``sacrebleu.tokenizers.tokenizer_intl``, only when BLEU's ``intl``
  tokenizer is asked for): compiled C too, with no Pyodide build available offline.

Each stand-in is an empty module: using anything in it (``portalocker.Lock``, ``lxml.etree.parse``,
``regex.compile``) raises :class:`UnavailableInBrowser`, whose message names the sacreBLEU
feature that needs it. The explorer never calls these features (it downloads no test set and
uses sacreBLEU's default tokenizers). :func:`install_sacrebleu_standins` installs a stand-in only
for a module that cannot be imported, so where the real one exists (CPython, ``panel serve``)
it changes nothing.
"""

from __future__ import annotations

import importlib.util
import sys
import types

__all__ = ["STANDINS", "UnavailableInBrowser", "install_sacrebleu_standins", "standin"]

STANDINS = {
    "portalocker": "downloading a test set (sacrebleu.utils.download_file locks the file with "
    "portalocker, which needs fcntl)",
    "lxml": "reading a WMT XML test set (sacrebleu.dataset.wmt_xml parses it with lxml)",
    "lxml.etree": "reading a WMT XML test set (sacrebleu.dataset.wmt_xml parses it with lxml)",
    "regex": "BLEU's 'intl' tokenizer (sacrebleu.tokenizers.tokenizer_intl needs the regex "
    "package)",
}
"""Each stand-in module, by name, and the sacreBLEU feature that would need the real one."""


class UnavailableInBrowser(RuntimeError):
    """A sacreBLEU feature that needs a module the in-browser explorer only stands in for."""


def standin(name: str) -> types.ModuleType:
    """The stand-in module ``name`` (one of :data:`STANDINS`): any public attribute raises.

    Raises:
        KeyError: ``name`` is not one of :data:`STANDINS`.
    """
    feature = STANDINS[name]
    module = types.ModuleType(name, f"Stand-in for {name} in the charsim explorer (Pyodide).")

    def __getattr__(attribute: str):
        if attribute.startswith("__"):  # what import machinery and tools probe for
            raise AttributeError(attribute)
        raise UnavailableInBrowser(
            f"{name}.{attribute}: {feature} is not available in the in-browser explorer: "
            f"{name} has no Pyodide build there, only a stand-in "
            "(explorer/runtime/sacrebleu_standins.py). Use sacreBLEU in CPython for it."
        )

    module.__getattr__ = __getattr__
    return module


def install_sacrebleu_standins() -> list[str]:
    """Put a stand-in into ``sys.modules`` for each of :data:`STANDINS` that cannot be
    imported; return their names (empty where every real module exists)."""
    installed = []
    for name in STANDINS:
        parent, _, child = name.rpartition(".")
        if name in sys.modules or (not parent and importlib.util.find_spec(name) is not None):
            continue
        if parent and parent not in installed:
            continue  # the real parent package is there: its submodule is too
        sys.modules[name] = module = standin(name)
        if parent:
            setattr(sys.modules[parent], child, module)
        installed.append(name)
    return installed

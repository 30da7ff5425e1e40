"""The site build, run on CPython only and never shipped (``python -m explorer build``), and the
local server (``python -m explorer serve``). Named for what it makes, not like an output folder
(``build/``, ``dist/``, ``site/`` are ignored by common ``.gitignore`` templates and skipped by
tools), and split by job, one module each:

* ``build``: the numbered, fail-fast steps and the command line; it calls the others:
* ``pins`` (``static/pins.toml``, npm ``pyodide``'s lock), ``downloads`` (pinned wheels and
  sdists from PyPI, hash-checked), ``compiled`` (Pyodide's compiled wheels, found or
  downloaded), ``wheels`` (slimmed wheels, pure wheels from sdists, the ``charsim`` wheel),
  ``bytecode`` (compiled under Node, ``compile_pyc.mjs``, for the wheels, the app and the
  standard library), ``lock`` (``pyodide-lock.json`` and the install stages), ``app_files``
  (what of the explorer ships), ``bundle`` (each install stage's archive), ``assets``
  (Bokeh/Panel JS and CSS, the batch examples), ``snapshot`` (the live view's memory snapshot,
  ``snapshot.mjs``), ``shell`` (the page's files and ``index.html``), ``urls`` (the offline
  rewrites and the foreign-URL audit), ``budget`` (pre-compression and the first load's
  budget), ``service_worker``;
* ``serve``: the local server; ``common``: what they share.

It may import the app and the runtime (the build checks the runtime's snapshot); neither imports
it (``tests/test_layers.py``).
"""

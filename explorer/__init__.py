"""charsim explorer: an in-browser Panel + Bokeh app running on Pyodide, fully offline.

Three parts, one folder each, and the notebook's component:

* ``app/``: the app a user sees (states, views, UI text, the page);
* ``notebook.py``: its single-item page as a Panel component for a notebook cell on given texts
  (``explorer.notebook.Explorer``), in CPython;
* ``runtime/``: what boots Python in the browser and hands it the app;
* ``site_build/``: the site build and the local server (CPython only; ``python -m explorer
  build``, ``python -m explorer serve``).

Imports run one way: the notebook, the runtime and the site build use the app, the app uses none
(``tests/test_layers.py``).

Only ``app/`` and ``runtime/`` are shipped to the browser.
"""

"""The explorer a user sees, bottom to top (each part imports only the parts before it):

* ``i18n`` (the UI text in English and Japanese, ``messages.toml``) and ``staging`` (when the
  app's work runs; a runtime replaces its hooks), used by every part;
* ``sources/``: links, reference formats, batch files and the built-in examples, read and
  written in plain Python;
* ``states/``: the ``param.Parameterized`` states, one per area, no Panel import;
* ``markup/``: the Panel-free HTML of the score card and of texts with their matches;
* ``views/``: one ``Viewer`` per area, drawing a state;
* ``page``: the page that composes them (``page.create_app``).

It imports neither the runtime nor the site build (``tests/test_layers.py``), and runs the same in
the browser and under ``panel serve explorer/app/page.py``.
"""

EXTRA_HINT = "install charsim's explorer extra: pip install 'charsim[explorer]'"
"""What to do when Panel, Bokeh or param is missing (the wheel holds the explorer, the extra
installs what it runs on)."""

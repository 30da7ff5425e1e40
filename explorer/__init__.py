"""charsim explorer: an in-browser Panel + Bokeh app running on Pyodide, fully offline.

``python -m explorer build`` builds the static site, ``python -m explorer serve`` serves it.
Inside the browser only the app modules of this package are shipped (not build/serve).
"""

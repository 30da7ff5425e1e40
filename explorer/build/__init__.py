"""The site build, run on CPython only and never shipped: ``site`` assembles the static site
(``python -m explorer build``), ``compiled`` finds or downloads Pyodide's compiled wheels for it,
``serve`` serves it on 127.0.0.1 (``python -m explorer serve``); ``common`` holds what they
share."""

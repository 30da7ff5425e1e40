"""Where the app's inputs come from and how they are written back, in plain Python (no Panel, no
``param``): shareable links (``link``, ``item_link``), the reference editor's text formats
(``references``), batch files read into systems and items (``batch_data``), the built-in batch
examples the site serves (``batch_examples``; the site build copies their files) and the article's
worked examples (``examples``). They import ``i18n`` (their messages) and charsim, nothing else of
the app (``tests/test_layers.py``).
"""

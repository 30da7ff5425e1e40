"""The app's Panel-free HTML: the score card and message boxes (``cards``, which the runtime's
live view shows before the app itself) and texts with their boundaries and matched n-grams drawn
in (``render``). Every piece of user text is escaped. They may import the states, ``sources/``
and ``i18n``, never ``views/`` or the page (``tests/test_layers.py``).
"""

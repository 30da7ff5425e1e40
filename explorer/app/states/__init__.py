"""The app's states: ``param.Parameterized`` classes that hold what a page shows and derive it,
with no Panel import (views read and write them; tests drive them directly).

One module per area, named for it without a suffix (the folder says it is a state); the views of
that area in ``views/`` bear the same name or start with it:

* ``single``: :class:`~explorer.app.states.single.ExplorerState`, the single item (its inputs,
  settings and explanation), the source of truth the other single-item states follow;
* ``follow``: the base of the states derived from the single item's explanation;
* ``metrics``: the single item compared with chrF, BLEU and TER (sacreBLEU);
* ``about`` and ``compare``: the About tab's models, and its F_β and length-bias comparisons;
* ``batch``: the batch page's data, its scores and the item a user opens; ``batch_metrics``,
  ``batch_significance`` and ``batch_fragility``: the batch's metric against metric, its
  intervals and paired tests, and its scores under derived settings.

A state may import ``sources/`` (what it reads and writes), ``i18n`` and ``staging``, never
``markup/``, ``views/`` or the page (``tests/test_layers.py``).
"""

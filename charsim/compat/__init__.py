"""charsim in the shapes other tools' users already write: a metric object with sacreBLEU's call
shapes (``sacrebleu_shape``: :class:`CharSim`; ``score``: its score and signature objects;
``statistics``: its item scores as the statistics of sacreBLEU's paired tests), so that a script
built on ``sacrebleu.metrics.CHRF()`` runs unchanged with ``CharSim()``. No sacreBLEU import: the
object is charsim's core behind sacreBLEU's method names and argument layout. May import:
:mod:`charsim.metric`, :mod:`charsim.io` (the reference-stream checks are the command line's),
:mod:`charsim.corpus` and :mod:`charsim.significance` (``n_bootstrap``).
"""

from .sacrebleu_shape import *  # noqa: F403
from .sacrebleu_shape import __all__  # noqa: F401

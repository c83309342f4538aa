"""The graph algorithms over :class:`~irreg.graph.IrregGraph`, under their earlier name: they
live in :mod:`irreg.graph.algorithms` (no NetworkX needed there)."""

from irreg.graph.algorithms import *
from irreg.graph.algorithms import __all__  # noqa: F401

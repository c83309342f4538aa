"""The graph library: :class:`IrregGraph`, the keyword-only algorithms over it
(:mod:`irreg.graph.algorithms`), their serial verifiers (:mod:`irreg.graph.verify`) and the
registry of algorithms and variants (:mod:`irreg.graph.registry`). No NetworkX here: the
NetworkX backend (:mod:`nx_irreg`) converts to these and re-exports them.
"""

from irreg.graph import algorithms
from irreg.graph.irreg_graph import IrregGraph

__all__ = ["IrregGraph", "algorithms"]

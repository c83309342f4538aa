"""``networkx.algorithms.components.semiconnected``: whether every pair of nodes has a path one
way or the other."""

from __future__ import annotations

import networkx as nx
import numpy as np

from irreg.graph import IrregGraph
from irreg.graph.algorithms import topological_order
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._components import check_directed, condensation_edges, strongly_connected
from nx_irreg.options import check_no_variant, resolve

__all__ = ["is_semiconnected"]


def is_semiconnected(G: BackendGraph, **options: object) -> bool:
    """Whether ``G`` is semiconnected (NetworkX's test: weakly connected, and its condensation
    has a path through every component).

    The condensation's components are ordered by Kahn's algorithm: a DAG has a path through all
    its nodes exactly when every generation holds one node (then the order is forced, and each
    node's generation is one more than a predecessor's, so consecutive nodes are joined).
    """
    check_directed(G)
    check_no_variant("is_semiconnected", options)
    resolve(options)
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("Connectivity is undefined for the null graph.")
    scc = strongly_connected(G)
    k = len(scc.component_end)
    tails, heads = condensation_edges(G, scc.component)
    dag = IrregGraph.from_edges(tails, heads, n=k, directed=True, threads=1)
    generations = np.diff(topological_order(dag).generation_end, prepend=0)
    return bool(len(generations) == k and (generations == 1).all())

"""``networkx.algorithms.components.biconnected``: NetworkX's low-link depth-first search in C++.

The kernel (:func:`irreg.graph.algorithms.biconnected`) runs NetworkX's own search step for step
(roots in node order, neighbours in adjacency order, the edge to a node's parent skipped by node),
so the components, their edges and the cut vertices come in NetworkX's order, and each set is
built by adding its nodes in the order NetworkX adds them.
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from irreg.graph.algorithms import Biconnected, biconnected
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._components import ordered_sets
from nx_irreg.options import check_no_variant, resolve

__all__ = [
    "articulation_points",
    "biconnected_component_edges",
    "biconnected_components",
    "is_biconnected",
]


def search(function: str, G: BackendGraph, options: dict, *, components: bool,
           root: int | None = None, edge_order=None) -> Biconnected:
    """NetworkX's checks (undirected only), then the kernel."""
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    check_no_variant(function, options)
    resolve(options)
    return biconnected(G.graph, components=components, root=root, edge_order=edge_order)


def biconnected_component_edges(G: BackendGraph, **options: object) -> Iterator[list]:
    """Lists of edges ``(u, v)``, one per biconnected component, in NetworkX's order."""
    found = search("biconnected_component_edges", G, options, components=True)
    tails = G.labels(found.edge_tail)
    heads = G.labels(found.edge_head)
    begin = 0
    for end in found.component_end.tolist():
        yield list(zip(tails[begin:end], heads[begin:end], strict=True))
        begin = end


def biconnected_components(G: BackendGraph, **options: object) -> Iterator[set]:
    """Sets of nodes, one per biconnected component, in NetworkX's order (each built by adding
    the ends of its edges in NetworkX's order, so it iterates as NetworkX's does)."""
    found = search("biconnected_components", G, options, components=True)
    yield from ordered_sets(G, found.node_order, found.node_end)


def articulation_points(G: BackendGraph, **options: object) -> Iterator:
    """The cut vertices, each once, in the order NetworkX yields them."""
    found = search("articulation_points", G, options, components=False)
    yield from G.labels(found.articulation)


def is_biconnected(G: BackendGraph, **options: object) -> bool:
    """Whether ``G`` is one biconnected component covering every node (NetworkX's test: a graph
    without edges is not)."""
    found = search("is_biconnected", G, options, components=True)
    if len(found.component_end) != 1:
        return False
    return int(found.node_end[0]) == len(G)

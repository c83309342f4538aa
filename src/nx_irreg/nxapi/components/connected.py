"""``networkx.algorithms.components.connected``: the component sets by NetworkX's own
breadth-first searches (so each set iterates as NetworkX's does), the counts by Afforest (or
the ``variant`` set, which then makes the sets too)."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg.graph.algorithms import bfs_order
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._components import component_labels, connected_sets, count_components
from nx_irreg.options import resolve

__all__ = [
    "connected_components",
    "is_connected",
    "node_connected_component",
    "number_connected_components",
]


def _check_undirected(G: BackendGraph) -> None:
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")


def connected_components(G: BackendGraph, **options: object) -> Iterator[set]:
    """Sets of nodes, one per connected component, in NetworkX's order."""
    _check_undirected(G)
    yield from connected_sets(G, resolve(options))


def number_connected_components(G: BackendGraph, **options: object) -> int:
    """How many connected components ``G`` has."""
    _check_undirected(G)
    return count_components(component_labels(G, resolve(options)))


def is_connected(G: BackendGraph, **options: object) -> bool:
    """Whether ``G`` is connected (the null graph raises, as in NetworkX)."""
    _check_undirected(G)
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("Connectivity is undefined for the null graph.")
    return count_components(component_labels(G, resolve(options))) == 1


def node_connected_component(G: BackendGraph, n: object, **options: object) -> set:
    """The set of nodes in the component of ``n``: a BFS from ``n`` unless a variant is set."""
    _check_undirected(G)
    opts = resolve(options)
    position = G.position(n)
    if position is None:
        raise KeyError(n)
    if opts.variant is None:
        return set(G.labels(bfs_order(G.graph, sources=[position]).order))
    label = component_labels(G, opts)
    return set(G.labels(np.flatnonzero(label == label[position])))

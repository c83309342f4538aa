"""``networkx.algorithms.components.weakly_connected``: the component sets by NetworkX's own
breadth-first searches (so each set iterates as NetworkX's does), the counts by Afforest (or
the ``variant`` set, which then makes the sets too)."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._components import (
    check_directed,
    component_labels,
    connected_sets,
    count_components,
)
from nx_irreg.options import resolve

__all__ = [
    "is_weakly_connected",
    "number_weakly_connected_components",
    "weakly_connected_components",
]


def weakly_connected_components(G: BackendGraph, **options: object) -> Iterator[set]:
    """Sets of nodes, one per weakly connected component, in NetworkX's order."""
    check_directed(G)
    yield from connected_sets(G, resolve(options))


def number_weakly_connected_components(G: BackendGraph, **options: object) -> int:
    """How many weakly connected components ``G`` has."""
    check_directed(G)
    return count_components(component_labels(G, resolve(options)))


def is_weakly_connected(G: BackendGraph, **options: object) -> bool:
    """Whether ``G`` is one weakly connected component (the null graph raises, as in NetworkX)."""
    check_directed(G)
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("Connectivity is undefined for the null graph.")
    return count_components(component_labels(G, resolve(options))) == 1

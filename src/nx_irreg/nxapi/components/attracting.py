"""``networkx.algorithms.components.attracting``: the strongly connected components no edge
leaves, from the ordered SCC kernel (NetworkX's order) and one pass over the edges."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._components import (
    check_directed,
    condensation_edges,
    ordered_sets,
    strongly_connected,
)
from nx_irreg.options import check_no_variant, resolve

__all__ = ["attracting_components", "is_attracting_component", "number_attracting_components"]


def _attracting(function: str, G: BackendGraph, options: dict) -> list[set]:
    """The attracting components' sets, in NetworkX's order of strongly connected components."""
    check_directed(G)
    check_no_variant(function, options)
    resolve(options)
    scc = strongly_connected(G)
    left, _ = condensation_edges(G, scc.component)
    sinks = np.ones(len(scc.component_end), dtype=bool)
    sinks[left] = False
    return [members for members, sink in zip(ordered_sets(G, scc.order, scc.component_end),
                                             sinks.tolist(), strict=True) if sink]


def attracting_components(G: BackendGraph, **options: object) -> Iterator[set]:
    """Sets of nodes, one per attracting component (a strongly connected component no edge
    leaves), in NetworkX's order."""
    yield from _attracting("attracting_components", G, options)


def number_attracting_components(G: BackendGraph, **options: object) -> int:
    """How many attracting components ``G`` has."""
    return len(_attracting("number_attracting_components", G, options))


def is_attracting_component(G: BackendGraph, **options: object) -> bool:
    """Whether ``G`` is itself one attracting component."""
    found = _attracting("is_attracting_component", G, options)
    return len(found) == 1 and len(found[0]) == len(G)

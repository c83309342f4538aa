"""What the link-analysis functions share: NetworkX's dicts as vectors in ``G``'s node order, the
weights a call reads, and NetworkX's exceptions for irreg's."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping

import networkx as nx
import numpy as np

from irreg import _core
from irreg.graph.algorithms.link_analysis import PowerIterationFailed
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import counts_hops

__all__ = ["by_label", "by_node", "converging", "keyed_as", "reads_weights", "same_nodes"]


def by_node(G: BackendGraph, values: Mapping | None) -> list | None:
    """``values.get(node, 0)`` for every node in ``G``'s order (NetworkX's reading of
    personalization, nstart and dangling dicts in pagerank), or None."""
    if values is None:
        return None
    return [values.get(node, 0) for node in G.nodes]


def same_nodes(G: BackendGraph, values: Mapping, name: str) -> None:
    """``NotImplementedError`` unless ``values`` has exactly ``G``'s nodes: NetworkX iterates
    such a dict's own keys (a missing node is a KeyError part way, an extra one is carried
    along), which only NetworkX reproduces."""
    if len(values) != len(G) or any(node not in values for node in G.nodes):
        raise NotImplementedError(
            f"{name} does not hold exactly the nodes of G; NetworkX iterates its keys, so "
            "NetworkX runs the call"
        )


def by_label(G: BackendGraph, values: np.ndarray) -> dict:
    """``{node: float}`` in ``G``'s node order, built in C++ (no Python loop per node)."""
    return _core.label_dict(np.arange(len(G), dtype=np.int32), values, G.nodes, G.label_hashes)


def keyed_as(G: BackendGraph, keys: Mapping | None, values: np.ndarray) -> dict:
    """``values`` (one per vertex) as a dict in ``keys``' order (NetworkX builds its result from
    the start vector's keys), else in ``G``'s order."""
    if keys is None:
        return by_label(G, values)
    listed = values.tolist()
    return {node: listed[G.position(node)] for node in keys}


def reads_weights(G: BackendGraph, weight: object) -> bool:
    """Whether a call with ``weight`` reads the conversion's weights (None: every edge 1)."""
    return not counts_hops(G, weight)


@contextlib.contextmanager
def converging(max_iter: object) -> Iterator[None]:
    """irreg's PowerIterationFailed as NetworkX's PowerIterationFailedConvergence."""
    try:
        yield
    except PowerIterationFailed:
        raise nx.PowerIterationFailedConvergence(max_iter) from None

"""``networkx.algorithms.traversal.edgebfs``: NetworkX's breadth-first edge search in C++."""

from __future__ import annotations

from collections.abc import Iterator

from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi.traversal._edge_search import edges_in_order

__all__ = ["edge_bfs"]


def edge_bfs(G: BackendGraph, source: object = None, orientation: object = None,
             **options: object) -> Iterator[tuple]:
    """Every edge reachable from ``source`` (a node, nodes, or None: all) once, breadth first,
    in NetworkX's order; with an ``orientation``, each with its direction."""
    yield from edges_in_order("edge_bfs", G, source, orientation, options, depth_first=False)

"""``networkx.algorithms.bridges``: bridges from the low-link search of the biconnected
components (a tree edge is a bridge when no back edge from below its child reaches its parent
or above), in the order of ``G.edges()`` that NetworkX yields them in.
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg.graph.algorithms import bfs_order
from irreg.graph.algorithms import local_bridges as find_local_bridges
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import counts_hops, length_values
from nx_irreg.nxapi.components.biconnected import search
from nx_irreg.options import check_no_variant, resolve

__all__ = ["bridges", "has_bridges", "local_bridges"]


def _edge_order(G: BackendGraph, root: int) -> np.ndarray | None:
    """The node order of NetworkX's ``G.subgraph(node_connected_component(G, root)).copy()``,
    whose ``edges()`` NetworkX walks: the component's set order where the component has fewer
    than half of G's nodes (NetworkX's filtered views then iterate the set of kept nodes), else
    G's order (None)."""
    component = set(G.labels(bfs_order(G.graph, sources=[root]).order))
    kept = {n for n in component if n in G}  # the set NetworkX's subgraph filter iterates
    if 2 * len(kept) >= len(G):
        return None
    return np.fromiter((G.position(n) for n in kept), np.int64, len(kept))


def _bridges(function: str, G: BackendGraph, root: object, options: dict) -> Iterator[tuple]:
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    if G.is_multigraph():
        # can_run declines multigraphs; a direct call gets NetworkX's reason.
        raise nx.NetworkXNotImplemented(
            "irreg keeps one edge per pair of a multigraph, so it cannot tell a bridge from "
            "a pair of parallel edges; NetworkX runs it"
        )
    position = None
    if root is not None:
        position = G.position(root)
        if position is None:
            raise nx.NodeNotFound(f"Root node {root} is not in graph")
    order = None if position is None else _edge_order(G, position)
    found = search(function, G, options, components=False, root=position, edge_order=order)
    yield from zip(G.labels(found.bridge_tail), G.labels(found.bridge_head), strict=True)


def bridges(G: BackendGraph, root: object = None, **options: object) -> Iterator[tuple]:
    """The edges whose removal disconnects their component, in NetworkX's ``G.edges()`` order
    (with ``root``: of ``root``'s component only)."""
    yield from _bridges("bridges", G, root, options)


def has_bridges(G: BackendGraph, root: object = None, **options: object) -> bool:
    """Whether ``G`` (with ``root``: ``root``'s component) has a bridge."""
    return next(_bridges("has_bridges", G, root, options), None) is not None


def local_bridges(G: BackendGraph, with_span: bool = True, weight: object = None,
                  **options: object) -> Iterator[tuple]:
    """The edges whose ends share no neighbour, in NetworkX's ``G.edges()`` order; with
    ``with_span`` (exactly ``True``, as NetworkX tests it), each with the length of a shortest
    path between its ends once it is hidden (``inf`` where none), typed as NetworkX's sums."""
    if G.is_multigraph():
        raise nx.NetworkXNotImplemented("not implemented for multigraph type")
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    check_no_variant("local_bridges", options)
    opts = resolve(options)
    spans = with_span is True
    hops = counts_hops(G, weight)
    if spans and not hops and G.graph.csr().weights.min(initial=0) < 0:
        # NetworkX's Dijkstra raises on the first contradiction it meets, a place only its own
        # search order defines.
        raise NotImplementedError("local_bridges with negative weights: NetworkX runs it")
    found = find_local_bridges(G.graph, with_span=spans, weighted=not hops)
    tails, heads = G.labels(found.tail), G.labels(found.head)
    if not spans:
        yield from zip(tails, heads, strict=True)
        return
    finite = np.isfinite(found.span)
    typed = length_values(G, np.where(finite, found.span, 0), 0, opts,
                          integral=True if hops else None)
    lengths = [value if ok else float("inf") for value, ok in zip(typed, finite.tolist(),
                                                                   strict=True)]
    yield from zip(tails, heads, lengths, strict=True)

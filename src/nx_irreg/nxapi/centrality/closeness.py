"""``networkx.algorithms.centrality.closeness``: closeness from the hops (or lengths) *to* each
node, from every other: one bit-parallel multi-source BFS over all sources, or a Dijkstra per
node on the reversed graph (NetworkX's own method) when ``distance`` names a weight."""

from __future__ import annotations

import networkx as nx
import numpy as np

from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._distances import hop_sums, length_sums, reversed_graph
from nx_irreg.nxapi.shortest_paths.weighted import counts_hops
from nx_irreg.options import resolve

__all__ = ["closeness_centrality"]


def _closeness(reached: np.ndarray, total: np.ndarray, n: int, wf_improved: bool) -> list:
    """NetworkX's formula in its float operations, so the values are the same to the bit:
    ``(r - 1) / total``, times ``(r - 1) / (n - 1)`` with ``wf_improved``; 0 where ``total``
    is 0 (nothing else reached) or ``n`` is 1."""
    others = reached - 1.0
    with np.errstate(divide="ignore", invalid="ignore"):
        value = others / total
        if wf_improved:
            value *= others / (n - 1)
    return np.where((total > 0) & (n > 1), value, 0.0).tolist()


def closeness_centrality(
    G: BackendGraph, u: object = None, distance: str | None = None, wf_improved: bool = True,
    **options: object,
):
    """Closeness of every node (a dict in ``G``'s order), or of ``u``: NetworkX's incoming
    distances, Wasserman-Faust scaled by default."""
    opts = resolve(options)
    n = len(G)
    hops = counts_hops(G, distance)
    method = "unweighted" if hops else "dijkstra"
    if u is not None:
        position = G.position(u)
        if position is None:
            raise nx.NodeNotFound(f"Source {u} is not in G" if hops
                                  else f"Node {u} not found in graph")
        found = length_sums(G, reversed_graph(G), np.array([position]), method, opts)
        return _closeness(found.reached, found.total, n, wf_improved)[0]
    if hops:
        found = hop_sums(G, opts)
    else:
        found = length_sums(G, reversed_graph(G), np.arange(n), method, opts)
    return dict(zip(G.nodes, _closeness(found.reached, found.total, n, wf_improved),
                    strict=True))

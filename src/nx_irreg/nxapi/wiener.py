"""``networkx.algorithms.wiener``: the Wiener index, the sum of the lengths over all pairs of
nodes: hop counts from one bit-parallel multi-source BFS, weighted lengths from a Dijkstra per
node, summed per node and then over nodes. ``inf`` when some pair has no path."""

from __future__ import annotations

import numpy as np

from irreg.graph.algorithms import reachable
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._distances import answer_for_null_graph, hop_sums, length_sums
from nx_irreg.nxapi._lengths import length_values
from nx_irreg.nxapi.shortest_paths.weighted import counts_hops
from nx_irreg.options import resolve

__all__ = ["wiener_index"]


def _connected(G: BackendGraph, threads: object) -> bool:
    """Strongly connected (directed) or connected: node 0 reaches every node and, directed,
    every node reaches it."""
    if not reachable(G.graph, source=0, threads=threads).all():
        return False
    return not G.is_directed() or reachable(G.graph, source=0, reverse=True,
                                            threads=threads).all()


def wiener_index(G: BackendGraph, weight: str | None = None, **options: object):
    """The sum of the shortest-path lengths over all ordered pairs (directed) or unordered
    pairs (undirected; a float, as NetworkX halves the ordered sum)."""
    opts = resolve(options)
    if len(G) == 0:
        return answer_for_null_graph("wiener_index", G, weight=weight)
    if not _connected(G, opts.threads):
        return float("inf")
    if counts_hops(G, weight):
        total = int(hop_sums(G, opts).total.sum())
    else:
        sums = length_sums(G, G.graph, np.arange(len(G)), "dijkstra", opts)
        total = length_values(G, np.array([sums.total.sum()]), 0, opts)[0]
    return total if G.is_directed() else total / 2

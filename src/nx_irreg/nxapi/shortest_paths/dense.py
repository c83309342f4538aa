"""``networkx.algorithms.shortest_paths.dense``: Floyd-Warshall's matrix of lengths by the
blocked SIMD kernel (:func:`irreg.graph.algorithms.floyd_warshall`), on threads."""

from __future__ import annotations

import networkx as nx
import numpy as np

from irreg.graph.algorithms import floyd_warshall
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import counts_hops
from nx_irreg.options import resolve
from nx_irreg.versions import floyd_warshall_numpy_detects_negative_cycles

__all__ = ["floyd_warshall_numpy"]


def _positions(G: BackendGraph, nodelist: object) -> np.ndarray | None:
    """The vertex of each node of ``nodelist`` (None: G's own order), with NetworkX's errors."""
    if nodelist is None:
        return None
    nodelist = list(nodelist)
    if not (len(nodelist) == len(G) == len(set(nodelist))):
        raise nx.NetworkXError(
            "nodelist must contain every node in G with no repeats."
            "If you wanted a subgraph of G use G.subgraph(nodelist)"
        )
    missing = set(nodelist) - set(G)
    if missing:
        raise nx.NetworkXError(f"Nodes {missing} in nodelist is not in G")
    return np.fromiter((G.position(n) for n in nodelist), np.int64, len(nodelist))


def _negative_self_loop(G: BackendGraph) -> bool:
    offsets, targets, weights = G.graph.csr()
    tails = np.repeat(np.arange(len(G)), np.diff(offsets))
    return bool(np.any((tails == targets) & (weights < 0)))


def floyd_warshall_numpy(
    G: BackendGraph, nodelist: object = None, weight: object = "weight", **options: object
) -> np.ndarray:
    """The matrix of shortest path lengths between every pair of nodes (rows and columns in
    ``nodelist``'s order, else ``G``'s; ``inf`` where there is no path), as NetworkX's: the
    lightest of parallel edges counts, a self-loop only where NetworkX reads a negative one as
    a negative cycle. A negative cycle raises
    ``NetworkXUnbounded`` where the installed NetworkX does; where NetworkX returns its
    meaningless matrix instead, NetworkX runs the call."""
    opts = resolve(options)
    positions = _positions(G, nodelist)
    weighted = not counts_hops(G, weight)
    detects = floyd_warshall_numpy_detects_negative_cycles()
    if detects and weighted and _negative_self_loop(G):  # NetworkX looks before it starts
        raise nx.NetworkXUnbounded("Negative cycle detected.")
    found = floyd_warshall(G.graph, weighted=weighted, variant=opts.variant, isa=opts.isa,
                           threads=opts.threads)
    if found.negative_cycle:
        if detects:
            raise nx.NetworkXUnbounded("Negative cycle detected.")
        raise NotImplementedError(
            "a negative cycle: NetworkX's matrix then depends on its own order of updates; "
            "NetworkX runs it"
        )
    if positions is None:
        return found.value
    return found.value[np.ix_(positions, positions)]

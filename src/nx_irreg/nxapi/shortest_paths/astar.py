"""``networkx.algorithms.shortest_paths.astar``: NetworkX's A* in C++, its heap order and
tie-breaking kept, so the path among equally short ones is NetworkX's. A heuristic given as a
Python function is called from C++ once per node that is first pushed, the GIL held, as
NetworkX calls it; without one the search releases the GIL."""

from __future__ import annotations

import networkx as nx

from irreg.graph.algorithms import astar
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import counts_hops, length_value
from nx_irreg.options import check_no_variant, resolve

__all__ = ["astar_path", "astar_path_length"]


def _search(function: str, G: BackendGraph, source: object, target: object, heuristic: object,
            weight: object, cutoff: object, options: dict) -> tuple[list, float, bool]:
    """The path's labels, its length and whether lengths are hop counts."""
    check_no_variant(function, options)
    resolve(options)
    s, t = G.position(source), G.position(target)
    if s is None:
        raise nx.NodeNotFound(f"Source {source} is not in G")
    if t is None:
        raise nx.NodeNotFound(f"Target {target} is not in G")
    hops = counts_hops(G, weight)
    path, length = astar(G.graph, s, t, weighted=not hops, cutoff=cutoff, heuristic=heuristic,
                         labels=G.nodes)
    if path.size == 0:
        raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
    return G.labels(path), length, hops


def astar_path(G: BackendGraph, source: object, target: object, heuristic: object = None,
               weight: object = "weight", *, cutoff: object = None, **options: object) -> list:
    """The path NetworkX's A* finds from ``source`` to ``target`` (``heuristic(u, target)``
    estimates the rest; None: 0, Dijkstra in A*'s tie order). ``cutoff``: paths whose cost
    plus estimate exceeds it are not followed."""
    return _search("astar_path", G, source, target, heuristic, weight, cutoff, options)[0]


def astar_path_length(G: BackendGraph, source: object, target: object, heuristic: object = None,
                      weight: object = "weight", *, cutoff: object = None,
                      **options: object) -> object:
    """The length of the path :func:`astar_path` finds, typed as NetworkX's sum of its weights."""
    if source not in G or target not in G:
        raise nx.NodeNotFound(f"Either source {source} or target {target} is not in G")
    path, length, hops = _search("astar_path_length", G, source, target, heuristic, weight,
                                 cutoff, options)
    if len(path) == 1:
        return 0  # NetworkX's sum over no edges
    return length_value(G, length, resolve(dict(options)), integral=True if hops else None)

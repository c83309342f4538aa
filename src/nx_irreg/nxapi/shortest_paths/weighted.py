"""``networkx.algorithms.shortest_paths.weighted``: path lengths by Dijkstra and Bellman-Ford.

Weights come from the edge attribute ``weight`` (1 where missing, the smallest of parallel edges,
an edge whose weight is ``None`` left out), read once at conversion. A callable ``weight`` runs
Python per edge: ``can_run`` declines it and NetworkX runs the call.
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from nx_irreg.algorithms import NegativeCycleError, bellman_ford, bfs_order, dijkstra, sssp
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import length_dict, level_of_order, node_position, ordered_by
from nx_irreg.options import Options, resolve

__all__ = [
    "multi_source_dijkstra_path_length",
    "single_source_bellman_ford_path_length",
    "single_source_dijkstra_path_length",
]


def _counts_hops(G: BackendGraph, weight: object) -> bool:
    """Whether lengths are hop counts: ``weight=None`` on a graph NetworkX converted with weights
    (its cache serves unweighted calls with a weighted conversion)."""
    if weight is None:
        return True
    if weight != G.weight:
        raise ValueError(
            f"this graph was converted with weights from {G.weight!r}, not {weight!r}; "
            "convert it again with nx_irreg.backend_graph.from_networkx(G, weight)"
        )
    return G.weight is None


def _hop_lengths(G: BackendGraph, ids: list[int], cutoff: float | None, opts: Options) -> dict:
    """Unit weights: BFS order is Dijkstra's and Bellman-Ford's settle order (ties by push)."""
    limit = None if cutoff is None else max(int(cutoff // 1), 0)
    order, _, level_end = bfs_order(G.graph, sources=ids, depth_limit=limit)
    return length_dict(G, order, level_of_order(level_end), len(set(ids)), opts, integral=True)


def _engine_lengths(G: BackendGraph, source: int, cutoff: float | None, opts: Options) -> dict:
    """Lengths by an engine variant, ordered by distance, then node."""
    value = sssp(
        G.with_tile_size(opts.tile_size), source=source, variant=opts.variant, isa=opts.isa,
        threads=opts.threads,
    ).value
    order = ordered_by(value, np.isfinite(value) if cutoff is None else value <= cutoff)
    return length_dict(G, order, value[order], 1, opts)


def _dijkstra_lengths(
    G: BackendGraph, ids: list[int], cutoff: float | None, weight: object, opts: Options
) -> dict:
    """Lengths in NetworkX's settle order from the vertices ``ids``."""
    if _counts_hops(G, weight):
        return _hop_lengths(G, ids, cutoff, opts)
    value, order = dijkstra(G.graph, sources=ids, cutoff=cutoff)
    return length_dict(G, order, value[order], len(set(ids)), opts)


def multi_source_dijkstra_path_length(
    G: BackendGraph,
    sources: object,
    cutoff: float | None = None,
    weight: str | None = "weight",
    **options: object,
) -> dict:
    """Shortest-path length from the nearest of ``sources`` to every reachable node.

    Runs a binary-heap Dijkstra in C++ whose ties settle in push order, so the dict is in
    NetworkX's order; only the ``"dijkstra"`` variant applies.
    """
    opts = resolve(options)
    if not sources:
        raise ValueError("sources must not be empty")
    ids = [node_position(G, s, nx.NodeNotFound(f"Node {s} not found in graph")) for s in sources]
    if opts.variant not in (None, "dijkstra"):
        raise ValueError(
            f"multi_source_dijkstra_path_length runs only the 'dijkstra' variant, got {opts.variant!r}"
        )
    return _dijkstra_lengths(G, ids, cutoff, weight, opts)


def single_source_dijkstra_path_length(
    G: BackendGraph,
    source: object,
    cutoff: float | None = None,
    weight: str | None = "weight",
    **options: object,
) -> dict:
    """Shortest-path length from ``source`` to every reachable node (Dijkstra in C++).

    By default the dict is in NetworkX's settle order; an engine variant (``"opt"`` runs the
    paper's wavefront Bellman-Ford over the grouped index) gives the same lengths by distance.
    """
    opts = resolve(options)
    {source}  # noqa: B018 - NetworkX builds {source}: an unhashable source raises TypeError
    s = node_position(G, source, nx.NodeNotFound(f"Node {source} not found in graph"))
    if opts.variant in (None, "dijkstra"):
        return _dijkstra_lengths(G, [s], cutoff, weight, opts)
    if _counts_hops(G, weight):
        return _hop_lengths(G, [s], cutoff, opts)
    return _engine_lengths(G, s, cutoff, opts)


def single_source_bellman_ford_path_length(
    G: BackendGraph, source: object, weight: str | None = "weight", **options: object
) -> dict:
    """Shortest-path length from ``source``; weights may be negative (queue-based Bellman-Ford).

    A negative cycle reachable from ``source`` raises ``NetworkXUnbounded``, as in NetworkX. An
    engine variant (non-negative weights only) gives the same lengths ordered by distance.
    """
    opts = resolve(options)
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} not in G"))
    if _counts_hops(G, weight):
        return _hop_lengths(G, [s], None, opts)
    if opts.variant is not None:
        return _engine_lengths(G, s, None, opts)
    try:
        value, order = bellman_ford(G.graph, sources=[s])
    except NegativeCycleError as err:
        raise nx.NetworkXUnbounded("Negative cycle detected.") from err
    return length_dict(G, order, value[order], 1, opts)

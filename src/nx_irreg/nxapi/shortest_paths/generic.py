"""``networkx.algorithms.shortest_paths.generic``: NetworkX's front doors to shortest paths.

``shortest_path`` and ``shortest_path_length`` pick the same method NetworkX picks for each
combination of ``source``, ``target``, ``weight`` and ``method`` (bidirectional BFS or Dijkstra
for a source and a target, single-source searches over the predecessor index for a target
alone, the all-pairs generators for neither), and so give NetworkX's paths among equally
short ones.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg.graph.algorithms import bellman_ford, bfs_order, bidirectional_search
from irreg.graph.algorithms.many_sources import summed_lengths
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._distances import hop_sums
from nx_irreg.nxapi._lengths import length_dict, node_position
from nx_irreg.nxapi._many_sources import chunk_results
from nx_irreg.nxapi._paths import paths_from_predecessors
from nx_irreg.nxapi.shortest_paths import unweighted, weighted
from nx_irreg.options import Options, check_no_variant, resolve
from nx_irreg.versions import (
    all_pairs_shortest_path_is_dict,
    single_source_all_shortest_paths_in_graph_order,
)

__all__ = [
    "all_pairs_all_shortest_paths",
    "all_shortest_paths",
    "average_shortest_path_length",
    "has_path",
    "shortest_path",
    "shortest_path_length",
    "single_source_all_shortest_paths",
]

METHODS = ("dijkstra", "bellman-ford")


def _check_method(method: str) -> None:
    if method not in METHODS:
        raise ValueError(f"method not supported: {method}")


def _toward_target(G: BackendGraph, target: object, weight, method: str, opts: Options, paths):
    """Paths or lengths from every node to ``target``: NetworkX's single-source search on the
    reversed graph (its predecessor order) with every path read backwards."""
    graph = G.predecessors()
    if method == "unweighted":
        t = node_position(G, target, nx.NodeNotFound(f"Source {target} not in G" if paths
                                                     else f"Source {target} is not in G"))
        if paths:
            return unweighted.hop_paths(G, graph, t, None, toward_root=True)
        return unweighted.hop_dict(G, graph, [t], None)
    if method == "dijkstra":
        t = node_position(G, target, nx.NodeNotFound(f"Node {target} not found in graph"))
        found = weighted.settled_from(G, graph, [t], None, weight)
        return found.paths(toward_root=True) if paths else found.lengths(opts)
    found, t = weighted.bellman_ford_from(G, graph, target, weight)
    if found is None:  # hop counts
        settled = weighted.Settled(G, graph, [t], None, True)
        return settled.paths(toward_root=True) if paths else settled.lengths(opts)
    if paths:
        return weighted.first_paths(G, found, found.order, toward_root=True)
    return length_dict(G, found.order, found.value[found.order], 1, opts)


# What NetworkX's shortest_path (paths=True) and shortest_path_length (False) call for each
# method, with neither end, a source only, or both ends given; a target only is
# _toward_target. Each entry takes (G, weight, options) or (G, source[, target], weight, options).
ALL_PAIRS = {
    (True, "unweighted"): lambda G, w, o: unweighted.all_pairs_shortest_path(G, **o),
    (True, "dijkstra"): lambda G, w, o: weighted.all_pairs_dijkstra_path(G, weight=w, **o),
    (True, "bellman-ford"): lambda G, w, o: weighted.all_pairs_bellman_ford_path(G, weight=w, **o),
    (False, "unweighted"): lambda G, w, o: unweighted.all_pairs_shortest_path_length(G, **o),
    (False, "dijkstra"): lambda G, w, o: weighted.all_pairs_dijkstra_path_length(G, weight=w,
                                                                                  **o),
    (False, "bellman-ford"): lambda G, w, o: weighted.all_pairs_bellman_ford_path_length(
        G, weight=w, **o),
}
FROM_SOURCE = {
    (True, "unweighted"): lambda G, s, w, o: unweighted.single_source_shortest_path(G, s, **o),
    (True, "dijkstra"): lambda G, s, w, o: weighted.single_source_dijkstra_path(G, s, weight=w,
                                                                               **o),
    (True, "bellman-ford"): lambda G, s, w, o: weighted.single_source_bellman_ford_path(
        G, s, weight=w, **o),
    (False, "unweighted"): lambda G, s, w, o: unweighted.single_source_shortest_path_length(
        G, s, **o),
    (False, "dijkstra"): lambda G, s, w, o: weighted.single_source_dijkstra_path_length(
        G, s, weight=w, **o),
    (False, "bellman-ford"): lambda G, s, w, o: weighted.single_source_bellman_ford_path_length(
        G, s, weight=w, **o),
}
BETWEEN = {
    (True, "unweighted"): lambda G, s, t, w, o: unweighted.bidirectional_path(G, s, t),
    (True, "dijkstra"): lambda G, s, t, w, o: weighted.bidirectional_dijkstra(G, s, t, w, **o)[1],
    (True, "bellman-ford"): lambda G, s, t, w, o: weighted.bellman_ford_path(G, s, t, w, **o),
    (False, "unweighted"): lambda G, s, t, w, o: len(unweighted.bidirectional_path(G, s, t)) - 1,
    (False, "dijkstra"): lambda G, s, t, w, o: weighted.dijkstra_path_length(G, s, t, w, **o),
    (False, "bellman-ford"): lambda G, s, t, w, o: weighted.bellman_ford_path_length(
        G, s, t, w, **o),
}


def _front_door(G, source, target, weight, method, options: dict, *, paths: bool):
    """NetworkX's choice of search for ``shortest_path`` / ``shortest_path_length``."""
    _check_method(method)
    check_no_variant("shortest_path" if paths else "shortest_path_length", options)
    opts = resolve(options)
    method = "unweighted" if weight is None else method
    if source is None and target is None:
        found = ALL_PAIRS[paths, method](G, weight, options)
        if paths:
            as_dict, warned = all_pairs_shortest_path_is_dict()
            if as_dict:  # NetworkX 3.4: a dict of dicts, with its FutureWarning
                if warned is not None:
                    warned.warn(stacklevel=4)
                return {node: dict(targets) for node, targets in found}
        return found
    if source is None:
        return _toward_target(G, target, weight, method, opts, paths)
    if target is None:
        return FROM_SOURCE[paths, method](G, source, weight, options)
    return BETWEEN[paths, method](G, source, target, weight, options)


def shortest_path(
    G: BackendGraph,
    source: object = None,
    target: object = None,
    weight: str | None = None,
    method: str = "dijkstra",
    **options: object,
):
    """Shortest paths as NetworkX's ``shortest_path`` returns them: one path (source and
    target), a dict (one of them) or an iterator over sources (neither)."""
    return _front_door(G, source, target, weight, method, options, paths=True)


def shortest_path_length(
    G: BackendGraph,
    source: object = None,
    target: object = None,
    weight: str | None = None,
    method: str = "dijkstra",
    **options: object,
):
    """Shortest-path lengths as NetworkX's ``shortest_path_length`` returns them."""
    return _front_door(G, source, target, weight, method, options, paths=False)


def has_path(G: BackendGraph, source: object, target: object, **options: object) -> bool:
    """Whether ``target`` is reachable from ``source`` (a bidirectional BFS from both ends)."""
    check_no_variant("has_path", options)
    resolve(options)
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} is not in G"))
    t = node_position(G, target, nx.NodeNotFound(f"Target {target} is not in G"))
    found = bidirectional_search(G.graph, G.predecessors(), source=s, target=t, method="bfs")
    return bool(found.path.size)


def average_shortest_path_length(
    G: BackendGraph, weight: str | None = None, method: str | None = None, **options: object
) -> float:
    """The mean shortest-path length over all ordered pairs of distinct nodes.

    Every node is a source: hop counts come from the bit-parallel multi-source BFS, weighted
    lengths from a search per source; sources run in chunks on the thread pool or on Dask, and
    only sums come back. Integer lengths sum exactly; float lengths are summed per source
    in search order, then across sources, so the last digits may differ from NetworkX's single
    running sum. ``floyd-warshall`` methods run in NetworkX (``can_run`` declines them).
    """
    check_no_variant("average_shortest_path_length", options)
    opts = resolve(options)
    if method is None:
        method = "unweighted" if weight is None else "dijkstra"
    if method not in ("unweighted", "dijkstra", "bellman-ford"):
        raise ValueError(f"method not supported: {method}")
    n = len(G)
    if n == 0:
        raise nx.NetworkXPointlessConcept(
            "the null graph has no paths, thus there is no average shortest path length"
        )
    if n == 1:
        return 0
    not_connected = nx.NetworkXError(
        "Graph is not strongly connected." if G.is_directed() else "Graph is not connected."
    )
    if len(bfs_order(G.graph, sources=[0]).order) < n:
        raise not_connected
    if weight is None or weighted.counts_hops(G, weight):
        method = "unweighted"
    if method == "bellman-ford":  # a negative cycle raises as NetworkX's first search would
        try:
            bellman_ford(G.graph, sources=[0])
        except ValueError as err:
            raise nx.NetworkXUnbounded("Negative cycle detected.") from err
    if method == "unweighted":  # one bit-parallel multi-source BFS, exact integer sums
        found = hop_sums(G, opts)
        if (found.reached < n).any():  # some node is not reached from every node
            raise not_connected
        return int(found.total.sum()) / (n * (n - 1))
    exact = G.integral_weights
    failure = {
        "dijkstra": lambda _: ValueError("Contradictory paths found:", "negative weights?"),
        "bellman-ford": lambda _: nx.NetworkXUnbounded("Negative cycle detected."),
    }.get(method)
    total: int | float = 0
    chunk = functools.partial(summed_lengths, method=method)
    for sums in chunk_results(G, chunk, opts, failure=failure):
        if (sums.reached[: len(sums.total)] < n).any():
            raise not_connected
        total += int(np.sum(sums.total.astype(np.int64))) if exact else float(sums.total.sum())
    return total / (n * (n - 1))


# --- every shortest path ---------------------------------------------------------------------


def _predecessors(G: BackendGraph, source, weight, method: str, options: dict) -> dict:
    """NetworkX's predecessor dict for ``method``: BFS levels, or equal-distance predecessors
    of Dijkstra or Bellman-Ford."""
    method = "unweighted" if weight is None else method
    if method == "unweighted":
        return unweighted.predecessor(G, source, **options)
    if method == "dijkstra":
        return weighted.dijkstra_predecessor_and_distance(G, source, weight=weight, **options)[0]
    if method == "bellman-ford":
        return weighted.bellman_ford_predecessor_and_distance(G, source, weight=weight,
                                                              **options)[0]
    raise ValueError(f"method not supported: {method}")


def all_shortest_paths(
    G: BackendGraph, source: object, target: object, weight: str | None = None,
    method: str = "dijkstra", **options: object,
) -> Iterator[list]:
    """Every shortest path from ``source`` to ``target``, in NetworkX's order: predecessors
    from C++, the paths walked from them in Python (their number can grow exponentially)."""
    pred = _predecessors(G, source, weight, method, options)
    return paths_from_predecessors(pred, {source}, target)


def single_source_all_shortest_paths(
    G: BackendGraph, source: object, weight: str | None = None, method: str = "dijkstra",
    **options: object,
) -> Iterator[tuple]:
    """``(node, [every shortest path to it])`` for every node ``source`` reaches."""
    pred = _predecessors(G, source, weight, method, options)
    # The targets in the order the search reached them (NetworkX 3.5 on) or in G's (3.4).
    targets = pred
    if single_source_all_shortest_paths_in_graph_order():
        targets = [n for n in G.nodes if n in pred]
    for node in targets:
        yield node, list(paths_from_predecessors(pred, {source}, node))


def all_pairs_all_shortest_paths(
    G: BackendGraph, weight: str | None = None, method: str = "dijkstra", **options: object
) -> Iterator[tuple]:
    """``(node, {target: [every shortest path]})`` for every node in ``G``'s order."""
    for node in G.nodes:
        yield node, dict(single_source_all_shortest_paths(G, node, weight, method, **options))

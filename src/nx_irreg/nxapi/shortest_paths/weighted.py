"""``networkx.algorithms.shortest_paths.weighted``: lengths and paths by Dijkstra and
Bellman-Ford, single-source, multi-source, source-to-target, bidirectional and all pairs.

Weights come from the edge attribute ``weight`` (1 where missing, the smallest of parallel edges,
an edge whose weight is ``None`` left out), read once at conversion. A callable ``weight`` runs
Python per edge: ``can_run`` declines it and NetworkX runs the call. The kernels follow
NetworkX's order (heap ties by push order, Bellman-Ford's queue), so dicts, their key order and
the path chosen among equally short ones are NetworkX's; paths come from parent arrays and are
made into lists in C++.
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg.graph import IrregGraph
from irreg.graph.algorithms import (
    NegativeCycleError,
    bellman_ford,
    bfs_order,
    bidirectional_search,
    dijkstra,
    dijkstra_predecessors,
    sssp,
)
from irreg.graph.algorithms.many_sources import bellman_ford_lengths, dijkstra_lengths
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import (
    counts_hops,
    length_dict,
    length_value,
    level_of_order,
    node_position,
    ordered_by,
)
from nx_irreg.nxapi._many_sources import per_source
from nx_irreg.nxapi._paths import (
    PredecessorArrays,
    lazy_lengths,
    lazy_paths,
    path_dict,
    path_to,
    paths_from_predecessors,
    predecessor_lists,
)
from nx_irreg.options import Options, check_no_variant, resolve
from nx_irreg.versions import dijkstra_paths_in_settled_order

__all__ = [
    "all_pairs_bellman_ford_path",
    "all_pairs_bellman_ford_path_length",
    "all_pairs_dijkstra",
    "all_pairs_dijkstra_path",
    "all_pairs_dijkstra_path_length",
    "bellman_ford_path",
    "bellman_ford_path_length",
    "bellman_ford_predecessor_and_distance",
    "bidirectional_dijkstra",
    "dijkstra_path",
    "dijkstra_path_length",
    "dijkstra_predecessor_and_distance",
    "find_negative_cycle",
    "multi_source_dijkstra",
    "multi_source_dijkstra_path",
    "multi_source_dijkstra_path_length",
    "negative_edge_cycle",
    "single_source_bellman_ford",
    "single_source_bellman_ford_path",
    "single_source_bellman_ford_path_length",
    "single_source_dijkstra",
    "single_source_dijkstra_path",
    "single_source_dijkstra_path_length",
]


class Settled:
    """One search in NetworkX's settle order over ``graph`` from ``ids``: unit weights by the
    ordered BFS (its discovery order is the heap's order when every edge weighs 1), otherwise
    the heap Dijkstra; the search stops once ``target`` settles."""

    def __init__(
        self, G: BackendGraph, graph: IrregGraph, ids: list[int], cutoff: float | None,
        hops: bool, target: int | None = None,
    ) -> None:
        self.G, self.hops, self.sources = G, hops, len(dict.fromkeys(ids))
        self.graph, self.cutoff = graph, cutoff
        if hops:
            limit = None if cutoff is None else max(int(cutoff // 1), 0)
            self.order, self.parent, level_end = bfs_order(graph, sources=ids, depth_limit=limit)
            self.value = np.full(len(G), np.inf)
            self.value[self.order] = level_of_order(level_end)
        else:
            self.value, self.order, self.parent = dijkstra(
                graph, sources=ids, cutoff=cutoff, target=target
            )

    def reached(self, v: int) -> bool:
        return bool(np.isfinite(self.value[v]))

    def lengths(self, opts: Options) -> dict:
        integral = True if self.hops else None
        return length_dict(self.G, self.order, self.value[self.order], self.sources, opts,
                           integral=integral)

    def length(self, v: int, opts: Options) -> object:
        return length_value(self.G, self.value[v], opts, integral=True if self.hops else None)

    def paths(self, *, toward_root: bool = False) -> dict:
        found = path_dict(self.G, self.order, self.parent, toward_root=toward_root)
        if self.hops or dijkstra_paths_in_settled_order():
            return found
        # NetworkX 3.4 and 3.5 key the paths in the order the search first reached the nodes.
        return {node: found[node] for node in self.G.labels(self._first_reached())}

    def _first_reached(self) -> np.ndarray:
        """The settled vertices in the order the heap search first reached them: the sources,
        then each other vertex at the first edge (in settle order, each row in its order) that
        reaches it within the cutoff."""
        offsets, targets, weights = self.graph.csr()
        settled = self.order
        rank = np.full(len(self.G), np.iinfo(np.int64).max)
        rank[settled] = np.arange(settled.size)
        tails = np.repeat(np.arange(len(self.G)), np.diff(offsets))
        reach = np.isfinite(self.value[tails])
        if self.cutoff is not None:
            reach &= self.value[tails] + weights <= self.cutoff
        edges = np.flatnonzero(reach)
        # Rows are contiguous and in adjacency order: (rank of the tail, edge) orders the edges
        # as the search relaxes them.
        edges = edges[np.lexsort((edges, rank[tails[edges]]))]
        heads, first = np.unique(targets[edges], return_index=True)
        when = np.full(len(self.G), np.iinfo(np.int64).max)
        when[heads] = first
        when[settled[: self.sources]] = -1 - np.arange(self.sources)[::-1]
        return settled[np.argsort(when[settled], kind="stable")]

    def path(self, v: int) -> list:
        return path_to(self.G, self.parent, v)


def _sources(G: BackendGraph, sources: object) -> list[int]:
    if not sources:
        raise ValueError("sources must not be empty")
    return [node_position(G, s, nx.NodeNotFound(f"Node {s} not found in graph")) for s in sources]


def _check_dijkstra_variant(function: str, opts: Options) -> None:
    if opts.variant not in (None, "dijkstra"):
        raise ValueError(f"{function} runs only the 'dijkstra' variant, got {opts.variant!r}")


def settled_from(
    G: BackendGraph, graph: IrregGraph, ids: list[int], cutoff: float | None, weight: object,
    target: int | None = None,
) -> Settled:
    return Settled(G, graph, ids, cutoff, counts_hops(G, weight), target)


def multi_source_dijkstra(
    G: BackendGraph,
    sources: object,
    target: object = None,
    cutoff: float | None = None,
    weight: str | None = "weight",
    **options: object,
) -> tuple:
    """``(lengths, paths)`` from the nearest of ``sources`` (or, with ``target``, its length
    and path), in NetworkX's settle order; ``NetworkXNoPath`` if ``target`` is not reached."""
    opts = resolve(options)
    _check_dijkstra_variant("multi_source_dijkstra", opts)
    ids = _sources(G, sources)
    if target in sources:
        return (0, [target])
    if target is None:
        found = settled_from(G, G.graph, ids, cutoff, weight)
        return found.lengths(opts), found.paths()
    t = G.position(target)
    found = settled_from(G, G.graph, ids, cutoff, weight, t)
    if t is None or not found.reached(t):
        raise nx.NetworkXNoPath(f"No path to {target}.")
    return found.length(t, opts), found.path(t)


def multi_source_dijkstra_path(
    G: BackendGraph,
    sources: object,
    cutoff: float | None = None,
    weight: str | None = "weight",
    **options: object,
) -> dict:
    """``{node: path}`` from the nearest of ``sources`` (Dijkstra in C++, NetworkX's order); no
    lengths dict is built."""
    opts = resolve(options)
    _check_dijkstra_variant("multi_source_dijkstra_path", opts)
    return settled_from(G, G.graph, _sources(G, sources), cutoff, weight).paths()


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
    _check_dijkstra_variant("multi_source_dijkstra_path_length", opts)
    return settled_from(G, G.graph, _sources(G, sources), cutoff, weight).lengths(opts)


def single_source_dijkstra(
    G: BackendGraph,
    source: object,
    target: object = None,
    cutoff: float | None = None,
    weight: str | None = "weight",
    **options: object,
) -> tuple:
    """``(lengths, paths)`` from ``source`` (or ``target``'s length and path), as NetworkX."""
    return multi_source_dijkstra(G, {source}, target, cutoff, weight, **options)


def single_source_dijkstra_path(
    G: BackendGraph,
    source: object,
    cutoff: float | None = None,
    weight: str | None = "weight",
    **options: object,
) -> dict:
    """``{node: path}`` from ``source`` in NetworkX's settle order."""
    return multi_source_dijkstra_path(G, {source}, cutoff=cutoff, weight=weight, **options)


def single_source_dijkstra_path_length(
    G: BackendGraph,
    source: object,
    cutoff: float | None = None,
    weight: str | None = "weight",
    **options: object,
) -> dict:
    """Shortest-path length from ``source`` to every reachable node (Dijkstra in C++).

    By default the dict is in NetworkX's settle order; an engine variant (``"opt"`` runs the
    paper's wavefront Bellman-Ford over the grouped index, ``"delta"`` delta-stepping on the
    thread pool) gives the same lengths ordered by distance, then node.
    """
    opts = resolve(options)
    {source}  # noqa: B018 - NetworkX builds {source}: an unhashable source raises TypeError
    s = node_position(G, source, nx.NodeNotFound(f"Node {source} not found in graph"))
    hops = counts_hops(G, weight)
    if opts.variant in (None, "dijkstra") or hops:
        return Settled(G, G.graph, [s], cutoff, hops).lengths(opts)
    return _engine_lengths(G, s, cutoff, opts)


def _engine_lengths(G: BackendGraph, source: int, cutoff: float | None, opts: Options) -> dict:
    """Lengths by an engine variant, ordered by distance, then node."""
    value = sssp(
        G.with_tile_size(opts.tile_size), source=source, variant=opts.variant, isa=opts.isa,
        threads=opts.threads,
    ).value
    order = ordered_by(value, np.isfinite(value) if cutoff is None else value <= cutoff)
    return length_dict(G, order, value[order], 1, opts)


def dijkstra_path(
    G: BackendGraph, source: object, target: object, weight: str | None = "weight",
    **options: object,
) -> list:
    """The shortest path NetworkX's Dijkstra finds from ``source`` to ``target`` (it stops
    when ``target`` settles)."""
    return single_source_dijkstra(G, source, target=target, weight=weight, **options)[1]


def dijkstra_path_length(
    G: BackendGraph, source: object, target: object, weight: str | None = "weight",
    **options: object,
) -> object:
    """The length of the shortest path from ``source`` to ``target`` (Dijkstra, stopping when
    ``target`` settles)."""
    opts = resolve(options)
    _check_dijkstra_variant("dijkstra_path_length", opts)
    s = node_position(G, source, nx.NodeNotFound(f"Node {source} not found in graph"))
    if source == target:
        return 0
    t = G.position(target)
    found = settled_from(G, G.graph, [s], None, weight, t)
    if t is None or not found.reached(t):
        raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}")
    return found.length(t, opts)


def bidirectional_dijkstra(
    G: BackendGraph, source: object, target: object, weight: str | None = "weight",
    **options: object,
) -> tuple:
    """``(length, path)`` from NetworkX's bidirectional Dijkstra: two heaps taking turns, from
    ``source`` over out-edges and from ``target`` over in-edges in ``G._pred``'s order."""
    opts = resolve(options)
    _check_dijkstra_variant("bidirectional_dijkstra", opts)
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} is not in G"))
    t = node_position(G, target, nx.NodeNotFound(f"Target {target} is not in G"))
    if source == target:
        return (0, [source])
    hops = counts_hops(G, weight)
    method = "dijkstra-unit" if hops and G.weight is not None else "dijkstra"
    found = bidirectional_search(G.graph, G.predecessors(), source=s, target=t, method=method)
    if not found.path.size:
        raise nx.NetworkXNoPath(f"No path between {source} and {target}.")
    length = length_value(G, found.length, opts, integral=True if hops else None)
    return length, G.labels(found.path)


def _unit_weights_unavailable(G: BackendGraph, weight: object, function: str) -> None:
    """Predecessor lists on a weighted conversion asked for ``weight=None`` would need every
    weight read as 1, which the Dijkstra and Bellman-Ford kernels do not do: NetworkX runs it."""
    if weight is None and G.weight is not None:
        raise NotImplementedError(
            f"{function} with weight=None on a conversion with weights: NetworkX runs it"
        )


def dijkstra_predecessor_and_distance(
    G: BackendGraph, source: object, cutoff: float | None = None,
    weight: str | None = "weight", **options: object,
) -> tuple[dict, dict]:
    """``(pred, dist)`` as NetworkX returns them: every predecessor on a shortest path, in the
    order its Dijkstra finds them (keys in the order first reached), and the distances in
    settle order."""
    check_no_variant("dijkstra_predecessor_and_distance", options)
    opts = resolve(options)
    s = node_position(G, source, nx.NodeNotFound(f"Node {source} is not found in the graph"))
    _unit_weights_unavailable(G, weight, "dijkstra_predecessor_and_distance")
    counts_hops(G, weight)  # a weight attribute other than the converted one raises
    found = dijkstra_predecessors(G.graph, source=s, cutoff=cutoff)
    pred = predecessor_lists(G, found.reached, found.pred_offsets, found.pred)
    integral = True if G.weight is None else None
    return pred, length_dict(G, found.order, found.value[found.order], 1, opts, integral=integral)


# --- Bellman-Ford --------------------------------------------------------------------------------


def bellman_ford_from(G: BackendGraph, graph: IrregGraph, source: object, weight: object):
    """Bellman-Ford in NetworkX's order from ``source``; ``None`` when lengths are hops (BFS
    serves them). ``NetworkXUnbounded`` on a reachable negative cycle."""
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} not in G"))
    if counts_hops(G, weight):
        return None, s
    try:
        return bellman_ford(graph, sources=[s]), s
    except NegativeCycleError as err:
        raise nx.NetworkXUnbounded("Negative cycle detected.") from err


def first_paths(G: BackendGraph, found, order: np.ndarray, *, toward_root: bool) -> dict:
    """NetworkX's ``_build_paths_from_predecessors``, first path of each vertex: its first
    predecessor's chain back to the source, unless that chain loops (zero-weight cycles), where
    NetworkX's depth-first walk over the other predecessors decides."""
    first = np.full(len(G), -1, dtype=np.int32)
    has_pred = np.diff(found.pred_offsets) > 0
    first[has_pred] = found.pred[found.pred_offsets[:-1][has_pred]]
    first[order[:1]] = -1  # the source: NetworkX's walk stops at the first source it meets
    try:
        return path_dict(G, order, first, toward_root=toward_root)
    except ValueError:  # a loop of first predecessors: NetworkX's walk, vertex by vertex
        return {G.nodes[v]: _walk_path(G, found, int(order[0]), int(v), toward_root)
                for v in order.tolist()}


def _walk_path(G: BackendGraph, found, source: int, target: int, toward_root: bool) -> list:
    """NetworkX's first path from ``source`` to ``target`` over Bellman-Ford's predecessor lists
    (:func:`~nx_irreg.nxapi._paths.paths_from_predecessors` on the id arrays)."""
    pred = PredecessorArrays(found.pred_offsets, found.pred, found.value)
    path = next(paths_from_predecessors(pred, {source}, target), None)
    if path is None:
        raise nx.NetworkXNoPath(f"Target {G.nodes[target]} cannot be reached from given sources")
    return G.labels(np.array(path[::-1] if toward_root else path))


def single_source_bellman_ford(
    G: BackendGraph, source: object, target: object = None, weight: str | None = "weight",
    **options: object,
) -> tuple:
    """``(lengths, paths)`` from ``source`` by Bellman-Ford (or ``target``'s length and path);
    weights may be negative; ``NetworkXUnbounded`` on a reachable negative cycle."""
    check_no_variant("single_source_bellman_ford", options)
    return _bellman_ford(G, source, target, weight, resolve(options), lengths=True)


def _bellman_ford(
    G: BackendGraph, source: object, target: object, weight: str | None, opts: Options, *,
    lengths: bool,
) -> tuple:
    """single_source_bellman_ford's ``(lengths, paths)``; without ``lengths`` (the path
    functions) no lengths dict is built and the first item is None."""
    if source == target:
        node_position(G, source, nx.NodeNotFound(f"Node {source} is not found in the graph"))
        return (0, [source])
    found, s = bellman_ford_from(G, G.graph, source, weight)
    if found is None:  # hop counts
        settled = Settled(G, G.graph, [s], None, True)
        if target is None:
            return settled.lengths(opts) if lengths else None, settled.paths()
        t = G.position(target)
        if t is None or not settled.reached(t):
            raise nx.NetworkXNoPath(f"Target {target} cannot be reached from given sources")
        return settled.length(t, opts), settled.path(t)
    if target is None:
        found_lengths = (
            length_dict(G, found.order, found.value[found.order], 1, opts) if lengths else None
        )
        return found_lengths, first_paths(G, found, found.order, toward_root=False)
    t = G.position(target)
    if t is None or not np.isfinite(found.value[t]):
        raise nx.NetworkXNoPath(f"Target {target} cannot be reached from given sources")
    return length_value(G, found.value[t], opts), _walk_path(G, found, s, t, False)


def single_source_bellman_ford_path(
    G: BackendGraph, source: object, weight: str | None = "weight", **options: object
) -> dict:
    """``{node: path}`` from ``source`` by Bellman-Ford, in NetworkX's order."""
    check_no_variant("single_source_bellman_ford_path", options)
    return _bellman_ford(G, source, None, weight, resolve(options), lengths=False)[1]


def single_source_bellman_ford_path_length(
    G: BackendGraph, source: object, weight: str | None = "weight", **options: object
) -> dict:
    """Shortest-path length from ``source``; weights may be negative (queue-based Bellman-Ford).

    A negative cycle reachable from ``source`` raises ``NetworkXUnbounded``, as in NetworkX. An
    engine variant (non-negative weights only) gives the same lengths ordered by distance.
    """
    opts = resolve(options)
    if opts.variant is not None and not counts_hops(G, weight):
        s = node_position(G, source, nx.NodeNotFound(f"Source {source} not in G"))
        return _engine_lengths(G, s, None, opts)
    found, s = bellman_ford_from(G, G.graph, source, weight)
    if found is None:
        return Settled(G, G.graph, [s], None, True).lengths(opts)
    return length_dict(G, found.order, found.value[found.order], 1, opts)


def bellman_ford_path(
    G: BackendGraph, source: object, target: object, weight: str | None = "weight",
    **options: object,
) -> list:
    """The path from ``source`` to ``target`` that NetworkX's Bellman-Ford returns."""
    return single_source_bellman_ford(G, source, target=target, weight=weight, **options)[1]


def bellman_ford_path_length(
    G: BackendGraph, source: object, target: object, weight: str | None = "weight",
    **options: object,
) -> object:
    """The length of the shortest path from ``source`` to ``target`` by Bellman-Ford."""
    check_no_variant("bellman_ford_path_length", options)
    opts = resolve(options)
    if source == target:
        node_position(G, source, nx.NodeNotFound(f"Node {source} not found in graph"))
        return 0
    found, s = bellman_ford_from(G, G.graph, source, weight)
    t = G.position(target)
    if found is None:
        settled = Settled(G, G.graph, [s], None, True)
        if t is None or not settled.reached(t):
            raise nx.NetworkXNoPath(f"node {target} not reachable from {source}")
        return settled.length(t, opts)
    if t is None or not np.isfinite(found.value[t]):
        raise nx.NetworkXNoPath(f"node {target} not reachable from {source}")
    return length_value(G, found.value[t], opts)


def bellman_ford_predecessor_and_distance(
    G: BackendGraph, source: object, target: object = None, weight: str | None = "weight",
    heuristic: bool = False, **options: object,
) -> tuple[dict, dict]:
    """``(pred, dist)`` as NetworkX returns them: every equal-distance predecessor in the order
    its Bellman-Ford finds them, keys and distances in the order first reached. A negative
    self-loop anywhere, or a negative cycle reachable from ``source``, raises
    ``NetworkXUnbounded`` (``target`` changes nothing, as in NetworkX)."""
    check_no_variant("bellman_ford_predecessor_and_distance", options)
    opts = resolve(options)
    s = node_position(G, source, nx.NodeNotFound(f"Node {source} is not found in the graph"))
    _unit_weights_unavailable(G, weight, "bellman_ford_predecessor_and_distance")
    counts_hops(G, weight)
    if _negative_self_loops(G).size:
        raise nx.NetworkXUnbounded("Negative cycle detected.")
    if len(G) == 1:
        return {source: []}, {source: 0}
    try:
        found = bellman_ford(G.graph, sources=[s], heuristic=heuristic)
    except NegativeCycleError as err:
        raise nx.NetworkXUnbounded("Negative cycle detected.") from err
    pred = predecessor_lists(G, found.order, found.pred_offsets, found.pred)
    integral = True if G.weight is None else None
    return pred, length_dict(G, found.order, found.value[found.order], 1, opts, integral=integral)


def negative_edge_cycle(
    G: BackendGraph, weight: str | None = "weight", heuristic: bool = True, **options: object
) -> bool:
    """Whether any cycle of ``G`` has negative total weight: Bellman-Ford from every node at
    once (NetworkX's added node joined to every node, without changing ``G``)."""
    resolve(options)
    if G.graph.num_edges == 0 or counts_hops(G, weight):
        return False
    found = bellman_ford(
        G.graph, sources=list(range(len(G))), heuristic=heuristic, raise_on_cycle=False
    )
    return found.cycle_vertex >= 0


def find_negative_cycle(
    G: BackendGraph, source: object, weight: str | None = "weight", **options: object
) -> list:
    """A negative cycle reachable from ``source`` as NetworkX finds it: Bellman-Ford with its
    heuristic stops at a vertex on the cycle, then a walk over predecessor lists closes it."""
    resolve(options)
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} not in G"))
    if counts_hops(G, weight):
        raise nx.NetworkXError("No negative cycles detected.")
    found = bellman_ford(G.graph, sources=[s], raise_on_cycle=False)
    v = found.cycle_vertex
    if v < 0:
        raise nx.NetworkXError("No negative cycles detected.")
    offsets, pred = found.pred_offsets, found.pred

    def preds(x: int) -> list[int]:
        return pred[offsets[x] : offsets[x + 1]].tolist()

    cycle: list[int] = []
    stack = [(v, preds(v))]
    seen = {v}
    while stack:
        node, waiting = stack[-1]
        if v in waiting:
            cycle.extend([node, v])
            return G.labels(np.array(cycle[::-1]))
        if waiting:
            following = waiting.pop()
            if following not in seen:
                stack.append((following, preds(following)))
                cycle.append(node)
                seen.add(following)
        else:
            stack.pop()
            if cycle:
                cycle.pop()
            elif v in _negative_self_loops(G):
                # NetworkX means to return this too, but its check calls the weight function
                # with G for an edge and raises AttributeError (NetworkX 3.6).
                return G.labels(np.array([v, v]))
            else:
                raise nx.NetworkXError("Negative cycle is detected but not found")
    raise nx.NetworkXUnbounded("negative cycle detected but not identified")


def _negative_self_loops(G: BackendGraph) -> np.ndarray:
    """The vertices with a self-loop of negative weight."""
    offsets, targets, weights = G.graph.csr()
    rows = np.repeat(np.arange(len(G)), np.diff(offsets))
    return np.unique(rows[(rows == targets) & (weights < 0)])


# --- all pairs -----------------------------------------------------------------------------------


def _dijkstra_chunks(G: BackendGraph, cutoff, weight, opts: Options, *, parents: bool):
    """Per source ``(order, lengths, parent)`` in NetworkX's settle order, chunked."""
    _check_dijkstra_variant("all_pairs_dijkstra", opts)
    if counts_hops(G, weight):
        from irreg.graph.algorithms.many_sources import bfs_lengths

        limit = None if cutoff is None else max(int(cutoff // 1), 0)
        return per_source(G, bfs_lengths, opts, depth_limit=limit, parents=parents), True
    failure = lambda _: ValueError("Contradictory paths found:", "negative weights?")
    chunks = per_source(G, dijkstra_lengths, opts, failure=failure, cutoff=cutoff,
                        parents=parents)
    return chunks, None


def all_pairs_dijkstra(
    G: BackendGraph, cutoff: float | None = None, weight: str | None = "weight", **options: object
) -> Iterator[tuple]:
    """``(node, (lengths, paths))`` for every node in ``G``'s order, as NetworkX yields them;
    sources run in chunks on threads or Dask and each dict is built on first use."""
    opts = resolve(options)
    chunks, integral = _dijkstra_chunks(G, cutoff, weight, opts, parents=True)
    for s, (order, value, parent) in chunks:
        yield G.nodes[s], (lazy_lengths(G, order, value, opts, integral),
                           lazy_paths(G, order, parent))


def all_pairs_dijkstra_path_length(
    G: BackendGraph, cutoff: float | None = None, weight: str | None = "weight", **options: object
) -> Iterator[tuple]:
    """``(node, {node: length})`` for every node in ``G``'s order (chunked, lazy dicts)."""
    opts = resolve(options)
    chunks, integral = _dijkstra_chunks(G, cutoff, weight, opts, parents=False)
    for s, (order, value, _) in chunks:
        yield G.nodes[s], lazy_lengths(G, order, value, opts, integral)


def all_pairs_dijkstra_path(
    G: BackendGraph, cutoff: float | None = None, weight: str | None = "weight", **options: object
) -> Iterator[tuple]:
    """``(node, {node: path})`` for every node in ``G``'s order (chunked, lazy dicts)."""
    opts = resolve(options)
    chunks, _ = _dijkstra_chunks(G, cutoff, weight, opts, parents=True)
    for s, (order, _, parent) in chunks:
        yield G.nodes[s], lazy_paths(G, order, parent)


def all_pairs_bellman_ford_path_length(
    G: BackendGraph, weight: str | None = "weight", **options: object
) -> Iterator[tuple]:
    """``(node, {node: length})`` by Bellman-Ford for every node in ``G``'s order, chunked;
    ``NetworkXUnbounded`` when a source reaches a negative cycle (after the sources before)."""
    opts = resolve(options)
    if counts_hops(G, weight):
        chunks, _ = _dijkstra_chunks(G, None, None, opts, parents=False)
        integral = True
    else:
        failure = lambda _: nx.NetworkXUnbounded("Negative cycle detected.")
        chunks, integral = per_source(G, bellman_ford_lengths, opts, failure=failure), None
    for s, (order, value, _) in chunks:
        yield G.nodes[s], lazy_lengths(G, order, value, opts, integral)


def all_pairs_bellman_ford_path(
    G: BackendGraph, weight: str | None = "weight", **options: object
) -> Iterator[tuple]:
    """``(node, {node: path})`` by Bellman-Ford for every node in ``G``'s order."""
    resolve(options)
    for node in G.nodes:
        yield node, single_source_bellman_ford_path(G, node, weight=weight, **options)

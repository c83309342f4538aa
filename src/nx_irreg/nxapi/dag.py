"""``networkx.algorithms.dag``: topological orders by Kahn's algorithm in NetworkX's orders,
descendants and ancestors by reachability."""

from __future__ import annotations

import heapq
from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg.graph.algorithms import (
    GraphCycleError,
    bfs,
    bfs_order,
    lexicographic_order,
    reach_among_successors,
    topological_order,
)
from irreg.graph.algorithms import (
    dag_longest_path as longest_path,
)
from irreg.graph.algorithms import topological_generations as engine_generations
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._components import check_directed, strongly_connected
from nx_irreg.nxapi._lengths import (
    counts_hops,
    length_value,
    level_of_order,
    missing_node,
    node_position,
    node_set,
)
from nx_irreg.options import check_no_variant, resolve
from nx_irreg.versions import is_aperiodic_needs_strong_connectivity, lexicographical_sort_message

__all__ = [
    "ancestors",
    "dag_longest_path",
    "dag_longest_path_length",
    "descendants",
    "has_cycle",
    "is_aperiodic",
    "is_directed_acyclic_graph",
    "lexicographical_topological_sort",
    "topological_generations",
    "topological_sort",
    "transitive_reduction",
]

_CYCLE = "Graph contains a cycle or graph changed during iteration"


def topological_generations(G: BackendGraph, **options: object) -> Iterator[list]:
    """Lists of nodes by generation (Kahn in C++, NetworkX's order).

    As in NetworkX, the generations before a cycle are yielded, then ``NetworkXUnfeasible``.
    """
    check_no_variant("topological_generations", options)
    resolve(options)
    if not G.is_directed():
        raise nx.NetworkXError("Topological sort not defined on undirected graphs.")
    order, generation_end, complete = topological_order(G.graph)
    labels = G.labels(order)
    begin = 0
    for end in generation_end.tolist():
        yield labels[begin:end]
        begin = end
    if not complete:
        raise nx.NetworkXUnfeasible(_CYCLE)


def topological_sort(G: BackendGraph, **options: object) -> Iterator:
    """Nodes in topological order: the generations of ``topological_generations`` in turn."""
    for generation in topological_generations(G, **options):
        yield from generation


def is_directed_acyclic_graph(G: BackendGraph, **options: object) -> bool:
    """Whether ``G`` is directed and has no cycle (Kahn; an engine variant when one is set)."""
    opts = resolve(options)
    if not G.is_directed():
        return False
    if opts.variant is None:
        return topological_order(G.graph).complete
    try:
        engine_generations(G.with_tile_size(opts.tile_size), variant=opts.variant,
                           isa=opts.isa, threads=opts.threads)
    except GraphCycleError:
        return False
    return True


def has_cycle(G: BackendGraph, **options: object) -> bool:
    """Whether the directed graph ``G`` has a cycle: Kahn's algorithm runs out of sources (as
    NetworkX's ``topological_sort`` does; an undirected graph raises its error)."""
    check_no_variant("has_cycle", options)
    resolve(options)
    if not G.is_directed():
        raise nx.NetworkXError("Topological sort not defined on undirected graphs.")
    return not topological_order(G.graph).complete


def is_aperiodic(G: BackendGraph, **options: object) -> bool:
    """Whether the strongly connected digraph ``G`` is aperiodic: the greatest common divisor of
    ``level(u) - level(v) + 1`` over its edges, levels of a BFS tree from its first node, is 1
    (the same answer as NetworkX's search tree, whichever tree it is; NetworkX's errors)."""
    check_no_variant("is_aperiodic", options)
    resolve(options)
    if not G.is_directed():
        raise nx.NetworkXError("is_aperiodic not defined for undirected graphs")
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("Graph has no nodes.")
    if len(strongly_connected(G).component_end) != 1:
        if not is_aperiodic_needs_strong_connectivity():
            raise NotImplementedError(
                "is_aperiodic of a graph that is not strongly connected: NetworkX 3.4 searches "
                "it part by part from nodes in a set's order; NetworkX runs it"
            )
        raise nx.NetworkXError("Graph is not strongly connected.")
    found = bfs_order(G.graph, sources=[0])
    level = np.empty(len(G), np.int64)
    level[found.order] = level_of_order(found.level_end)
    offsets, targets, _ = G.graph.csr()
    tails = np.repeat(np.arange(len(G)), np.diff(offsets))
    return int(np.gcd.reduce(level[tails] - level[targets] + 1, initial=0)) == 1


def descendants(G: BackendGraph, source: object, **options: object) -> set:
    """The nodes reachable from ``source``, without it, the set built in NetworkX's BFS order
    (so it iterates as NetworkX's does). With a ``variant``, that kernel runs (the engine's, or
    direction-optimizing BFS in parallel over ``threads``) and the set is built in node order."""
    opts = resolve(options)
    s = node_position(G, source, missing_node(G, source))
    if opts.variant is None:
        return set(G.labels(bfs_order(G.graph, sources=[s]).order[1:]))
    depth = bfs(
        G.with_tile_size(opts.tile_size), source=s, variant=opts.variant, isa=opts.isa,
        threads=opts.threads,
    ).depth
    return node_set(G, np.flatnonzero(depth > 0))


def ancestors(G: BackendGraph, source: object, **options: object) -> set:
    """The nodes with a path to ``source``, without it: a BFS over the in-edges (built once per
    converted graph and kept), the set built in NetworkX's order. Undirected: ``descendants``."""
    if not G.is_directed():
        return descendants(G, source, **options)
    if options.get("variant") is not None:
        raise ValueError(
            "ancestors has no variants on a directed graph: it searches the in-edges, which the "
            "engine variants do not walk"
        )
    resolve(options)
    s = node_position(G, source, missing_node(G, source))
    # NetworkX's BFS over the in-edges (G._pred's order): its set iterates in that order.
    return set(G.labels(bfs_order(G.predecessors(), sources=[s]).order[1:]))


def _by_label(G: BackendGraph) -> list[int]:
    """Vertex ids by (label, position): the order of NetworkX's heap entries (label, position,
    label). TypeError where two labels do not compare."""
    return sorted(range(len(G)), key=G.nodes.__getitem__)


def _heap_order(G: BackendGraph) -> Iterator:
    """NetworkX's heap of (label, position, label) over the converted graph, in Python: for
    labels that do not all compare, where NetworkX raises TypeError only if its heap happens to
    compare two of them, after yielding what it yields first."""
    labels = G.nodes
    offsets, targets, _ = G.graph.csr()
    offsets, targets = offsets.tolist(), targets.tolist()
    indegree = np.bincount(targets, minlength=len(G)).tolist() if targets else [0] * len(G)
    ready = [(labels[v], v, labels[v]) for v in range(len(G)) if indegree[v] == 0]
    heapq.heapify(ready)
    left = len(G) - len(ready)
    while ready:
        _, u, node = heapq.heappop(ready)
        for child in targets[offsets[u] : offsets[u + 1]]:
            indegree[child] -= 1
            if indegree[child] == 0:
                try:
                    heapq.heappush(ready, (labels[child], child, labels[child]))
                except TypeError as err:
                    raise TypeError(lexicographical_sort_message()(err)) from err
                left -= 1
        yield node
    if left:
        raise nx.NetworkXUnfeasible(_CYCLE)


def lexicographical_topological_sort(
    G: BackendGraph, key: object = None, **options: object
) -> Iterator:
    """Nodes in topological order, the smallest ready label first (NetworkX's order and errors).

    The labels are sorted once (Python's comparisons) and Kahn's algorithm with a heap of ranks
    runs in C++. Labels that do not all compare (ints and strings) take NetworkX's own heap of
    labels in Python instead, so the TypeError comes exactly where NetworkX's does, if at all.
    ``key`` is NetworkX's; irreg declines any but ``None`` (``can_run``).
    """
    check_no_variant("lexicographical_topological_sort", options)
    resolve(options)
    if not G.is_directed():
        raise nx.NetworkXError("Topological sort not defined on undirected graphs.")
    if key is not None:
        raise NotImplementedError("a key function runs Python per node; irreg sorts the labels")
    try:
        by_rank = _by_label(G)
    except TypeError:
        yield from _heap_order(G)
        return
    order, _, complete = lexicographic_order(G.graph, by_rank=by_rank)
    yield from G.labels(order)
    if not complete:
        raise nx.NetworkXUnfeasible(_CYCLE)


def _longest(G: BackendGraph, weight: object, default_weight: object):
    check_directed(G)
    every_edge = default_weight if counts_hops(G, weight) else None
    try:
        return longest_path(G.graph, G.predecessors(), every_edge=every_edge), every_edge
    except GraphCycleError as err:
        raise nx.NetworkXUnfeasible(_CYCLE) from err


def dag_longest_path(
    G: BackendGraph, weight: str | None = "weight", default_weight: object = 1,
    topo_order: object = None, **options: object,
) -> list:
    """The longest path of a DAG, the one NetworkX returns among equally long ones: ties go
    to the first predecessor in ``G._pred``'s order and the first end in topological order.
    A user's ``topo_order`` and multigraphs (NetworkX takes the largest of parallel edges)
    are declined by ``can_run``: NetworkX runs them."""
    check_no_variant("dag_longest_path", options)
    resolve(options)
    if len(G) == 0:
        return []
    found, _ = _longest(G, weight, default_weight)
    return G.labels(found.path)


def dag_longest_path_length(
    G: BackendGraph, weight: str | None = "weight", default_weight: object = 1, **options: object
) -> object:
    """The length of :func:`dag_longest_path`'s path (an int when every weight is one)."""
    check_no_variant("dag_longest_path_length", options)
    opts = resolve(options)
    if len(G) == 0:
        return 0
    found, every_edge = _longest(G, weight, default_weight)
    if every_edge is not None:
        return every_edge * (len(found.path) - 1)
    return length_value(G, found.length, opts) if len(found.path) > 1 else 0


# The bit sets of transitive_reduction's reachability, all threads together (chunks of columns
# beyond it).
REACH_BUDGET_BYTES = 256 * 2**20


def transitive_reduction(G: BackendGraph, **options: object) -> nx.DiGraph:
    """The DAG with the fewest edges and the same reachability as ``G``, as NetworkX builds it:
    ``G``'s nodes, then each node's kept successors in the order of NetworkX's set of them.

    Which successors of ``u`` reach its other successors comes from bit-set reachability in C++
    (on ``threads``); the set of ``u``'s successors then loses, for each successor still in it
    in adjacency order, the ones that successor reaches: NetworkX's removals exactly, so the
    set iterates as NetworkX's does.
    """
    check_no_variant("transitive_reduction", options)
    opts = resolve(options)
    message = "Directed Acyclic Graph required for transitive_reduction"
    if not G.is_directed():
        raise nx.NetworkXError(message)
    try:
        reach_offsets, reached = reach_among_successors(G.graph, threads=opts.threads,
                                                        budget_bytes=REACH_BUDGET_BYTES)
    except GraphCycleError:
        raise nx.NetworkXError(message) from None
    TR = nx.DiGraph()
    TR.add_nodes_from(G.nodes)
    TR.add_edges_from(_kept_edges(G, reach_offsets.tolist(), G.labels(reached)))
    return TR


def _kept_edges(G: BackendGraph, reach_offsets: list, reached: list) -> Iterator[tuple]:
    offsets, targets, _ = G.graph.csr()
    offsets = offsets.tolist()
    successors = G.labels(targets)
    for u, node in enumerate(G.nodes):
        begin, end = offsets[u], offsets[u + 1]
        if begin == end:
            continue
        kept = set(successors[begin:end])
        for e in range(begin, end):
            if successors[e] in kept:
                kept.difference_update(reached[reach_offsets[e]:reach_offsets[e + 1]])
        for v in kept:
            yield node, v

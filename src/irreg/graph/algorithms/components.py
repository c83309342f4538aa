"""Weakly and strongly connected components."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.graph.algorithms._run import RunStats, check_graph, run_stats
from irreg.graph.irreg_graph import IrregGraph
from irreg.threads import resolve_threads


class WccResult(NamedTuple):
    label: np.ndarray  # int32 per vertex: the smallest vertex id of its component
    stats: RunStats


def wcc(graph: IrregGraph, *, variant: str | None = None, isa: str | None = None,
        threads: int | None = None) -> WccResult:
    """Weakly connected components, each labelled by its smallest vertex id.

    Edge directions are ignored. Variants: ``afforest`` (default; Sutton, Ben-Nun, Barak,
    IPDPS'18, as in GAPBS: neighbour sampling, then every edge outside the largest component;
    parallel over ``threads``), ``union-find`` (serial disjoint sets), ``opt`` (min-label
    propagation over the grouped index, parallel over tile columns), ``opt-search`` (likewise),
    ``naive``, ``serial``. The labels do
    not depend on the variant or the thread count. ``threads``: see :mod:`irreg.threads` (None:
    the default count).
    """
    g = check_graph(graph)
    t = resolve_threads(threads)
    label, stats = _core.wcc(g._core, variant or "", isa, t)
    return WccResult(label, run_stats("wcc", variant, isa, stats))


class SccOrder(NamedTuple):
    order: np.ndarray  # int32 vertices component by component, each component's root first
    component_end: np.ndarray  # int64: component k is order[component_end[k - 1]:component_end[k]]
    component: np.ndarray  # int32 per vertex: its component's index in that order


def strongly_connected_components(graph: IrregGraph, *, whole_graph_exit: bool = False) -> SccOrder:
    """Strongly connected components in the order ``networkx.strongly_connected_components``
    yields them.

    Tarjan's depth-first search with Nuutila's finish-time stack, roots tried in vertex order and
    rows scanned in their stored order, so on a graph converted from NetworkX the components
    come in NetworkX's order and each one's vertices in the order NetworkX adds them to its set.
    Iterative (no recursion limit on long paths), serial, O(n + m). On an undirected graph
    (every edge stored both ways) the components are the connected components.
    ``whole_graph_exit`` orders the last component's vertices as NetworkX 3.7's Tarjan-Zwick
    search adds them when it stops early (the components themselves are the same).
    """
    g = check_graph(graph)
    return SccOrder(*_core.ordered_strongly_connected_components(g._core, whole_graph_exit))


class Biconnected(NamedTuple):
    edge_tail: np.ndarray  # int32: the components' edges, component by component, as NetworkX
    edge_head: np.ndarray  # lists them (empty unless components were asked for)
    component_end: np.ndarray  # int64: component k is edges[component_end[k - 1]:component_end[k]]
    node_order: np.ndarray  # int32: each component's nodes, each once, in the order its edges
    node_end: np.ndarray  # list them (int64 ends, as component_end)
    articulation: np.ndarray  # int32: the cut vertices, each once, in NetworkX's order
    bridge_tail: np.ndarray  # int32: the bridges as (DFS parent, child)
    bridge_head: np.ndarray


def biconnected(graph: IrregGraph, *, components: bool = True, root: int | None = None,
                edge_order: np.ndarray | None = None) -> Biconnected:
    """Biconnected components, cut vertices and bridges of an undirected graph, as
    ``networkx.biconnected_component_edges`` and ``articulation_points`` give them.

    Hopcroft and Tarjan's low-link depth-first search exactly as NetworkX runs it (roots in
    vertex order, rows in stored order, the edge to a vertex's parent skipped by vertex), so each
    component's edges, the components and the cut vertices come in NetworkX's order. Iterative,
    serial, O(n + m). ``components=False`` skips the stack of edges (cut vertices and bridges
    only); ``root``: search its connected component alone. The bridges come in the order
    ``G.edges()`` lists them when ``G``'s nodes come in ``edge_order`` (None: the searched
    vertices in id order).
    """
    g = check_graph(graph)
    if g.directed:
        raise ValueError("biconnected components are defined for an undirected graph")
    order = None if edge_order is None else np.asarray(edge_order, np.int64).tolist()
    return Biconnected(*_core.biconnected(g._core, components, -1 if root is None else root,
                                          order))


def bfs_components(
    graph: IrregGraph, in_edges: IrregGraph | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Connected components (with ``in_edges``, weakly connected ones) in the order
    ``networkx.connected_components`` (``weakly_connected_components``) yields them: every
    vertex not yet reached, in id order, starts a breadth-first search that scans each vertex's
    out-edges in stored order, then its ``in_edges`` (rows in NetworkX's predecessor order).
    Returns ``(order, component_end)``: the vertices component by component, each in discovery
    order (the order NetworkX adds them to its set), and where each component ends. Serial,
    O(n + m).
    """
    g = check_graph(graph)
    extra = None if in_edges is None else check_graph(in_edges)._core
    order, component_end, _ = _core.ordered_bfs_components(g._core, extra)
    return order, component_end


def kosaraju_components(
    graph: IrregGraph, in_edges: IrregGraph, *, source: int | None = None, preorder: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Strongly connected components in the order ``networkx.kosaraju_strongly_connected_
    components`` yields them: a depth-first postorder of the reversed graph (``in_edges``, rows
    in NetworkX's predecessor order; from ``source`` only, or every vertex in turn), then
    Kosaraju's second pass over ``graph`` from the last finished vertex back. Returns
    ``(order, component_end)`` as :func:`strongly_connected_components` does (no per-vertex
    component). Serial, O(n + m). ``preorder``: each component's vertices in depth-first
    preorder from its root, as NetworkX 3.4 and 3.5 add them.
    """
    from irreg.graph.algorithms.traversal import DFS_EDGE_LABELS, dfs_labeled_edges

    g = check_graph(graph)
    roots = None if source is None else [source]
    walk = dfs_labeled_edges(in_edges, roots=roots)
    post = walk.head[walk.label == DFS_EDGE_LABELS.index("reverse")]
    return _core.kosaraju_components(g._core, post.tolist(), preorder)


class LocalBridges(NamedTuple):
    tail: np.ndarray  # int32: the local bridges, tail before head in vertex order, in the
    head: np.ndarray  # order of the rows (NetworkX's G.edges())
    span: np.ndarray  # float64 per bridge: a shortest path between its ends without it (inf:
    # none); empty unless asked for


def local_bridges(graph: IrregGraph, *, with_span: bool = True,
                  weighted: bool = False) -> LocalBridges:
    """The edges of an undirected graph whose ends share no neighbour (a self-loop at an end
    counts as one), as ``networkx.local_bridges`` finds them, and each one's span: the length of
    a shortest path between its ends with the edges between them hidden (``inf`` for a bridge,
    found by the low-link search without a path search). ``weighted=False``: spans in hops."""
    g = check_graph(graph)
    if g.directed:
        raise ValueError("local bridges are defined for an undirected graph")
    return LocalBridges(*_core.local_bridges(g._core, with_span, not weighted))

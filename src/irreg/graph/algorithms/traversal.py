"""Breadth-first and depth-first search."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.graph.algorithms._run import RunStats, check_graph, check_source, hop_limit, run_stats
from irreg.graph.irreg_graph import IrregGraph
from irreg.threads import resolve_threads


class BfsResult(NamedTuple):
    depth: np.ndarray  # int32 hops from the source, -1 where unreachable
    parent: (
        np.ndarray
    )  # int32 smallest-id vertex of the previous level; -1 at the source and unreachable
    stats: RunStats


def bfs(
    graph: IrregGraph, *, source: int, variant: str | None = None, isa: str | None = None,
    threads: int | None = None,
) -> BfsResult:
    """Breadth-first search from ``source`` along out-edges.

    The parent of a vertex is the smallest-id vertex one level closer to the source that has an
    edge to it, so the tree does not depend on the variant, ISA or thread count. Variants:
    ``direction`` (direction-optimizing, Beamer et al., default; parallel over ``threads``),
    ``opt`` (grouped index, parallel over tile columns), ``opt-search`` (likewise), ``naive``,
    ``serial``. ``threads``: see :mod:`irreg.threads` (None: the default count).
    """
    g = check_graph(graph)
    s = check_source(g, source)
    t = resolve_threads(threads)
    depth, parent, stats = _core.bfs(g._core, s, variant or "", isa, t)
    return BfsResult(depth, parent, run_stats("bfs", variant, isa, stats))


class BfsOrder(NamedTuple):
    order: np.ndarray  # int32 vertices in discovery order, the sources first
    parent: np.ndarray  # int32 per vertex: the vertex that discovered it; -1 for sources, unreached
    # int64: level k is order[level_end[k - 1]:level_end[k]] (from 0 for k = 0)
    level_end: np.ndarray


def bfs_order(graph: IrregGraph, *, sources: list[int], depth_limit: int | None = None) -> BfsOrder:
    """Breadth-first search with a FIFO queue from ``sources`` (first level, in the order given).

    Rows are scanned in their stored order, so on a graph converted from NetworkX the discovery
    order and the parents are exactly those of ``networkx.bfs_edges`` / ``bfs_layers``. Levels
    deeper than ``depth_limit`` are not explored. Serial, O(n + m): the order is what it defines.
    """
    g = check_graph(graph)
    ids = [check_source(g, s) for s in sources]
    limit = hop_limit(depth_limit, g.n)
    return BfsOrder(*_core.ordered_bfs(g._core, ids, limit))


def reachable(
    graph: IrregGraph, *, source: int, reverse: bool = False, threads: int | None = None
) -> np.ndarray:
    """Boolean mask of the vertices with a path from ``source`` (``reverse``: to ``source``),
    ``source`` included.

    Level-synchronous search over out-edges, or over the in-edges (built once and kept with the
    graph) when ``reverse``; parallel over ``threads`` (:mod:`irreg.threads`), the same set at
    every count. On an undirected graph both directions give the component of ``source``.
    """
    g = check_graph(graph)
    s = check_source(g, source)
    return _core.reachable(g._core, s, bool(reverse), resolve_threads(threads)).view(bool)


class LabeledEdges(NamedTuple):
    tail: np.ndarray  # int32
    head: np.ndarray  # int32
    label: np.ndarray  # int8: 0 tree, 1 level, 2 forward, 3 reverse (EDGE_LABELS)


# Label codes of :func:`bfs_labeled_edges`, as ``networkx.bfs_labeled_edges`` names them.
EDGE_LABELS = ("tree", "level", "forward", "reverse")


def bfs_labeled_edges(graph: IrregGraph, *, sources: list[int]) -> LabeledEdges:
    """Every edge a FIFO-queue BFS from ``sources`` scans, labelled as
    ``networkx.bfs_labeled_edges`` labels it and in its order (rows in stored order).

    Tree edges discover a vertex; level edges join vertices of one level, forward edges lead one
    level deeper to a vertex already found, reverse edges lead back up. On an undirected graph a
    level edge is reported once and reverse edges not at all. Serial, O(n + m).
    """
    g = check_graph(graph)
    ids = [check_source(g, s) for s in sources]
    return LabeledEdges(*_core.ordered_bfs_labeled_edges(g._core, ids))


# Label codes of :func:`dfs_labeled_edges`, as ``networkx.dfs_labeled_edges`` names them.
DFS_EDGE_LABELS = ("forward", "nontree", "reverse", "reverse-depth_limit")


def dfs_labeled_edges(
    graph: IrregGraph, *, roots: list[int] | None = None, depth_limit: int | None = None
) -> LabeledEdges:
    """The transcript of a depth-first search from each of ``roots`` not yet visited, in turn
    (``None``: every vertex in id order), as ``networkx.dfs_labeled_edges`` yields it: label
    codes index :data:`DFS_EDGE_LABELS`.

    A root opens with ``(root, root, forward)`` and closes with ``(root, root, reverse)``; rows
    are scanned in their stored order with an explicit stack (no recursion, any depth). A
    vertex is searched while the stack holds fewer than ``depth_limit`` vertices (NetworkX's
    ``depth_now < depth_limit``; roots always are; ``None``: no limit); one that is not gets
    ``reverse-depth_limit`` right after its ``forward``. Serial, O(n + m).
    """
    g = check_graph(graph)
    ids = None if roots is None else [check_source(g, s) for s in roots]
    limit = -1 if depth_limit is None else max(int(depth_limit), 0)
    return LabeledEdges(*_core.ordered_dfs(g._core, ids, limit))


# Orientation codes of :func:`edge_search`, as ``networkx.edge_bfs`` and ``edge_dfs`` name them.
EDGE_ORIENTATIONS = (None, "original", "reverse", "ignore")


def edge_search(
    graph: IrregGraph, *, sources: list[int], orientation: str | None = None,
    depth_first: bool = False, in_edges: IrregGraph | None = None,
) -> LabeledEdges:
    """Every edge reachable from ``sources`` once, as ``networkx.edge_dfs`` (``depth_first``)
    or ``networkx.edge_bfs`` yields them: label 0 where the edge is followed forward, 1 in
    reverse. ``orientation`` (:data:`EDGE_ORIENTATIONS`) says which edges a vertex leads on in
    a digraph: its out-edges (None, ``"original"``), its in-edges (``"reverse"``: rows of
    ``in_edges``, needed then and for ``"ignore"``) or both, out-edges first. A digraph's edge
    is visited once by its ordered pair, a graph's by its unordered pair. Serial, O(n + m log m).
    """
    g = check_graph(graph)
    if orientation not in EDGE_ORIENTATIONS:
        raise ValueError(f"orientation must be one of {EDGE_ORIENTATIONS}, not {orientation!r}")
    ids = [check_source(g, s) for s in sources]
    extra = None if in_edges is None else check_graph(in_edges)._core
    return LabeledEdges(*_core.edge_search(g._core, ids, EDGE_ORIENTATIONS.index(orientation),
                                           bool(depth_first), extra))

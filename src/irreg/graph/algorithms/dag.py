"""Topological sort by generations (Kahn)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.graph.algorithms._run import RunStats, check_graph, run_stats
from irreg.graph.irreg_graph import IrregGraph
from irreg.threads import resolve_threads


class GraphCycleError(ValueError):
    """The graph has a directed cycle, so it has no topological order."""


class TopoResult(NamedTuple):
    generation: np.ndarray  # int32 per vertex: 0 for sources, else 1 + the latest predecessor's
    order: np.ndarray  # int32 vertices by generation, then by id: a topological order
    stats: RunStats


def topological_generations(
    graph: IrregGraph, *, variant: str | None = None, isa: str | None = None,
    threads: int | None = None,
) -> TopoResult:
    """Generation of every vertex of a DAG and a topological order.

    Generation ``k`` holds the vertices whose longest path from a source has ``k`` edges, the same
    sets as ``networkx.topological_generations``. Raises :class:`GraphCycleError` (a
    ``ValueError``) when the graph has a cycle, self-loops included. Variants: ``kahn``
    (default: Kahn's algorithm one generation at a time, the frontier parallel over
    ``threads``), ``naive`` (the engine's fastest on sparse DAGs), ``opt`` and ``opt-search``
    (parallel over tile columns), ``serial``. The generations do not depend on the variant or
    the thread count.
    """
    g = check_graph(graph)
    if not g.directed and g.num_edges:
        raise GraphCycleError("an undirected graph with edges has no topological order")
    t = resolve_threads(threads)
    generation, stats = _core.topological_generations(g._core, variant or "", isa, t)
    stuck = np.flatnonzero(generation < 0)
    if stuck.size:
        raise GraphCycleError(
            f"graph has a cycle: {stuck.size} of {g.n} vertices are on a cycle or reachable "
            "from one "
            f"(e.g. vertex {stuck[0]})"
        )
    order = np.argsort(generation, kind="stable").astype(np.int32)
    return TopoResult(generation, order, run_stats("ts", variant, isa, stats))


class TopoOrder(NamedTuple):
    order: np.ndarray  # int32 vertices generation by generation (as far as Kahn got)
    # int64: generation k is order[generation_end[k - 1]:generation_end[k]]
    generation_end: np.ndarray
    complete: bool  # False: a cycle stopped Kahn's algorithm before every vertex was ordered


def topological_order(graph: IrregGraph) -> TopoOrder:
    """Kahn's algorithm by generations in NetworkX's order (``networkx.topological_generations``).

    Sources in vertex order first; a vertex joins the next generation when its last in-edge is
    consumed, parents taken in generation order and their rows in stored order. Does not raise on
    a cycle: ``complete`` says whether every vertex was ordered, since NetworkX yields the
    generations before the cycle first.
    """
    g = check_graph(graph)
    order, generation_end, complete = _core.ordered_topological_generations(g._core)
    return TopoOrder(order, generation_end, bool(complete))


def lexicographic_order(graph: IrregGraph, *, by_rank: list[int] | np.ndarray) -> TopoOrder:
    """Kahn's algorithm taking the smallest-ranked ready vertex first (a binary heap): the order
    of ``networkx.lexicographical_topological_sort`` when ``by_rank`` lists the vertices by
    (label, position).

    ``by_rank``: every vertex once, from rank 0 up. Does not raise on a cycle: ``complete`` says
    whether every vertex was ordered (``generation_end`` holds one entry, the order's length).
    """
    g = check_graph(graph)
    ranked = np.asarray(by_rank, dtype=np.int64)
    if ranked.shape != (g.n,):
        raise ValueError(f"by_rank must list all {g.n} vertices, got shape {ranked.shape}")
    order, complete = _core.lexicographic_topological_sort(g._core, ranked.tolist())
    return TopoOrder(order, np.array([order.size], dtype=np.int64), bool(complete))


class LongestPath(NamedTuple):
    path: np.ndarray  # int32 vertices of the path; empty for an empty graph
    length: float


def dag_longest_path(
    graph: IrregGraph, in_edges: IrregGraph, *, every_edge: float | None = None
) -> LongestPath:
    """NetworkX's ``dag_longest_path`` exactly: in :func:`topological_order`'s order each vertex
    takes its longest predecessor (the first of equal ones in ``in_edges``' row order, NetworkX's
    ``G._pred`` order when ``in_edges`` is a backend graph's predecessor index), a negative best
    starting afresh; the path ends at the first vertex of the order with the largest length.
    ``every_edge`` replaces every weight. Raises :class:`GraphCycleError` on a cycle.
    """
    g, r = check_graph(graph), check_graph(in_edges)
    every = None if every_edge is None else float(every_edge)
    path, length, acyclic = _core.dag_longest_path(g._core, r._core, every)
    if not acyclic:
        raise GraphCycleError("graph has a cycle, so it has no longest path")
    return LongestPath(path, length)


class SuccessorReach(NamedTuple):
    offsets: np.ndarray  # int64, one more than the edges: edge e's entries are reached[o[e]:o[e+1]]
    reached: np.ndarray  # int32: for edge u -> v, the other successors of u that v reaches


def reach_among_successors(graph: IrregGraph, *, threads: int | None = None,
                           budget_bytes: int = 256 * 2**20) -> SuccessorReach:
    """For every edge ``u -> v`` (by CSR slot), the other successors of ``u`` that ``v``
    reaches: the edges a transitive reduction drops are the ones to successors some other
    successor reaches. Bit-set reachability over a reverse topological order, in chunks of
    target columns that keep every thread's sets within ``budget_bytes``, chunks on
    ``threads``. Raises :class:`GraphCycleError` on a cycle."""
    g = check_graph(graph)
    offsets, reached, acyclic = _core.reach_among_successors(
        g._core, resolve_threads(threads), int(budget_bytes))
    if not acyclic:
        raise GraphCycleError("the graph has a cycle: reachability among successors needs a DAG")
    return SuccessorReach(offsets, reached)

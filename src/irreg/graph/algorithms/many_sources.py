"""Lengths from many sources: the chunk of an all-pairs computation (DESIGN §13).

One call runs the ordered single-source kernel (BFS, Dijkstra or Bellman-Ford) from each source
of a chunk with the GIL released, so chunks run side by side on Python threads or Dask workers
(:func:`irreg.source_chunks.map_chunks`). The functions are top-level and take the graph first,
so a chunk pickles as ``(function, graph, sources)``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.graph.algorithms._run import check_graph, hop_limit
from irreg.graph.irreg_graph import IrregGraph

__all__ = [
    "LengthSums",
    "SourceLengths",
    "bellman_ford_lengths",
    "bfs_lengths",
    "dijkstra_lengths",
    "summed_lengths",
]


class SourceLengths(NamedTuple):
    """Per source ``i`` of a chunk, entries ``offsets[i]:offsets[i + 1]`` of the other arrays."""

    offsets: np.ndarray  # int64, one more than the sources that finished
    order: np.ndarray  # int32 reached vertices in NetworkX's order
    value: np.ndarray  # float64 their lengths (hops for BFS)
    parent: np.ndarray  # int32 the vertex each was reached from (-1: the source); empty if unasked
    failed_at: int  # the first source whose search failed (negative weights), -1 if none

    def source(self, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(order, value, parent)`` of the ``i``-th source (``parent`` empty if unasked)."""
        begin, end = int(self.offsets[i]), int(self.offsets[i + 1])
        parent = self.parent[begin:end] if self.parent.size else self.parent
        return self.order[begin:end], self.value[begin:end], parent


def bfs_lengths(
    graph: IrregGraph, sources: list[int], depth_limit: int | None = None, parents: bool = False
) -> SourceLengths:
    """Hops from each source in NetworkX's BFS order, levels past ``depth_limit`` left out."""
    g = check_graph(graph)
    limit = hop_limit(depth_limit, g.n)
    return SourceLengths(*_core.many_source_bfs(g._core, list(sources), limit, parents))


def dijkstra_lengths(
    graph: IrregGraph, sources: list[int], cutoff: float | None = None, parents: bool = False
) -> SourceLengths:
    """Distances from each source in Dijkstra's settle order (NetworkX's), none past ``cutoff``.

    A source whose search meets a negative weight that contradicts a settled distance ends the
    chunk there: ``failed_at`` names it.
    """
    g = check_graph(graph)
    limit = None if cutoff is None else float(cutoff)
    return SourceLengths(*_core.many_source_dijkstra(g._core, list(sources), limit, parents))


def bellman_ford_lengths(graph: IrregGraph, sources: list[int]) -> SourceLengths:
    """Distances from each source by Bellman-Ford, in the order first reached (NetworkX's).

    A source that reaches a negative cycle ends the chunk there: ``failed_at`` names it.
    """
    g = check_graph(graph)
    return SourceLengths(*_core.many_source_bellman_ford(g._core, list(sources)))


class LengthSums(NamedTuple):
    """Per source of a chunk, over the vertices it reaches (those in ``targets`` when given):
    how many, their lengths summed, their reciprocal lengths summed (lengths other than 0) and
    the largest length (-inf: none)."""

    total: np.ndarray  # float64
    reached: np.ndarray  # int64
    failed_at: int  # as in SourceLengths
    harmonic: np.ndarray  # float64
    farthest: np.ndarray  # float64


def summed_lengths(
    graph: IrregGraph, sources: list[int], method: str, targets: np.ndarray | None = None
) -> LengthSums:
    """Per-source sums of the lengths by ``method`` (``"unweighted"``, ``"dijkstra"`` or
    ``"bellman-ford"``): what an average over all pairs or a centrality needs, a few bytes per
    source to ship back from a worker. ``targets``: a bool per vertex, the vertices counted
    (default: all). Each sum adds one source's lengths in its search order."""
    if method == "unweighted":
        found = bfs_lengths(graph, sources)
    elif method == "dijkstra":
        found = dijkstra_lengths(graph, sources)
    elif method == "bellman-ford":
        found = bellman_ford_lengths(graph, sources)
    else:
        raise ValueError(f"method must be unweighted, dijkstra or bellman-ford, got {method!r}")
    value = found.value
    counted = np.ones(len(value), bool) if targets is None else np.asarray(targets)[found.order]
    per_source = np.repeat(np.arange(len(found.offsets) - 1), np.diff(found.offsets))
    sources_done = len(found.offsets) - 1
    reached = np.bincount(per_source, weights=counted, minlength=sources_done).astype(np.int64)
    total = np.zeros(sources_done)
    harmonic = np.zeros(sources_done)
    farthest = np.full(sources_done, -np.inf)
    if value.size:
        starts = found.offsets[:-1]
        nonempty = np.diff(found.offsets) > 0
        counted_value = np.where(counted, value, 0.0)
        total[nonempty] = np.add.reduceat(counted_value, starts[nonempty])
        inverse = np.divide(1.0, value, out=np.zeros(len(value)), where=counted & (value != 0))
        harmonic[nonempty] = np.add.reduceat(inverse, starts[nonempty])
        longest = np.where(counted, value, -np.inf)
        farthest[nonempty] = np.maximum.reduceat(longest, starts[nonempty])
    return LengthSums(total, reached, found.failed_at, harmonic, farthest)

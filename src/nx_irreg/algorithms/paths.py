"""Single-source shortest paths and widest paths.

The Dijkstra kernel has one binding, ``_core.dijkstra``: :func:`sssp` and :func:`sswp` call it
for their ``dijkstra`` variant (serial: one heap), and :func:`dijkstra` for NetworkX's
multi-source, cutoff, settle-order form. Delta-stepping (``delta``) and the engine variants go
through ``_core.sssp`` / ``_core.sswp`` with the thread count.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.threads import resolve_threads
from nx_irreg.algorithms._run import RunStats, check_graph, check_source, run_stats
from nx_irreg.graph import IrregGraph


class PathResult(NamedTuple):
    value: np.ndarray  # float64 per vertex: distance (sssp) or width (sswp)
    stats: RunStats


def sssp(
    graph: IrregGraph, *, source: int, variant: str | None = None, isa: str | None = None,
    threads: int | None = None,
) -> PathResult:
    """Shortest-path distances from ``source`` (``inf`` where unreachable).

    Weights must be non-negative (``ValueError`` names the first negative edge); an unweighted
    graph has weight 1 on every edge. Variants: ``delta`` (delta-stepping, Meyer & Sanders, with
    GAPBS's bucket fusion, buckets the mean edge weight over the mean out-degree wide; default;
    parallel over ``threads``), ``dijkstra`` (serial binary-heap label setting), ``opt`` (wavefront
    Bellman-Ford over the grouped index, seed 000 Fig. 2 and 4, parallel over tile columns),
    ``opt-search`` (likewise), ``naive``,
    ``serial``. Every variant and thread count gives the same distances, bit for bit (each is
    the smallest, over paths, of the weights summed along the path in order).
    """
    return _best_paths("sssp", graph, source, variant, isa, threads)


def sswp(
    graph: IrregGraph, *, source: int, variant: str | None = None, isa: str | None = None,
    threads: int | None = None,
) -> PathResult:
    """Widest-path widths from ``source``: per vertex the maximum over paths of the minimum edge weight.

    The source has width ``inf``; a vertex no path reaches has ``-inf`` (so a path of zero-weight
    edges, width 0, is told apart from no path). Any non-NaN weights are allowed. Variants as for
    :func:`sssp` (``dijkstra`` settles the widest vertex first; ``delta`` keeps buckets of
    decreasing width, 1/1024 of the range of the finite weights each).
    """
    return _best_paths("sswp", graph, source, variant, isa, threads)


def _best_paths(
    algorithm: str, graph: IrregGraph, source: int, variant: str | None, isa: str | None,
    threads: int | None,
) -> PathResult:
    """sssp or sswp: the one Dijkstra binding (shortest or widest first) or an engine variant."""
    g = check_graph(graph)
    s = check_source(g, source)
    widest = algorithm == "sswp"
    t = resolve_threads(threads)
    if (variant or _core.default_variant(algorithm)) == "dijkstra":  # serial: one heap
        value, _, _, stats = _core.dijkstra(g._core, [s], widest=widest, refuse_negative=not widest)
    else:
        engine = _core.sswp if widest else _core.sssp
        value, stats = engine(g._core, s, variant or "", isa, t)
    return PathResult(value, run_stats(algorithm, variant, isa, stats))


class NegativeCycleError(ValueError):
    """A cycle of negative total weight is reachable from a source: distances are unbounded."""


class SettledPaths(NamedTuple):
    value: np.ndarray  # float64 distance per vertex, inf where not reached (or beyond the cutoff)
    order: np.ndarray  # int32 reached vertices in the order their distance became known


def dijkstra(graph: IrregGraph, *, sources: list[int], cutoff: float | None = None) -> SettledPaths:
    """Multi-source Dijkstra in NetworkX's settle order (ties: the first pushed settles first).

    Distances above ``cutoff`` are not kept. A negative weight that would improve a settled
    vertex raises ``ValueError`` (NetworkX's "Contradictory paths found: negative weights?").
    """
    g = check_graph(graph)
    ids = [check_source(g, s) for s in sources]
    limit = float("inf") if cutoff is None else float(cutoff)
    value, order, contradiction, _ = _core.dijkstra(g._core, ids, cutoff=limit)
    if contradiction:
        raise ValueError("Contradictory paths found: negative weights?")
    return SettledPaths(value, order)


def bellman_ford(graph: IrregGraph, *, sources: list[int]) -> SettledPaths:
    """Queue-based Bellman-Ford from ``sources`` for weights of either sign (NetworkX's order).

    Raises :class:`NegativeCycleError` when a negative cycle is reachable from a source (on an
    undirected graph any negative edge is one).
    """
    g = check_graph(graph)
    ids = [check_source(g, s) for s in sources]
    value, order, _, negative_cycle = _core.bellman_ford(g._core, ids)
    if negative_cycle:
        raise NegativeCycleError("Negative cycle detected.")
    return SettledPaths(value, order)

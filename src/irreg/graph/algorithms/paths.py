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
from irreg.graph.algorithms._run import RunStats, check_graph, check_source, run_stats
from irreg.graph.irreg_graph import IrregGraph
from irreg.graph.registry import ALGORITHMS
from irreg.threads import resolve_threads


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
    """Widest-path widths from ``source``: per vertex the maximum over paths of the minimum
    edge weight.

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
    if (variant or ALGORITHMS[algorithm].default_variant) == "dijkstra":  # serial: one heap
        run = _core.dijkstra(g._core, [s], widest=widest, refuse_negative=not widest)
        value, stats = run.value, run.stats
    else:
        engine = _core.sswp if widest else _core.sssp
        value, stats = engine(g._core, s, variant or "", isa, t)
    return PathResult(value, run_stats(algorithm, variant, isa, stats))


class NegativeCycleError(ValueError):
    """A cycle of negative total weight is reachable from a source: distances are unbounded."""


class SettledPaths(NamedTuple):
    value: np.ndarray  # float64 distance per vertex, inf where not reached (or beyond the cutoff)
    order: np.ndarray  # int32 reached vertices in the order their distance became known
    parent: np.ndarray  # int32 per vertex: the vertex whose edge last improved it; -1 if none


def dijkstra(
    graph: IrregGraph, *, sources: list[int], cutoff: float | None = None,
    target: int | None = None, widest: bool = False,
) -> SettledPaths:
    """Multi-source Dijkstra in NetworkX's settle order (ties: the first pushed settles first).

    Distances above ``cutoff`` are not kept; the search stops once ``target`` settles. A
    vertex's parent is the vertex whose edge last lowered its distance, so the parent chains
    are NetworkX's paths. A negative weight that would improve a settled vertex raises
    ``ValueError`` (NetworkX's "Contradictory paths found: negative weights?"). ``widest``:
    widest paths instead (the widest vertex settles first; widths ``-inf`` where not reached,
    ``cutoff`` a lower bound), each parent the vertex whose edge last widened it.
    """
    g = check_graph(graph)
    ids = [check_source(g, s) for s in sources]
    limit = (-1 if widest else 1) * float("inf") if cutoff is None else float(cutoff)
    stop = None if target is None else check_source(g, target)
    run = _core.dijkstra(g._core, ids, widest=widest, cutoff=limit, target=stop)
    if run.contradiction:
        raise ValueError("Contradictory paths found:", "negative weights?")
    return SettledPaths(run.value, run.order, run.parent)


class EqualPredecessors(NamedTuple):
    value: np.ndarray  # float64 distance per vertex (inf: not reached)
    order: np.ndarray  # int32 the vertices in settle order
    reached: np.ndarray  # int32 the vertices in the order first reached
    pred_offsets: np.ndarray  # int64: v's predecessors are pred[pred_offsets[v]:...[v + 1]]
    pred: np.ndarray  # int32 every predecessor of equal distance, in the order found


def dijkstra_predecessors(
    graph: IrregGraph, *, source: int, cutoff: float | None = None
) -> EqualPredecessors:
    """Dijkstra from ``source`` keeping every predecessor on a shortest path, in the order
    NetworkX's ``dijkstra_predecessor_and_distance`` finds them. A contradiction (a negative
    weight improving a settled vertex) raises ``ValueError`` as NetworkX does."""
    g = check_graph(graph)
    s = check_source(g, source)
    limit = float("inf") if cutoff is None else float(cutoff)
    run = _core.dijkstra(g._core, [s], cutoff=limit, equal_predecessors=True)
    if run.contradiction:
        raise ValueError("Contradictory paths found:", "negative weights?")
    return EqualPredecessors(run.value, run.order, run.reached, run.pred_offsets, run.preds)


class BellmanFordPaths(NamedTuple):
    value: np.ndarray  # float64 distance per vertex, inf where not reached
    order: np.ndarray  # int32 reached vertices in the order they first got a distance
    pred_offsets: np.ndarray  # int64: vertex v's predecessors are pred[pred_offsets[v]:...[v + 1]]
    pred: np.ndarray  # int32 every equal-distance predecessor, in the order found (NetworkX's)
    cycle_vertex: int  # where a negative cycle showed; -1: none


def bellman_ford(
    graph: IrregGraph, *, sources: list[int], heuristic: bool = True, raise_on_cycle: bool = True
) -> BellmanFordPaths:
    """Queue-based Bellman-Ford from ``sources`` for weights of either sign (NetworkX's order,
    its predecessor lists and, with ``heuristic``, its early negative-cycle check).

    Raises :class:`NegativeCycleError` when a negative cycle is reachable from a source (on an
    undirected graph any negative edge is one), unless ``raise_on_cycle`` is false: then
    ``cycle_vertex`` says where it showed.
    """
    g = check_graph(graph)
    ids = [check_source(g, s) for s in sources]
    found = BellmanFordPaths(*_core.bellman_ford(g._core, ids, heuristic))
    if raise_on_cycle and found.cycle_vertex >= 0:
        raise NegativeCycleError("Negative cycle detected.")
    return found


class FoundPath(NamedTuple):
    path: np.ndarray  # int32 vertex ids from source to target; empty: no path
    length: float


def bidirectional_search(
    graph: IrregGraph, in_edges: IrregGraph, *, source: int, target: int, method: str = "bfs"
) -> FoundPath:
    """NetworkX's bidirectional BFS (``method="bfs"``) or bidirectional Dijkstra (``"dijkstra"``;
    ``"dijkstra-unit"``: every edge weighs 1), exactly: the same path among equally short ones.

    ``in_edges`` holds each vertex's in-edges in NetworkX's predecessor order (for an
    undirected graph, ``graph`` itself). A contradiction (a negative weight improving a settled
    vertex) raises ``ValueError`` as NetworkX does.
    """
    g, r = check_graph(graph), check_graph(in_edges)
    s, t = check_source(g, source), check_source(g, target)
    if method not in ("bfs", "dijkstra", "dijkstra-unit"):
        raise ValueError(f"method must be 'bfs', 'dijkstra' or 'dijkstra-unit', got {method!r}")
    path, length, contradiction = _core.bidirectional_search(
        g._core, r._core, s, t, method != "bfs", method == "dijkstra-unit"
    )
    if contradiction:
        raise ValueError("Contradictory paths found: negative weights?")
    return FoundPath(path, length)


class AStarPath(NamedTuple):
    path: np.ndarray  # int32 vertices from source to target; empty: no path
    length: float


def astar(graph: IrregGraph, source: int, target: int, *, weighted: bool = True,
          cutoff: float | None = None, heuristic: object = None,
          labels: object = None) -> AStarPath:
    """A shortest ``source -> target`` path by A* as ``networkx.astar_path`` runs it: its heap
    order (cost plus estimate, then push order), a vertex pushed again only on a strictly
    cheaper path, the search ending when the target pops, paths past ``cutoff`` (cost plus
    estimate) not followed. ``heuristic(labels[v], labels[target])`` estimates the rest (None:
    0, which releases the GIL; ``labels`` None: the vertex ids), called once per vertex when it
    is first pushed, as NetworkX calls it. ``weighted=False``: every edge weighs 1."""
    g = check_graph(graph)
    path, length = _core.astar(g._core, check_source(g, source), check_source(g, target),
                               not weighted, float(cutoff or 0), heuristic, labels)
    return AStarPath(path, length)

"""Serial reference computations and verifiers for the graph algorithms.

As GAPBS's ``BFSVerifier`` and kin: each reference is the textbook serial method run over the CSR
arrays of an :class:`~irreg.graph.IrregGraph` (``graph.csr()``), written to be obviously correct
rather than fast, and independent of the kernels it checks (queue BFS for depths, heap Dijkstra
for distances and widths, a search from each unlabelled vertex in id order for components, Kahn
by generations for topological order). ``verify_<algorithm>(graph, result, ...)`` computes the
reference and raises ``AssertionError`` naming the first vertex where ``result`` differs;
:class:`Verifier` computes it once and checks any number of results (a benchmark's repeats).
The tests and ``irreg bench graph`` verify through this module.

What is checked, per vertex (arrays must have one entry per vertex and the documented dtype):

- ``bfs``: ``depth`` (hops, -1 unreached) and ``parent``: the smallest-id vertex one level closer
  to the source with an edge to the vertex (-1 at the source and at unreached vertices), which
  makes the parents a BFS tree that does not depend on the variant.
- ``sssp``: distances (``inf`` unreached) within ``rtol`` (sums may follow different, equally
  short paths); weights must be non-negative.
- ``sswp``: widths (source ``inf``, unreached ``-inf``), exactly: they are only compared.
- ``wcc``: the smallest vertex id of the weakly connected component.
- ``ts``: the generation (longest path from a source, in edges) and the order (by generation, then
  id); the graph must be acyclic.
- ``betweenness``: Brandes from every source over hops, unscaled, within ``rtol``.
- ``distances``: from a queue BFS per source, per vertex how many sources reach it, their hops
  summed, their reciprocal hops summed (within ``rtol``: float sums in another order) and the
  most hops; per source the most hops and whether it reaches every vertex.
- ``floyd-warshall``: heap Dijkstra from every vertex, each length within ``rtol``.
- ``pagerank``, ``hits``, ``katz``, ``eigenvector``: NetworkX's power iteration with its default
  parameters, written over SciPy's sparse matrix: the iteration count exactly, the values within
  ``rtol`` of the vector's largest value.
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from typing import Any, NamedTuple

import numpy as np

from irreg.graph.irreg_graph import IrregGraph
from irreg.graph.registry import algorithm

__all__ = [
    "REL",
    "Verifier",
    "all_pairs_lengths",
    "betweenness_scores",
    "bfs_depth",
    "bfs_parent",
    "components",
    "distance_sums",
    "generations",
    "shortest_paths",
    "verify_bfs",
    "verify_sssp",
    "verify_sswp",
    "verify_ts",
    "verify_wcc",
    "widest_paths",
]

# Default relative tolerance of SSSP distances: float sums along different shortest paths.
REL = 1e-12


# --- references: serial, over the CSR ------------------------------------------------------------


def _check_source(graph: IrregGraph, source: object) -> int:
    if source is None or not 0 <= int(source) < graph.n:
        raise ValueError(f"source {source} is not a vertex (n = {graph.n})")
    return int(source)


def bfs_depth(graph: IrregGraph, source: int) -> np.ndarray:
    """Hops from ``source`` along out-edges (-1 where unreachable): a FIFO-queue BFS."""
    s = _check_source(graph, source)
    offsets, targets, _ = graph.csr()
    offsets = offsets.tolist()
    depth = [-1] * graph.n
    depth[s] = 0
    queue = deque([s])
    while queue:
        u = queue.popleft()
        for v in targets[offsets[u] : offsets[u + 1]].tolist():
            if depth[v] < 0:
                depth[v] = depth[u] + 1
                queue.append(v)
    return np.array(depth, dtype=np.int32)


def bfs_parent(graph: IrregGraph, depth: np.ndarray) -> np.ndarray:
    """Per vertex the smallest ``u`` with an edge ``u -> v`` and ``depth[u] == depth[v] - 1``.

    -1 where there is none: the source and unreached vertices.
    """
    offsets, targets, _ = graph.csr()
    depth = np.asarray(depth, dtype=np.int64)
    src = np.repeat(np.arange(graph.n), np.diff(offsets))
    tree = (depth[src] >= 0) & (depth[targets] == depth[src] + 1)
    parent = np.full(graph.n, graph.n, dtype=np.int64)
    np.minimum.at(parent, targets[tree], src[tree])
    parent[parent == graph.n] = -1
    return parent.astype(np.int32)


def shortest_paths(graph: IrregGraph, source: int) -> np.ndarray:
    """Shortest-path distances from ``source`` (``inf`` where unreachable): heap Dijkstra.

    Raises ``ValueError`` on a negative weight, for which Dijkstra is not correct.
    """
    s = _check_source(graph, source)
    offsets, targets, weights = graph.csr()
    negative = np.flatnonzero(weights < 0)
    if negative.size:
        e = int(negative[0])
        u = int(np.searchsorted(offsets, e, side="right")) - 1
        raise ValueError(
            f"negative weight {weights[e]} on edge ({u}, {targets[e]}): no shortest-path reference"
        )
    offsets = offsets.tolist()
    dist = [math.inf] * graph.n
    dist[s] = 0.0
    done = [False] * graph.n
    heap = [(0.0, s)]
    while heap:
        d, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        row = slice(offsets[u], offsets[u + 1])
        for v, w in zip(targets[row].tolist(), weights[row].tolist(), strict=True):
            if d + w < dist[v]:
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return np.array(dist, dtype=np.float64)


def widest_paths(graph: IrregGraph, source: int) -> np.ndarray:
    """Per vertex the largest, over paths from ``source``, of the path's smallest edge weight.

    The source has width ``inf``; unreachable vertices ``-inf``. Heap Dijkstra, widest first
    (correct for weights of any sign: a path's width never grows as it gets longer).
    """
    s = _check_source(graph, source)
    offsets, targets, weights = graph.csr()
    offsets = offsets.tolist()
    width = [-math.inf] * graph.n
    width[s] = math.inf
    done = [False] * graph.n
    heap = [(-math.inf, s)]  # (-width, vertex): heapq pops the smallest
    while heap:
        negw, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        row = slice(offsets[u], offsets[u + 1])
        for v, w in zip(targets[row].tolist(), weights[row].tolist(), strict=True):
            through_u = min(-negw, w)
            if through_u > width[v]:
                width[v] = through_u
                heapq.heappush(heap, (-through_u, v))
    return np.array(width, dtype=np.float64)


def components(graph: IrregGraph) -> np.ndarray:
    """Per vertex the smallest vertex id of its weakly connected component.

    Vertices are visited in id order and each unlabelled one labels everything it reaches with
    edges taken both ways: a smaller vertex of the same component would already have labelled it.
    """
    offsets, targets, _ = graph.csr()
    src = np.repeat(np.arange(graph.n), np.diff(offsets))
    ends = np.concatenate([src, targets])
    others = np.concatenate([targets, src])
    by_end = np.argsort(ends, kind="stable")
    start = np.searchsorted(ends[by_end], np.arange(graph.n + 1)).tolist()
    neighbours = others[by_end].tolist()
    label = [-1] * graph.n
    for s in range(graph.n):
        if label[s] >= 0:
            continue
        label[s] = s
        stack = [s]
        while stack:
            u = stack.pop()
            for v in neighbours[start[u] : start[u + 1]]:
                if label[v] < 0:
                    label[v] = s
                    stack.append(v)
    return np.array(label, dtype=np.int32)


def generations(graph: IrregGraph) -> np.ndarray:
    """Kahn by generations: 0 for vertices without in-edges, else 1 + the latest predecessor's.

    Raises ``ValueError`` naming a vertex on or after a cycle (self-loops are cycles; an
    undirected edge is a cycle of two).
    """
    offsets, targets, _ = graph.csr()
    indegree = np.bincount(targets, minlength=graph.n).tolist()
    offsets = offsets.tolist()
    generation = [-1] * graph.n
    current = [v for v in range(graph.n) if indegree[v] == 0]
    k = 0
    while current:
        following = []
        for u in current:
            generation[u] = k
            for v in targets[offsets[u] : offsets[u + 1]].tolist():
                indegree[v] -= 1
                if indegree[v] == 0:
                    following.append(v)
        current = following
        k += 1
    if -1 in generation:
        raise ValueError(
            f"graph has a cycle: vertex {generation.index(-1)} is on one or reachable from one"
        )
    return np.array(generation, dtype=np.int32)


# --- verification --------------------------------------------------------------------------------


class DistanceReference(NamedTuple):
    reached: np.ndarray
    total: np.ndarray
    harmonic: np.ndarray
    farthest: np.ndarray
    eccentricity: np.ndarray
    reaches_all: np.ndarray


def distance_sums(graph: IrregGraph) -> DistanceReference:
    """Hops from every vertex summed per vertex (see ``distances`` above): a BFS per source."""
    depths = [bfs_depth(graph, s) for s in range(graph.n)]
    hops = np.array(depths, dtype=np.int64).reshape(graph.n, graph.n)  # [source, vertex]
    reached = hops >= 0
    inverse = np.divide(1.0, hops, out=np.zeros(hops.shape), where=hops > 0)
    return DistanceReference(
        reached.sum(axis=0),
        np.where(reached, hops, 0).sum(axis=0),
        inverse.sum(axis=0),
        hops.max(axis=0, initial=-1).astype(np.int32),
        hops.max(axis=1, initial=0).astype(np.int32),
        reached.all(axis=1),
    )


class BetweennessReference(NamedTuple):
    score: np.ndarray


def betweenness_scores(graph: IrregGraph) -> BetweennessReference:
    """Brandes over hops from every vertex: path counts by BFS levels, dependencies from the
    farthest vertices back (unscaled, ordered pairs)."""
    offsets, targets, _ = graph.csr()
    score = np.zeros(graph.n)
    for s in range(graph.n):
        depth = bfs_depth(graph, s)
        sigma = np.zeros(graph.n)
        sigma[s] = 1.0
        by_depth = np.argsort(depth, kind="stable")
        reached = [int(v) for v in by_depth if depth[v] >= 0]
        for u in reached:
            for v in targets[offsets[u] : offsets[u + 1]].tolist():
                if depth[v] == depth[u] + 1:
                    sigma[v] += sigma[u]
        delta = np.zeros(graph.n)
        for u in reversed(reached):
            for v in targets[offsets[u] : offsets[u + 1]].tolist():
                if depth[v] == depth[u] + 1:
                    delta[u] += sigma[u] / sigma[v] * (1 + delta[v])
            if u != s:
                score[u] += delta[u]
    return BetweennessReference(score)


class LinkReference(NamedTuple):
    value: np.ndarray
    iterations: int


class HitsReference(NamedTuple):
    hubs: np.ndarray
    authorities: np.ndarray
    iterations: int


def _matrix(graph: IrregGraph, weighted: bool):
    """The adjacency matrix (row u: u's out-edges) as SciPy's CSR, weights or ones."""
    import scipy.sparse as sp

    offsets, targets, weights = graph.csr()
    values = weights if weighted else np.ones(len(targets))
    return sp.csr_array((values, targets, offsets), shape=(graph.n, graph.n))


def _power_iteration(step, x: np.ndarray, max_iter: int, limit: float, name: str):
    """Iterates ``x = step(x)`` until the L1 change is below ``limit``; (x, iterations)."""
    for it in range(1, max_iter + 1):
        last, x = x, step(x)
        if np.abs(x - last).sum() < limit:
            return x, it
    raise AssertionError(f"{name}: the reference did not converge in {max_iter} iterations")


def pagerank_reference(graph: IrregGraph, alpha: float = 0.85, max_iter: int = 100,
                       tol: float = 1e-6) -> LinkReference:
    """PageRank with uniform vectors over the graph's weights: x <- alpha (x Q + dangling mass
    / n) + (1 - alpha) / n, Q the rows divided by their sums."""
    n = graph.n
    A = _matrix(graph, True)
    S = A.sum(axis=1)
    dangling = S == 0
    Q = A.multiply(np.where(dangling, 0.0, 1.0 / np.where(dangling, 1.0, S))[:, None]).tocsr()
    x, it = _power_iteration(
        lambda x: alpha * (x @ Q + x[dangling].sum() / n) + (1 - alpha) / n,
        np.full(n, 1.0 / n), max_iter, n * tol, "pagerank")
    return LinkReference(x, it)


def hits_reference(graph: IrregGraph, max_iter: int = 100, tol: float = 1e-8) -> HitsReference:
    """Hubs and authorities: a = h A, h = A a scaled by its largest, until h settles; then both
    divided by their sums."""
    A = _matrix(graph, True)
    h, a = np.full(graph.n, 1.0 / graph.n), None
    for it in range(1, max_iter + 1):
        last = h
        a = h @ A
        h = A @ a
        h = h / h.max()
        if np.abs(h - last).sum() < tol:
            return HitsReference(h / h.sum(), a / a.sum(), it)
    raise AssertionError(f"hits: the reference did not converge in {max_iter} iterations")


def katz_reference(graph: IrregGraph, alpha: float = 0.1, max_iter: int = 1000,
                   tol: float = 1e-6) -> LinkReference:
    """Katz: x <- alpha x A + 1 from 0, then divided by its Euclidean norm."""
    A = _matrix(graph, False)
    x, it = _power_iteration(lambda x: alpha * (x @ A) + 1.0, np.zeros(graph.n), max_iter,
                             graph.n * tol, "katz")
    return LinkReference(x / np.linalg.norm(x), it)


def eigenvector_reference(graph: IrregGraph, max_iter: int = 100,
                          tol: float = 1e-6) -> LinkReference:
    """Eigenvector centrality: x <- (x + x A) / ||x + x A|| from the uniform vector."""
    A = _matrix(graph, False)

    def step(x):
        y = x + x @ A
        return y / (np.linalg.norm(y) or 1.0)

    x, it = _power_iteration(step, np.full(graph.n, 1.0 / graph.n), max_iter, graph.n * tol,
                             "eigenvector")
    return LinkReference(x, it)


class BfsReference(NamedTuple):
    depth: np.ndarray
    parent: np.ndarray


class PathReference(NamedTuple):
    value: np.ndarray


class WccReference(NamedTuple):
    label: np.ndarray


class TopoReference(NamedTuple):
    generation: np.ndarray
    order: np.ndarray


class DenseReference(NamedTuple):
    value: np.ndarray


def all_pairs_lengths(graph: IrregGraph) -> np.ndarray:
    """Shortest path lengths between every pair (n x n, ``inf`` where there is no path): heap
    Dijkstra from each vertex (non-negative weights only, as :func:`shortest_paths`)."""
    rows = [shortest_paths(graph, s) for s in range(graph.n)]
    return np.array(rows, dtype=np.float64).reshape(graph.n, graph.n)


def _bfs_reference(graph: IrregGraph, source: int | None) -> BfsReference:
    depth = bfs_depth(graph, source)
    return BfsReference(depth, bfs_parent(graph, depth))


def _topo_reference(graph: IrregGraph, source: int | None) -> TopoReference:
    generation = generations(graph)
    return TopoReference(generation, np.argsort(generation, kind="stable").astype(np.int32))


# One reference per registry algorithm (irreg.graph.registry), with its result's fields.
REFERENCES = {
    "bfs": _bfs_reference,
    "sssp": lambda graph, source: PathReference(shortest_paths(graph, source)),
    "sswp": lambda graph, source: PathReference(widest_paths(graph, source)),
    "wcc": lambda graph, source: WccReference(components(graph)),
    "ts": _topo_reference,
    "distances": lambda graph, source: distance_sums(graph),
    "betweenness": lambda graph, source: betweenness_scores(graph),
    "pagerank": lambda graph, source: pagerank_reference(graph),
    "hits": lambda graph, source: hits_reference(graph),
    "katz": lambda graph, source: katz_reference(graph),
    "eigenvector": lambda graph, source: eigenvector_reference(graph),
    "floyd-warshall": lambda graph, source: DenseReference(all_pairs_lengths(graph)),
}

# Float fields compared within ``rtol`` (sums in another order, or along other equal paths).
APPROXIMATE = {("sssp", "value"), ("distances", "harmonic"), ("betweenness", "score"),
               ("floyd-warshall", "value")}
# Float fields compared within ``rtol`` of the vector's largest value: power iterations, whose
# smallest entries carry the rounding of the largest.
SCALED = {("pagerank", "value"), ("hits", "hubs"), ("hits", "authorities"), ("katz", "value"),
          ("eigenvector", "value")}


class Verifier:
    """The serial reference of one algorithm on one graph (and source), computed once.

    Calling it with a result (``BfsResult``, ``PathResult``, ``WccResult``, ``TopoResult``, or
    anything with the same fields) raises ``AssertionError`` naming the first wrong vertex.
    ``expected`` holds the reference arrays under the result's field names.
    """

    def __init__(
        self,
        name: str,
        graph: IrregGraph,
        *,
        source: int | None = None,
        rtol: float = REL,
    ) -> None:
        if algorithm(name).name not in REFERENCES:
            raise ValueError(f"no serial reference for {name!r} yet")
        self.algorithm = name
        self.source = source
        self.rtol = rtol
        self.expected: Any = REFERENCES[name](graph, source)

    def __call__(self, result: Any) -> None:
        where = self.algorithm if self.source is None else f"{self.algorithm} from {self.source}"
        for field, want in zip(self.expected._fields, self.expected, strict=True):
            got = np.asarray(getattr(result, field))
            want = np.asarray(want)
            if got.shape != want.shape:
                raise AssertionError(
                    f"{where}: {field} has shape {got.shape}, expected {want.shape}"
                )
            if got.dtype != want.dtype:
                raise AssertionError(
                    f"{where}: {field} has dtype {got.dtype}, expected {want.dtype}"
                )
            if (self.algorithm, field) in SCALED:
                scale = np.abs(want).max(initial=0.0)
                wrong = ~(np.abs(got - want) <= self.rtol * scale)
            elif (self.algorithm, field) in APPROXIMATE:
                wrong = ~np.isclose(got, want, rtol=self.rtol, atol=0.0)
            else:
                wrong = got != want
            if wrong.any():
                i = int(np.flatnonzero(wrong)[0])
                if got.ndim > 1:  # a matrix: name the entry
                    u, v = np.unravel_index(i, got.shape)
                    raise AssertionError(f"{where}: {field}[{u}, {v}] is {got.flat[i]}, "
                                         f"expected {want.flat[i]}")
                raise AssertionError(f"{where}: {self._describe(field, i, got[i], want[i])}")

    def _describe(self, field: str, i: int, got: Any, want: Any) -> str:
        if field == "order":
            return f"order[{i}] is vertex {got}, expected {want} (by generation, then id)"
        if field == "value":
            field = "distance" if self.algorithm == "sssp" else "width"
        why = {
            "parent": " (the smallest-id vertex one level closer with an edge to it; -1 at the "
            "source and at unreached vertices)",
            "label": " (the smallest id of its component)",
        }.get(field, "")
        return f"vertex {i} has {field} {got}, expected {want}{why}"


def verify_bfs(graph: IrregGraph, result: Any, *, source: int) -> None:
    """Checks ``result.depth`` and ``result.parent`` of a BFS from ``source``."""
    Verifier("bfs", graph, source=source)(result)


def verify_sssp(graph: IrregGraph, result: Any, *, source: int, rtol: float = REL) -> None:
    """Checks ``result.value`` of SSSP from ``source`` (``rtol=0``: exactly)."""
    Verifier("sssp", graph, source=source, rtol=rtol)(result)


def verify_sswp(graph: IrregGraph, result: Any, *, source: int) -> None:
    """Checks ``result.value`` of SSWP from ``source``, exactly."""
    Verifier("sswp", graph, source=source)(result)


def verify_wcc(graph: IrregGraph, result: Any) -> None:
    """Checks ``result.label``."""
    Verifier("wcc", graph)(result)


def verify_ts(graph: IrregGraph, result: Any) -> None:
    """Checks ``result.generation`` and ``result.order``."""
    Verifier("ts", graph)(result)

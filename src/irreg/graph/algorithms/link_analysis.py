"""Link analysis by power iteration: PageRank, HITS, Katz and eigenvector centrality.

Each iteration is one sparse matrix-vector product and the algorithm's update (C++
``graph/link_analysis.hpp``): variant ``pull`` (default) sums each vertex's in-edges from the
CSR, fused with the update chunk by chunk; ``push`` scatters along the grouped index tile by tile
(seed 000 §4.2's conflict-free scatter-add). PageRank is also the seed's vertex program on the
engine (``serial``, ``naive``, ``opt``, ``opt-search``: rank sent along out-edges, messages
summed by the grouped scatter-add, with the seed's SIMD counters). The vectors are
prepared and the results finished here with NetworkX's own operations, and the iterations stop
by NetworkX's rules, so the iteration counts are NetworkX's and the values agree with its to
rounding. Every value is the same at every thread count (partial sums of fixed chunks, added in
order).
"""

from __future__ import annotations

import math
import operator
from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.graph.algorithms._run import RunStats, check_graph, run_stats
from irreg.graph.irreg_graph import IrregGraph
from irreg.graph.registry import ALGORITHMS
from irreg.threads import resolve_threads

__all__ = [
    "HitsScores",
    "LinkScores",
    "PowerIterationFailed",
    "eigenvector_centrality",
    "hits",
    "katz_centrality",
    "pagerank",
]

_MAX_ITER = 2**31 - 1  # the kernels count iterations in int32; more can never be run anyway


class PowerIterationFailed(RuntimeError):
    """The stopping rule did not hold within ``max_iter`` iterations (NetworkX's
    ``PowerIterationFailedConvergence``); ``last`` holds the result of the last iteration."""

    def __init__(self, algorithm: str, max_iter: int, last: object = None) -> None:
        super().__init__(
            f"{algorithm}: power iteration failed to converge within {max_iter} iterations"
        )
        self.algorithm = algorithm
        self.max_iter = max_iter
        self.last = last


class LinkScores(NamedTuple):
    value: np.ndarray  # float64 per vertex
    iterations: int  # products computed (NetworkX's iterations)
    stats: RunStats


class HitsScores(NamedTuple):
    hubs: np.ndarray  # float64 per vertex
    authorities: np.ndarray  # float64 per vertex
    iterations: int
    stats: RunStats


def _vector(graph: IrregGraph, values: object, what: str) -> np.ndarray:
    """``values`` as float64, one per vertex (ValueError otherwise)."""
    array = np.array(values, dtype=np.float64).ravel()
    if array.shape != (graph.n,):
        raise ValueError(f"{what} must have one value per vertex ({graph.n}), got {array.size}")
    return array


def _iterations(max_iter: object) -> int:
    """``max_iter`` as NetworkX's ``range(max_iter)`` takes it (TypeError for a non-integer),
    capped at what the kernels count."""
    return min(operator.index(max_iter), _MAX_ITER)


def _empty(name: str, variant: str | None, isa: str | None) -> RunStats:
    """The stats of a run on a graph without vertices (the variant still checked)."""
    if variant is not None and variant not in ALGORITHMS[name].variants:
        raise ValueError(f"unknown variant {variant!r} for {name}; expected one of "
                         f"{', '.join(ALGORITHMS[name].variants)}")
    return run_stats(name, variant, isa, {
        "supersteps": 0, "active_edges": 0, "vector_ops": 0, "simd_utilization": None,
        "compute_seconds": 0.0, "activate_seconds": 0.0, "produce_seconds": 0.0})


def _finish(name: str, run, variant: str | None, isa: str | None, max_iter: int):
    stats = run_stats(name, variant, isa, run.stats)
    if not run.converged:
        raise PowerIterationFailed(name, max_iter, run)
    return stats


def pagerank(
    graph: IrregGraph, *, alpha: float = 0.85, personalization: object = None,
    max_iter: int = 100, tol: float = 1e-6, nstart: object = None, dangling: object = None,
    weighted: bool = True, variant: str | None = None, isa: str | None = None,
    threads: int | None = None,
) -> LinkScores:
    """PageRank, as NetworkX's ``pagerank`` computes it.

    ``personalization``, ``nstart`` and ``dangling`` are arrays with one value per vertex (None:
    uniform, uniform, the personalization), each divided by its sum as NetworkX does (a
    personalization summing to 0 raises ``ZeroDivisionError``, as NetworkX's). A vertex whose
    out-weights sum to 0 is dangling: its rank is spread by ``dangling``. ``weighted``: edge
    weights are the links' strengths (else every edge counts 1). Stops when the L1 change is
    below ``n * tol``; ``PowerIterationFailed`` after ``max_iter`` iterations otherwise.
    Variants: ``pull`` (default), ``push``, and the seed's engine variants, which need
    non-negative weights and vectors.
    """
    g = check_graph(graph)
    n = g.n
    max_iter = _iterations(max_iter)
    if n == 0:
        return LinkScores(np.zeros(0), 0, _empty("pagerank", variant, isa))
    if nstart is None:
        x = np.repeat(1.0 / n, n)
    else:
        x = _vector(g, nstart, "nstart")
        x /= x.sum()
    p = d = np.zeros(0)
    if personalization is not None:
        p = _vector(g, personalization, "personalization")
        if p.sum() == 0:
            raise ZeroDivisionError
        p /= p.sum()
    if dangling is not None:
        d = _vector(g, dangling, "dangling")
        d /= d.sum()
    run = _core.pagerank(g._core, x, p, d, float(alpha), bool(weighted), max_iter, float(tol),
                         variant or "", isa, resolve_threads(threads))
    stats = _finish("pagerank", run, variant, isa, max_iter)
    return LinkScores(run.value, run.iterations, stats)


def hits(
    graph: IrregGraph, *, max_iter: int = 100, tol: float = 1e-8, nstart: object = None,
    normalized: bool = True, variant: str | None = None, isa: str | None = None,
    threads: int | None = None,
) -> HitsScores:
    """Hubs and authorities, as NetworkX's ``hits`` computes them by power iteration (weights
    are the links' strengths; an unweighted graph's are 1).

    ``nstart``: the hubs to start from, one per vertex (divided by their sum; ``ValueError`` if
    it is 0). Each iteration takes ``a = A^T h``, ``h = A a`` and divides ``h`` by its largest
    value; it stops when the L1 change of ``h`` is below ``tol`` (``PowerIterationFailed``
    after ``max_iter``). ``normalized``: both divided by their sums; else the authorities by
    their largest.
    """
    g = check_graph(graph)
    n = g.n
    max_iter = _iterations(max_iter)
    if n == 0:
        stats = _empty("hits", variant, isa)
        return HitsScores(np.zeros(0), np.zeros(0), 0, stats)
    if nstart is None:
        h = np.full(n, 1.0 / n)
    else:
        h = _vector(g, nstart, "nstart")
        if h.sum() == 0:
            raise ValueError("nstart values must not sum to zero")
        h = h / h.sum()
    if max_iter <= 0:
        raise PowerIterationFailed("hits", max_iter)
    with np.errstate(divide="ignore", invalid="ignore"):
        run = _core.hits(g._core, h, max_iter, float(tol), variant or "", isa,
                         resolve_threads(threads))
        stats = _finish("hits", run, variant, isa, max_iter)
        hubs, authorities = run.value, run.other
        if normalized:
            hubs = hubs / hubs.sum()
            authorities = authorities / authorities.sum()
        else:
            authorities = authorities / authorities.max()
    return HitsScores(hubs, authorities, run.iterations, stats)


def katz_centrality(
    graph: IrregGraph, *, alpha: float = 0.1, beta: object = 1.0, max_iter: int = 1000,
    tol: float = 1e-6, nstart: object = None, normalized: bool = True, weighted: bool = False,
    variant: str | None = None, isa: str | None = None, threads: int | None = None,
) -> LinkScores:
    """Katz centrality, as NetworkX's ``katz_centrality`` computes it: ``x = alpha A^T x +
    beta`` from ``nstart`` (default 0), ``beta`` one number or one per vertex. Stops when the
    L1 change is below ``n * tol`` (``PowerIterationFailed`` after ``max_iter``);
    ``normalized`` divides by the Euclidean norm (``math.hypot``, NetworkX's)."""
    g = check_graph(graph)
    n = g.n
    max_iter = _iterations(max_iter)
    if n == 0:
        return LinkScores(np.zeros(0), 0, _empty("katz", variant, isa))
    b = np.atleast_1d(np.array(beta, dtype=np.float64)).ravel()
    if b.size != 1:
        b = _vector(g, b, "beta")
    x = np.zeros(n) if nstart is None else _vector(g, nstart, "nstart")
    run = _core.katz(g._core, float(alpha), x, b, bool(weighted), max_iter, float(tol),
                     variant or "", isa, resolve_threads(threads))
    stats = _finish("katz", run, variant, isa, max_iter)
    value = run.value
    if normalized:
        norm = math.hypot(*value.tolist())
        value = value * (1.0 / norm if norm != 0 else 1.0)
    return LinkScores(value, run.iterations, stats)


def eigenvector_centrality(
    graph: IrregGraph, *, max_iter: int = 100, tol: float = 1e-6, nstart: object = None,
    weighted: bool = False, variant: str | None = None, isa: str | None = None,
    threads: int | None = None,
) -> LinkScores:
    """Eigenvector centrality, as NetworkX's ``eigenvector_centrality`` computes it: from
    ``nstart`` (default all 1, divided by its sum; all zero raises ``ValueError``), ``x = (x +
    A^T x) / ||x + A^T x||`` until the L1 change is below ``n * tol``
    (``PowerIterationFailed`` after ``max_iter``)."""
    g = check_graph(graph)
    n = g.n
    max_iter = _iterations(max_iter)
    if n == 0:
        raise ValueError("eigenvector centrality of a graph without vertices is undefined")
    x = np.ones(n) if nstart is None else _vector(g, nstart, "nstart")
    if not x.any():
        raise ValueError("initial vector cannot have all zero values")
    x = x / x.sum()
    run = _core.eigenvector(g._core, x, bool(weighted), max_iter, float(tol), variant or "",
                            isa, resolve_threads(threads))
    stats = _finish("eigenvector", run, variant, isa, max_iter)
    return LinkScores(run.value, run.iterations, stats)

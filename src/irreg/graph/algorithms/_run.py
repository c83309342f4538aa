"""What every algorithm returns besides its arrays, and the checks they share."""

from __future__ import annotations

import numbers
from dataclasses import dataclass

from irreg import _core
from irreg.graph.irreg_graph import IrregGraph
from irreg.graph.registry import ALGORITHMS


@dataclass(frozen=True)
class RunStats:
    """Counters of one run (seed 000 §6.2).

    ``simd_utilization = active_edges / (vector_ops * 16)`` is ``None`` for variants that use no
    vector operations. Phase times are seconds: ``compute`` (vertex programs), ``activate``
    (marking the recorded edges in the grouped index), ``produce`` (message production).
    ``threads`` is the team the kernel ran on, as the core reports it: the count asked for
    (:mod:`irreg.threads`), or 1 for a serial variant or a graph of fewer than 4096 vertices plus
    edges (a fork would cost more than the search).
    ``released_at`` and ``reacquired_at`` are :func:`time.monotonic` readings taken in C++ just
    after the call released the GIL and just before it took it back: calls from several Python
    threads overlap between them.
    """

    algorithm: str
    variant: str
    isa: str
    supersteps: int
    active_edges: int
    vector_ops: int
    simd_utilization: float | None
    compute_seconds: float
    activate_seconds: float
    produce_seconds: float
    threads: int = 1
    released_at: float = 0.0
    reacquired_at: float = 0.0

    @property
    def seconds(self) -> float:
        return self.compute_seconds + self.activate_seconds + self.produce_seconds


def check_graph(graph: object) -> IrregGraph:
    if not isinstance(graph, IrregGraph):
        raise TypeError(
            f"expected an IrregGraph, got {type(graph).__name__}; "
            "build one with IrregGraph.from_edges"
        )
    return graph


def check_source(graph: IrregGraph, source: object) -> int:
    if not isinstance(source, numbers.Integral) or isinstance(source, bool):
        raise TypeError(f"source must be an integer vertex id, got {source!r}")
    if graph.n == 0:
        raise ValueError(f"source {source} is not a vertex: the graph has no vertices")
    if not 0 <= int(source) < graph.n:
        raise ValueError(
            f"source {source} is not a vertex of the graph (vertices are 0..{graph.n - 1})"
        )
    return int(source)


def run_stats(algorithm: str, variant: str | None, isa: str | None, stats: dict) -> RunStats:
    """The stats of one run; ``stats["threads"]`` is the team the core used (1 for a serial
    variant or a graph too small to be worth a fork)."""
    variant = variant or ALGORITHMS[algorithm].default_variant
    return RunStats(algorithm=algorithm, variant=variant, isa=_core.resolve_isa(isa), **stats)


def chunked_stats(algorithm: str, variant: str | None, isa: str | None, *, supersteps: int,
                  active_edges: int, seconds: float, threads: int) -> RunStats:
    """The stats of a run cut into chunks of sources (no SIMD counters; wall time)."""
    return run_stats(algorithm, variant, isa, {
        "supersteps": supersteps, "active_edges": active_edges, "vector_ops": 0,
        "simd_utilization": None, "compute_seconds": seconds, "activate_seconds": 0.0,
        "produce_seconds": 0.0, "threads": threads,
    })


def hop_limit(depth_limit: object, n: int) -> int:
    """The kernels' level limit (-1: none) for a depth limit or hop cutoff: levels up to
    ``depth_limit``, rounded down; ``None`` or any number of at least ``n`` (no BFS goes deeper
    than ``n - 1``, however large the int: ``10**30``) means none."""
    if depth_limit is None or depth_limit >= n:
        return -1
    return max(int(depth_limit), 0)

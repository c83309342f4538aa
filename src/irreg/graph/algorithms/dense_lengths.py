"""Shortest path lengths between every pair as one dense matrix: blocked Floyd-Warshall.

For dense graphs, or when every length is wanted at once (``networkx.floyd_warshall_numpy``): the
matrix is cut into cache-sized blocks and each block column of intermediates relaxes the rest in
SIMD min-plus products, the blocks on threads. O(n^3) time and 8 n^2 bytes, whatever the edge
count; for sparse graphs, a search per source (:mod:`irreg.source_chunks`) costs less.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.checks import check_memory
from irreg.graph.algorithms._run import RunStats, check_graph, run_stats
from irreg.graph.irreg_graph import IrregGraph
from irreg.threads import resolve_threads

__all__ = ["DenseLengths", "floyd_warshall"]

# The kernel's block side (graph/floyd_warshall.hpp): the padded matrix is a multiple of it.
_BLOCK = 64


class DenseLengths(NamedTuple):
    value: np.ndarray  # float64 n x n: value[u, v] a shortest u -> v path's length (inf: none)
    negative_cycle: bool  # a cycle of negative length: the lengths mean nothing
    stats: RunStats


def floyd_warshall(graph: IrregGraph, *, weighted: bool = True, variant: str | None = None,
                   isa: str | None = None, threads: int | None = None) -> DenseLengths:
    """Lengths of the shortest paths between every pair of vertices.

    ``value[u, v]`` is the length of a shortest ``u -> v`` path (``inf`` where there is none,
    ``0`` on the diagonal unless a negative cycle passes there); of parallel edges the lightest
    counts, self-loops not at all. Negative weights are allowed; a negative cycle sets
    ``negative_cycle`` and leaves the lengths meaningless. ``weighted=False``: every edge weighs
    1. Floyd's recurrence in cache-sized blocks (variant ``blocked``, the only one), the blocks
    of each step on ``threads``; the result is the same to the bit at every thread count and
    ISA. Raises ``MemoryError`` when the matrix (8 n^2 bytes, twice while it is padded and
    copied) does not fit in the memory available.
    """
    g = check_graph(graph)
    padded = -(-g.n // _BLOCK) * _BLOCK
    check_memory(8 * (padded * padded + g.n * g.n), f"the {g.n:,} x {g.n:,} matrix of lengths",
                 "all pairs of a large sparse graph are cheaper as a search per source")
    run = _core.floyd_warshall(g._core, bool(weighted), variant or "", isa,
                               resolve_threads(threads))
    return DenseLengths(run.value, bool(run.negative_cycle),
                        run_stats("floyd-warshall", variant, isa, run.stats))

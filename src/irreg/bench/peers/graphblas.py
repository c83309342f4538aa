"""SuiteSparse:GraphBLAS (through python-graphblas) as a peer of ``irreg bench graph``, where it
is installed.

GraphBLAS has no BFS or SSSP of its own: these are the textbook linear-algebra forms
(Kepner and Gilbert, "Graph Algorithms in the Language of Linear Algebra"; the LAGraph basic
methods) written with python-graphblas, each iteration one masked vector-matrix product:

- BFS: level-synchronous, ``frontier<!visited> = frontier any.pair A``;
- SSSP: frontier Bellman-Ford, ``candidates = frontier min.plus A``, the improved vertices are
  the next frontier.

No WCC row: min-label propagation costs O(n x diameter) (on the 1000 x 1000 grid it ran for
minutes and took 24 GB before the kernel killed the benchmark), and FastSV, the GraphBLAS method
that avoids it, is not written here.

The matrix is built untimed from the CSR irreg times; each row includes reading the result into
NumPy, at ``graphblas.ss.config["nthreads"] = t`` (SuiteSparse's OpenMP). Results are returned
as irreg's: depth per vertex (-1 unreached), distances (inf unreached).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["ALGORITHMS", "matrices", "runner", "skip_reason"]

ALGORITHMS = ("bfs", "sssp")


def skip_reason() -> str | None:
    """Why there are no GraphBLAS rows (None: python-graphblas is installed)."""
    try:
        import graphblas  # noqa: F401
    except ImportError:
        return "python-graphblas is not installed (pip install python-graphblas)"
    return None


def matrices(offsets: np.ndarray, targets: np.ndarray, weights: np.ndarray, n: int) -> Any:
    """The weighted adjacency matrix of a CSR."""
    import graphblas as gb

    m = int(offsets[-1])
    return gb.Matrix.from_csr(offsets, targets[:m], values=np.asarray(weights[:m], np.float64),
                              nrows=n, ncols=n)


def _dense(v: Any, n: int, missing: float, dtype: Any) -> np.ndarray:
    idx, vals = v.to_coo()
    out = np.full(n, missing, dtype=dtype)
    out[idx] = vals
    return out


def _bfs(a: Any, source: int) -> np.ndarray:
    import graphblas as gb

    n = a.nrows
    levels = gb.Vector(gb.dtypes.INT32, n)
    frontier = gb.Vector(bool, n)
    frontier[source] << True
    depth = 0
    while frontier.nvals:
        levels(frontier.S) << depth
        depth += 1
        frontier(~levels.S, replace=True) << gb.semiring.any_pair[bool](frontier @ a)
    return _dense(levels, n, -1, np.int32)


def _sssp(a: Any, source: int) -> np.ndarray:
    import graphblas as gb

    n = a.nrows
    dist = gb.Vector(gb.dtypes.FP64, n)
    dist[source] << 0.0
    frontier = dist.dup()
    while frontier.nvals:
        candidates = gb.semiring.min_plus(frontier @ a).new()
        lower = gb.binary.lt(candidates & dist).new()
        frontier = gb.Vector(gb.dtypes.FP64, n)
        frontier(lower.V) << candidates  # improved
        frontier(~dist.S) << candidates  # reached for the first time
        dist(gb.binary.min) << frontier
    return _dense(dist, n, np.inf, np.float64)


def runner(name: str, a: Any, source: int,
           threads: int) -> Callable[[Any], np.ndarray] | None:
    """The timed call for algorithm ``name`` on ``threads`` threads (None: not one of ours)."""
    import graphblas as gb

    calls = {"bfs": lambda: _bfs(a, source), "sssp": lambda: _sssp(a, source)}
    if name not in calls:
        return None
    call = calls[name]

    def run(_state: Any) -> np.ndarray:
        gb.ss.config["nthreads"] = threads
        return call()

    return run

"""NetworKit (networkit.github.io) as a peer of ``irreg bench graph``, where it is installed.

NetworKit is an OpenMP C++ toolkit with a Python front end. Its graph is built untimed from the
CSR irreg times (an undirected graph from each edge once: NetworKit stores both directions
itself); each row is the kernel's ``run()`` plus reading its result as a NumPy array, at
``networkit.setNumberOfThreads(t)``. Kernels: ``BFS`` and ``Dijkstra`` (sequential in NetworKit)
``ParallelConnectedComponents`` (undirected) or ``WeaklyConnectedComponents`` (directed), and
``PageRank`` on NetworkX's terms (:func:`irreg.bench.peers.nx_peers.networkit_pagerank`).
Results are returned as irreg's: depth per vertex (-1 unreached), distances (inf unreached),
component ids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["ALGORITHMS", "graph", "runner", "skip_reason"]

ALGORITHMS = ("bfs", "sssp", "wcc", "pagerank")
# NetworKit marks an unreached vertex with the largest double.
_UNREACHED = 1e300


def skip_reason() -> str | None:
    """Why there are no NetworKit rows (None: it is installed)."""
    try:
        import networkit  # noqa: F401
    except ImportError:
        return "networkit is not installed (pip install networkit)"
    return None


def graph(offsets: np.ndarray, targets: np.ndarray, weights: np.ndarray, n: int,
          directed: bool) -> Any:
    """The NetworKit graph of a CSR (weights as given)."""
    import networkit as nk

    m = int(offsets[-1])
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(offsets)).astype(np.uint64)
    dst = np.asarray(targets[:m], dtype=np.uint64)
    w = np.asarray(weights[:m], dtype=np.float64)
    if not directed:  # each undirected edge once: NetworKit inserts both directions
        keep = src <= dst
        src, dst, w = src[keep], dst[keep], w[keep]
    return nk.GraphFromCoo((w, (src, dst)), n=n, weighted=True, directed=directed)


def runner(name: str, g: Any, source: int, directed: bool,
           threads: int) -> Callable[[Any], np.ndarray] | None:
    """The timed call for algorithm ``name`` on ``threads`` threads, or None where NetworKit
    has no such kernel."""
    import networkit as nk

    def on_threads(call: Callable[[], np.ndarray]) -> Callable[[Any], np.ndarray]:
        def run(_state: Any) -> np.ndarray:
            nk.setNumberOfThreads(threads)
            return call()

        return run

    if name == "bfs":
        def bfs() -> np.ndarray:
            search = nk.distance.BFS(g, source, storePaths=False)
            search.run()
            d = np.asarray(search.getDistances(asarray=True))
            return np.where(d > _UNREACHED, -1, d).astype(np.int32)

        return on_threads(bfs)
    if name == "sssp":
        def sssp() -> np.ndarray:
            search = nk.distance.Dijkstra(g, source, storePaths=False)
            search.run()
            d = np.asarray(search.getDistances(asarray=True))
            return np.where(d > _UNREACHED, np.inf, d)

        return on_threads(sssp)
    if name == "pagerank":
        def pagerank() -> np.ndarray:
            from irreg.bench.peers.nx_peers import networkit_pagerank

            return np.asarray(networkit_pagerank(nk, g).scores())

        return on_threads(pagerank)
    if name == "wcc":
        def wcc() -> np.ndarray:
            kind = (nk.components.WeaklyConnectedComponents if directed
                    else nk.components.ParallelConnectedComponents)
            components = kind(g)
            components.run()
            return np.asarray(components.getPartition().getVector())

        return on_threads(wcc)
    return None

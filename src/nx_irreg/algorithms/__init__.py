"""Keyword-only graph algorithms over :class:`~nx_irreg.IrregGraph` (seed 000 §6.1).

Each takes ``variant=`` (the seed's ``"serial"``, ``"naive"``, ``"opt"``, ``"opt-search"``, and
for some a faster method, which is then the default: :func:`variants`) and ``isa=``, and returns
NumPy arrays and a :class:`RunStats`. Results do not depend on the variant or the ISA.

The serial kernels in NetworkX's order (:func:`bfs_order`, :func:`dfs_labeled_edges`,
:func:`topological_order`, :func:`dijkstra`, :func:`bellman_ford`,
:func:`strongly_connected_components`) back the NetworkX
backend's functions whose output order NetworkX defines. :mod:`nx_irreg.algorithms.verify` holds
one serial reference and verifier per algorithm, shared by the tests and ``irreg bench graph``.
"""

from irreg import _core
from nx_irreg.algorithms._run import PARALLEL_VARIANTS, RunStats
from nx_irreg.algorithms.components import (
    SccOrder,
    WccResult,
    bfs_components,
    kosaraju_components,
    strongly_connected_components,
    wcc,
)
from nx_irreg.algorithms.dag import (
    GraphCycleError,
    LongestPath,
    TopoOrder,
    TopoResult,
    dag_longest_path,
    lexicographic_order,
    topological_generations,
    topological_order,
)
from nx_irreg.algorithms.paths import (
    BellmanFordPaths,
    FoundPath,
    NegativeCycleError,
    PathResult,
    SettledPaths,
    bellman_ford,
    bidirectional_search,
    dijkstra,
    dijkstra_predecessors,
    sssp,
    sswp,
)
from nx_irreg.algorithms.traversal import (
    DFS_EDGE_LABELS,
    EDGE_LABELS,
    BfsOrder,
    BfsResult,
    LabeledEdges,
    bfs,
    bfs_labeled_edges,
    bfs_order,
    dfs_labeled_edges,
    reachable,
)


def variants(algorithm: str) -> list[str]:
    """The variant names of ``algorithm`` (``"bfs"``, ``"sssp"``, ``"sswp"``, ``"wcc"``, ``"ts"``)."""
    if algorithm not in ("bfs", "sssp", "sswp", "wcc", "ts"):
        raise ValueError(f"unknown algorithm {algorithm!r}; expected bfs, sssp, sswp, wcc or ts")
    return list(_core.variants(algorithm))


__all__ = [
    "DFS_EDGE_LABELS",
    "EDGE_LABELS",
    "PARALLEL_VARIANTS",
    "BellmanFordPaths",
    "BfsOrder",
    "BfsResult",
    "FoundPath",
    "GraphCycleError",
    "LabeledEdges",
    "LongestPath",
    "NegativeCycleError",
    "PathResult",
    "RunStats",
    "SccOrder",
    "SettledPaths",
    "TopoOrder",
    "TopoResult",
    "WccResult",
    "bellman_ford",
    "bfs",
    "bfs_components",
    "bfs_labeled_edges",
    "bfs_order",
    "bidirectional_search",
    "dag_longest_path",
    "dfs_labeled_edges",
    "dijkstra",
    "dijkstra_predecessors",
    "kosaraju_components",
    "lexicographic_order",
    "reachable",
    "sssp",
    "sswp",
    "strongly_connected_components",
    "topological_generations",
    "topological_order",
    "variants",
    "wcc",
]

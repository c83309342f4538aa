"""Keyword-only graph algorithms over :class:`~irreg.graph.IrregGraph` (seed 000 §6.1).

Each takes ``variant=`` (the seed's ``"serial"``, ``"naive"``, ``"opt"``, ``"opt-search"``, and
for some a faster method, which is then the default: :func:`variants`) and ``isa=``, and returns
NumPy arrays and a :class:`RunStats`. Results do not depend on the variant or the ISA.

The serial kernels in NetworkX's order (:func:`bfs_order`, :func:`dfs_labeled_edges`,
:func:`topological_order`, :func:`dijkstra`, :func:`bellman_ford`,
:func:`strongly_connected_components`) back the NetworkX
backend's functions whose output order NetworkX defines. :mod:`irreg.graph.verify` holds
one serial reference and verifier per algorithm, shared by the tests and ``irreg bench graph``.
"""

from irreg.graph.algorithms._run import RunStats
from irreg.graph.algorithms.centrality import Betweenness, betweenness
from irreg.graph.algorithms.components import (
    Biconnected,
    LocalBridges,
    SccOrder,
    WccResult,
    bfs_components,
    biconnected,
    kosaraju_components,
    local_bridges,
    strongly_connected_components,
    wcc,
)
from irreg.graph.algorithms.dag import (
    GraphCycleError,
    LongestPath,
    SuccessorReach,
    TopoOrder,
    TopoResult,
    dag_longest_path,
    lexicographic_order,
    reach_among_successors,
    topological_generations,
    topological_order,
)
from irreg.graph.algorithms.dense_lengths import DenseLengths, floyd_warshall
from irreg.graph.algorithms.distances import DistanceSums, distance_sums
from irreg.graph.algorithms.link_analysis import (
    HitsScores,
    LinkScores,
    PowerIterationFailed,
    eigenvector_centrality,
    hits,
    katz_centrality,
    pagerank,
)
from irreg.graph.algorithms.paths import (
    AStarPath,
    BellmanFordPaths,
    FoundPath,
    NegativeCycleError,
    PathResult,
    SettledPaths,
    astar,
    bellman_ford,
    bidirectional_search,
    dijkstra,
    dijkstra_predecessors,
    sssp,
    sswp,
)
from irreg.graph.algorithms.traversal import (
    DFS_EDGE_LABELS,
    EDGE_LABELS,
    EDGE_ORIENTATIONS,
    BfsOrder,
    BfsResult,
    LabeledEdges,
    bfs,
    bfs_labeled_edges,
    bfs_order,
    dfs_labeled_edges,
    edge_search,
    reachable,
)
from irreg.graph.irreg_graph import IrregGraph
from irreg.graph.registry import PARALLEL_VARIANTS, algorithm, variants


def run(
    name: str, graph: IrregGraph, *, source: int | None = None, variant: str | None = None,
    isa: str | None = None, threads: int | None = None,
):
    """Runs registry algorithm ``name`` (``"bfs"``, ``"ts"``, ...: :mod:`irreg.graph.registry`)
    through the function its row names; ``source`` is passed to the algorithms that take one."""
    row = algorithm(name)
    options = {"variant": variant, "isa": isa, "threads": threads}
    if row.sourced:
        options["source"] = source
    return globals()[row.function](graph, **options)

__all__ = [
    "DFS_EDGE_LABELS",
    "EDGE_LABELS",
    "EDGE_ORIENTATIONS",
    "PARALLEL_VARIANTS",
    "AStarPath",
    "BellmanFordPaths",
    "Betweenness",
    "BfsOrder",
    "BfsResult",
    "Biconnected",
    "DenseLengths",
    "DistanceSums",
    "FoundPath",
    "GraphCycleError",
    "HitsScores",
    "LabeledEdges",
    "LinkScores",
    "LocalBridges",
    "LongestPath",
    "NegativeCycleError",
    "PathResult",
    "PowerIterationFailed",
    "RunStats",
    "SccOrder",
    "SettledPaths",
    "SuccessorReach",
    "TopoOrder",
    "TopoResult",
    "WccResult",
    "astar",
    "bellman_ford",
    "betweenness",
    "bfs",
    "bfs_components",
    "bfs_labeled_edges",
    "bfs_order",
    "biconnected",
    "bidirectional_search",
    "dag_longest_path",
    "dfs_labeled_edges",
    "dijkstra",
    "dijkstra_predecessors",
    "distance_sums",
    "edge_search",
    "eigenvector_centrality",
    "floyd_warshall",
    "hits",
    "katz_centrality",
    "kosaraju_components",
    "lexicographic_order",
    "local_bridges",
    "pagerank",
    "reach_among_successors",
    "reachable",
    "run",
    "sssp",
    "sswp",
    "strongly_connected_components",
    "topological_generations",
    "topological_order",
    "variants",
    "wcc",
]

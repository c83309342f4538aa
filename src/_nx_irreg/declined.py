"""The functions of the backend's four families that it does not serve, each with the reason.

The families are NetworkX's traversal, shortest-path, component and DAG modules (and bridges,
which NetworkX keeps beside them). A test checks this table against the installed NetworkX's
registry of dispatchable functions: every function of these modules is served (an ``nxapi``
module exports it) or listed here, so a function a new NetworkX adds is noticed. Names of other
NetworkX releases may stay listed. :func:`_nx_irreg.get_info` publishes the table as
``declined_functions``.
"""

from __future__ import annotations

__all__ = ["DECLINED", "FAMILIES"]

# NetworkX modules (prefixes) whose dispatchable functions the backend answers for.
FAMILIES = (
    "networkx.algorithms.traversal",
    "networkx.algorithms.shortest_paths",
    "networkx.algorithms.components",
    "networkx.algorithms.dag",
    "networkx.algorithms.bridges",
)

_NOT_YET = "not served yet (issue 39 continues): "
# NetworkX converts for these with every attribute kept (preserve_all_attrs) and may hand such a
# conversion to any later call from its cache, whatever attribute that call reads.
_PRESERVE_ALL = (
    "returns G's copy with every node, edge and graph attribute, so NetworkX asks the backend "
    "to keep them all (preserve_all_attrs) and reuses that conversion for any later call; irreg "
    "keeps one numeric edge attribute, so such a conversion would answer a later weighted call "
    "wrongly"
)

DECLINED: dict[str, str] = {
    "all_topological_sorts": _NOT_YET + "yields every topological order (up to n! lists), "
    "each built as NetworkX's generator walks; a kernel must keep NetworkX's order of orders",
    "antichains": _NOT_YET + "yields every antichain in NetworkX's order of its recursive "
    "enumeration; the output, not the search, dominates",
    "antichain_width": _NOT_YET + "NetworkX 3.7's width of the largest antichain (Dilworth: a "
    "bipartite matching over the transitive closure) needs a matching kernel",
    "dag_to_branching": _NOT_YET + "builds a new graph with a node per root-to-leaf path, as "
    "large as the paths; NetworkX's node numbering follows its own traversal",
    "transitive_closure": _PRESERVE_ALL,
    "transitive_closure_dag": _PRESERVE_ALL,
    "root_to_leaf_paths": _NOT_YET + "yields every root-to-leaf path (exponentially many) in "
    "NetworkX's order; the output dominates",
    "v_structures": _NOT_YET + "yields NetworkX's parent pairs of every node in its "
    "combinations order; a Python loop over in-edge pairs",
    "colliders": _NOT_YET + "yields NetworkX's parent pairs of every node in its combinations "
    "order; a Python loop over in-edge pairs",
    "compute_v_structures": "deprecated by NetworkX (3.4-3.5) in favour of v_structures",
    "floyd_warshall": _NOT_YET + "NetworkX's dicts of defaultdicts, their key order and value "
    "types (1.0 for a missing weight) follow its triple loop",
    "floyd_warshall_predecessor_and_distance": _NOT_YET + "the predecessors under equal "
    "lengths follow NetworkX's unblocked update order, which a blocked kernel does not keep",
    "floyd_warshall_tree": _NOT_YET + "NetworkX 3.7's tree-pruned Floyd-Warshall: its "
    "predecessors follow its own update order",
    "reconstruct_path": "reads a predecessor dict NetworkX built; there is no graph to convert "
    "(NetworkX dispatches it with graphs=None)",
    "goldberg_radzik": _NOT_YET + "NetworkX's predecessor choice under equal lengths follows "
    "its relabelling passes",
    "johnson": _NOT_YET + "reweighting by Bellman-Ford, then Dijkstra paths from every node in "
    "NetworkX's dict order",
    "bfs_beam_edges": _NOT_YET + "calls a Python value function per node to rank each beam",
}

"""``networkx.algorithms.traversal.depth_first_search`` on the ordered DFS kernel.

NetworkX defines every function of this module by one walk, ``dfs_labeled_edges``: its stack
scans each node's neighbours in adjacency order, ``depth_now < depth_limit`` deciding whether a
newly found node is searched. The converted CSR keeps that order and the C++ kernel
(:func:`irreg.graph.algorithms.dfs_labeled_edges`) replays the walk's events; the other functions
read them as NetworkX's do: tree edges are the ``"forward"`` edges but the roots' own, the
preorder their heads, the postorder the heads of ``"reverse"`` edges (a node the depth limit
kept from being searched gets ``"reverse-depth_limit"`` and so is in no postorder). With
``source=None`` every node of ``G`` in its order is a root. ``variant`` does not apply.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg.graph.algorithms import DFS_EDGE_LABELS, LabeledEdges, dfs_labeled_edges
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import missing_node
from nx_irreg.options import check_no_variant, resolve

__all__ = [
    "dfs_edges",
    "dfs_labeled_edges",
    "dfs_postorder_nodes",
    "dfs_predecessors",
    "dfs_preorder_nodes",
    "dfs_successors",
    "dfs_tree",
]

_FORWARD, _NONTREE, _REVERSE = (DFS_EDGE_LABELS.index(n) for n in ("forward", "nontree", "reverse"))
_labeled_edges = dfs_labeled_edges  # the kernel's entry; this module's function takes the name


def _stack_limit(depth_limit: object, n: int) -> int | None:
    """The kernel's limit for NetworkX's ``depth_limit``: a node is searched while
    ``depth_now < depth_limit``, ``depth_now`` being the stack's size (1, 2, ...), so any number
    works; ``None`` (NetworkX's ``len(G)``), infinity and anything from ``n`` on mean no limit,
    and a limit of 1 or below (or NaN) searches the roots alone. Non-numbers run in NetworkX
    (``can_run``)."""
    if depth_limit is None:
        return None
    if not depth_limit > 1:  # also NaN, which no depth is below
        return 0
    if depth_limit >= n:  # the stack never holds more than n nodes; also infinity
        return None
    return math.ceil(depth_limit)


def _root(G: BackendGraph, source: object) -> int | None:
    """Vertex id of ``source``; ``None`` when it is not in ``G``. An unhashable ``source``
    raises ``TypeError`` as NetworkX's ``visited`` set does."""
    hash(source)
    return G.position(source)


class _Walk:
    """The events of NetworkX's walk from ``source`` (``None``: every node) as arrays, and the
    node labels of their ends (the root's as the caller spelled it, as NetworkX yields it)."""

    def __init__(
        self, function: str, G: BackendGraph, source: object, depth_limit: object, options: dict
    ) -> None:
        check_no_variant(function, options)
        resolve(options)
        self.G, self.source = G, source
        self.root = None if source is None else _root(G, source)
        if source is not None and self.root is None:
            raise missing_node(G, source)
        roots = None if source is None else [self.root]
        limit = _stack_limit(depth_limit, len(G))
        self.events: LabeledEdges = _labeled_edges(G.graph, roots=roots, depth_limit=limit)

    def _names(self, ids: np.ndarray, as_given: np.ndarray) -> list:
        """Labels of ``ids``, the source object itself where ``as_given``."""
        names = self.G.labels(ids)
        if self.root is not None and self.G.labels(np.array([self.root]))[0] is not self.source:
            for k in np.flatnonzero(as_given).tolist():
                names[k] = self.source
        return names

    def tails(self, where: np.ndarray | slice = slice(None)) -> list:
        # NetworkX's stack holds the source object: every edge out of the root carries it
        tail = self.events.tail[where]
        return self._names(tail, tail == self.root)

    def heads(self, where: np.ndarray | slice = slice(None)) -> list:
        # ... but a scanned edge's head is G's own node, a self-loop's too: only the root's
        # opening and closing events name the source as head
        head, label = self.events.head[where], self.events.label[where]
        return self._names(head, (head == self.root) & (label != _NONTREE))

    def tree_edges(self) -> tuple[list, list]:
        """Parents and children of the tree edges, in NetworkX's order."""
        tail, head, label = self.events
        tree = (label == _FORWARD) & (tail != head)  # a self-loop is never "forward"
        return self.tails(tree), self.heads(tree)


def dfs_edges(
    G: BackendGraph,
    source: object = None,
    depth_limit: int | None = None,
    *,
    sort_neighbors: object = None,
    **options: object,
) -> Iterator[tuple]:
    """Edges of the depth-first tree (forest when ``source`` is None), in NetworkX's order."""
    parents, children = _Walk("dfs_edges", G, source, depth_limit, options).tree_edges()
    yield from zip(parents, children, strict=True)


def dfs_tree(
    G: BackendGraph,
    source: object = None,
    depth_limit: int | None = None,
    *,
    sort_neighbors: object = None,
    **options: object,
) -> nx.DiGraph:
    """The depth-first tree (forest) as a NetworkX ``DiGraph``: NetworkX's nodes and edges in
    its order."""
    parents, children = _Walk("dfs_tree", G, source, depth_limit, options).tree_edges()
    T = nx.DiGraph()
    if source is None:
        T.add_nodes_from(G)
    else:
        T.add_node(source)
    T.add_edges_from(zip(parents, children, strict=True))
    return T


def dfs_predecessors(
    G: BackendGraph,
    source: object = None,
    depth_limit: int | None = None,
    *,
    sort_neighbors: object = None,
    **options: object,
) -> dict:
    """``{node: parent}`` over the depth-first tree edges, in NetworkX's order."""
    parents, children = _Walk("dfs_predecessors", G, source, depth_limit, options).tree_edges()
    return dict(zip(children, parents, strict=True))


def dfs_successors(
    G: BackendGraph,
    source: object = None,
    depth_limit: int | None = None,
    *,
    sort_neighbors: object = None,
    **options: object,
) -> dict:
    """``{node: [children]}`` over the depth-first tree edges, keys in the order NetworkX first
    meets each parent."""
    parents, children = _Walk("dfs_successors", G, source, depth_limit, options).tree_edges()
    successors: dict = {}
    for parent, child in zip(parents, children, strict=True):
        successors.setdefault(parent, []).append(child)
    return successors


def dfs_postorder_nodes(
    G: BackendGraph,
    source: object = None,
    depth_limit: int | None = None,
    *,
    sort_neighbors: object = None,
    **options: object,
) -> Iterator:
    """Nodes as their search finishes (NetworkX's ``"reverse"`` edges' heads, so not the nodes
    the depth limit kept from being searched)."""
    walk = _Walk("dfs_postorder_nodes", G, source, depth_limit, options)
    yield from walk.heads(walk.events.label == _REVERSE)


def dfs_preorder_nodes(
    G: BackendGraph,
    source: object = None,
    depth_limit: int | None = None,
    *,
    sort_neighbors: object = None,
    **options: object,
) -> Iterator:
    """Nodes as the search finds them (NetworkX's ``"forward"`` edges' heads). A ``source`` not
    in ``G`` is yielded before the error, as NetworkX does."""
    if source is not None and _root(G, source) is None:
        yield source
    walk = _Walk("dfs_preorder_nodes", G, source, depth_limit, options)
    yield from walk.heads(walk.events.label == _FORWARD)


def dfs_labeled_edges(
    G: BackendGraph,
    source: object = None,
    depth_limit: int | None = None,
    *,
    sort_neighbors: object = None,
    **options: object,
) -> Iterator[tuple]:
    """``(u, v, label)`` for every event of NetworkX's depth-first walk, in its order, the
    labels ``"forward"``, ``"nontree"``, ``"reverse"`` and ``"reverse-depth_limit"`` (one C++
    walk). A ``source`` not in ``G`` yields ``(source, source, "forward")`` before the error,
    as NetworkX does."""
    if source is not None and _root(G, source) is None:
        yield (source, source, "forward")
    walk = _Walk("dfs_labeled_edges", G, source, depth_limit, options)
    names = np.array(DFS_EDGE_LABELS, dtype=object)[walk.events.label].tolist()
    yield from zip(walk.tails(), walk.heads(), names, strict=True)

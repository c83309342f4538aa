"""``networkx.algorithms.traversal.breadth_first_search`` on the ordered BFS kernel.

NetworkX defines these outputs by its FIFO queue scanning each node's neighbours in adjacency
order; the converted CSR keeps that order and ``bfs_order`` follows it, so edges, layers and trees
come out exactly as NetworkX's. ``variant`` does not apply (except to
``descendants_at_distance``, whose output is a set).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg.graph.algorithms import EDGE_LABELS, bfs, bfs_order
from irreg.graph.algorithms import bfs_labeled_edges as labeled_edges
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import missing_node, node_position, node_set
from nx_irreg.options import check_no_variant, resolve
from nx_irreg.versions import bfs_layers_first_layer_in_set_order, bfs_predecessors_warning

__all__ = [
    "bfs_edges",
    "bfs_labeled_edges",
    "bfs_layers",
    "bfs_predecessors",
    "bfs_successors",
    "bfs_tree",
    "descendants_at_distance",
    "generic_bfs_edges",
]


def _missing(node: object) -> nx.NetworkXError:
    return nx.NetworkXError(f"The node {node} is not in the graph.")


def _levels(depth_limit: object) -> int | None:
    """Levels NetworkX explores below the source: its loop runs while ``depth < depth_limit``
    (depth 0, 1, ...), so any number works, ``None`` or infinity meaning no limit."""
    if depth_limit is None:
        return None
    if not depth_limit > 0:  # also NaN, which no depth is below
        return 0
    if math.isinf(depth_limit):
        return None
    return math.ceil(depth_limit)


def _tree_edges(
    function: str,
    G: BackendGraph,
    source: object,
    reverse: bool,
    depth_limit: int | None,
    options: dict,
) -> tuple[list, list]:
    """Parents and children of NetworkX's BFS tree edges, in its order (``reverse``: over the
    predecessors, in ``G._pred``'s order)."""
    check_no_variant(function, options)
    resolve(options)
    s = node_position(G, source, missing_node(G, source))
    graph = G.predecessors() if reverse else G.graph
    order, parent, _ = bfs_order(graph, sources=[s], depth_limit=_levels(depth_limit))
    children = order[1:]
    return G.labels(parent[children]), G.labels(children)


def bfs_edges(
    G: BackendGraph,
    source: object,
    reverse: bool = False,
    depth_limit: int | None = None,
    sort_neighbors: object = None,
    **options: object,
) -> Iterator[tuple]:
    """Edges of the breadth-first tree from ``source``, in NetworkX's order (ordered BFS in C++)."""
    parents, children = _tree_edges("bfs_edges", G, source, reverse, depth_limit, options)
    yield from zip(parents, children, strict=True)


def generic_bfs_edges(
    G: BackendGraph,
    source: object,
    neighbors: object = None,
    depth_limit: int | None = None,
    **options: object,
) -> Iterator[tuple]:
    """Edges of the breadth-first tree from ``source`` over ``G.neighbors``, in NetworkX's order
    (ordered BFS in C++). ``neighbors`` other than ``None`` runs in NetworkX (``can_run``)."""
    if neighbors is not None:
        raise NotImplementedError("a neighbors function runs Python per node")
    parents, children = _tree_edges("generic_bfs_edges", G, source, False, depth_limit, options)
    yield from zip(parents, children, strict=True)


def bfs_labeled_edges(G: BackendGraph, sources: object, **options: object) -> Iterator[tuple]:
    """``(u, v, label)`` for every edge NetworkX's labelled BFS scans, in its order, the labels
    ``"tree"``, ``"level"``, ``"forward"``, ``"reverse"`` (one C++ walk, see
    :func:`irreg.graph.algorithms.bfs_labeled_edges`).

    As in NetworkX, ``sources`` is a node or an iterable of nodes, and a source not in ``G``
    raises ``KeyError`` when the queue reaches it, after the edges of the sources before it.
    """
    check_no_variant("bfs_labeled_edges", options)
    resolve(options)
    if sources in G:
        sources = [sources]
    first = list(dict.fromkeys(sources))  # NetworkX's depth dict: first occurrence, in order
    ids = [G.position(s) for s in first]
    missing = next((k for k, i in enumerate(ids) if i is None), None)
    found = [i for i in ids if i is not None]
    tail, head, label = labeled_edges(G.graph, sources=found)
    if missing is not None:
        # NetworkX's queue pops first[missing] after scanning the sources before it
        cut = np.flatnonzero(~np.isin(tail, found[:missing]))
        end = int(cut[0]) if cut.size else len(tail)
        tail, head, label = tail[:end], head[:end], label[:end]
    names = np.array(EDGE_LABELS, dtype=object)[label].tolist()
    yield from zip(G.labels(tail), G.labels(head), names, strict=True)
    if missing is not None:
        raise KeyError(first[missing])


def bfs_tree(
    G: BackendGraph,
    source: object,
    reverse: bool = False,
    depth_limit: int | None = None,
    sort_neighbors: object = None,
    **options: object,
) -> nx.DiGraph:
    """The breadth-first tree from ``source`` as a NetworkX ``DiGraph`` (ordered BFS in C++)."""
    parents, children = _tree_edges("bfs_tree", G, source, reverse, depth_limit, options)
    T = nx.DiGraph()
    T.add_node(source)
    T.add_edges_from(zip(parents, children, strict=True))
    return T


def bfs_predecessors(
    G: BackendGraph,
    source: object,
    depth_limit: int | None = None,
    sort_neighbors: object = None,
    **options: object,
) -> Iterator[tuple]:
    """``(node, predecessor)`` pairs of the breadth-first tree, in NetworkX's order."""
    deprecated = bfs_predecessors_warning()  # NetworkX 3.7 on: its own warning, as it gives it
    if deprecated is not None:
        deprecated.warn(stacklevel=2)
    parents, children = _tree_edges("bfs_predecessors", G, source, False, depth_limit, options)
    yield from zip(children, parents, strict=True)


def bfs_successors(
    G: BackendGraph,
    source: object,
    depth_limit: int | None = None,
    sort_neighbors: object = None,
    **options: object,
) -> Iterator[tuple]:
    """``(node, [successors])`` of the breadth-first tree, in NetworkX's order."""
    parents, children = _tree_edges("bfs_successors", G, source, False, depth_limit, options)
    parent, group = source, []
    for p, c in zip(parents, children, strict=True):
        if p == parent:
            group.append(c)
            continue
        yield (parent, group)
        parent, group = p, [c]
    yield (parent, group)


def bfs_layers(G: BackendGraph, sources: object, **options: object) -> Iterator[list]:
    """Lists of nodes at each distance from ``sources``, in NetworkX's order."""
    check_no_variant("bfs_layers", options)
    resolve(options)
    if sources in G:
        sources = [sources]
    # NetworkX's first layer: the sources in set order (3.5 on) or as given (3.4)
    first = list(set(sources)) if bfs_layers_first_layer_in_set_order() else list(sources)
    ids = [node_position(G, s, _missing(s)) for s in first]
    order, _, level_end = bfs_order(G.graph, sources=ids)
    begin = 0
    for end in level_end.tolist():
        yield G.labels(order[begin:end])
        begin = end


def descendants_at_distance(
    G: BackendGraph, source: object, distance: int, **options: object
) -> set:
    """The set of nodes exactly ``distance`` hops from ``source`` (BFS stopped at that depth)."""
    opts = resolve(options, emu=True)
    s = node_position(G, source, _missing(source))
    if not 0 <= distance < len(G) or distance != int(distance):  # NaN fails the first test
        return set()  # NetworkX's BFS never reaches a level equal to it
    distance = int(distance)
    if opts.execution == "emu":
        from nx_irreg.emu import depth_on_emu

        return node_set(G, np.flatnonzero(depth_on_emu(G, s) == distance))
    if opts.variant is None:
        order, _, level_end = bfs_order(G.graph, sources=[s], depth_limit=distance)
        if len(level_end) <= distance:
            return set()
        begin = 0 if distance == 0 else int(level_end[distance - 1])
        return node_set(G, order[begin : int(level_end[distance])])
    depth = bfs(
        G.with_tile_size(opts.tile_size), source=s, variant=opts.variant, isa=opts.isa,
        threads=opts.threads,
    ).depth
    return node_set(G, np.flatnonzero(depth == distance))

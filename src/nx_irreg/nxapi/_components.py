"""Components as NetworkX yields them: sets, in the order of their first node in ``G`` (connected,
weakly connected) or in the order a kernel gives them (strongly connected)."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg.graph.algorithms import SccOrder, bfs_components, strongly_connected_components, wcc
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.options import Options
from nx_irreg.versions import scc_whole_graph_exit


def check_directed(G: BackendGraph) -> None:
    """NetworkX's ``not_implemented_for("undirected")``."""
    if not G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for undirected type")


def strongly_connected(G: BackendGraph) -> SccOrder:
    """``G``'s strongly connected components in the installed NetworkX's order, each one's
    vertices in the order that NetworkX adds them to its set (probed: :mod:`nx_irreg.versions`)."""
    return strongly_connected_components(G.graph, whole_graph_exit=scc_whole_graph_exit())


def component_labels(G: BackendGraph, opts: Options) -> np.ndarray:
    """Per vertex the smallest vertex id of its component (afforest unless a variant is set)."""
    graph = G.with_tile_size(opts.tile_size)
    return wcc(graph, variant=opts.variant, isa=opts.isa, threads=opts.threads).label


def connected_sets(G: BackendGraph, opts: Options) -> Iterator[set]:
    """The (weakly) connected components as NetworkX yields them: in the order of their first
    node, each set built in NetworkX's BFS discovery order (so it iterates as NetworkX's does).
    With a ``variant``, that kernel labels the components and each set is built in node order."""
    if opts.variant is not None:
        yield from component_sets(G, component_labels(G, opts))
        return
    in_edges = G.predecessors() if G.is_directed() else None
    order, component_end = bfs_components(G.graph, in_edges)
    yield from ordered_sets(G, order, component_end)


def component_sets(G: BackendGraph, label: np.ndarray) -> Iterator[set]:
    # A component's label is its first vertex, which is NetworkX's order of components.
    order = np.argsort(label, kind="stable")
    starts = np.flatnonzero(np.diff(label[order], prepend=-1)).tolist()
    labels = G.labels(order)
    for begin, end in zip(starts, [*starts[1:], len(labels)][: len(starts)], strict=True):
        yield set(labels[begin:end])


def count_components(label: np.ndarray) -> int:
    return int(np.count_nonzero(label == np.arange(label.size)))


def ordered_sets(G: BackendGraph, order: np.ndarray, component_end: np.ndarray) -> Iterator[set]:
    """The labels of ``order[component_end[k - 1]:component_end[k]]`` as a set, for each ``k``.

    Each set is built in the order given, so it iterates as NetworkX's set built by adding the
    same nodes in that order does.
    """
    labels = G.labels(order)
    begin = 0
    for end in component_end.tolist():
        yield set(labels[begin:end])
        begin = end


def condensation_edges(G: BackendGraph, component: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct edges between different components (tails and heads as component numbers)."""
    offsets, targets, _ = G.graph.csr()
    tails = component[np.repeat(np.arange(len(G)), np.diff(offsets))]
    heads = component[targets]
    between = tails != heads
    pairs = np.unique(np.stack([tails[between], heads[between]], axis=1), axis=0)
    return pairs[:, 0], pairs[:, 1]

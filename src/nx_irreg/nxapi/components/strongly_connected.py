"""``networkx.algorithms.components.strongly_connected``: Tarjan's algorithm in NetworkX's order.

The C++ kernel runs NetworkX's own depth-first search (roots in node order, neighbours in
adjacency order), so the components come in NetworkX's order and each set is built by adding its
nodes in NetworkX's order; Kosaraju's form follows NetworkX's two passes the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import networkx as nx
import numpy as np

from irreg.graph.algorithms import SccOrder, kosaraju_components
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._components import check_directed, ordered_sets, strongly_connected
from nx_irreg.nxapi._lengths import missing_node, node_position
from nx_irreg.options import check_no_variant, resolve
from nx_irreg.versions import kosaraju_sets_in_preorder

__all__ = [
    "condensation",
    "is_strongly_connected",
    "kosaraju_strongly_connected_components",
    "number_strongly_connected_components",
    "strongly_connected_components",
]


def _check(function: str, G: BackendGraph, options: dict) -> None:
    check_directed(G)
    check_no_variant(function, options)
    resolve(options)


def _components(function: str, G: BackendGraph, options: dict) -> SccOrder:
    _check(function, G, options)
    return strongly_connected(G)


def strongly_connected_components(G: BackendGraph, **options: object) -> Iterator[set]:
    """Sets of nodes, one per strongly connected component, in NetworkX's order."""
    scc = _components("strongly_connected_components", G, options)
    yield from ordered_sets(G, scc.order, scc.component_end)


def kosaraju_strongly_connected_components(
    G: BackendGraph, source: object = None, **options: object
) -> Iterator[set]:
    """Sets of nodes, one per strongly connected component, in the order NetworkX's Kosaraju
    gives them (a depth-first postorder of the reversed graph in its predecessor order, then
    searches over the out-edges from the last finished node back); with ``source``, only the
    components its reversed search reaches first, as in NetworkX."""
    _check("kosaraju_strongly_connected_components", G, options)
    s = None if source is None else node_position(G, source, missing_node(G, source))
    order, component_end = kosaraju_components(
        G.graph, G.predecessors(), source=s, preorder=kosaraju_sets_in_preorder()
    )
    yield from ordered_sets(G, order, component_end)


def number_strongly_connected_components(G: BackendGraph, **options: object) -> int:
    """How many strongly connected components ``G`` has."""
    return len(_components("number_strongly_connected_components", G, options).component_end)


def is_strongly_connected(G: BackendGraph, **options: object) -> bool:
    """Whether ``G`` is one strongly connected component (the null graph raises, as in NetworkX)."""
    check_directed(G)
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("Connectivity is undefined for the null graph.")
    return len(_components("is_strongly_connected", G, options).component_end) == 1


def condensation(G: BackendGraph, scc: Iterable | None = None, **options: object) -> nx.DiGraph:
    """The DAG of ``G``'s strongly connected components, as ``networkx.condensation`` builds it.

    Node ``i`` is the ``i``-th component (``members``: its set of nodes), ``C.graph["mapping"]``
    maps each node of ``G`` to its component, and the edges between components come in the order
    of their first edge in ``G.edges()``. A given ``scc`` is taken as NetworkX takes it: each of
    its items becomes a component as it is (a node listed twice belongs to its last one), and an
    edge of ``G`` with a node it does not list raises ``KeyError``.
    """
    _check("condensation", G, options)
    mapping: dict = {}
    members: dict = {}
    C = nx.DiGraph()
    C.graph["mapping"] = mapping
    if len(G) == 0:
        return C
    found = strongly_connected(G) if scc is None else None
    if found is not None:
        scc = ordered_sets(G, found.order, found.component_end)
    for i, component in enumerate(scc):
        members[i] = component
        mapping.update((n, i) for n in component)
    if not members:
        # NetworkX counts the components by the last index enumerate gave, which it never set.
        raise UnboundLocalError("condensation: scc lists no components but G has nodes")
    C.add_nodes_from(range(len(members)))
    if found is not None:
        component_of = found.component
    else:
        component_of = np.fromiter((mapping.get(n, -1) for n in G.nodes), np.int64, len(G))
    C.add_edges_from(_component_edges(G, component_of, len(members)))
    nx.set_node_attributes(C, members, "members")
    return C


def _component_edges(
    G: BackendGraph, component_of: np.ndarray, count: int
) -> Iterator[tuple[int, int]]:
    """The distinct ``(component of u, component of v)`` over G's edges ``u -> v`` that join two
    of the ``count`` components, each at its first edge in ``G.edges()`` order (NetworkX's
    insertion order). A node without a component (-1) raises ``KeyError`` at its first edge,
    ``u`` before ``v``, as NetworkX's lookups do."""
    offsets, targets, _ = G.graph.csr()
    sources = np.repeat(np.arange(len(G)), np.diff(offsets))
    cu = component_of[sources].astype(np.int64)
    cv = component_of[targets].astype(np.int64)
    unmapped = np.flatnonzero((cu < 0) | (cv < 0))
    if unmapped.size:
        e = unmapped[0]
        missing = sources[e] if cu[e] < 0 else targets[e]
        raise KeyError(G.labels(np.array([missing]))[0])
    between = np.flatnonzero(cu != cv)
    _, first = np.unique(cu[between] * count + cv[between], return_index=True)
    kept = between[np.sort(first)]
    return zip(cu[kept].tolist(), cv[kept].tolist(), strict=True)

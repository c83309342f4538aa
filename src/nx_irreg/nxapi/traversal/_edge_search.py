"""What ``networkx.edge_bfs`` and ``edge_dfs`` share: start nodes, orientation and output."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from irreg.graph.algorithms import EDGE_ORIENTATIONS, edge_search
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._distances import node_bunch
from nx_irreg.options import check_no_variant, resolve

_WORDS = ("forward", "reverse")


def edges_in_order(function: str, G: BackendGraph, source: object, orientation: object,
                   options: dict, *, depth_first: bool) -> Iterator[tuple]:
    """NetworkX's edge search from the nodes of ``source`` (``G.nbunch_iter``'s rules): its
    checks in its order, then the edges as its tuples."""
    check_no_variant(function, options)
    resolve(options)
    nodes = node_bunch(G, source)
    if not nodes:
        return
    if G.is_multigraph():
        # can_run declines multigraphs; a direct call gets the reason.
        raise NotImplementedError(
            f"{function} yields a multigraph's edge keys, which irreg does not keep; NetworkX "
            "runs it"
        )
    if not G.is_directed() and orientation is not None:
        orientation = "original"  # NetworkX reads a graph's edges forward, whatever it is given
    if orientation not in EDGE_ORIENTATIONS:
        raise nx.NetworkXError("invalid orientation argument.")
    positions = [G.position(n) for n in nodes]
    reads_in_edges = G.is_directed() and orientation in ("reverse", "ignore")
    found = edge_search(G.graph, sources=positions, orientation=orientation,
                        depth_first=depth_first,
                        in_edges=G.predecessors() if reads_in_edges else None)
    tails, heads = G.labels(found.tail), G.labels(found.head)
    if orientation is None:
        yield from zip(tails, heads, strict=True)
        return
    words = [_WORDS[code] for code in found.label.tolist()]
    yield from zip(tails, heads, words, strict=True)

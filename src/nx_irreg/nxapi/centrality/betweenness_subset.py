"""``networkx.algorithms.centrality.betweenness_subset``: betweenness over the paths from
``sources`` to ``targets`` only, per node and per edge: NetworkX's subset accumulations in the
Brandes kernel, sources in chunks, the installed NetworkX's own rescaling."""

from __future__ import annotations

import numpy as np

from irreg.graph.algorithms import betweenness
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._distances import reversed_graph
from nx_irreg.nxapi.centrality.betweenness import _rescaling, edge_scores
from nx_irreg.nxapi.shortest_paths.weighted import counts_hops
from nx_irreg.options import chunk_options, resolve

__all__ = ["betweenness_centrality_subset", "edge_betweenness_centrality_subset"]


def _subset(G: BackendGraph, sources, targets, weight, edges: bool, options: dict):
    """The unscaled subset betweenness: each of ``sources`` in its order (a node not in ``G``
    raises ``KeyError``, as NetworkX's search does), ``targets`` in ``G`` counted."""
    opts = resolve(options)
    ids = []
    for node in sources:
        position = G.position(node)
        if position is None:
            raise KeyError(node)
        ids.append(position)
    wanted = [G.position(node) for node in set(targets)]
    return betweenness(G.graph, sources=np.array(ids, dtype=np.int64),
                       weighted=not counts_hops(G, weight), edges=edges,
                       targets=np.array([t for t in wanted if t is not None], dtype=np.int64),
                       reversed_graph=reversed_graph(G), variant=opts.variant, isa=opts.isa,
                       **chunk_options(opts))


def betweenness_centrality_subset(
    G: BackendGraph, sources, targets, normalized: bool = False, weight: str | None = None,
    **options: object,
) -> dict:
    """``{node: betweenness}`` over the shortest paths from ``sources`` to ``targets``."""
    scaling = _rescaling("betweenness_centrality_subset")
    found = _subset(G, sources, targets, weight, False, options)
    values = dict(zip(G.nodes, found.score.tolist(), strict=True))
    return scaling(values, len(G), normalized=normalized, directed=G.is_directed())


def edge_betweenness_centrality_subset(
    G: BackendGraph, sources, targets, normalized: bool = False, weight: str | None = None,
    **options: object,
) -> dict:
    """``{edge: betweenness}`` over the shortest paths from ``sources`` to ``targets``."""
    scaling = _rescaling("edge_betweenness_centrality_subset")
    found = _subset(G, sources, targets, weight, True, options)
    return scaling(edge_scores(G, found.edge_score), len(G), normalized=normalized,
                   directed=G.is_directed())

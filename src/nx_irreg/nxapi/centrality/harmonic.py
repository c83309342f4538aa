"""``networkx.algorithms.centrality.harmonic``: the sum of reciprocal distances from
``sources`` to each node of ``nbunch``. Hop counts: one bit-parallel multi-source BFS from the
sources (exact fixed-point sums); weighted, or a few nodes against many sources: a search per
node on the reversed graph counting only the sources."""

from __future__ import annotations

import numpy as np

from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._distances import (
    hop_sums,
    length_sums,
    node_bunch,
    positions,
    reversed_graph,
)
from nx_irreg.nxapi.shortest_paths.weighted import counts_hops
from nx_irreg.options import resolve

__all__ = ["harmonic_centrality"]

# A bit-parallel batch carries 512 searches for about the cost of a few single ones: below
# one node of nbunch per this many sources, a search per node costs less.
SOURCES_PER_NODE_SEARCH = 64


def harmonic_centrality(
    G: BackendGraph, nbunch: object = None, distance: str | None = None,
    sources: object = None, **options: object,
) -> dict:
    """``{node: sum of 1 / d(source, node)}`` over the sources other than the node (pairs at
    distance 0 skipped), keyed as NetworkX keys it (the set of ``nbunch``); 0 where no source
    reaches the node."""
    opts = resolve(options)
    targets = set(node_bunch(G, nbunch) if nbunch is not None else G.nodes)
    origins = set(node_bunch(G, sources) if sources is not None else G.nodes)
    centrality = dict.fromkeys(targets, 0)
    if not targets or not origins:
        return centrality
    target_ids = positions(G, list(targets))
    origin_ids = np.sort(positions(G, list(origins)))
    hops = counts_hops(G, distance)
    if hops and len(targets) * SOURCES_PER_NODE_SEARCH >= len(origins):
        values = hop_sums(G, opts, sources=origin_ids).harmonic[target_ids]
    else:
        counted = np.zeros(len(G), bool)
        counted[origin_ids] = True
        method = "unweighted" if hops else "dijkstra"
        values = length_sums(G, reversed_graph(G), target_ids, method, opts, counted).harmonic
    for node, value in zip(targets, values.tolist(), strict=True):
        if value != 0:  # NetworkX's int 0 stays where nothing was added
            centrality[node] = value
    return centrality

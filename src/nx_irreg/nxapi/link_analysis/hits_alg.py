"""``networkx.algorithms.link_analysis.hits_alg``: hubs and authorities by NetworkX's power
iteration (``method="power_iteration"``), both products pulled over the converted graph."""

from __future__ import annotations

import networkx as nx

from irreg.graph.algorithms.link_analysis import hits as irreg_hits
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._link_analysis import by_label, converging
from nx_irreg.options import resolve

__all__ = ["hits"]


def hits(
    G: BackendGraph, max_iter: int = 100, tol: float = 1.0e-8, nstart: dict | None = None,
    normalized: bool = True, **options: object,
) -> tuple[dict, dict]:
    """NetworkX's ``hits``: (hubs, authorities), dicts in ``G``'s node order."""
    opts = resolve(options)
    if len(G) == 0:
        return {}, {}
    start = None
    if nstart is not None:
        missing = set(G.nodes) - nstart.keys()
        if missing:
            raise nx.NetworkXError(f"nstart must have a value for every node; missing: {missing}")
        start = [nstart[node] for node in G.nodes]
        if sum(start) == 0:
            raise nx.NetworkXError("nstart values must not sum to zero")
    with converging(max_iter):
        found = irreg_hits(G.graph, max_iter=max_iter, tol=tol, nstart=start,
                           normalized=normalized, variant=opts.variant, isa=opts.isa,
                           threads=opts.threads)
    return by_label(G, found.hubs), by_label(G, found.authorities)

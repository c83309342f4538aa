"""``networkx.algorithms.centrality.eigenvector``: eigenvector centrality by NetworkX's power
iteration (``x <- (x + A^T x) / norm``), each product pulled over the converted graph."""

from __future__ import annotations

import networkx as nx

from irreg.graph.algorithms.link_analysis import eigenvector_centrality as irreg_eigenvector
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._link_analysis import converging, keyed_as, reads_weights, same_nodes
from nx_irreg.options import resolve

__all__ = ["eigenvector_centrality"]


def eigenvector_centrality(
    G: BackendGraph, max_iter: int = 100, tol: float = 1.0e-6, nstart: dict | None = None,
    weight: str | None = None, **options: object,
) -> dict:
    """NetworkX's ``eigenvector_centrality``: a dict in ``G``'s node order (``nstart``'s, if
    given)."""
    opts = resolve(options)
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("cannot compute centrality for the null graph")
    if nstart is not None:
        if all(v == 0 for v in nstart.values()):
            raise nx.NetworkXError("initial vector cannot have all zero values")
        same_nodes(G, nstart, "nstart")
    start = None if nstart is None else [nstart[node] for node in G.nodes]
    with converging(max_iter):
        found = irreg_eigenvector(G.graph, max_iter=max_iter, tol=tol, nstart=start,
                                  weighted=reads_weights(G, weight), variant=opts.variant,
                                  isa=opts.isa, threads=opts.threads)
    return keyed_as(G, nstart, found.value)

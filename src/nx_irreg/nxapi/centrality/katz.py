"""``networkx.algorithms.centrality.katz``: Katz centrality by NetworkX's power iteration,
each product pulled over the converted graph's in-edges."""

from __future__ import annotations

import networkx as nx

from irreg.graph.algorithms.link_analysis import katz_centrality as irreg_katz
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._link_analysis import converging, keyed_as, reads_weights, same_nodes
from nx_irreg.options import resolve

__all__ = ["katz_centrality"]


def katz_centrality(
    G: BackendGraph, alpha: float = 0.1, beta: object = 1.0, max_iter: int = 1000,
    tol: float = 1.0e-6, nstart: dict | None = None, normalized: bool = True,
    weight: str | None = None, **options: object,
) -> dict:
    """NetworkX's ``katz_centrality``: a dict in ``G``'s node order (``nstart``'s, if given)."""
    opts = resolve(options)
    if len(G) == 0:
        return {}
    if nstart is not None:
        same_nodes(G, nstart, "nstart")
    try:
        b: object = float(beta)  # type: ignore[arg-type]
    except (TypeError, ValueError, AttributeError) as err:
        if set(beta) != set(G.nodes):  # type: ignore[call-overload]
            raise nx.NetworkXError("beta dictionary must have a value for every node") from err
        b = [beta[node] for node in G.nodes]  # type: ignore[index]
    start = None if nstart is None else [nstart[node] for node in G.nodes]
    with converging(max_iter):
        found = irreg_katz(G.graph, alpha=alpha, beta=b, max_iter=max_iter, tol=tol,
                           nstart=start, normalized=normalized,
                           weighted=reads_weights(G, weight), variant=opts.variant,
                           isa=opts.isa, threads=opts.threads)
    return keyed_as(G, nstart, found.value)

"""``networkx.algorithms.link_analysis.pagerank_alg``: PageRank by power iteration over the
converted graph, pulled over the in-edges on every ISA and thread count (or, with ``variant=``,
the seed's PageRank program on the engine), stopping by NetworkX's rule so that the iteration
counts are NetworkX's and the values agree with its to rounding."""

from __future__ import annotations

from irreg.graph.algorithms.link_analysis import pagerank as irreg_pagerank
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._link_analysis import by_label, by_node, converging, reads_weights
from nx_irreg.options import resolve

__all__ = ["pagerank"]


def pagerank(
    G: BackendGraph, alpha: float = 0.85, personalization: dict | None = None,
    max_iter: int = 100, tol: float = 1.0e-6, nstart: dict | None = None,
    weight: str | None = "weight", dangling: dict | None = None, **options: object,
) -> dict:
    """NetworkX's ``pagerank``: a dict of ranks in ``G``'s node order."""
    opts = resolve(options)
    if len(G) == 0:
        return {}
    with converging(max_iter):
        found = irreg_pagerank(
            G.with_tile_size(opts.tile_size), alpha=alpha,
            personalization=by_node(G, personalization), max_iter=max_iter, tol=tol,
            nstart=by_node(G, nstart), dangling=by_node(G, dangling),
            weighted=reads_weights(G, weight), variant=opts.variant, isa=opts.isa,
            threads=opts.threads,
        )
    return by_label(G, found.value)

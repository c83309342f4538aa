"""Widest paths: a backend-only function with a NetworkX-style signature.

NetworkX has no widest-path function, so this one is called directly
(``nx_irreg.single_source_widest_path_length(G, source)``) and accepts a NetworkX graph: its
conversion is the backend's (:func:`nx_irreg.backend_graph.converted`), cached on ``G``.
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from nx_irreg.algorithms import sswp
from nx_irreg.backend_graph import converted
from nx_irreg.nxapi._lengths import node_position, ordered_by
from nx_irreg.options import resolve

__all__ = ["single_source_widest_path_length"]


def single_source_widest_path_length(
    G: object, source: object, weight: str | None = "weight", **options: object
) -> dict:
    """Width of the widest path from ``source`` to every reachable node.

    A path's width is its smallest edge weight; a node's width is the largest over paths to it
    (the bottleneck, or maximum-capacity, path). ``source`` itself has width ``inf``. Weights are
    read as by the shortest-path functions (``weight`` attribute, 1 where missing). Keys are in
    order of decreasing width (ties by node order). Raises ``NodeNotFound`` for a missing source.
    """
    opts = resolve(options)
    if not isinstance(G, nx.Graph) and not hasattr(G, "__networkx_backend__"):
        raise TypeError(f"expected a NetworkX graph, got {type(G).__name__}")
    graph = converted(G, weight)
    s = node_position(graph, source, nx.NodeNotFound(f"Source {source} is not in G"))
    width = sswp(
        graph.with_tile_size(opts.tile_size), source=s, variant=opts.variant, isa=opts.isa,
        threads=opts.threads,
    ).value
    order = ordered_by(-width, width > -np.inf)
    as_int = opts.weight_dtype == "int64" or (
        opts.weight_dtype == "auto" and graph.integral_weights
    )
    values = width[order].tolist()
    if as_int:
        values = [w if w == np.inf else int(w) for w in values]
    return dict(zip(graph.labels(order), values, strict=True))

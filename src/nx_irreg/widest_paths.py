"""Widest paths: a backend-only function with a NetworkX-style signature.

NetworkX has no widest-path function, so this one is called directly
(``nx_irreg.single_source_widest_path_length(G, source)``) and accepts a NetworkX graph: its
conversion is the backend's (:func:`nx_irreg.backend_graph.converted`), cached on ``G``.
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from irreg.graph.algorithms import dijkstra, sswp
from nx_irreg.backend_graph import BackendGraph, converted
from nx_irreg.nxapi._lengths import node_position, ordered_by
from nx_irreg.nxapi._paths import path_dict, path_to
from nx_irreg.options import check_no_variant, resolve

__all__ = ["single_source_widest_path", "single_source_widest_path_length", "widest_path"]


def _converted(G: object, weight: str | None) -> BackendGraph:
    if not isinstance(G, nx.Graph) and not hasattr(G, "__networkx_backend__"):
        raise TypeError(f"expected a NetworkX graph, got {type(G).__name__}")
    return converted(G, weight)


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
    graph = _converted(G, weight)
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


def single_source_widest_path(
    G: object, source: object, weight: str | None = "weight", **options: object
) -> dict:
    """``{node: path}``: a widest path from ``source`` to every reachable node.

    Keys are in :func:`single_source_widest_path_length`'s order (decreasing width, ties by node
    order) and each path's width is that node's width there. Among equally wide paths, the one
    a widest-first Dijkstra settles on (heap ties by push order, each node reached through the
    edge that last widened it), so the answer does not depend on ISA or threads. Each path is a
    new list, built in C++.
    """
    check_no_variant("single_source_widest_path", options)
    resolve(options)
    graph = _converted(G, weight)
    s = node_position(graph, source, nx.NodeNotFound(f"Source {source} is not in G"))
    found = dijkstra(graph.graph, sources=[s], widest=True)
    order = ordered_by(-found.value, found.value > -np.inf)
    return path_dict(graph, order, found.parent)


def widest_path(
    G: object, source: object, target: object, weight: str | None = "weight", **options: object
) -> list:
    """A widest path from ``source`` to ``target`` (the search stops once ``target`` settles);
    ``NetworkXNoPath`` when none exists, ``NodeNotFound`` for a missing node."""
    check_no_variant("widest_path", options)
    resolve(options)
    graph = _converted(G, weight)
    s = node_position(graph, source, nx.NodeNotFound(f"Source {source} is not in G"))
    t = node_position(graph, target, nx.NodeNotFound(f"Target {target} is not in G"))
    found = dijkstra(graph.graph, sources=[s], target=t, widest=True)
    if found.value[t] == -np.inf:
        raise nx.NetworkXNoPath(f"No path between {source} and {target}.")
    return path_to(graph, found.parent, t)

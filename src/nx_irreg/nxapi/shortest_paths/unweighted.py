"""``networkx.algorithms.shortest_paths.unweighted``: hop counts by breadth-first search."""

from __future__ import annotations

import math

import networkx as nx

from nx_irreg.algorithms import bfs, bfs_order
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import level_of_order, node_position, ordered_by
from nx_irreg.options import resolve

__all__ = ["single_source_shortest_path_length"]


def _depth_limit(cutoff: float | None) -> int | None:
    """The deepest level NetworkX yields: it goes one level further while ``cutoff > level``."""
    if cutoff is None or cutoff == math.inf:
        return None
    if math.isnan(cutoff) or cutoff <= 0:  # NetworkX: NaN > level is false, only the source
        return 0
    return math.ceil(cutoff)


def single_source_shortest_path_length(
    G: BackendGraph, source: object, cutoff: float | None = None, **options: object
) -> dict:
    """Hops from ``source`` to every reachable node, as NetworkX's dict (its order by default).

    With the default ``variant=None`` the ordered BFS gives NetworkX's key order; an engine
    variant (``"direction"``, ``"opt"``, ...) gives the same lengths ordered by hops, then node.
    """
    opts = resolve(options, emu=True)
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} is not in G"))
    limit = _depth_limit(cutoff)
    if opts.execution == "emu":
        from nx_irreg.emu import depth_on_emu

        depth = depth_on_emu(G, s)
        reached = depth >= 0 if limit is None else (depth >= 0) & (depth <= limit)
        order = ordered_by(depth, reached)
        return dict(zip(G.labels(order), depth[order].tolist(), strict=True))
    if opts.variant is None:
        order, _, level_end = bfs_order(G.graph, sources=[s], depth_limit=limit)
        return dict(zip(G.labels(order), level_of_order(level_end).tolist(), strict=True))
    depth = bfs(
        G.with_tile_size(opts.tile_size), source=s, variant=opts.variant, isa=opts.isa,
        threads=opts.threads,
    ).depth
    reached = depth >= 0 if limit is None else (depth >= 0) & (depth <= limit)
    order = ordered_by(depth, reached)
    return dict(zip(G.labels(order), depth[order].tolist(), strict=True))

"""``networkx.algorithms.shortest_paths.unweighted``: hops and paths by breadth-first search.

Every function follows NetworkX's queue order (the ordered BFS over rows in adjacency order;
single-target searches over the predecessor index in ``G._pred``'s order), so dicts, their key
order and the path chosen among equally short ones are NetworkX's.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import networkx as nx
import numpy as np

from irreg import _core
from irreg.graph import IrregGraph
from irreg.graph.algorithms import bfs, bfs_order, bidirectional_search
from irreg.graph.algorithms.many_sources import bfs_lengths
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import level_of_order, node_position, ordered_by
from nx_irreg.nxapi._many_sources import per_source
from nx_irreg.nxapi._paths import lazy_lengths, lazy_paths, path_dict
from nx_irreg.options import Options, check_no_variant, resolve
from nx_irreg.versions import single_target_lengths_are_iterator

__all__ = [
    "all_pairs_shortest_path",
    "all_pairs_shortest_path_length",
    "bidirectional_shortest_path",
    "predecessor",
    "single_source_shortest_path",
    "single_source_shortest_path_length",
    "single_target_shortest_path",
    "single_target_shortest_path_length",
]


def depth_limit(cutoff: float | None) -> int | None:
    """The deepest level NetworkX yields: it goes one level further while ``cutoff > level``."""
    if cutoff is None or cutoff == math.inf:
        return None
    if math.isnan(cutoff) or cutoff <= 0:  # NetworkX: NaN > level is false, only the source
        return 0
    return math.ceil(cutoff)


def hop_dict(G: BackendGraph, graph: IrregGraph, sources: list[int], cutoff: float | None) -> dict:
    """``{label: hops}`` in NetworkX's BFS order over ``graph`` (forward or predecessors)."""
    order, _, level_end = bfs_order(graph, sources=sources, depth_limit=depth_limit(cutoff))
    return _core.label_dict(order, level_of_order(level_end), G.nodes, G.label_hashes)


def hop_paths(
    G: BackendGraph, graph: IrregGraph, source: int, cutoff: float | None, *, toward_root: bool
) -> dict:
    """``{label: path}`` of NetworkX's BFS tree over ``graph`` from ``source``."""
    order, parent, _ = bfs_order(graph, sources=[source], depth_limit=depth_limit(cutoff))
    return path_dict(G, order, parent, toward_root=toward_root)


def single_source_shortest_path_length(
    G: BackendGraph, source: object, cutoff: float | None = None, **options: object
) -> dict:
    """Hops from ``source`` to every reachable node, as NetworkX's dict (its order by default).

    With the default ``variant=None`` the ordered BFS gives NetworkX's key order; an engine
    variant (``"direction"``, ``"opt"``, ...) gives the same lengths ordered by hops, then node.
    """
    opts = resolve(options, emu=True)
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} is not in G"))
    limit = depth_limit(cutoff)
    if opts.execution == "emu":
        from nx_irreg.emu import depth_on_emu

        depth = depth_on_emu(G, s)
    elif opts.variant is None:
        return hop_dict(G, G.graph, [s], cutoff)
    else:
        depth = bfs(
            G.with_tile_size(opts.tile_size), source=s, variant=opts.variant, isa=opts.isa,
            threads=opts.threads,
        ).depth
    reached = depth >= 0 if limit is None else (depth >= 0) & (depth <= limit)
    order = ordered_by(depth, reached)
    return dict(zip(G.labels(order), depth[order].tolist(), strict=True))


def single_target_shortest_path_length(
    G: BackendGraph, target: object, cutoff: float | None = None, **options: object
) -> dict | Iterator[tuple]:
    """Hops from every node that reaches ``target``, in NetworkX's order (BFS over the
    predecessors in ``G._pred``'s order): a dict, or on NetworkX 3.4 an iterator of pairs."""
    check_no_variant("single_target_shortest_path_length", options)
    resolve(options)
    t = node_position(G, target, nx.NodeNotFound(f"Target {target} is not in G"))
    lengths = hop_dict(G, G.predecessors(), [t], cutoff)
    as_iterator, warned = single_target_lengths_are_iterator()
    if not as_iterator:
        return lengths
    if warned is not None:  # NetworkX 3.4: (node, length) pairs, with its FutureWarning
        warned.warn(stacklevel=3)
    return (pair for pair in lengths.items())


def single_source_shortest_path(
    G: BackendGraph, source: object, cutoff: float | None = None, **options: object
) -> dict:
    """``{node: path}`` from ``source`` along NetworkX's BFS tree, in its discovery order; only
    paths of at most ``cutoff`` edges. The lists are built in C++ from the parent array."""
    check_no_variant("single_source_shortest_path", options)
    resolve(options)
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} not in G"))
    return hop_paths(G, G.graph, s, cutoff, toward_root=False)


def single_target_shortest_path(
    G: BackendGraph, target: object, cutoff: float | None = None, **options: object
) -> dict:
    """``{node: path to target}`` for every node that reaches ``target``, in NetworkX's order."""
    check_no_variant("single_target_shortest_path", options)
    resolve(options)
    t = node_position(G, target, nx.NodeNotFound(f"Target {target} not in G"))
    return hop_paths(G, G.predecessors(), t, cutoff, toward_root=True)


def bidirectional_path(G: BackendGraph, source: object, target: object) -> list:
    """NetworkX's ``bidirectional_shortest_path``: both ends' BFS fringes grow, the smaller
    first, until they meet; ``NetworkXNoPath`` if they never do."""
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} is not in G"))
    t = node_position(G, target, nx.NodeNotFound(f"Target {target} is not in G"))
    found = bidirectional_search(G.graph, G.predecessors(), source=s, target=t, method="bfs")
    if not found.path.size:
        raise nx.NetworkXNoPath(f"No path between {source} and {target}.")
    return G.labels(found.path)


def bidirectional_shortest_path(
    G: BackendGraph, source: object, target: object, **options: object
) -> list:
    """A shortest path from ``source`` to ``target``: the one NetworkX's bidirectional BFS
    finds, searched from both ends in C++."""
    check_no_variant("bidirectional_shortest_path", options)
    resolve(options)
    return bidirectional_path(G, source, target)


def _hop_chunks(
    G: BackendGraph, cutoff: float | None, opts: Options, *, parents: bool
) -> Iterator[tuple[int, tuple[np.ndarray, np.ndarray, np.ndarray]]]:
    return per_source(G, bfs_lengths, opts, depth_limit=depth_limit(cutoff), parents=parents)


def all_pairs_shortest_path_length(
    G: BackendGraph, cutoff: float | None = None, **options: object
) -> Iterator[tuple]:
    """``(node, {node: hops})`` for every node in ``G``'s order, as NetworkX yields them.

    Sources run in chunks on the thread pool (``threads``) or on Dask (``scheduler``), a
    bounded number ahead of the caller; each dict is a :class:`~nx_irreg.nxapi._paths.LazyDict`
    made into Python objects only when the caller looks into it.
    """
    check_no_variant("all_pairs_shortest_path_length", options)
    opts = resolve(options)
    for s, (order, hops, _) in _hop_chunks(G, cutoff, opts, parents=False):
        yield G.nodes[s], lazy_lengths(G, order, hops, opts, True)


def all_pairs_shortest_path(
    G: BackendGraph, cutoff: float | None = None, **options: object
) -> Iterator[tuple]:
    """``(node, {node: path})`` for every node in ``G``'s order, NetworkX's BFS-tree paths;
    chunked and lazy as :func:`all_pairs_shortest_path_length`."""
    check_no_variant("all_pairs_shortest_path", options)
    opts = resolve(options)
    for s, (order, _, parent) in _hop_chunks(G, cutoff, opts, parents=True):
        yield G.nodes[s], lazy_paths(G, order, parent)


def _predecessor_limit(cutoff: object) -> int | None:
    """NetworkX's ``predecessor`` stops after the level where ``cutoff <= level``, a falsy
    cutoff meaning none."""
    if not cutoff or (isinstance(cutoff, float) and math.isnan(cutoff)):
        return None
    return max(1, math.ceil(cutoff))


def equal_level_predecessors(G: BackendGraph, source: int, cutoff: object = None):
    """NetworkX's ``predecessor`` lists: for every node its predecessors one level closer to
    ``source``, in BFS order (its first discoverer first). Returns ``(order, level, starts,
    counts, tails)``: node ``v``'s list is ``tails[starts[v]:starts[v] + counts[v]]``."""
    order, _, level_end = bfs_order(G.graph, sources=[source],
                                    depth_limit=_predecessor_limit(cutoff))
    n = len(G)
    rank = np.full(n, -1, dtype=np.int64)
    rank[order] = np.arange(len(order))
    level = np.full(n, -1, dtype=np.int64)
    level[order] = level_of_order(level_end)
    offsets, targets, _ = G.graph.csr()
    tails = np.repeat(np.arange(n), np.diff(offsets))
    keep = (rank[tails] >= 0) & (rank[targets] >= 0) & (level[targets] == level[tails] + 1)
    tails, heads = tails[keep], targets[keep]
    by_head = np.lexsort((rank[tails], rank[heads]))  # per head, tails in BFS order
    tails, heads = tails[by_head], heads[by_head]
    counts = np.bincount(heads, minlength=n)
    starts = np.zeros(n, dtype=np.int64)  # the heads' runs come in BFS order
    starts[order] = np.concatenate(([0], np.cumsum(counts[order])[:-1])) if len(order) else []
    return order, level, starts, counts, tails.astype(np.int32)


def predecessor(
    G: BackendGraph, source: object, target: object = None, cutoff: object = None,
    return_seen: object = None, **options: object,
):
    """NetworkX's ``predecessor``: every node's predecessors on shortest paths from ``source``
    (BFS order), optionally with the levels (``return_seen``) or for one ``target``."""
    check_no_variant("predecessor", options)
    resolve(options)
    s = node_position(G, source, nx.NodeNotFound(f"Source {source} not in G"))
    order, level, starts, counts, tails = equal_level_predecessors(G, s, cutoff)
    labels = G.labels(tails)
    if target is not None:
        t = G.position(target)
        if t is None or level[t] < 0:
            return ([], -1) if return_seen else []
        found = labels[starts[t] : starts[t] + counts[t]]
        return (found, int(level[t])) if return_seen else found
    pred = {node: labels[a : a + c] for node, a, c in
            zip(G.labels(order), starts[order].tolist(), counts[order].tolist(), strict=True)}
    if return_seen:
        return pred, _core.label_dict(order, level[order], G.nodes, G.label_hashes)
    return pred

"""Betweenness centrality by Brandes: a search from each source and its dependencies summed per
vertex (:mod:`graph/brandes.hpp`). The sources are cut into chunks of a fixed size, each one C++
call that releases the GIL; the chunks run on threads or Dask workers
(:func:`irreg.source_chunks.map_chunks`) and are added in chunk order, so the sums, grouped the
same way whatever runs them, are the same to the bit at every thread count.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.graph.algorithms._run import RunStats, check_graph, chunked_stats
from irreg.graph.irreg_graph import IrregGraph
from irreg.source_chunks import map_chunks
from irreg.threads import resolve_threads

__all__ = ["BETWEENNESS_CHUNK", "Betweenness", "betweenness", "reversed_edges"]

BETWEENNESS_CHUNK = 32
"""Sources per chunk, whatever the thread count (the grouping of the sums must not change)."""


class Betweenness(NamedTuple):
    """Sums over the sources of the pairs' shares of shortest paths (ordered pairs, unscaled:
    NetworkX's values before its ``_rescale``): ``score`` per vertex (float64; zeros with
    ``edges``), ``edge_score`` per edge of ``graph.csr()`` in its order (float64; empty
    without ``edges``)."""

    score: np.ndarray
    edge_score: np.ndarray
    stats: RunStats


def reversed_edges(graph: IrregGraph) -> IrregGraph:
    """The graph with every edge reversed, weights kept (the graph itself when undirected)."""
    g = check_graph(graph)
    if not g.directed:
        return g
    offsets, targets, weights = g.csr()
    tails = np.repeat(np.arange(g.n), np.diff(offsets))
    return IrregGraph.from_edges(targets, tails, weights if g.weighted else None, n=g.n,
                                 directed=True)


def _chunk(graphs: tuple[IrregGraph, IrregGraph], sources: Sequence[int], *, weighted: bool,
           endpoints: bool, edges: bool, targets: np.ndarray | None, variant: str):
    graph, reversed_graph = graphs
    return _core.betweenness(graph._core, reversed_graph._core, list(sources), weighted,
                             endpoints, edges, targets, variant)


def _forward_order(graph: IrregGraph, reverse: IrregGraph) -> np.ndarray:
    """For each edge ``u -> v`` of ``graph.csr()``, the position of ``v -> u`` in
    ``reverse.csr()`` (the same edge, reversed)."""
    n = graph.n
    offsets, targets, _ = graph.csr()
    rev_offsets, rev_targets, _ = reverse.csr()
    forward = targets.astype(np.int64) * n + np.repeat(np.arange(n), np.diff(offsets))
    backward = np.repeat(np.arange(n, dtype=np.int64), np.diff(rev_offsets)) * n + rev_targets
    by_key = np.argsort(backward, kind="stable")
    return by_key[np.searchsorted(backward[by_key], forward)]


def betweenness(
    graph: IrregGraph,
    *,
    sources: Sequence[int] | np.ndarray | None = None,
    weighted: bool = False,
    endpoints: bool = False,
    edges: bool = False,
    targets: Sequence[int] | np.ndarray | None = None,
    reversed_graph: IrregGraph | None = None,
    variant: str | None = None,
    isa: str | None = None,
    threads: int | None = None,
    scheduler: object = None,
) -> Betweenness:
    """Brandes' betweenness from ``sources`` (default every vertex), unscaled.

    ``weighted``: shortest paths by the weights (NetworkX's Dijkstra and its tie rule), else
    by hops. ``endpoints``: count the pairs' ends too (NetworkX's ``endpoints=True``).
    ``edges``: the shares per edge (``edge_score``) instead of per vertex. ``targets``: only
    the paths to these vertices count (NetworkX's ``*_subset`` functions).
    ``reversed_graph``: the edges reversed with their weights (built when not given and needed:
    weighted, per edge or over a subset; the NetworkX backend passes its predecessor graph).
    ``isa`` is checked and reported only: the searches are scalar.
    """
    g = check_graph(graph)
    started = time.perf_counter()
    if not weighted and not edges and targets is None:
        reverse = g  # the plain accumulation reads successors, never the reversed edges
    else:
        reverse = reversed_edges(g) if reversed_graph is None else check_graph(reversed_graph)
    ids = np.arange(g.n) if sources is None else np.asarray(sources, dtype=np.int64).ravel()
    chunks = -(-len(ids) // BETWEENNESS_CHUNK)
    workers = max(1, min(resolve_threads(threads), chunks))  # no pool for a single chunk
    wanted = None if targets is None else np.asarray(targets, dtype=np.int64).ravel()
    chunk = functools.partial(_chunk, weighted=bool(weighted), endpoints=bool(endpoints),
                              edges=bool(edges), targets=wanted, variant=variant or "")
    score = np.zeros(g.n)
    edge_score = np.zeros(g.num_edges if edges else 0)
    supersteps = active_edges = 0
    for part in map_chunks(chunk, (g, reverse), ids, threads=workers,
                           chunk_size=BETWEENNESS_CHUNK, scheduler=scheduler):
        score += part.score
        edge_score += part.edge_score
        supersteps += part.stats["supersteps"]
        active_edges += part.stats["active_edges"]
    stats = chunked_stats("betweenness", variant, isa, supersteps=supersteps,
                          active_edges=active_edges, seconds=time.perf_counter() - started,
                          threads=workers)
    if edges:
        edge_score = edge_score[_forward_order(g, reverse)]
    return Betweenness(score, edge_score, stats)

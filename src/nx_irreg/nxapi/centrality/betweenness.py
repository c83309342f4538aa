"""``networkx.algorithms.centrality.betweenness``: Brandes' betweenness from every node, or
from the ``k`` nodes NetworkX samples with the same ``seed``; each source's search and
accumulation as NetworkX's (:mod:`irreg.graph.algorithms.centrality`), sources in chunks on
threads or Dask, and the installed NetworkX's own rescaling."""

from __future__ import annotations

import networkx as nx
import numpy as np

from irreg.graph.algorithms import betweenness
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._distances import positions, reversed_graph
from nx_irreg.nxapi.shortest_paths.weighted import counts_hops
from nx_irreg.options import chunk_options, resolve
from nx_irreg.versions import betweenness_rescaling

__all__ = ["betweenness_centrality", "edge_betweenness_centrality"]


def _rescaling(name: str):
    scaling = betweenness_rescaling(name)
    if scaling is None:  # can_run declines; a direct call says why
        raise NotImplementedError(
            f"the installed NetworkX rescales {name} in a way irreg does not know")
    return scaling


def _sampled(G: BackendGraph, k: int | None, seed: object) -> list | None:
    """The nodes NetworkX samples with ``seed`` (``seed.sample(list(G.nodes()), k)``), None
    without ``k``."""
    if k is None:
        return None
    state = seed if hasattr(seed, "sample") else nx.utils.create_py_random_state(seed)
    return state.sample(list(G.nodes), k)


def _from_sources(G: BackendGraph, name: str, k: int | None, weight: object, seed: object,
                  options: dict, **kind: bool):
    """``(unscaled sums, NetworkX's rescaling, k, sampled nodes)`` of ``name`` from every node
    or the ``k`` NetworkX samples (``kind``: ``endpoints=`` or ``edges=``)."""
    opts = resolve(options)
    scaling = _rescaling(name)
    if k == len(G) and scaling.k_of_all_is_none:
        k = None
    sampled = _sampled(G, k, seed)
    sources = np.arange(len(G)) if sampled is None else positions(G, sampled)
    found = betweenness(G.graph, sources=sources, weighted=not counts_hops(G, weight),
                        reversed_graph=reversed_graph(G), variant=opts.variant, isa=opts.isa,
                        **kind, **chunk_options(opts))
    return found, scaling, k, sampled


def edge_scores(G: BackendGraph, score: np.ndarray) -> dict:
    """``{edge: share}`` keyed as ``G.edges()`` (``score`` per edge of ``G``'s CSR): an
    undirected edge's key is its first appearance (the row of the earlier node) and its share
    adds both directions."""
    offsets, targets, _ = G.graph.csr()
    n = len(G)
    rows = np.repeat(np.arange(n), np.diff(offsets))
    keys = np.arange(len(rows))
    if not G.is_directed():  # both directions of {u, v} onto its key (u, v), u first in G
        keys = np.flatnonzero(targets >= rows)
        pair = np.minimum(rows, targets).astype(np.int64) * n + np.maximum(rows, targets)
        sorter = np.argsort(pair[keys], kind="stable")
        key_of_slot = sorter[np.searchsorted(pair[keys], pair, sorter=sorter)]
        summed = np.zeros(len(keys))
        np.add.at(summed, key_of_slot, score)
        score = np.zeros(len(rows))
        score[keys] = summed
    tails, heads = G.labels(rows[keys]), G.labels(targets[keys])
    return dict(zip(zip(tails, heads, strict=True), score[keys].tolist(), strict=True))


def betweenness_centrality(
    G: BackendGraph, k: int | None = None, normalized: bool = True, weight: str | None = None,
    endpoints: bool = False, seed: object = None, **options: object,
) -> dict:
    """``{node: betweenness}`` in ``G``'s order, scaled as the installed NetworkX scales it."""
    found, scaling, k, sampled = _from_sources(G, "betweenness_centrality", k, weight, seed,
                                               options, endpoints=bool(endpoints))
    values = dict(zip(G.nodes, found.score.tolist(), strict=True))
    return scaling(values, len(G), normalized=normalized, directed=G.is_directed(),
                   endpoints=endpoints, k=k, sampled=sampled)


def edge_betweenness_centrality(
    G: BackendGraph, k: int | None = None, normalized: bool = True, weight: str | None = None,
    seed: object = None, **options: object,
) -> dict:
    """``{edge: betweenness}`` keyed as ``G.edges()``, scaled as the installed NetworkX scales
    it (multigraphs, whose keys share an edge's value, are declined by ``can_run``)."""
    found, scaling, k, sampled = _from_sources(G, "edge_betweenness_centrality", k, weight, seed,
                                               options, edges=True)
    return scaling(edge_scores(G, found.edge_score), len(G), normalized=normalized,
                   directed=G.is_directed(), k=k, sampled=sampled)

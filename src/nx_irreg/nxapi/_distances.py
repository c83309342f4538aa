"""Hops or distances from many sources, summed per node: what closeness and harmonic
centrality, the eccentricities, the Wiener index and the average shortest path length share.

Hop counts come from :func:`irreg.graph.algorithms.distance_sums` (the bit-parallel
multi-source BFS, exact sums); weighted lengths from a Dijkstra per source, summed per source in
chunks (:func:`irreg.graph.algorithms.many_sources.summed_lengths`). Either way the chunks run on
the thread pool or on Dask (:func:`nx_irreg.options.chunk_options`) and no n x n array is made.
"""

from __future__ import annotations

import functools

import networkx as nx
import numpy as np

from irreg.graph import IrregGraph
from irreg.graph.algorithms import DistanceSums, distance_sums
from irreg.graph.algorithms.many_sources import LengthSums, summed_lengths
from irreg.source_chunks import map_chunks
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._many_sources import chunk_size
from nx_irreg.options import Options, chunk_options
from nx_irreg.versions import networkx_answer

# Below this many sources a queue BFS each costs less than a bit-parallel batch, whose
# bottom-up levels read every open in-edge whatever the number of searches in it.
FEW_SOURCES = 16


def answer_for_null_graph(name: str, G: BackendGraph, **arguments: object) -> object:
    """NetworkX's own answer (or exception) for ``name`` on the null graph of ``G``'s kind:
    releases differ there (an exception in one, an empty result in another)."""
    kind = {
        (False, False): nx.Graph,
        (True, False): nx.DiGraph,
        (False, True): nx.MultiGraph,
        (True, True): nx.MultiDiGraph,
    }[G.is_directed(), G.is_multigraph()]
    return networkx_answer(name, kind(), **arguments)


class _NodeDicts:
    """What NetworkX's ``Graph.nbunch_iter`` reads of a graph: its node and adjacency dicts
    (keys only) and its ``in``."""

    def __init__(self, G: BackendGraph) -> None:
        self._node = self._adj = dict.fromkeys(G.nodes)

    def __contains__(self, node: object) -> bool:
        try:
            return node in self._node
        except TypeError:
            return False


def node_bunch(G: BackendGraph, nbunch: object) -> list:
    """The nodes ``G.nbunch_iter(nbunch)`` yields, by the installed NetworkX's own rules and
    errors (a single node, or the nodes of a container that are in ``G``)."""
    if nbunch is None:
        return list(G.nodes)
    return list(nx.Graph.nbunch_iter(_NodeDicts(G), nbunch))


def positions(G: BackendGraph, nodes: list) -> np.ndarray:
    return np.fromiter((G.position(node) for node in nodes), dtype=np.int64, count=len(nodes))


def reversed_graph(G: BackendGraph) -> IrregGraph:
    """``G`` with every edge reversed (itself when undirected): searches on it find the lengths
    *to* their source."""
    return G.predecessors() if G.is_directed() else G.graph


def hop_sums(
    G: BackendGraph, opts: Options, *, sources: np.ndarray | None = None,
    per_vertex: bool = True,
) -> DistanceSums:
    """Hops from ``sources`` (default every node) summed per node (:class:`DistanceSums`)."""
    count = len(G) if sources is None else len(sources)
    variant = opts.variant or ("per-source" if count < FEW_SOURCES else None)
    return distance_sums(G.graph, sources=sources, per_vertex=per_vertex, variant=variant,
                         isa=opts.isa, **chunk_options(opts))


def length_sums(
    G: BackendGraph, graph: IrregGraph, sources: np.ndarray, method: str, opts: Options,
    targets: np.ndarray | None = None,
) -> LengthSums:
    """Per source, its lengths on ``graph`` by ``method`` summed (:class:`LengthSums`; the
    vertices counted: ``targets``). A contradiction of Dijkstra's (a negative weight) raises
    NetworkX's ``ValueError``."""
    chunk = functools.partial(summed_lengths, method=method, targets=targets)
    parts = []
    for sums in map_chunks(chunk, graph, sources, chunk_size=chunk_size(len(G)),
                           **chunk_options(opts)):
        if sums.failed_at >= 0:
            raise ValueError("Contradictory paths found:", "negative weights?")
        parts.append(sums)
    if not parts:
        return LengthSums(np.zeros(0), np.zeros(0, np.int64), -1, np.zeros(0), np.zeros(0))
    return LengthSums(
        np.concatenate([p.total for p in parts]),
        np.concatenate([p.reached for p in parts]),
        -1,
        np.concatenate([p.harmonic for p in parts]),
        np.concatenate([p.farthest for p in parts]),
    )

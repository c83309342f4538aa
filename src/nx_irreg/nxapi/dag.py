"""``networkx.algorithms.dag``: topological order by Kahn's algorithm, in NetworkX's order."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from nx_irreg.algorithms import GraphCycleError, topological_order
from nx_irreg.algorithms import topological_generations as engine_generations
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.options import check_no_variant, resolve

__all__ = ["is_directed_acyclic_graph", "topological_generations", "topological_sort"]


def topological_generations(G: BackendGraph, **options: object) -> Iterator[list]:
    """Lists of nodes by generation (Kahn in C++, NetworkX's order).

    As in NetworkX, the generations before a cycle are yielded, then ``NetworkXUnfeasible``.
    """
    check_no_variant("topological_generations", options)
    resolve(options)
    if not G.is_directed():
        raise nx.NetworkXError("Topological sort not defined on undirected graphs.")
    order, generation_end, complete = topological_order(G.graph)
    labels = G.labels(order)
    begin = 0
    for end in generation_end.tolist():
        yield labels[begin:end]
        begin = end
    if not complete:
        raise nx.NetworkXUnfeasible("Graph contains a cycle or graph changed during iteration")


def topological_sort(G: BackendGraph, **options: object) -> Iterator:
    """Nodes in topological order: the generations of ``topological_generations`` in turn."""
    for generation in topological_generations(G, **options):
        yield from generation


def is_directed_acyclic_graph(G: BackendGraph, **options: object) -> bool:
    """Whether ``G`` is directed and has no cycle (Kahn; an engine variant when one is set)."""
    opts = resolve(options)
    if not G.is_directed():
        return False
    if opts.variant is None:
        return topological_order(G.graph).complete
    try:
        engine_generations(G.with_tile_size(opts.tile_size), variant=opts.variant,
                           isa=opts.isa, threads=opts.threads)
    except GraphCycleError:
        return False
    return True

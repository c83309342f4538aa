"""The ``irreg`` NetworkX backend object (entry point ``networkx.backends``).

Its functions are the ``__all__`` of the :mod:`nx_irreg.nxapi` modules, not a list kept here.
NetworkX calls ``can_run`` (may irreg run these arguments?), ``should_run`` (is the graph big
enough to pay for converting it?), ``convert_from_nx`` / ``convert_to_nx``, and, when its own
test suite runs against the backend, ``on_start_tests``.
"""

from __future__ import annotations

import functools
import inspect
import numbers

from nx_irreg.backend_graph import BackendGraph, from_networkx, to_networkx
from nx_irreg.nxapi import networkx_modules
from nx_irreg.options import configured

__all__ = ["MIN_EDGES_TO_CONVERT", "BackendInterface", "backend_interface"]

# Below this many edges NetworkX's Python loop finishes before conversion would pay for itself.
MIN_EDGES_TO_CONVERT = 2000

# Functions whose NetworkX loop is cheaper than converting the graph (irreg bench nx: NetworkX's
# is_directed_acyclic_graph stops at the first generation that finds no source, while conversion
# walks every edge); under backend_priority they run in irreg only on an already converted graph.
CHEAPER_THAN_CONVERSION = frozenset({"is_directed_acyclic_graph"})

# NetworkX tests the backend cannot pass, each with the reason (see on_start_tests).
KNOWN_FAILURES: dict[tuple[str, str], str] = {
    ("test_dag", "test_topological_sort6"): (
        "NetworkX raises RuntimeError when G changes while topological_sort is being iterated; "
        "irreg iterates the converted graph, which does not see later changes to G"
    ),
}


@functools.cache
def _signature(name: str) -> inspect.Signature:
    return inspect.signature(getattr(BackendInterface, name))


def _arguments(name: str, args: tuple, kwargs: dict) -> dict:
    # can_run and should_run run on every dispatched call: the signature is read once per name.
    try:
        bound = _signature(name).bind(*args, **kwargs)
    except TypeError:
        return {}
    return bound.arguments


class BackendInterface:
    """Dispatch target of ``backend="irreg"``; one attribute per supported NetworkX function."""

    @staticmethod
    def convert_from_nx(
        G,
        edge_attrs=None,
        node_attrs=None,
        preserve_edge_attrs=False,
        preserve_node_attrs=False,
        preserve_graph_attrs=False,
        name=None,
        graph_name=None,
    ):
        if isinstance(G, BackendGraph):
            return G
        if preserve_edge_attrs is True or (edge_attrs is not None and len(edge_attrs) > 1):
            raise NotImplementedError("irreg keeps one numeric edge attribute, not all of them")
        if node_attrs or preserve_node_attrs:
            raise NotImplementedError("irreg keeps no node attributes")
        weight, default = next(iter(edge_attrs.items())) if edge_attrs else (None, 1)
        options = configured()
        return from_networkx(
            G,
            weight,
            default,
            tile_size=options.get("tile_size"),
            isa=options.get("isa"),
            graph_attrs=bool(preserve_graph_attrs),
        )

    @staticmethod
    def convert_to_nx(obj, *, name=None):
        return to_networkx(obj) if isinstance(obj, BackendGraph) else obj

    @staticmethod
    def can_run(name, args, kwargs):
        arguments = _arguments(name, args, kwargs)
        if callable(arguments.get("weight")):
            return "a callable weight runs Python per edge; irreg reads one edge attribute"
        if arguments.get("sort_neighbors") is not None:
            return "sort_neighbors calls Python per node; irreg follows adjacency order"
        if name in ("dag_longest_path", "dag_longest_path_length"):
            if arguments.get("topo_order") is not None:
                return "a given topo_order is iterated as given; NetworkX runs it"
            G = arguments.get("G")
            if G is not None and G.is_multigraph():
                return "dag_longest_path takes the largest of parallel edges, irreg the smallest"
        if str(arguments.get("method", "")).startswith("floyd-warshall"):
            return "the Floyd-Warshall methods run in NetworkX"
        if arguments.get("neighbors") is not None:
            return "a neighbors function calls Python per node; irreg follows G.neighbors"
        if name.startswith("dfs_") and not isinstance(
            arguments.get("depth_limit", 0), numbers.Real | None
        ):
            return "NetworkX compares a non-number depth_limit only once it finds a node"
        if name == "lexicographical_topological_sort" and arguments.get("key") is not None:
            return "a key function calls Python per node; irreg orders by the labels themselves"
        return True

    @staticmethod
    def should_run(name, args, kwargs):
        G = _arguments(name, args, kwargs).get("G")
        if G is None or isinstance(G, BackendGraph):
            return True
        if (getattr(G, "__networkx_cache__", None) or {}).get("backends", {}).get("irreg"):
            return True  # already converted
        if name in CHEAPER_THAN_CONVERSION:
            return f"NetworkX's {name} costs less than converting the graph"
        if len(G) >= MIN_EDGES_TO_CONVERT:
            return True
        edges = sum(map(len, G._adj.values()))
        if edges < MIN_EDGES_TO_CONVERT:
            return f"the graph has {edges} adjacency entries: too few to pay for conversion"
        return True

    @staticmethod
    def on_start_tests(items):
        import pytest

        for item in items:
            key = (item.module.__name__.rsplit(".", 1)[-1], item.name)
            if key in KNOWN_FAILURES:
                item.add_marker(pytest.mark.xfail(reason=KNOWN_FAILURES[key]))


# Functions where NetworkX adds a None weight (and raises TypeError) rather than skip the edge.
ADD_EVERY_WEIGHT = ("bellman_ford", "negative_edge_cycle", "find_negative_cycle", "dag_longest")


def _refusing_hidden_edges(name: str, function):
    """``function``, raising ``NotImplementedError`` (NetworkX then runs the call where it may
    fall back) on a conversion that left out edges whose weight is None, unless the call skips
    them as NetworkX's weighted searches do: NetworkX's cache hands an unweighted call any
    weighted conversion, and BFS over it would miss those edges; Bellman-Ford and the DAG paths
    add every weight, so NetworkX raises on them."""
    parameters = inspect.signature(function).parameters
    weighted = "weight" in parameters
    adds_every_weight = any(part in name for part in ADD_EVERY_WEIGHT)

    @functools.wraps(function)
    def call(*args, **kwargs):
        G = args[0] if args else kwargs.get("G")
        if getattr(G, "hidden_edges", False):
            arguments = _arguments(name, args, kwargs)
            weight = arguments.get("weight", parameters["weight"].default) if weighted else None
            if weight is None or adds_every_weight or arguments.get("method") == "bellman-ford":
                raise NotImplementedError(
                    f"{name} would read the edges whose {G.weight!r} is None, which this "
                    "conversion of G left out; NetworkX runs it"
                )
        return function(*args, **kwargs)

    return call


for _module in networkx_modules():
    for _name in _module.__all__:
        _function = getattr(_module, _name)
        setattr(BackendInterface, _name, staticmethod(_refusing_hidden_edges(_name, _function)))

backend_interface = BackendInterface()

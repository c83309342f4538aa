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
from typing import NamedTuple

from nx_irreg.backend_graph import BackendGraph, from_networkx, to_networkx
from nx_irreg.nxapi import networkx_modules
from nx_irreg.options import configured
from nx_irreg.versions import asking, betweenness_rescaling, networkx_own

__all__ = [
    "MIN_EDGES_TO_CONVERT",
    "BackendInterface",
    "Binding",
    "backend_interface",
    "binding",
    "installed_signature",
]

# Below this many edges NetworkX's Python loop finishes before conversion would pay for itself.
MIN_EDGES_TO_CONVERT = 2000

# Functions whose NetworkX loop is cheaper than converting the graph (irreg bench nx: NetworkX's
# is_directed_acyclic_graph stops at the first generation that finds no source, while conversion
# walks every edge); under backend_priority they run in irreg only on an already converted graph.
CHEAPER_THAN_CONVERSION = frozenset({"is_directed_acyclic_graph"})

# Functions that can be handed precomputed eccentricities (e) or path lengths (sp).
GIVEN_LENGTHS = frozenset(
    {"eccentricity", "diameter", "radius", "center", "periphery", "closeness_centrality"}
)

# Functions whose sums the installed NetworkX's private rescaler scales (versions.py).
RESCALED = frozenset({
    "betweenness_centrality", "edge_betweenness_centrality", "betweenness_centrality_subset",
    "edge_betweenness_centrality_subset",
})

# Link analysis reads every edge's weight as a strength and sums parallel edges (NetworkX's
# to_scipy_sparse_array); irreg's conversion keeps one edge per pair.
LINK_ANALYSIS = frozenset({"pagerank", "hits", "katz_centrality", "eigenvector_centrality"})

# Functions NetworkX converts with node attributes kept for a callable heuristic.
HEURISTIC_SEARCHES = frozenset({"astar_path", "astar_path_length"})

# NetworkX tests the backend cannot pass, each with the reason (see on_start_tests).
KNOWN_FAILURES: dict[tuple[str, str], str] = {
    ("test_dag", "test_topological_sort6"): (
        "NetworkX raises RuntimeError when G changes while topological_sort is being iterated; "
        "irreg iterates the converted graph, which does not see later changes to G"
    ),
}


def installed_signature(name: str) -> inspect.Signature:
    """The signature of the installed NetworkX's own ``name``, with a ``**options`` for the
    backend's keywords (``isa=``, ``threads=``, ...). NetworkX binds every call to it and passes
    every parameter, defaults included, so a parameter a newer NetworkX adds reaches irreg."""
    signature = inspect.signature(networkx_own(name))
    parameters = list(signature.parameters.values())
    if not any(p.kind is p.VAR_KEYWORD for p in parameters):
        parameters.append(inspect.Parameter("options", inspect.Parameter.VAR_KEYWORD))
    return signature.replace(parameters=parameters)


class Binding(NamedTuple):
    """How a call NetworkX makes reaches irreg's function: the installed signature, its
    parameters irreg does not take, and whether the arguments must be passed by name (they
    must when the positional parameters differ from irreg's)."""

    signature: inspect.Signature
    unknown: tuple[inspect.Parameter, ...]
    by_name: bool


@functools.cache
def binding(name: str) -> Binding:
    installed = installed_signature(name)
    ours = inspect.signature(getattr(BackendInterface, name)).parameters
    unknown = tuple(
        p for p in installed.parameters.values()
        if p.name not in ours and p.kind is not p.VAR_KEYWORD
    )
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    theirs_in_order = [p.name for p in installed.parameters.values() if p.kind in positional]
    ours_in_order = [p.name for p in ours.values() if p.kind in positional]
    return Binding(installed, unknown, bool(unknown) or theirs_in_order != ours_in_order)


def _arguments(name: str, args: tuple, kwargs: dict) -> dict:
    """The call's arguments by parameter name of the installed NetworkX's ``name`` (backend
    keywords by their own names); empty where they do not bind (NetworkX raises then)."""
    try:
        bound = binding(name).signature.bind(*args, **kwargs)
    except TypeError:
        return {}
    arguments = dict(bound.arguments)
    for p in bound.signature.parameters.values():
        if p.kind is p.VAR_KEYWORD:
            arguments.update(arguments.pop(p.name, {}))
    return arguments


def _is_default(value: object, default: object) -> bool:
    if value is default:
        return True
    try:
        return type(value) is type(default) and bool(value == default)
    except (TypeError, ValueError):  # an array, or a type whose == does not give a bool
        return False


def _unknown_parameter_set(name: str, arguments: dict) -> str | None:
    """Why irreg cannot run a call that sets a parameter irreg does not know, if it does."""
    for p in binding(name).unknown:
        if p.name in arguments and not _is_default(arguments[p.name], p.default):
            return (
                f"{p.name}={arguments[p.name]!r} is a parameter of NetworkX's {name} that irreg "
                "does not know; NetworkX runs the call"
            )
    return None


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
        # A* preserves node attributes for a heuristic that reads them; irreg calls the
        # heuristic with the node labels of G, whose attributes it reads where they are.
        if (node_attrs or preserve_node_attrs) and name not in HEURISTIC_SEARCHES:
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
        if asking():
            return "NetworkX's own function is being probed (nx_irreg.versions)"
        arguments = _arguments(name, args, kwargs)
        if name in GIVEN_LENGTHS and any(arguments.get(p) is not None for p in ("e", "sp")):
            return "given eccentricities (e) or path lengths (sp): NetworkX reads them"
        unknown = _unknown_parameter_set(name, arguments)
        if unknown is not None:
            return unknown
        if callable(arguments.get("weight")) or callable(arguments.get("distance")):
            return "a callable weight runs Python per edge; irreg reads one edge attribute"
        if arguments.get("sort_neighbors") is not None:
            return "sort_neighbors calls Python per node; irreg follows adjacency order"
        if name in RESCALED and betweenness_rescaling(name) is None:
            return f"the installed NetworkX rescales {name} in a way irreg does not know"
        if name.startswith("edge_betweenness") and arguments.get("G") is not None and (
            arguments["G"].is_multigraph()
        ):
            return "a multigraph's edge keys share NetworkX's per-key weights; NetworkX runs it"
        if name in LINK_ANALYSIS:
            G = arguments.get("G")
            if G is not None and G.is_multigraph():
                return f"{name} sums the weights of parallel edges; irreg keeps one edge per pair"
            if name == "hits" and "method" not in binding(name).signature.parameters:
                return ("the installed NetworkX computes hits by ARPACK's SVD, not by power "
                        "iteration; NetworkX runs it")
        if name in ("dag_longest_path", "dag_longest_path_length"):
            if arguments.get("topo_order") is not None:
                return "a given topo_order is iterated as given; NetworkX runs it"
            G = arguments.get("G")
            if G is not None and G.is_multigraph():
                return "dag_longest_path takes the largest of parallel edges, irreg the smallest"
        if name in ("edge_bfs", "edge_dfs"):
            G = arguments.get("G")
            if G is not None and G.is_multigraph():
                return "a multigraph's edges are yielded with their keys, which irreg does not keep"
        if name in ("bridges", "has_bridges"):
            G = arguments.get("G")
            if G is not None and G.is_multigraph() and not G.is_directed():
                return ("a bridge of a multigraph must not be a parallel edge; irreg keeps one "
                        "edge per pair, so NetworkX runs it")
        if str(arguments.get("method", "")).startswith("floyd-warshall"):
            return "the Floyd-Warshall methods run in NetworkX"
        if arguments.get("usebounds") is True and arguments.get("weight") is not None:
            return "usebounds with a weight: NetworkX's bounds assume unit lengths, only it agrees"
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
ADD_EVERY_WEIGHT = ("bellman_ford", "negative_edge_cycle", "find_negative_cycle", "dag_longest",
                    "floyd_warshall")
# Functions that skip None-weighted edges in their searches but count them for connectivity.
CONNECT_OVER_EVERY_EDGE = ("average_shortest_path_length", "wiener_index", "local_bridges")


def _refuse_unreadable_weights(
    name: str, G: BackendGraph, weight: object, every_edge: bool
) -> None:
    """``NotImplementedError`` (NetworkX then runs the call where it may fall back) where this
    conversion cannot give NetworkX's answer: it left out edges whose weight is None and the call
    reads them (unweighted, adding every weight, or counting them for connectivity); or a
    weighted call where a reached node can
    be at ``inf`` (an infinite weight, or sums past float64's range), which the kernels cannot
    tell from "not reached"."""
    if G.hidden_edges and (weight is None or every_edge):
        raise NotImplementedError(
            f"{name} would read the edges whose {G.weight!r} is None, which this "
            "conversion of G left out; NetworkX runs it"
        )
    if not G.finite_lengths and weight is not None:
        raise NotImplementedError(
            f"{name}: G has an infinite {G.weight!r} weight, or weights whose path sums can pass "
            "float64's range, so a reached node may be at distance inf, which irreg cannot tell "
            "from unreached; NetworkX runs it"
        )


def _guarded(name: str, function):
    """``function`` as the dispatcher calls it: a view's stale conversion redone first
    (``BackendGraph.current``), weights it cannot read refused (:func:`_refuse_unreadable_weights`:
    NetworkX's cache hands an unweighted call any weighted conversion, and BFS over one that
    left out None-weighted edges would miss them; Bellman-Ford and the DAG paths add every
    weight, so NetworkX raises on them), arguments passed as irreg's function takes them."""
    parameters = inspect.signature(function).parameters
    # The parameter naming the edge attribute of the lengths (closeness and harmonic
    # centrality call it distance).
    weight_name = next((p for p in ("weight", "distance") if p in parameters), None)
    reads_every_edge = (
        any(part in name for part in ADD_EVERY_WEIGHT) or name in CONNECT_OVER_EVERY_EDGE
        or name in LINK_ANALYSIS
    )

    @functools.wraps(function)
    def call(*args, **kwargs):
        G = args[0] if args else kwargs.get("G")
        if isinstance(G, BackendGraph):
            G.current()  # a view's conversion from before the graph under it changed: redone
            if G.hidden_edges or not G.finite_lengths:
                arguments = _arguments(name, args, kwargs)
                weight = (arguments.get(weight_name, parameters[weight_name].default)
                          if weight_name else None)
                _refuse_unreadable_weights(name, G, weight, reads_every_edge or
                                           arguments.get("method") == "bellman-ford")
        how = binding(name)
        if not how.by_name:
            return function(*args, **kwargs)
        # NetworkX's parameters differ from irreg's: pass them by name, and drop the ones
        # irreg does not know (can_run declined any set to other than its default).
        arguments = _arguments(name, args, kwargs)
        for p in how.unknown:
            arguments.pop(p.name, None)
        return function(**arguments)

    return call


for _module in networkx_modules():
    for _name in _module.__all__:
        _function = getattr(_module, _name)
        setattr(BackendInterface, _name, staticmethod(_guarded(_name, _function)))

backend_interface = BackendInterface()

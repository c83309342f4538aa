"""Where NetworkX's releases differ, what the installed NetworkX does: asked of NetworkX itself.

The backend serves every NetworkX from 3.4 on (DESIGN §6). Where a release changed an order, a
duplicate, a message, a return type or a warning of a dispatched function, the backend does not
compare version strings: a probe runs NetworkX's own function (its ``orig_func``, so never a
backend, even under ``backend_priority``) on a tiny graph the first time a call needs the answer,
and the backend follows that answer for the rest of the process. A distribution that backports
or reverts a change is followed too.

:data:`PROBES` lists every probe with the releases it separates; :func:`answers` runs them all
(the tests print them in pytest's header and key NetworkX's expected failures by them).
"""

from __future__ import annotations

import functools
import inspect
import random
import sys
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

__all__ = [
    "PROBES",
    "Probe",
    "Warned",
    "all_pairs_shortest_path_is_dict",
    "answers",
    "asking",
    "betweenness_rescaling",
    "betweenness_rescalings",
    "bfs_layers_first_layer_in_set_order",
    "bfs_predecessors_warning",
    "dijkstra_paths_in_settled_order",
    "dispatchable",
    "floyd_warshall_numpy_detects_negative_cycles",
    "is_aperiodic_needs_strong_connectivity",
    "kosaraju_sets_in_preorder",
    "lexicographical_sort_message",
    "networkx_answer",
    "networkx_own",
    "paths_repeat_after_skipped_predecessor",
    "scc_whole_graph_exit",
    "single_source_all_shortest_paths_in_graph_order",
    "single_target_lengths_are_iterator",
]


_asking = threading.local()


def asking() -> bool:
    """Is this thread running a probe? NetworkX must then run every call itself (its own
    function calls other dispatchable functions, which must not come back to irreg)."""
    return getattr(_asking, "depth", 0) > 0


def _probe(question: Callable[[], object]) -> Callable[[], object]:
    """``question`` asked once per process, with :func:`asking` true while it runs."""

    @functools.cache
    @functools.wraps(question)
    def ask():
        _asking.depth = getattr(_asking, "depth", 0) + 1
        try:
            return question()
        finally:
            _asking.depth -= 1

    return ask


def dispatchable(name: str) -> Callable:
    """NetworkX's dispatchable ``name``, found in NetworkX's registry where ``networkx`` does not
    export it (``networkx.dag.has_cycle``)."""
    from networkx.utils.backends import _registered_algorithms

    return getattr(nx, name, None) or _registered_algorithms[name]


def networkx_own(name: str) -> Callable:
    """NetworkX's own implementation of ``name``, whatever backends are installed."""
    function = dispatchable(name)
    return getattr(function, "orig_func", function)


def networkx_answer(name: str, *args: object, **kwargs: object) -> object:
    """What NetworkX's own ``name`` returns (or raises) for these arguments, the functions it
    calls run by NetworkX too: for trivial inputs (the null graph) whose answer, an exception
    included, differs between releases."""
    _asking.depth = getattr(_asking, "depth", 0) + 1
    try:
        return networkx_own(name)(*args, **kwargs)
    finally:
        _asking.depth -= 1


@dataclass(frozen=True)
class Warned:
    """A warning NetworkX gives: its category and text, to be given again as they are."""

    category: type[Warning]
    message: str

    def warn(self, stacklevel: int = 3) -> None:
        warnings.warn(self.message, self.category, stacklevel=stacklevel)


def _warning_of(call: Callable[[], object]) -> Warned | None:
    """The first deprecation (or future) warning ``call`` gives, if any."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    for w in caught:
        if issubclass(w.category, DeprecationWarning | FutureWarning):
            return Warned(w.category, str(w.message))
    return None


@_probe
def scc_whole_graph_exit() -> bool:
    """Does ``strongly_connected_components`` stop as soon as the search that has discovered
    every node links back to its root, making the last set from the unassigned nodes (in the
    order they finished) and then the search path (root first)? NetworkX 3.7's Tarjan-Zwick
    search does; 3.4-3.6 (Tarjan with Nuutila's change) add the root, then the unassigned nodes
    from the latest finished. Only the iteration order of that set differs."""
    G = nx.DiGraph([(8, 9), (8, 16), (9, 8), (16, 8)])
    # 8, 9 and 16 share a hash slot of a small set: its order is the order they were added.
    return list(next(iter(networkx_own("strongly_connected_components")(G)))) == [8, 9, 16]


@_probe
def kosaraju_sets_in_preorder() -> bool:
    """Does ``kosaraju_strongly_connected_components`` add a component's nodes in the
    depth-first preorder from its root (NetworkX 3.4, 3.5), rather than in the order a stack of
    found nodes pops them (3.6 on)?"""
    G = nx.DiGraph([(2, 8), (2, 9), (8, 16), (16, 2), (9, 8)])
    found = list(next(iter(networkx_own("kosaraju_strongly_connected_components")(G))))
    return found == [8, 16, 2, 9]


@_probe
def paths_repeat_after_skipped_predecessor() -> bool:
    """Does ``all_shortest_paths`` yield a path again each time its walk back from the target,
    standing on a source, skips a predecessor already on the path (NetworkX 3.4-3.6: a
    zero-weight edge at the source yields the same path twice; 3.7 yields it once)?"""
    G = nx.Graph()
    G.add_edge(0, 1, weight=0)
    G.add_edge(1, 2, weight=100)
    return len(list(networkx_own("all_shortest_paths")(G, 0, 2, weight="weight"))) > 1


@_probe
def lexicographical_sort_message() -> Callable[[TypeError], str]:
    """The text of the ``TypeError`` ``lexicographical_topological_sort`` raises when two
    labels do not compare, as a function of the comparison's own error: NetworkX 3.4-3.6 put
    that error's text first, 3.7 gives only its advice (and chains the error)."""
    G = nx.DiGraph([(1, "red"), (3, "red"), (1, "green"), (2, "blue")])
    try:
        list(networkx_own("lexicographical_topological_sort")(G))
    except TypeError as err:
        message = str(err)
        inner = err.__cause__ or err.__context__
        if inner is not None and message.startswith(f"{inner}\n"):
            advice = message[len(str(inner)) + 1 :]
            return lambda error: f"{error}\n{advice}"
        return lambda error: message
    raise AssertionError("NetworkX sorted labels that do not compare")  # pragma: no cover


@_probe
def bfs_predecessors_warning() -> Warned | None:
    """The deprecation warning ``bfs_predecessors`` gives (NetworkX 3.7 on), if any."""
    return _warning_of(lambda: list(networkx_own("bfs_predecessors")(nx.path_graph(2), 0)))


@_probe
def bfs_layers_first_layer_in_set_order() -> bool:
    """Is ``bfs_layers``' first layer the set of the sources in set order (NetworkX 3.5 on),
    not the sources as given (3.4, duplicates kept)?"""
    return next(iter(networkx_own("bfs_layers")(nx.empty_graph(2), [1, 0]))) == [0, 1]


@_probe
def all_pairs_shortest_path_is_dict() -> tuple[bool, Warned | None]:
    """Does ``shortest_path(G)`` (no source, no target) return a dict, with NetworkX 3.4's
    ``FutureWarning``, rather than an iterator of ``(node, paths)`` (3.5 on)? And that warning."""
    found: list = []
    warned = _warning_of(lambda: found.append(networkx_own("shortest_path")(nx.path_graph(2))))
    return isinstance(found[0], dict), warned


@_probe
def single_target_lengths_are_iterator() -> tuple[bool, Warned | None]:
    """Does ``single_target_shortest_path_length`` return an iterator of ``(node, length)``,
    with NetworkX 3.4's ``FutureWarning``, rather than a dict (3.5 on)? And that warning."""
    found: list = []
    call = networkx_own("single_target_shortest_path_length")
    warned = _warning_of(lambda: found.append(call(nx.path_graph(2), 0)))
    return not isinstance(found[0], dict), warned


@_probe
def single_source_all_shortest_paths_in_graph_order() -> bool:
    """Does ``single_source_all_shortest_paths`` yield the targets in ``G``'s node order
    (NetworkX 3.4), not in the order the search reached them (3.5 on)?"""
    G = nx.Graph([(1, 0)])
    return next(iter(networkx_own("single_source_all_shortest_paths")(G, 0)))[0] == 1


@_probe
def dijkstra_paths_in_settled_order() -> bool:
    """Are the keys of Dijkstra's paths dict in the order the search settled the nodes
    (NetworkX 3.6 on), not the order it first reached them (3.4, 3.5)?"""
    G = nx.Graph()
    G.add_edge(0, 1, weight=2)
    G.add_edge(0, 2, weight=1)
    return list(networkx_own("single_source_dijkstra_path")(G, 0)) == [0, 2, 1]


# The arguments a betweenness function passes its private rescaler, by the rescaler's parameter
# names; any other name and the backend declines (it could not say what to pass).
RESCALE_ROLES = ("betweenness", "n", "normalized", "directed", "k", "endpoints", "sampled_nodes")


@dataclass(frozen=True)
class Rescaling:
    """How an installed betweenness function scales its sums: the private rescaler it calls
    (``_rescale`` or ``_rescale_e``, whose signatures changed in NetworkX 3.5 and 3.6), the
    arguments it passes by name, those it fixes (``endpoints`` of the edge and subset
    functions), what it passes as ``sampled_nodes`` when nothing was sampled (``None``, or
    every node in 3.5), and whether ``k == len(G)`` skips sampling (3.5 on, node betweenness)."""

    rescale: Callable
    arguments: tuple[str, ...]
    fixed: dict
    all_nodes_as_sampled: bool
    k_of_all_is_none: bool

    def __call__(self, values: dict, n: int, *, normalized: bool, directed: bool,
                 endpoints: bool | None = None, k: int | None = None,
                 sampled: list | None = None) -> dict:
        given = {"betweenness": values, "n": n, "normalized": normalized,
                 "directed": directed, "k": k, "endpoints": endpoints,
                 "sampled_nodes": list(values) if sampled is None and
                 self.all_nodes_as_sampled else sampled}
        named = {name: self.fixed.get(name, given[name]) for name in self.arguments[2:]}
        return self.rescale(values, n, **named)


def _watch_rescaling(name: str, calls: list[dict]) -> Rescaling | None:
    """What NetworkX's own ``name`` passed its rescaler in ``calls`` (``k=None``, then, where it
    takes ``k``, ``k=2``), as a :class:`Rescaling`; None if it is not one this can replay."""
    rescalers = {id(fn) for fn, _ in calls}
    if not calls or len(rescalers) != 1:
        return None
    rescale, unsampled = calls[0]
    if any(p not in RESCALE_ROLES for p in unsampled) or list(unsampled)[:2] != ["betweenness",
                                                                              "n"]:
        return None
    # Arguments that are not the caller's own parameters keep the value it fixed.
    own = set(inspect.signature(networkx_own(name)).parameters)
    fixed = {p: v for p, v in unsampled.items() if p in ("endpoints",) and p not in own}
    all_nodes = isinstance(unsampled.get("sampled_nodes"), nx.Graph | list)
    state = random.Random(0)
    before = state.getstate()
    if "k" in own:
        networkx_own(name)(nx.path_graph(3), k=3, seed=state)
    return Rescaling(rescale, tuple(unsampled), fixed, all_nodes, state.getstate() == before)


_RESCALER_LOCK = threading.Lock()  # one watch at a time

RESCALED = ("betweenness_centrality", "edge_betweenness_centrality",
            "betweenness_centrality_subset", "edge_betweenness_centrality_subset")


@_probe
def betweenness_rescalings() -> dict[str, Rescaling | None]:
    """The :class:`Rescaling` of each betweenness function, watched on a tiny graph: its
    module's rescalers are wrapped, for the probe only, by watchers that record the call and
    hand it on unchanged. None where the call cannot be replayed (irreg then declines)."""
    return {name: _watched(name) for name in RESCALED}


def betweenness_rescaling(name: str) -> Rescaling | None:
    """:func:`betweenness_rescalings` of ``name``."""
    return betweenness_rescalings()[name]


def _watched(name: str) -> Rescaling | None:
    own = networkx_own(name)
    module = sys.modules[own.__module__]
    originals = {a: getattr(module, a) for a in ("_rescale", "_rescale_e") if hasattr(module, a)}
    calls: list = []

    def watching(original):
        def watched(*args, **kwargs):
            bound = inspect.signature(original).bind(*args, **kwargs).arguments
            calls.append((original, dict(bound)))
            return original(*args, **kwargs)

        return watched

    with _RESCALER_LOCK:
        for attribute, original in originals.items():
            setattr(module, attribute, watching(original))
        try:
            G = nx.path_graph(4)
            if name.endswith("_subset"):
                own(G, sources=[0], targets=[3])
            else:
                own(G)
        finally:
            for attribute, original in originals.items():
                setattr(module, attribute, original)
    return _watch_rescaling(name, calls)


@_probe
def is_aperiodic_needs_strong_connectivity() -> bool:
    """Does ``is_aperiodic`` raise on a graph that is not strongly connected (3.5 on), or
    search it part by part from the first node of each rest, in a set's order (3.4)?"""
    try:
        networkx_own("is_aperiodic")(nx.DiGraph([(0, 1)]))
    except nx.NetworkXError:
        return True
    return False


@_probe
def floyd_warshall_numpy_detects_negative_cycles() -> bool:
    """Does ``floyd_warshall_numpy`` raise ``NetworkXUnbounded`` on a negative cycle (3.7), or
    return the matrix with negative entries on its diagonal (3.4-3.6)?"""
    G = nx.DiGraph([(0, 1, {"weight": -2}), (1, 0, {"weight": 1})])
    try:
        networkx_own("floyd_warshall_numpy")(G)
    except nx.NetworkXUnbounded:
        return True
    return False


@dataclass(frozen=True)
class Probe:
    """One behaviour that differs between NetworkX releases, and the releases it separates."""

    ask: Callable[[], object]
    separates: str


PROBES: dict[str, Probe] = {
    p.ask.__name__: p
    for p in (
        Probe(scc_whole_graph_exit, "3.4-3.6 | 3.7"),
        Probe(kosaraju_sets_in_preorder, "3.4-3.5 | 3.6-3.7"),
        Probe(paths_repeat_after_skipped_predecessor, "3.4-3.6 | 3.7"),
        Probe(lexicographical_sort_message, "3.4-3.6 | 3.7"),
        Probe(bfs_predecessors_warning, "3.4-3.6 | 3.7"),
        Probe(bfs_layers_first_layer_in_set_order, "3.4 | 3.5-3.7"),
        Probe(all_pairs_shortest_path_is_dict, "3.4 | 3.5-3.7"),
        Probe(single_target_lengths_are_iterator, "3.4 | 3.5-3.7"),
        Probe(single_source_all_shortest_paths_in_graph_order, "3.4 | 3.5-3.7"),
        Probe(dijkstra_paths_in_settled_order, "3.4-3.5 | 3.6-3.7"),
        Probe(betweenness_rescalings, "3.4-3.5 | 3.6-3.7"),  # node betweenness: 3.5 too
        Probe(floyd_warshall_numpy_detects_negative_cycles, "3.4-3.6 | 3.7"),
        Probe(is_aperiodic_needs_strong_connectivity, "3.4 | 3.5-3.7"),
    )
}


def answers() -> dict[str, object]:
    """Every probe's answer for the installed NetworkX (a warning or message as its text)."""
    found = {}
    for name, probe in PROBES.items():
        answer = probe.ask()
        if name == "lexicographical_sort_message":
            answer = answer(TypeError("<comparison error>"))
        if name == "betweenness_rescalings":
            answer = {f: r and f"{r.rescale.__name__}({', '.join(r.arguments)})"
                      for f, r in answer.items()}
        found[name] = answer
    return found

"""The NetworkX backend's graph: an :class:`IrregGraph` plus the node labels it came from.

Conversion happens in one place, :func:`from_networkx`: C++ walks ``G._node`` and ``G._adj`` with
``PyDict_Next`` (no Python loop per edge), keeps every row in NetworkX's adjacency order (so
traversal orders match NetworkX's) and builds the CSR and the grouped index once. NetworkX caches
the result in ``G.__networkx_cache__`` and drops it when ``G`` changes through its methods.

A view (``G.subgraph``, ``nx.restricted_view``, ``G.to_undirected(as_view=True)``, ...) has a
cache of its own, which NetworkX does not clear when the graph under it changes. So a view's
conversion carries a stamp: an object it leaves in the underlying graph's cache, which NetworkX
clears with the rest on any change. A conversion whose stamp is gone is converted again before it
answers (:meth:`BackendGraph.current`); one of a view whose underlying graph keeps no cache is
converted again at every call.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Sequence

import numpy as np

from _nx_irreg.config import check_option
from irreg import _core
from irreg.graph import IrregGraph

# One lock for every graph's retiled copies and predecessor indexes: both are built rarely, and a
# lock per graph would have to survive copying and pickling.
_BUILD_LOCK = threading.Lock()

__all__ = ["BackendGraph", "caching_enabled", "converted", "from_networkx", "to_networkx"]

# The key of a view conversion's stamp in the underlying graph's ``__networkx_cache__``.
_STAMP_KEY = "irreg_view_stamp"


def caching_enabled() -> bool:
    """``nx.config.cache_converted_graphs``: whether conversions may be kept on the graph."""
    import networkx as nx

    return bool(getattr(nx.config, "cache_converted_graphs", True))


def _stamp(G: object) -> tuple | None:
    """For a view ``G``: (the graph under it, that graph's cache, the stamp object in it), or
    ``None`` where ``G`` is no view. The stamp is the cache's ``irreg_view_stamp`` entry, made
    now if missing; ``(graph, None, None)`` where the graph keeps no cache."""
    if not hasattr(G, "_graph"):
        return None
    base = G._graph
    while hasattr(base, "_graph"):  # a view of a view: only the graph at the bottom can change
        base = base._graph
    cache = getattr(base, "__networkx_cache__", None)
    if not isinstance(cache, dict):
        return (weakref.ref(base), None, None)
    return (weakref.ref(base), cache, cache.setdefault(_STAMP_KEY, object()))


class BackendGraph:
    """A converted NetworkX graph: what the ``irreg`` backend's functions receive.

    Node ``i`` of the :class:`IrregGraph` is the ``i``-th node of the NetworkX graph; ``nodes``
    holds the labels. ``weight`` is the edge attribute the weights came from (``None``:
    unweighted), ``integral_weights`` whether every weight was an integer, Python's or NumPy's
    (NetworkX then returns integer distances, and so do we), ``integer_type`` the NumPy integer
    type of every weight when they all have one (NetworkX's sums then have it), else ``None``.
    """

    __networkx_backend__ = "irreg"

    def __init__(
        self,
        graph: IrregGraph,
        nodes: list,
        index: dict | None,
        *,
        directed: bool,
        multigraph: bool,
        weight: str | None,
        integral_weights: bool,
        integer_type: type | None = None,
        graph_attrs: dict | None = None,
    ) -> None:
        self.graph = graph
        self.nodes = nodes
        self._index = index  # None: the labels are 0..n-1 in order
        self._directed = directed
        self._multigraph = multigraph
        self.weight = weight
        self.integral_weights = integral_weights
        self.integer_type = integer_type
        self.graph_attrs = graph_attrs or {}
        self.__networkx_cache__: dict = {}
        self._labels: np.ndarray | None = None
        self._hashes: np.ndarray | None = None
        self._by_tile: dict[int, IrregGraph] = {}
        self._source: weakref.ref | None = None  # the NetworkX graph, for predecessors()
        # Some edge's weight was None, so the conversion left it out (as NetworkX's weighted
        # searches skip it): this graph must not answer a call that ignores weights.
        self.hidden_edges = False
        # Every weight finite and no path's sum past float64's range: the kernels mark "not
        # reached" by inf, so a graph where a reached node can be at inf must not answer.
        self.finite_lengths = True
        self._predecessors: IrregGraph | None = None
        # For a view's conversion: the view, how it was converted, and its stamp (_stamp).
        self._view: weakref.ref | None = None
        self._conversion: dict = {}
        self._view_stamp: tuple | None = None

    # Pickling (a graph shipped to Dask workers, or saved). Exactly these fields travel; every
    # other field is a cache or a handle that __setstate__ rebuilds empty: the label array and
    # the retiled copies (rebuilt on demand), NetworkX's cache, and the label -> id dict (rebuilt
    # from ``nodes``, cheaper than shipping it). A new field must be added to one side or the
    # other: here if it is data, in __setstate__ if it is a cache, a lock or a weakref.
    _PICKLED = (
        "graph",
        "nodes",
        "_directed",
        "_multigraph",
        "weight",
        "integral_weights",
        "integer_type",
        "graph_attrs",
        "hidden_edges",
        "finite_lengths",
        "_predecessors",
    )

    def __getstate__(self) -> dict:
        if self._directed and self._predecessors is None and self._source is not None:
            # The predecessor order is read from the NetworkX graph, which does not travel:
            # read it now, so a worker can run reverse searches too.
            with contextlib.suppress(RuntimeError):
                self.predecessors()
        state = {name: getattr(self, name) for name in self._PICKLED}
        state["labels_are_ids"] = self._index is None
        return state

    def __setstate__(self, state: dict) -> None:
        missing = [name for name in (*self._PICKLED, "labels_are_ids") if name not in state]
        if missing:
            raise ValueError(f"not a pickled BackendGraph: no {', '.join(missing)}")
        if not isinstance(state["graph"], IrregGraph) or len(state["nodes"]) != state["graph"].n:
            raise ValueError("a pickled BackendGraph needs an IrregGraph and one label per vertex")
        for name in self._PICKLED:
            setattr(self, name, state[name])
        self._index = None if state["labels_are_ids"] else dict(
            zip(self.nodes, range(len(self.nodes)), strict=True)
        )
        self.__networkx_cache__ = {}
        self._labels = None
        self._hashes = None
        self._by_tile = {}
        self._source = None
        self._view = None  # a copy stands alone: nothing under it can change
        self._conversion = {}
        self._view_stamp = None

    def is_directed(self) -> bool:
        return self._directed

    def is_multigraph(self) -> bool:
        return self._multigraph

    def number_of_nodes(self) -> int:
        return len(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def __contains__(self, node: object) -> bool:
        return self.position(node) is not None

    def __iter__(self):
        return iter(self.nodes)

    def position(self, node: object) -> int | None:
        """Vertex id of ``node``, ``None`` when it is not a node (or not hashable)."""
        if self._index is None:
            if type(node) is int:
                return node if 0 <= node < len(self.nodes) else None
            try:  # a label equal to an int (True, 1.0, np.int64(1)) is that node, as in a dict
                as_int = int(node)  # type: ignore[call-overload]
                if as_int == node and hash(as_int) == hash(node):
                    return as_int if 0 <= as_int < len(self.nodes) else None
            except (TypeError, ValueError, OverflowError):
                pass
            return None
        try:
            return self._index.get(node)
        except TypeError:  # unhashable
            return None

    def labels(self, positions: np.ndarray) -> list:
        """The node labels of vertex ids: the very objects ``G`` holds, not new ints."""
        # Indexing an object array only takes references: cheaper than making an int per entry,
        # which on a big heap costs a fresh allocation each.
        if self._labels is None:
            # fromiter, not slice assignment: tuple labels must stay single elements
            self._labels = np.fromiter(self.nodes, dtype=object, count=len(self.nodes))
        return self._labels[positions].tolist()

    def predecessors(self) -> IrregGraph:
        """The in-edges in NetworkX's predecessor order: row ``v`` lists ``G._pred[v]`` in its
        insertion order, each edge with its weight (the graph itself when undirected).

        Reverse traversals, single-target paths and the bidirectional searches read it, so their
        ties break exactly as NetworkX's. It is built on first use from the NetworkX graph this
        one was converted from, and kept; ``RuntimeError`` if that graph is gone or has changed
        since (every converted edge must still be there), rather than a stale answer.
        """
        if not self._directed:
            return self.graph
        with _BUILD_LOCK:
            if self._predecessors is None:
                G = self._source() if self._source is not None else None
                if G is None:
                    raise RuntimeError(
                        "this directed graph's predecessor order comes from the NetworkX graph it "
                        "was converted from, which is gone; convert it again"
                    )
                core = _core.networkx_predecessors(G, self.graph._core, self.nodes, self._index)
                self._predecessors = IrregGraph(core)
            return self._predecessors

    def is_current(self) -> bool:
        """False when this is a view's conversion and the graph under the view changed since
        (its stamp is gone), or keeps no cache to tell; True otherwise."""
        if self._view is None or self._view() is None:
            return True
        base_ref, cache, stamp = self._view_stamp
        base = base_ref()
        return (
            stamp is not None
            and base is not None
            and getattr(base, "__networkx_cache__", None) is cache
            and cache.get(_STAMP_KEY) is stamp
        )

    def current(self) -> BackendGraph:
        """This graph, converted again from its view first if :meth:`is_current` is False (the
        cached object is updated in place, so the view's cache holds the new conversion)."""
        if self.is_current():
            return self
        with _BUILD_LOCK:
            if not self.is_current():
                view = self._view()
                fresh = from_networkx(view, **self._conversion)
                self.__dict__.update(fresh.__dict__)
        return self

    @property
    def label_hashes(self) -> np.ndarray:
        """``hash(label)`` per vertex (int64), computed once: the C++ dict builders insert with
        known hashes."""
        if self._hashes is None:
            self._hashes = np.fromiter(map(hash, self.nodes), dtype=np.int64, count=len(self.nodes))
        return self._hashes

    def with_tile_size(self, tile_size: int | None) -> IrregGraph:
        """The graph with grouped-index tile ``tile_size`` (built once per size and kept)."""
        if not tile_size or tile_size == self.graph.tile_size:
            return self.graph
        # A graph shared by threads builds each size once; the build releases the GIL, so
        # without the lock two threads could both build it and keep different objects.
        with _BUILD_LOCK:
            if tile_size not in self._by_tile:
                self._by_tile[tile_size] = IrregGraph(self.graph._core.retiled(tile_size))
            return self._by_tile[tile_size]

    def __repr__(self) -> str:
        kind = "directed" if self._directed else "undirected"
        return (
            f"BackendGraph({kind}, {len(self.nodes)} nodes, {self.graph.num_edges} stored edges, "
            f"weight={self.weight!r})"
        )


def from_networkx(
    G: object,
    weight: str | None = None,
    default: object = 1,
    *,
    tile_size: int | None = None,
    isa: str | None = None,
    graph_attrs: bool = False,
) -> BackendGraph:
    """Converts a NetworkX graph (any of the four classes, or a view of one).

    ``weight`` names the edge attribute to read (``None``: every edge weighs 1); an edge without
    it weighs ``default``; on a multigraph the smallest over parallel edges counts, and an edge
    whose weight is ``None`` is left out, as NetworkX's shortest-path functions do. A weight that
    is not a number raises ``TypeError`` naming the edge; NaN raises ``ValueError``.

    Lengths are computed in float64, which gives NetworkX's own sums only for floats and for
    integers (Python's or NumPy's) while every sum stays within 2**53. Any other weight raises
    ``NotImplementedError`` naming the edge and the value, and so does a graph whose integer
    weights' magnitudes sum past 2**53 (past 2**53 / (n + 1) with negative weights, for
    Bellman-Ford): an int beyond that (``10**30``, ``2**53 + 1``, ``10**400``), a ``Decimal``, a
    ``Fraction``, a ``float32``. NetworkX's dispatcher then runs NetworkX itself (under
    ``backend_priority``), or, with ``backend="irreg"``, raises ``NotImplementedError`` whose
    cause is this one. ``G`` changing while it is converted (a weight's ``__index__`` or a
    label's ``__hash__`` can run any code) raises ``RuntimeError``.
    """
    if not (hasattr(G, "_adj") and hasattr(G, "_node") and hasattr(G, "is_directed")):
        raise TypeError(f"expected a NetworkX graph, got {type(G).__name__}")
    if tile_size is not None:
        check_option("tile_size", tile_size)
    core, nodes, index, integral, int_type, hidden = _core.from_networkx(
        G, weight, default, tile_size or 0, isa
    )
    numpy_int = isinstance(int_type, type) and issubclass(int_type, np.integer)
    result = BackendGraph(
        IrregGraph(core),
        nodes,
        index,
        directed=G.is_directed(),
        multigraph=G.is_multigraph(),
        weight=weight,
        integral_weights=bool(integral),
        integer_type=int_type if numpy_int else None,
        graph_attrs=dict(G.graph) if graph_attrs else None,
    )
    result.hidden_edges = bool(hidden)
    result.finite_lengths = weight is None or result.graph.lengths_stay_finite()
    # A weak reference: the cached conversion must not keep G alive (G's cache holds it).
    result._source = weakref.ref(G) if G.is_directed() else None
    result._view_stamp = _stamp(G)
    if result._view_stamp is not None:
        result._view = weakref.ref(G)
        result._conversion = {"weight": weight, "default": default, "tile_size": tile_size,
                              "isa": isa, "graph_attrs": graph_attrs}
    return result


def converted(G: object, weight: str | None = None, default: object = 1) -> BackendGraph:
    """:func:`from_networkx` of ``G``, kept in ``G.__networkx_cache__`` where NetworkX's
    dispatcher keeps the same conversion (its key for one edge attribute and no node
    attributes), so backend calls and direct calls (widest paths, alignment, the Emu model) share
    it; NetworkX drops it when ``G`` changes through its methods (a view's, when the graph under
    it changes: :meth:`BackendGraph.current`). Nothing is kept when ``G`` has no cache or
    ``nx.config.cache_converted_graphs`` is False. A ``BackendGraph`` is returned as it is."""
    if isinstance(G, BackendGraph):
        return G.current()
    cache = getattr(G, "__networkx_cache__", None)
    if cache is None or not caching_enabled():
        return from_networkx(G, weight, default)
    store = cache.setdefault("backends", {}).setdefault("irreg", {})
    key = (frozenset({(weight, default)}) if weight is not None else False, False)
    found = store.get(key)
    if isinstance(found, BackendGraph):
        return found.current()
    graph = from_networkx(G, weight, default)
    store[key] = graph
    return graph


def to_networkx(graph: BackendGraph) -> object:
    """A NetworkX graph with the same nodes and edges (weights under ``graph.weight``)."""
    import networkx as nx

    G = nx.DiGraph() if graph.is_directed() else nx.Graph()
    G.graph.update(graph.graph_attrs)
    G.add_nodes_from(graph.nodes)
    offsets, targets, weights = graph.graph.csr()
    src = np.repeat(np.arange(graph.graph.n), np.diff(offsets))
    u, v = graph.labels(src), graph.labels(targets)
    if graph.weight is None:
        G.add_edges_from(zip(u, v, strict=True))
    else:
        values: Sequence = weights.tolist()
        if graph.integer_type is not None:
            values = list(weights.astype(graph.integer_type))
        elif graph.integral_weights:
            values = [int(w) for w in values]
        G.add_weighted_edges_from(zip(u, v, values, strict=True), weight=graph.weight)
    return G


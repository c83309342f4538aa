"""NetworkX's dicts and sets from the kernels' arrays: labels back, Python numbers out."""

from __future__ import annotations

import functools

import networkx as nx
import numpy as np

from irreg import _core
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.options import Options


def node_position(G: BackendGraph, node: object, error: Exception) -> int:
    """Vertex id of ``node``; raises ``error`` when ``node`` is not in ``G``."""
    position = G.position(node)
    if position is None:
        raise error
    return position


def level_of_order(level_end: np.ndarray) -> np.ndarray:
    """Per entry of a BFS order, its level (``level_end`` as ``bfs_order`` returns it)."""
    return np.repeat(np.arange(len(level_end)), np.diff(level_end, prepend=0))


def ordered_by(key: np.ndarray, reached: np.ndarray) -> np.ndarray:
    """Vertex ids where ``reached``, by ascending ``key``, ties by id: the order of an engine
    variant's dict, which has no traversal order of its own."""
    ids = np.flatnonzero(reached)
    return ids[np.argsort(key[ids], kind="stable")]


def _length_types(G: BackendGraph, options: Options, integral: bool | None):
    """``(NumPy integer type or None, as_int, zero_sources)``: how :func:`length_values` types
    lengths."""
    hop_counts = integral is not None
    integral = G.integral_weights if integral is None else integral
    if options.weight_dtype == "int64" and not integral:
        raise TypeError("weight_dtype='int64' needs integer weights; this graph has other numbers")
    as_int = options.weight_dtype == "int64" or (options.weight_dtype == "auto" and integral)
    auto = options.weight_dtype == "auto"
    numpy_type = G.integer_type if auto and as_int and not hop_counts else None
    if numpy_type is not None:
        numpy_type = sum_type(numpy_type)
    return numpy_type, as_int, auto and (numpy_type is not None or not as_int)


@functools.cache
def sum_type(weight_type: type) -> type:
    """The type of NetworkX's path sums of weights of NumPy integer type ``weight_type``: the
    source's int 0 plus a weight, then that plus a weight, promoted as the installed NumPy
    promotes them (NumPy 2 keeps ``weight_type``; NumPy 1's value-based casting gives int64)."""
    first = type(0 + weight_type(1))
    return type(first(1) + weight_type(1))


def _refuse_wrapping(lengths: np.ndarray, numpy_type: type) -> None:
    """``OverflowError`` where a length does not fit NetworkX's sum type: NetworkX's sums of
    narrow NumPy integers wrap (with a RuntimeWarning, or "Contradictory paths found")."""
    if not issubclass(numpy_type, np.integer):  # NumPy 1 sums uint64 and int into float64
        return
    finite = lengths[np.isfinite(lengths)]
    if not len(finite):
        return
    limits = np.iinfo(numpy_type)
    low, high = float(finite.min()), float(finite.max())
    if low < limits.min or high > limits.max:
        worst = int(high) if high > limits.max else int(low)
        raise OverflowError(
            f"a path length of {worst} does not fit the weights' type {numpy_type.__name__} "
            f"({limits.min} .. {limits.max}), in which NetworkX sums them (and wraps); give the "
            "weights a wider type, or pass weight_dtype='int64' for int64 lengths"
        )


def length_values(
    G: BackendGraph,
    lengths: np.ndarray,
    sources: int,
    options: Options,
    *,
    integral: bool | None = None,
) -> list:
    """Python numbers of ``lengths``, the first ``sources`` of them being sources.

    Lengths are integers when every weight is an integer (``weight_dtype="auto"``, as
    NetworkX's sums of ints are) or ``"int64"``: Python ints, or, when every weight has one NumPy
    integer type, that type (as NetworkX's sums of NumPy integers are; the sources keep its int
    0). Conversion refused integer weights whose sums float64 would round, so the values are
    exact. Lengths are floats under ``"float64"``; with ``"auto"`` and float weights the sources
    keep NetworkX's int 0. ``integral`` overrides the graph's flag (hop counts). NetworkX's type
    is per path (an int until a float weight joins the sum); with int and float weights mixed,
    every length but the sources' is a float here.
    """
    numpy_type, as_int, zero_sources = _length_types(G, options, integral)
    if numpy_type is not None:
        _refuse_wrapping(lengths, numpy_type)
        values = list(lengths.astype(numpy_type))  # NumPy scalars, as NetworkX's sums are
    else:
        values = lengths.astype(np.int64).tolist() if as_int else lengths.astype(float).tolist()
    if zero_sources:
        values[:sources] = [0] * sources
    return values


def length_dict(
    G: BackendGraph,
    order: np.ndarray,
    lengths: np.ndarray,
    sources: int,
    options: Options,
    *,
    integral: bool | None = None,
) -> dict:
    """``{label: length}`` for ``order`` and its ``lengths`` (aligned), the first ``sources``
    entries being sources, typed as :func:`length_values` types them; built in C++ unless the
    lengths are NumPy scalars."""
    numpy_type, as_int, zero_sources = _length_types(G, options, integral)
    if numpy_type is not None:
        values = length_values(G, lengths, sources, options, integral=integral)
        return dict(zip(G.labels(order), values, strict=True))
    lengths_of = _core.label_dict(order, lengths, G.nodes, G.label_hashes, as_int)
    if zero_sources:
        for label in G.labels(order[:sources]):
            lengths_of[label] = 0
    return lengths_of


def length_value(G: BackendGraph, length: float, options: Options, *, integral=None) -> object:
    """One length (not a source's) as :func:`length_values` types it."""
    return length_values(G, np.array([length]), 0, options, integral=integral)[0]


def node_set(G: BackendGraph, positions: np.ndarray) -> set:
    return set(G.labels(positions))


def missing_node(G: BackendGraph, node: object) -> Exception:
    """What ``G.neighbors(node)`` raises for a node not in ``G`` (its words differ for digraphs)."""
    kind = "digraph" if G.is_directed() else "graph"
    return nx.NetworkXError(f"The node {node} is not in the {kind}.")


def counts_hops(G: BackendGraph, weight: object) -> bool:
    """Whether lengths are hop counts: ``weight=None`` (NetworkX's cache may serve it with a
    weighted conversion) or a graph converted without weights."""
    if weight is None:
        return True
    if weight != G.weight:
        raise ValueError(
            f"this graph was converted with weights from {G.weight!r}, not {weight!r}; "
            "convert it again with nx_irreg.backend_graph.from_networkx(G, weight)"
        )
    return G.weight is None

"""Weights of every NumPy type, infinite and huge weights: NetworkX's answer or a clear refusal.

For each type the exact lengths come from NetworkX run on the same weights as Python numbers.
Where they fit NetworkX's sum type, irreg gives NetworkX's answer, value and type; where they do
not (NetworkX's sums of narrow integers wrap), irreg raises ``OverflowError`` naming the type.
A weight irreg cannot sum exactly (float16, float32, longdouble), an infinite weight, or sums
past float64's range are refused with ``NotImplementedError`` (NetworkX runs them under
``backend_priority``); never a wrapped or missing length (issue 34).
"""

from __future__ import annotations

import warnings

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

INTEGER_TYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOAT_TYPES = [np.float16, np.float32, np.float64, np.longdouble]


def _networkx(G, source=0):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's overflow warnings, from NetworkX's sums
        try:
            return nx.single_source_dijkstra_path_length(G, source, backend="networkx")
        except ValueError as e:  # "Contradictory paths found": wrapped sums went negative
            return e


def _irreg(G, source=0):
    return nx.single_source_dijkstra_path_length(G, source, backend="irreg")


def _refusal(call) -> str:
    """The words of irreg's NotImplementedError (NetworkX 3.7 raises its own, from irreg's)."""
    with pytest.raises(NotImplementedError) as caught:
        call()
    error = caught.value
    return str(error.__cause__ or error)


def _graph(edges, weights) -> nx.DiGraph:
    G = nx.DiGraph()
    G.add_nodes_from(range(6))
    for (u, v), w in zip(edges, weights, strict=True):
        G.add_edge(u, v, weight=w)
    return G


EDGES = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=15)


def _typed(values: dict) -> list:
    return [(k, v, type(v)) for k, v in values.items()]


@pytest.mark.parametrize("dtype", INTEGER_TYPES, ids=lambda t: t.__name__)
@given(edges=EDGES, data=st.data())
def test_integer_types_give_networkx_sums_or_refuse_to_wrap(dtype, edges, data):
    top = min(int(np.iinfo(dtype).max), 2**40)
    weights = [dtype(data.draw(st.integers(0, top))) for _ in edges]
    exact = _networkx(_graph(edges, [int(w) for w in weights]))
    G = _graph(edges, weights)
    sum_type = type(0 + dtype(1) + dtype(1))  # NumPy 1: uint64 and int sum to float64
    limits = np.iinfo(sum_type) if issubclass(sum_type, np.integer) else np.iinfo(np.int64)
    fits = all(limits.min <= v <= limits.max for v in exact.values())
    if fits and max(exact.values()) < 2**53:
        ours, theirs = _irreg(G), _networkx(G)
        assert ours == exact  # sums that do not wrap
        if theirs == exact:  # no sum wrapped in NetworkX either, on paths or off them
            assert _typed(ours) == _typed(theirs)
        else:
            assert {type(v) for k, v in ours.items() if k != 0} <= {sum_type}
    elif not fits:
        message = f"does not fit the weights' type {sum_type.__name__}"
        with pytest.raises(OverflowError, match=message):
            _irreg(G)


def test_the_example_of_the_issue():
    G = _graph([(0, 1), (1, 2)], [np.int8(100), np.int8(100)])
    if type(0 + np.int8(1) + np.int8(1)) is not np.int8:  # NumPy 1 sums them in int64
        assert _typed(_irreg(G)) == _typed(_networkx(G))
        return
    message = r"a path length of 200 does not fit .* int8 \(-128 .. 127\)"
    with pytest.raises(OverflowError, match=message):
        _irreg(G)
    assert nx.single_source_dijkstra_path_length(
        G, 0, backend="irreg", weight_dtype="int64"
    ) == {0: 0, 1: 100, 2: 200}


@pytest.mark.parametrize("dtype", FLOAT_TYPES, ids=lambda t: t.__name__)
@given(edges=EDGES, data=st.data())
def test_float_types_give_networkx_sums_or_a_clear_refusal(dtype, edges, data):
    weights = [dtype(data.draw(st.floats(-0.0, 1e3, allow_nan=False))) for _ in edges]
    G = _graph(edges, weights)
    try:
        ours = _irreg(G)
    except NotImplementedError as e:
        assert dtype is not np.float64, e
        assert "weight" in str(e.__cause__ or e)
        return
    theirs = _networkx(G)
    assert ours == theirs
    # NetworkX's sums of np.float64 are np.float64, irreg's Python floats (a subclass of it).
    assert all(isinstance(v, float) for v in ours.values() if v != 0)


@given(edges=EDGES, data=st.data())
def test_mixed_python_and_numpy_scalars(edges, data):
    kinds = [int, float, np.int64, np.float64]
    weights = [data.draw(st.sampled_from(kinds))(data.draw(st.integers(0, 50))) for _ in edges]
    G = _graph(edges, weights)
    ours, theirs = _irreg(G), _networkx(G)
    assert ours == theirs
    if len({type(w) for w in weights}) == 1 and isinstance(weights[0], int | np.int64):
        assert _typed(ours) == _typed(theirs)  # one type; mixed ones: see length_values


@pytest.mark.parametrize(
    "weights",
    [[np.inf, 1.0], [1.0, np.inf], [1e308, 1e308], [-np.inf, 1.0], [float("inf"), 2]],
    ids=["inf first", "inf second", "sum past float64", "-inf", "python inf"],
)
def test_infinite_lengths_are_refused_not_dropped(weights):
    G = _graph([(0, 1), (1, 2)], weights)
    assert "distance inf" in _refusal(lambda: _irreg(G))
    before = list(nx.config.backend_priority.algos)
    nx.config.backend_priority.algos = ["irreg"]
    try:  # under backend_priority, NetworkX answers what irreg refuses
        theirs = _networkx(G)
        if not isinstance(theirs, Exception):
            assert nx.single_source_dijkstra_path_length(G, 0) == theirs
    finally:
        nx.config.backend_priority.algos = before


def test_negative_zero_is_a_length():
    G = _graph([(0, 1), (1, 2)], [-0.0, -0.0])
    assert _typed(_irreg(G)) == _typed(_networkx(G))


def test_none_weights_count_for_connectivity_as_in_networkx():
    G = nx.DiGraph([(0, 1), (1, 2), (2, 0)])
    nx.set_edge_attributes(G, 1, "weight")
    G[2][0]["weight"] = None  # skipped by the searches, but 0 -> 1 -> 2 -> 0 is connected
    expected = nx.average_shortest_path_length(G, weight="weight", backend="networkx")
    assert "is None" in _refusal(
        lambda: nx.average_shortest_path_length(G, weight="weight", backend="irreg")
    )
    before = list(nx.config.backend_priority.algos)
    nx.config.backend_priority.algos = ["irreg"]
    try:
        assert nx.average_shortest_path_length(G, weight="weight") == expected
    finally:
        nx.config.backend_priority.algos = before

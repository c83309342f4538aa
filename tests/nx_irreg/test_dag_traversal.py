"""descendants, ancestors, lexicographical_topological_sort, generic_bfs_edges and
bfs_labeled_edges through ``backend="irreg"`` against NetworkX itself: the same values in the
same order, the same items yielded before an error, the same exception type and message."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nx_irreg
from irreg.graph.algorithms import reachable
from nx_irreg.interface import BackendInterface

ISAS = nx_irreg.available_isas()
THREAD_COUNTS = (1, 2, 3)
KINDS = (nx.DiGraph, nx.Graph, nx.MultiDiGraph)
ABSENT = "absent"


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")


def _label(i: int, labeling: str) -> object:
    if labeling == "str":
        return f"n{i:02d}"
    if labeling == "tuple":
        return (i % 3, f"t{i}")
    if labeling == "mixed":  # ints and strings: Python cannot order them together
        return i if i % 2 else f"s{i}"
    return i


@st.composite
def graphs(draw, kinds=KINDS, labelings=("int", "str", "tuple"), acyclic=False):
    """Up to 12 nodes in a random insertion order (isolated ones too), up to 30 edges in a random
    order, self-loops and parallel edges included unless ``acyclic``."""
    kind = draw(st.sampled_from(kinds))
    labeling = draw(st.sampled_from(labelings))
    n = draw(st.integers(0, 12))
    G = kind()
    G.add_nodes_from(_label(i, labeling) for i in draw(st.permutations(range(n))))
    if n:
        pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=30))
        if acyclic:  # edges point up a random ranking of the nodes
            rank = draw(st.permutations(range(n)))
            pairs = [(u, v) if rank[u] < rank[v] else (v, u) for u, v in pairs if u != v]
        G.add_edges_from((_label(u, labeling), _label(v, labeling)) for u, v in pairs)
    return G


def outcome(call) -> tuple:
    """What a call gives: its items (in order, up to an error), the error's type and message."""
    items = []
    try:
        result = call()
        if isinstance(result, set):
            return result, None, None
        items.extend(result)
    except Exception as err:  # noqa: BLE001 - compared with NetworkX's
        return items, type(err), str(err)
    return items, None, None


def assert_like_networkx(func, *args, **backend_options):
    expected = outcome(lambda: func(*args))
    got = outcome(lambda: func(*args, backend="irreg", **backend_options))
    assert got == expected


# --- descendants and ancestors ------------------------------------------------------------------


@pytest.mark.parametrize("threads", THREAD_COUNTS)
@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=25)
@given(G=graphs(), data=st.data())
def test_descendants_and_ancestors_equal_networkx(isa, threads, G, data):
    source = data.draw(st.sampled_from([*G, ABSENT]))
    for func in (nx.descendants, nx.ancestors):
        assert_like_networkx(func, G, source, isa=isa, threads=threads)


@pytest.mark.parametrize("threads", THREAD_COUNTS)
@pytest.mark.parametrize("kind", KINDS)
def test_descendants_and_ancestors_on_a_graph_big_enough_for_threads(kind, threads):
    # 6000 vertices plus edges: past the core's 4096, so the parallel search runs
    G = nx.gnm_random_graph(2000, 4000, seed=7, directed=kind is not nx.Graph)
    G = kind(G)
    for source in (0, 17, 1999):
        for func in (nx.descendants, nx.ancestors):
            assert func(G, source, backend="irreg", threads=threads) == func(G, source)


@pytest.mark.parametrize("threads", THREAD_COUNTS)
def test_reachable_both_ways_on_the_kernel(threads):
    G = nx.gnm_random_graph(3000, 9000, seed=3, directed=True)
    graph = nx_irreg.IrregGraph.from_edges(
        [u for u, _ in G.edges], [v for _, v in G.edges], n=len(G)
    )
    for source in (0, 5, 2999):
        down = reachable(graph, source=source, threads=threads)
        up = reachable(graph, source=source, reverse=True, threads=threads)
        assert set(np.flatnonzero(down)) == nx.descendants(G, source) | {source}
        assert set(np.flatnonzero(up)) == nx.ancestors(G, source) | {source}


def test_ancestors_refuses_an_engine_variant_on_a_directed_graph():
    with pytest.raises(ValueError, match="in-edges"):
        nx.ancestors(nx.DiGraph([(0, 1)]), 1, backend="irreg", variant="opt")
    assert nx.ancestors(nx.Graph([(0, 1)]), 1, backend="irreg", variant="opt") == {0}


# --- lexicographical_topological_sort -----------------------------------------------------------


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=60)
@given(G=graphs(kinds=(nx.DiGraph, nx.MultiDiGraph), acyclic=True))
def test_lexicographical_topological_sort_equals_networkx_on_dags(isa, G):
    assert_like_networkx(nx.lexicographical_topological_sort, G, isa=isa)


@settings(max_examples=60)
@given(G=graphs())
def test_lexicographical_topological_sort_with_cycles_and_undirected(G):
    # a cycle: the nodes NetworkX yields first, then NetworkXUnfeasible; undirected: NetworkXError
    assert_like_networkx(nx.lexicographical_topological_sort, G)


@settings(max_examples=80)
@given(G=graphs(kinds=(nx.DiGraph,), labelings=("mixed",)))
def test_lexicographical_topological_sort_with_labels_that_do_not_compare(G):
    # ints and strings: TypeError where NetworkX's heap compares one with the other, not before
    assert_like_networkx(nx.lexicographical_topological_sort, G)


def test_lexicographical_topological_sort_documented_cases():
    G = nx.DiGraph([(2, 1), (2, 5), (1, 3), (1, 4), (5, 4)])
    assert list(nx.lexicographical_topological_sort(G, backend="irreg")) == [2, 1, 3, 5, 4]
    mixed = nx.DiGraph([(1, "red"), (3, "red"), (1, "green"), (2, "blue")])
    with pytest.raises(TypeError, match="Consider using `key=`"):
        list(nx.lexicographical_topological_sort(mixed, backend="irreg"))
    assert list(nx.lexicographical_topological_sort(nx.DiGraph([(1, "a")]), backend="irreg")) == [
        1,
        "a",
    ]


def test_a_key_or_a_neighbors_function_is_declined():
    G = nx.DiGraph([(0, 1)])
    assert isinstance(
        BackendInterface.can_run("lexicographical_topological_sort", (G,), {"key": abs}), str
    )
    assert BackendInterface.can_run("lexicographical_topological_sort", (G,), {}) is True
    assert isinstance(
        BackendInterface.can_run("generic_bfs_edges", (G, 0), {"neighbors": G.neighbors}), str
    )
    assert list(nx.lexicographical_topological_sort(G, key=lambda x: -x)) == [0, 1]


# --- generic_bfs_edges and bfs_labeled_edges ---------------------------------------------------


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40)
@given(G=graphs(), data=st.data())
def test_generic_bfs_edges_equals_networkx(isa, G, data):
    source = data.draw(st.sampled_from([*G, ABSENT]))
    depth = data.draw(st.sampled_from([None, -1, 0, 1, 2, 3, 1.5, math.inf, math.nan]))
    assert_like_networkx(nx.generic_bfs_edges, G, source, None, depth, isa=isa)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=60)
@given(G=graphs(), data=st.data())
def test_bfs_labeled_edges_equals_networkx(isa, G, data):
    nodes = [*G, ABSENT]
    sources = data.draw(
        st.one_of(st.sampled_from(nodes), st.lists(st.sampled_from(nodes), max_size=4))
    )
    assert_like_networkx(nx.bfs_labeled_edges, G, sources, isa=isa)


def test_bfs_labeled_edges_labels():
    D = nx.DiGraph([(0, 1), (0, 2), (1, 2), (2, 1), (2, 0), (1, 1)])
    assert list(nx.bfs_labeled_edges(D, 0, backend="irreg")) == [
        (0, 1, "tree"), (0, 2, "tree"), (1, 2, "level"), (1, 1, "level"),
        (2, 1, "level"), (2, 0, "reverse"),
    ]  # fmt: skip
    G = nx.Graph(D)
    assert list(nx.bfs_labeled_edges(G, [0], backend="irreg")) == list(
        nx.bfs_labeled_edges(G, [0])
    )
    with pytest.raises(KeyError):
        list(nx.bfs_labeled_edges(D, [0, ABSENT], backend="irreg"))


@st.composite
def _cyclic_digraphs(draw):
    """Small DiGraphs, often strongly connected (a cycle through every node plus chords)."""
    n = draw(st.integers(0, 9))
    G = nx.DiGraph()
    G.add_nodes_from(draw(st.permutations(range(n))) if n else [])
    if n and draw(st.booleans()):
        nx.add_cycle(G, draw(st.permutations(range(n))))
    if n:
        vertex = st.integers(0, n - 1)
        G.add_edges_from(draw(st.lists(st.tuples(vertex, vertex), max_size=2 * n)))
    return G


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=80)
@given(G=_cyclic_digraphs())
def test_has_cycle_and_is_aperiodic_equal_networkx(isa, G):
    from nx_irreg.versions import dispatchable, is_aperiodic_needs_strong_connectivity

    has_cycle = dispatchable("has_cycle")
    assert has_cycle(G, backend="irreg", isa=isa) is has_cycle(G)
    try:
        expected = nx.is_aperiodic(G)
    except (nx.NetworkXError, nx.NetworkXPointlessConcept) as err:  # 3.5 on: not strongly
        # connected raises (3.4 searches it, and the backend leaves that to NetworkX)
        with pytest.raises(type(err), match=str(err)):
            nx.is_aperiodic(G, backend="irreg", isa=isa)
        return
    if len(G) and not nx.is_strongly_connected(G):  # only NetworkX 3.4 answers here
        assert not is_aperiodic_needs_strong_connectivity()
        with pytest.raises(NotImplementedError, match="is_aperiodic"):
            nx.is_aperiodic(G, backend="irreg", isa=isa)
        return
    assert nx.is_aperiodic(G, backend="irreg", isa=isa) is expected


@st.composite
def _dags(draw):
    """DAGs and multi-DAGs (edges from earlier to later in a shuffled order) with int, string
    or mixed labels; now and then a cycle."""
    n = draw(st.integers(0, 14))
    G = draw(st.sampled_from([nx.DiGraph, nx.MultiDiGraph]))()
    rank = draw(st.permutations(range(n))) if n else []
    G.add_nodes_from(rank)
    if n > 1:
        pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                              max_size=4 * n))
        G.add_edges_from((rank[a], rank[b]) for a, b in pairs if a < b)
        if draw(st.integers(0, 9)) == 0:
            G.add_edge(rank[-1], rank[0])
    labels = draw(st.sampled_from(["ints", "strings", "mixed"]))
    if labels == "strings":
        G = nx.relabel_nodes(G, {v: f"v{v * 7 % 31}" for v in G})
    elif labels == "mixed":
        G = nx.relabel_nodes(G, {v: (v, "t") if v % 2 else v + 0.5 for v in G})
    return G


@pytest.mark.parametrize("threads", [1, 2, 3])
@settings(max_examples=80)
@given(G=_dags())
def test_transitive_reduction_equals_networkx(threads, G):
    try:
        expected = nx.transitive_reduction(G)
    except nx.NetworkXError as err:
        with pytest.raises(nx.NetworkXError, match=str(err)):
            nx.transitive_reduction(G, backend="irreg", threads=threads)
        return
    got = nx.transitive_reduction(G, backend="irreg", threads=threads)
    assert type(got) is nx.DiGraph and got.graph == expected.graph
    assert list(got.nodes(data=True)) == list(expected.nodes(data=True))
    assert list(got.edges(data=True)) == list(expected.edges(data=True))  # NetworkX's set order
    assert [list(got.pred[v]) for v in got] == [list(expected.pred[v]) for v in expected]


def test_reach_among_successors_in_chunks_of_columns():
    from irreg.graph import IrregGraph
    from irreg.graph.algorithms import GraphCycleError, reach_among_successors

    # 0 -> 1 -> 2 -> ... -> 199 and 0 -> every vertex: each 0 -> k (k > 1) is implied by 0 -> 1.
    n = 200
    tails = [*range(n - 1), *([0] * (n - 2))]
    heads = [*range(1, n), *range(2, n)]
    g = IrregGraph.from_edges(np.array(tails), np.array(heads), n=n)
    whole = reach_among_successors(g)
    for budget in (8 * n, 16 * n * 3):  # one word of columns per chunk and thread, or a few
        for threads in (1, 2, 3):
            part = reach_among_successors(g, threads=threads, budget_bytes=budget)
            np.testing.assert_array_equal(part.offsets, whole.offsets)
            for e in range(len(whole.offsets) - 1):
                a, b = whole.offsets[e], whole.offsets[e + 1]
                assert sorted(part.reached[a:b]) == sorted(whole.reached[a:b])
    offsets, targets, _ = g.csr()
    first = next(e for e in range(offsets[0], offsets[1]) if targets[e] == 1)
    assert sorted(whole.reached[whole.offsets[first]:whole.offsets[first + 1]]) == list(
        range(2, n))
    with pytest.raises(GraphCycleError):
        reach_among_successors(IrregGraph.from_edges(np.array([0, 1]), np.array([1, 0])))

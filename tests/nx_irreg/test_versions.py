"""The backend follows the installed NetworkX where NetworkX's releases differ (DESIGN §6): each
probe of ``nx_irreg.versions`` asks NetworkX itself, and the backend's answer on the probe's own
graph, and on random ones, equals NetworkX's, orders and warnings included."""

from __future__ import annotations

import inspect
import warnings
from pathlib import Path

import networkx as nx
import pytest
from networkx_cases import assert_same, both

import nx_irreg
from nx_irreg import interface, versions
from nx_irreg.interface import BackendInterface


def test_every_probe_is_listed_with_the_releases_it_separates():
    probes = {name for name, value in vars(versions).items()
              if callable(value) and getattr(value, "cache_info", None)}
    assert probes == set(versions.PROBES)
    for name, probe in versions.PROBES.items():
        assert probe.ask.__doc__, name
        older, newer = probe.separates.split(" | ")
        assert older.startswith("3.4") and newer.endswith("3.7"), name
    assert set(versions.answers()) == set(versions.PROBES)


def test_no_version_strings_in_the_backend():
    root = Path(nx_irreg.__file__).parent
    for path in root.rglob("*.py"):
        text = path.read_text()
        for asking_the_version in ("nx.__version__", "networkx.__version__", 'version("networkx'):
            assert asking_the_version not in text, path


def _sets(components) -> list[list]:
    return [list(c) for c in components]  # a set's order is the order its nodes were added


def test_probe_graphs_answer_as_networkx():
    G = nx.DiGraph([(8, 9), (8, 16), (9, 8), (16, 8)])
    assert _sets(nx.strongly_connected_components(G, backend="irreg")) == _sets(
        nx.strongly_connected_components(G))
    G = nx.DiGraph([(2, 8), (2, 9), (8, 16), (16, 2), (9, 8)])
    for function in (nx.strongly_connected_components, nx.kosaraju_strongly_connected_components,
                     nx.attracting_components):
        assert _sets(function(G, backend="irreg")) == _sets(function(G))
    G = nx.Graph()
    G.add_edge(0, 1, weight=0)
    G.add_edge(1, 2, weight=100)
    assert_same(*both(nx.all_shortest_paths, G, 0, 2, weight="weight"))
    G = nx.Graph()
    G.add_edge(0, 1, weight=2)
    G.add_edge(0, 2, weight=1)
    for function in (nx.single_source_dijkstra_path, nx.single_source_dijkstra):
        assert_same(*both(function, G, 0))
    assert_same(*both(nx.bfs_layers, nx.empty_graph(2), [1, 0]))
    assert_same(*both(nx.single_source_all_shortest_paths, nx.Graph([(1, 0)]), 0))


def _warnings_and_result(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
        result = result if isinstance(result, dict) else list(result)
    return [(w.category, str(w.message)) for w in caught], result


@pytest.mark.parametrize(
    ("function", "args"),
    [
        (nx.bfs_predecessors, (nx.path_graph(3), 0)),
        (nx.shortest_path, (nx.path_graph(3),)),
        (nx.single_target_shortest_path_length, (nx.path_graph(3), 2)),
    ],
    ids=["bfs_predecessors", "shortest_path", "single_target_shortest_path_length"],
)
def test_return_types_and_warnings_are_networkx_own(function, args):
    expected = _warnings_and_result(lambda: function(*args))
    got = _warnings_and_result(lambda: function(*args, backend="irreg"))
    assert got[0] == expected[0]
    if isinstance(expected[1], dict):
        assert type(got[1]) is dict
        assert_same(expected[1], got[1])
    else:
        assert [(k, dict(v)) if isinstance(v, dict) else (k, v) for k, v in got[1]] == [
            (k, dict(v)) if isinstance(v, dict) else (k, v) for k, v in expected[1]]


def test_lexicographical_message_is_networkx_own():
    G = nx.DiGraph([(1, "red"), (3, "red"), (1, "green"), (2, "blue")])
    with pytest.raises(TypeError) as theirs:
        list(nx.lexicographical_topological_sort(G))
    with pytest.raises(TypeError) as ours:
        list(nx.lexicographical_topological_sort(G, backend="irreg"))
    assert str(ours.value) == str(theirs.value)


# --- parameters of the installed NetworkX -----------------------------------------------------


@pytest.fixture
def bfs_edges_with_a_new_parameter(monkeypatch):
    """NetworkX's bfs_edges as a future release might have it: a parameter irreg does not know,
    put before others so that NetworkX passes the rest at other positions."""
    real = interface.installed_signature

    def installed(name):
        signature = real(name)
        if name != "bfs_edges":
            return signature
        parameters = list(signature.parameters.values())
        knob = inspect.Parameter("new_knob", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                 default=None)
        return signature.replace(parameters=[*parameters[:2], knob, *parameters[2:]])

    monkeypatch.setattr(interface, "installed_signature", installed)
    interface.binding.cache_clear()
    yield
    monkeypatch.undo()
    interface.binding.cache_clear()


@pytest.mark.usefixtures("bfs_edges_with_a_new_parameter")
def test_a_new_parameter_set_is_declined_and_at_its_default_ignored():
    G = nx.DiGraph([(0, 1), (1, 2), (2, 0), (3, 2)])
    reason = BackendInterface.can_run("bfs_edges", (G, 2), {"new_knob": "on"})
    assert isinstance(reason, str) and "new_knob" in reason
    assert BackendInterface.can_run("bfs_edges", (G, 2), {"new_knob": None}) is True
    # What NetworkX passes: every parameter of its signature, positionally, defaults applied.
    converted = BackendInterface.convert_from_nx(G)
    bound = interface.binding("bfs_edges").signature.bind(G, 2, reverse=True)
    bound.apply_defaults()
    args = (converted, *bound.args[1:])
    assert BackendInterface.can_run("bfs_edges", bound.args, bound.kwargs) is True
    got = list(BackendInterface.bfs_edges(*args, **bound.kwargs))
    assert got == list(nx.bfs_edges(G, 2, reverse=True))

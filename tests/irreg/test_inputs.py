"""Benchmark graph inputs: edge-list files parse exactly or fail naming the line; generators are
seeded, sized as their spec says and have the shape their kind promises."""

from __future__ import annotations

import gzip
import os
import pickle
import re
import subprocess
import sys
import threading
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from irreg import inputs as graph_inputs
from irreg.inputs import (
    GENERATOR_FORMS,
    EdgeList,
    EdgeListError,
    generate,
    load_input,
    read_edge_list,
)

SMALL_SPECS = [
    "rmat:10:8", "rmat:9:4", "kron:9:4", "stinger-rmat:9:4", "er:1000:5000", "urand:9:4",
    "grid:7:9", "dag:500:3000",
]


def write(tmp_path: Path, text: str | bytes, name: str = "graph.txt") -> Path:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text)
    else:
        path.write_bytes(text)
    return path


# ---------------------------------------------------------------------------------------------
# Files


def test_comments_and_blank_lines_are_skipped(tmp_path):
    path = write(
        tmp_path,
        "# Directed graph (each unordered pair of nodes is saved once)\n"
        "# FromNodeId\tToNodeId\n"
        "\n"
        "0\t3\n"
        "   # an indented comment # with a second hash\n"
        "  2   1  \n"
        "\t\n"
        "3 0",  # no final newline
    )
    edges = read_edge_list(path)
    assert edges.src.tolist() == [0, 2, 3] and edges.dst.tolist() == [3, 1, 0]
    assert edges.src.dtype == edges.dst.dtype == np.int64
    assert edges.weight is None
    assert edges.n == 4 and edges.num_edges == 3
    assert edges.directed and edges.name == "graph.txt"


def test_three_columns_give_float64_weights(tmp_path):
    path = write(tmp_path, "0 1 2.5\n1 7 1e2\n7 0 .5\n2 2 -3\n")
    edges = read_edge_list(path, directed=False)
    assert edges.weight is not None and edges.weight.dtype == np.float64
    assert edges.weight.tolist() == [2.5, 100.0, 0.5, -3.0]
    assert edges.n == 8 and not edges.directed


def test_windows_and_old_mac_line_ends(tmp_path):
    edges = read_edge_list(write(tmp_path, b"0 1\r\n1 2\r2 3\r\n"))
    assert edges.src.tolist() == [0, 1, 2] and edges.dst.tolist() == [1, 2, 3]


@pytest.mark.parametrize("text", ["", "# nothing but comments\n\n   \n"])
def test_a_file_without_edges_has_no_vertices(tmp_path, text):
    edges = read_edge_list(write(tmp_path, text))
    assert edges.n == 0 and edges.num_edges == 0 and edges.weight is None
    assert edges.src.dtype == np.int64


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("0 1\n\n\n\n\n\n5\n", 7, "expected 2 or 3 columns, got 1"),
        ("0 1\n1 2 3 4\n", 2, "expected 2 or 3 columns, got 4"),
        ("0 1\n1 2\n3 -4\n", 3, "vertex id '-4' is negative"),
        ("0 x\n", 1, "vertex id 'x' is not an integer"),
        ("1.0 2\n", 1, "vertex id '1.0' is not an integer"),
        # 2**31 - 2: the core's MAX_VERTICES (n + 1 must fit 32 bits), so the reader agrees
        ("0 2147483646\n", 1, "vertex id '2147483646' is too large (ids must be below 2147483646)"),
        (
            "0 99999999999999999999\n",
            1,
            "vertex id '99999999999999999999' is too large (ids must be below 2147483646)",
        ),
        ("0 1 2\n1 2 3\n0 0 3\n0 1 2\n1 2 abc\n", 5, "weight 'abc' is not a number"),
        ("0 1 1_0\n", 1, "weight '1_0' is not a number"),
        ("0 1 1\n0 2 nan\n", 2, "weight is NaN"),
        ("0 1\n1 2 3\n", 2, "line has 3 columns but line 1 had 2"),
        ("# header\n\n0 1 1\n1 2\n", 4, "line has 2 columns but line 3 had 3"),
        ("0 1\n1 2 # trailing note\n", 2, "a '#' comment must start its own line"),
        ("0 1\n1 -2\n2 x\n", 2, "vertex id '-2' is negative"),  # the first problem is named
    ],
)
def test_errors_name_file_line_and_problem(tmp_path, text, line, problem):
    path = write(tmp_path, text)
    with pytest.raises(EdgeListError, match="^" + re.escape(f"{path}:{line}: {problem}")) as err:
        read_edge_list(path)
    assert isinstance(err.value, ValueError)
    assert (err.value.path, err.value.line, err.value.problem) == (str(path), line, problem)


def test_error_message_uses_the_path_as_given(tmp_path, monkeypatch):
    write(tmp_path, "0 1\n7\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EdgeListError, match=r"^graph\.txt:2: expected 2 or 3 columns, got 1$"):
        read_edge_list("graph.txt")


def test_error_survives_pickling():
    err = EdgeListError("g.txt", 3, "weight is NaN")
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == "g.txt:3: weight is NaN" and again.line == 3


def test_missing_file(tmp_path):
    path = tmp_path / "absent.el"
    with pytest.raises(FileNotFoundError, match=re.escape(str(path))):
        read_edge_list(path)
    with pytest.raises(FileNotFoundError, match=re.escape(str(path))):
        load_input(str(path))


def random_edge_text(rng: np.random.Generator, m: int) -> tuple[np.ndarray, str]:
    table = np.column_stack(
        [rng.integers(0, 5000, m), rng.integers(0, 5000, m), rng.integers(1, 256, m)]
    )
    return table, "".join(f"{s} {d} {w}\n" for s, d, w in table.tolist())


@pytest.mark.parametrize(
    "header",
    [b"", b"# plain header\n", "# caf\u00e9 (Latin-1)\n".encode("latin-1")],
    ids=["no-header", "ascii-header", "latin1-header"],
)
def test_large_file_parses_exactly(tmp_path, header):
    # A non-ASCII header sends the file down the line-by-line path; both paths must agree.
    table, text = random_edge_text(np.random.default_rng(7), 20_000)
    edges = read_edge_list(write(tmp_path, header + text.encode()))
    np.testing.assert_array_equal(edges.src, table[:, 0])
    np.testing.assert_array_equal(edges.dst, table[:, 1])
    np.testing.assert_array_equal(edges.weight, table[:, 2].astype(np.float64))
    assert edges.n == int(table[:, :2].max()) + 1
    assert all(a.flags.c_contiguous for a in (edges.src, edges.dst, edges.weight))


def test_gzip_file_is_read_by_content(tmp_path):
    table, text = random_edge_text(np.random.default_rng(3), 1000)
    edges = read_edge_list(write(tmp_path, gzip.compress(text.encode()), name="g.txt.gz"))
    np.testing.assert_array_equal(edges.dst, table[:, 1])
    assert edges.name == "g.txt.gz"
    path = write(tmp_path, gzip.compress(b"# c\n0 1\n1\n"), name="compressed-without-suffix")
    with pytest.raises(EdgeListError, match=rf"^{re.escape(str(path))}:3: expected 2 or 3"):
        read_edge_list(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_read_once(tmp_path):
    table, text = random_edge_text(np.random.default_rng(4), 1000)
    path = tmp_path / "pipe"
    os.mkfifo(path)
    writer = threading.Thread(target=path.write_text, args=(text,), daemon=True)
    writer.start()
    edges = read_edge_list(path)
    writer.join(timeout=10)
    np.testing.assert_array_equal(edges.src, table[:, 0])


def test_late_error_in_large_file_is_located(tmp_path):
    _, text = random_edge_text(np.random.default_rng(8), 20_000)
    path = write(tmp_path, "# header\n" + text + "1 2 3\n5 6 inf\n9 nan 1\n")
    with pytest.raises(EdgeListError, match=rf"^{re.escape(str(path))}:20004: vertex id 'nan'"):
        read_edge_list(path)


# ---------------------------------------------------------------------------------------------
# Generators


@pytest.mark.parametrize("spec", SMALL_SPECS)
def test_generated_graph_sizes_ranges_and_weights(spec):
    kind, a, b = spec.split(":")
    a, b = int(a), int(b)
    n, m, name, directed = {
        "rmat": (2**a, b * 2**a, f"rmat-s{a}-ef{b}", True),
        "stinger-rmat": (2**a, b * 2**a, f"stinger-rmat-s{a}-ef{b}", True),
        "kron": (2**a, b * 2**a, f"kron-s{a}-ef{b}", False),
        "urand": (2**a, b * 2**a, f"urand-s{a}-ef{b}", False),
        "er": (a, b, f"er-n{a}-m{b}", True),
        "grid": (a * b, a * (b - 1) + b * (a - 1), f"grid-{a}x{b}", False),
        "dag": (a, b, f"dag-n{a}-m{b}", True),
    }[kind]
    edges = generate(spec)
    assert isinstance(edges, EdgeList)
    assert (edges.n, edges.num_edges, edges.name, edges.directed) == (n, m, name, directed)
    assert edges.src.dtype == edges.dst.dtype == np.int64
    for ids in (edges.src, edges.dst):
        assert ids.min() >= 0 and ids.max() < n
    assert edges.weight is not None and edges.weight.dtype == np.float64
    assert edges.weight.min() >= 1 and edges.weight.max() <= 255
    np.testing.assert_array_equal(edges.weight, np.round(edges.weight))
    if m >= 3000:  # enough draws to reach both ends of the range
        assert edges.weight.min() == 1 and edges.weight.max() == 255


@pytest.mark.parametrize("spec", SMALL_SPECS)
def test_same_seed_same_graph_other_seed_other_graph(spec):
    first, again, other = generate(spec, seed=3), generate(spec, seed=3), generate(spec, seed=4)
    for field in ("src", "dst", "weight"):
        np.testing.assert_array_equal(getattr(first, field), getattr(again, field))
    assert not np.array_equal(first.weight, other.weight)
    if not spec.startswith("grid"):  # a grid's shape is fixed; only its weights are random
        assert not np.array_equal(first.src, other.src)


def test_grid_edges_are_the_four_neighbours_once():
    rows, cols = 6, 11
    edges = generate(f"grid:{rows}:{cols}")
    expected = nx.convert_node_labels_to_integers(nx.grid_2d_graph(rows, cols), ordering="sorted")
    got = {frozenset(e) for e in zip(edges.src.tolist(), edges.dst.tolist(), strict=True)}
    assert len(got) == edges.num_edges == rows * (cols - 1) + cols * (rows - 1)
    assert got == {frozenset(e) for e in expected.edges()}


def test_dag_is_acyclic_but_its_ids_are_not_a_topological_order():
    edges = generate("dag:2000:20000", seed=5)
    graph = nx.DiGraph(zip(edges.src.tolist(), edges.dst.tolist(), strict=True))
    assert nx.is_directed_acyclic_graph(graph)
    assert not (edges.src == edges.dst).any()
    backwards = np.mean(edges.src > edges.dst)
    assert 0.3 < backwards < 0.7  # relabelled at random, so about half the edges point down


def test_rmat_degrees_are_skewed_and_labels_shuffled():
    edges = generate("rmat:12:16", seed=2)
    degree = np.bincount(edges.src, minlength=edges.n) + np.bincount(edges.dst, minlength=edges.n)
    assert degree.max() > 20 * degree.mean()
    assert (degree == 0).mean() > 0.05  # Kronecker graphs leave many vertices isolated
    # Unshuffled, vertex 0 (the a=0.57 quadrant at every level) would be the hub, and ids below
    # n/2 would have about three times the degree of those above ((a + b) / (c + d) = 0.76 / 0.24).
    assert degree.argmax() != 0
    low, high = degree[: edges.n // 2].mean(), degree[edges.n // 2 :].mean()
    assert 0.8 < low / high < 1.25


def test_kron_and_urand_are_the_undirected_gapbs_inputs():
    # GAPBS's -g and -u graphs are undirected: the same draws as rmat / a uniform edge list.
    kron, rmat = generate("kron:10:8", seed=5), generate("rmat:10:8", seed=5)
    assert kron.directed is False and rmat.directed is True
    np.testing.assert_array_equal(kron.src, rmat.src)
    np.testing.assert_array_equal(kron.dst, rmat.dst)
    urand = generate("urand:10:8", seed=5)
    er = generate(f"er:{2**10}:{8 * 2**10}", seed=5)
    assert urand.directed is False
    np.testing.assert_array_equal(urand.src, er.src)
    np.testing.assert_array_equal(urand.dst, er.dst)


def test_stinger_rmat_keeps_labels_so_low_ids_are_hubs():
    # STINGER's rmat_edge (seed 002's generator) draws each level from a +-5% perturbed
    # Graph500 initiator and never relabels: vertex 0 is the hub, and a source bit is 1 with
    # probability about c + d = 0.24 at every level.
    edges = generate("stinger-rmat:12:16", seed=2)
    degree = np.bincount(edges.src, minlength=edges.n) + np.bincount(edges.dst, minlength=edges.n)
    assert degree.argmax() == 0
    for bit in (0, 5, 11):
        assert 0.22 < ((edges.src >> bit) & 1).mean() < 0.26
        assert 0.22 < ((edges.dst >> bit) & 1).mean() < 0.26
    # Striped over 8 nodelets by id, the ids = 0 mod 8 hold about 0.76**3 = 44% of the endpoints.
    share = degree[::8].sum() / degree.sum()
    assert 0.40 < share < 0.48


def test_er_endpoints_are_uniform():
    edges = generate("er:1000:200000", seed=9)
    counts = np.bincount(edges.src // 10, minlength=100)  # 100 bins of 10 vertices
    assert counts.min() > 1600 and counts.max() < 2400  # expected 2000, sd about 44


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("ring:3:4", "unknown kind 'ring'"),
        ("rmat:10", "rmat takes 2 fields (rmat:SCALE:EF), got 1"),
        ("grid:1:2:3", "grid takes 2 fields (grid:R:C), got 3"),
        ("er:10:x", "M is not an integer: 'x'"),
        ("er:4:100", "M = 100 edges exceeds the 16 ordered pairs (N*N) of N = 4 vertices"),
        ("dag:4:7", "M = 7 edges exceeds the 6 unordered pairs (N*(N-1)/2) of N = 4 vertices"),
        ("er:1e3:5", "N is not an integer: '1e3'"),
        ("dag::5", "N is not an integer: ''"),
        ("grid:0:5", "R must be positive, got 0"),
        ("rmat:-2:4", "SCALE must be positive, got -2"),
        ("rmat:31:1", "SCALE must be at most 30, got 31"),
        ("stinger-rmat:31:1", "SCALE must be at most 30, got 31"),
        ("urand:31:1", "SCALE must be at most 30, got 31"),
        ("rmat:30:9000000000", "EF * 2**SCALE = 9663676416000000000 edges does not fit int64"),
        ("er:4:9223372036854775808", "M = 9223372036854775808 edges does not fit int64"),
        ("er:2147483647:1", "N = 2147483647 vertices exceeds the limit of 2147483646"),
        ("grid:65536:65536", "R * C = 4294967296 vertices exceeds the limit"),
        ("dag:1:5", "a dag needs N >= 2 vertices"),
    ],
)
def test_bad_specs_say_what_is_wrong_and_what_is_accepted(spec, problem):
    with pytest.raises(ValueError, match=re.escape(problem)) as err:
        generate(spec)
    message = str(err.value)
    assert repr(spec) in message
    assert GENERATOR_FORMS in message


# ---------------------------------------------------------------------------------------------
# load_input


def test_load_input_dispatches_on_spec_or_path(tmp_path):
    generated = load_input("er:50:200", seed=11)
    np.testing.assert_array_equal(generated.src, generate("er:50:200", seed=11).src)
    assert load_input("grid:3:3").directed is False
    assert load_input("grid:3:3", directed=True).directed is True

    path = write(tmp_path, "0 1\n1 2\n", name="rmat.txt")  # a file name may look like a kind
    from_file = load_input(str(path))
    assert from_file.directed is True and from_file.name == "rmat.txt"
    assert load_input(path, directed=False).directed is False


def test_module_imports_neither_networkx_nor_the_extension():
    # Loaded from its file alone, since importing the package loads the compiled core.
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('gi', {graph_inputs.__file__!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "sys.modules[spec.name] = module\n"
        "spec.loader.exec_module(module)\n"
        "loaded = [m for m in sys.modules if m.startswith(('networkx', 'nx_irreg'))]\n"
        "assert not loaded, loaded\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)

"""The ``irreg`` command line: the benchmark runs end to end and writes the shared schema."""

from __future__ import annotations

import inspect
import json

import networkx as nx
import pytest

import _irreg_cli as cli
from irreg.bench.harness import default_thread_counts

ROW_KEYS = {
    "name",
    "case",
    "impl",
    "variant",
    "isa",
    "seconds",
    "min_seconds",
    "max_seconds",
    "repeats",
    "work",
    "work_unit",
    "extra",
}


def test_bench_index_quick_writes_the_shared_schema(tmp_path, capsys, assert_counted):
    out = tmp_path / "index.json"
    assert (
        cli.main(
            ["bench", "index", "--quick", "--repeats", "1", "--isa", "scalar", "--json", str(out)]
        )
        == 0
    )
    captured = capsys.readouterr()
    table = captured.out
    assert "search_and_update" in table and "regroup_all" in table
    assert_counted(captured.err)
    report = json.loads(out.read_text())
    assert report["benchmark"] == "index"
    assert {"cpu", "cores", "isas"} <= set(report["machine"])
    names = {row["name"] for row in report["rows"]}
    assert {"tile_and_group", "search_and_activate", "search_and_update", "regroup_all"} <= names
    for row in report["rows"]:
        assert ROW_KEYS <= set(row)
        if row["isa"] == "scalar":
            assert row["seconds"] > 0 and row["min_seconds"] <= row["seconds"] <= row["max_seconds"]
    updates = [r for r in report["rows"] if r["name"] == "search_and_update"]
    assert {r["extra"]["threads"] for r in updates} == set(default_thread_counts())
    for update in updates:
        assert update["extra"]["regroup_ratio"] > 0 and update["extra"]["first_fit_ratio"] > 0


def test_bench_graph_quick_writes_every_algorithm_and_peer(tmp_path, capsys, assert_counted):
    out = tmp_path / "graph.json"
    assert (
        cli.main(
            [
                "bench",
                "graph",
                "--quick",
                "--repeats",
                "1",
                "--warmup",
                "0",
                "--isa",
                "scalar",
                "--threads",
                "1,2",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert_counted(captured.err)
    assert "thread scaling (median; speedup over the same series on 1 thread)" in captured.out
    report = json.loads(out.read_text())
    assert report["benchmark"] == "graph"
    rows = report["rows"]
    assert {r["name"] for r in rows} == {"build", "bfs", "sssp", "sswp", "wcc", "pagerank", "ts"}
    assert {r["case"] for r in rows} == {
        "rmat-s13-ef16",
        "er-n8192-m131072",
        "grid-60x60",
        "dag-n10000-m80000",
    }
    assert {"irreg", "scipy", "networkx", "gapbs"} <= {r["impl"] for r in rows}
    gapbs = [r for r in rows if r["impl"] == "gapbs"]
    # One per thread count for bfs, sssp and wcc on each of the three graphs; skipped without
    # a build (IRREG_GAPBS), never silently dropped.
    assert sorted(r["extra"]["threads"] for r in gapbs) == [1] * 9 + [2] * 9
    parallel = [r for r in rows if r["impl"] == "irreg" and r["variant"] == "direction"]
    assert sorted(r["extra"]["threads"] for r in parallel) == [1, 1, 1, 2, 2, 2]
    # The build of every graph: ours at each thread count, scipy's CSR build beside it.
    builds = [r for r in rows if r["name"] == "build"]
    assert sorted((r["impl"], r["extra"].get("threads")) for r in builds) == (
        [("irreg", 1)] * 4 + [("irreg", 2)] * 4 + [("scipy", None)] * 4
    )
    assert all(r["seconds"] > 0 and r["work_unit"] == "edges" for r in builds)
    for row in rows:
        assert ROW_KEYS <= set(row)
        if row["name"] == "build":
            continue
        if row["impl"] == "gapbs" and row["seconds"] is None:
            assert "IRREG_GAPBS" in row["extra"]["skipped"]
            continue
        if row["impl"] in ("networkit", "graphblas") and row["seconds"] is None:
            assert "is not installed" in row["extra"]["skipped"]  # optional peers
            continue
        assert row["seconds"] > 0 and row["extra"]["speedup_vs_serial"] > 0
    opt = [r for r in rows if r["variant"] == "opt"]
    assert opt and all(0 < r["extra"]["simd_utilization"] <= 1 for r in opt)


def test_bench_nx_times_networkx_and_irreg_cached_and_not(tmp_path, capsys, assert_counted):
    out, plot = tmp_path / "nx.json", tmp_path / "nx.png"
    argv = ["bench", "nx", "--case", "er:200:1500", "--repeats", "1", "--warmup", "0",
            "--threads", "1,2"]
    assert cli.main([*argv, "--json", str(out), "--plot", str(plot)]) == 0
    assert_counted(capsys.readouterr().err)
    report = json.loads(out.read_text())
    assert report["benchmark"] == "nx"
    rows = report["rows"]
    assert {r["name"] for r in rows} >= {
        "convert",
        "bfs_edges",
        "single_source_dijkstra_path_length",
        "weakly_connected_components",
        "strongly_connected_components",
    }
    for name in {r["name"] for r in rows} - {"convert"}:
        mine = [r for r in rows if r["name"] == name and r["impl"] == "irreg"]
        if name == "hits" and "method" not in inspect.signature(nx.hits).parameters:
            # NetworkX before 3.7 computes hits by SVD: the backend leaves it to NetworkX.
            assert len(mine) == 4 and all("by SVD" in r["extra"]["skipped"] for r in mine)
            continue
        assert sorted((r["extra"]["threads"], r["extra"]["cached"]) for r in mine) == [
            (1, False), (1, True), (2, False), (2, True)]
        assert all(r["extra"]["speedup_vs_networkx"] > 0 for r in mine)
        assert any(r["impl"] == "networkx" for r in rows if r["name"] == name)
    # Timed rows took time; the others (peers not installed here) say why they were skipped.
    assert all(ROW_KEYS <= set(r) and (r["seconds"] > 0 if r["seconds"] is not None
                                       else r["extra"]["skipped"]) for r in rows)
    assert plot.stat().st_size > 0
    assert plot.with_name("nx-threads.png").stat().st_size > 0


def test_bench_nx_times_only_the_peers_asked_for(tmp_path, capsys):
    out = tmp_path / "nx.json"
    argv = ["bench", "nx", "--case", "er:60:150", "--function", "closeness", "--peer", "rustnx",
            "--threads", "1", "--repeats", "1", "--warmup", "0", "--json", str(out)]
    assert cli.main(argv) == 0
    capsys.readouterr()
    peers = {r["impl"]: r for r in json.loads(out.read_text())["rows"]
             if r["impl"] in ("rustnx", "parallel", "networkit")}
    assert set(peers) == {"rustnx", "parallel", "networkit"}
    for left_out in ("parallel", "networkit"):
        assert peers[left_out]["extra"]["skipped"] == "left out (--peer rustnx)"
    assert "left out" not in str(peers["rustnx"]["extra"].get("skipped"))


def test_graph_command_reports_and_saves_the_result(tmp_path, capsys):
    edges = tmp_path / "g.txt"
    edges.write_text("# a path with a branch\n0 1 2.5\n1 2 1\n0 2 4\n2 3 1\n")
    saved = tmp_path / "out.npz"
    assert (
        cli.main(
            ["graph", "sssp", str(edges), "--source", "0", "--trials", "1", "--output", str(saved)]
        )
        == 0
    )
    assert "reached 4" in capsys.readouterr().out
    import numpy as np

    assert np.load(saved)["value"].tolist() == [0.0, 2.5, 3.5, 4.5]
    report = tmp_path / "r.json"
    assert (
        cli.main(["graph", "bfs", "grid:5:7", "--variant", "direction", "--json", str(report)]) == 0
    )
    r = json.loads(report.read_text())
    assert r["result"] == {"reached": 35, "max_depth": 10} and r["vertices"] == 35


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "index", "--isa", "sse9"], "unknown ISA"),
        (["bench", "index", "--tile-size", "48"], "power of two"),
        (["bench", "graph", "--variant", "fastest"], "unknown variant"),
        (["bench", "nx", "--case", "ring:5"], "ring"),
        (["graph", "bfs", "er:10:20", "--source", "10"], "not a vertex"),
        (["graph", "ts", "grid:3:3"], "topological order"),
        (["graph", "wcc", "er:10:20", "--variant", "magic"], "unknown variant"),
        (["graph", "bfs", "nope.txt"], "nope.txt"),
        (["graph", "bfs", "rmat:x:3"], "rmat:SCALE:EF"),
        (["graph", "sssp", "er:10:20", "--isa", "sse9"], "unknown ISA"),
    ],
)
def test_user_errors_exit_2_with_one_line(argv, message, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_bench_graph_runs_the_graphs_given(tmp_path, capsys):
    out = tmp_path / "g.json"
    argv = ["bench", "graph", "--graph", "urand:7:4", "dag:60:200", "--variant", "afforest",
            "kahn", "--threads", "1", "--repeats", "1", "--warmup", "0", "--json", str(out)]
    assert cli.main(argv) == 0
    capsys.readouterr()
    rows = json.loads(out.read_text())["rows"]
    assert {(r["case"], r["name"]) for r in rows if r["impl"] == "irreg"} == {
        ("urand-s7-ef4", "wcc"), ("dag-n60-m200", "ts"),
        ("urand-s7-ef4", "build"), ("dag-n60-m200", "build")}

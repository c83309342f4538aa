"""Thread counts in the benchmarks: the --threads lists, the scaling table and plot, and GAPBS
as a peer (its serialized graph format, and its trials through a stand-in executable)."""

from __future__ import annotations

import io
import json
import stat

import numpy as np
import pytest

import _irreg_cli as cli
from irreg.bench import report
from irreg.bench.harness import BenchError, Row
from irreg.bench.peers import gapbs
from irreg.command_line import thread_counts


def test_thread_count_lists():
    import argparse

    assert thread_counts("1,2,2, 4") == (1, 2, 4)
    for bad in ("0", "1,x", "1,,2", "2000"):
        with pytest.raises(argparse.ArgumentTypeError):
            thread_counts(bad)


def _row(impl, threads, seconds, variant=None):
    return Row("bfs", "g", impl, variant, None, seconds, seconds, seconds, 1, 10.0, "edges",
               {"threads": threads})


def test_scaling_table_pairs_each_series_with_its_own_one_thread_run(tmp_path):
    rows = [_row("irreg", 1, 0.2, "direction"), _row("irreg", 2, 0.1, "direction"),
            _row("gapbs", 1, 0.3), _row("gapbs", 2, 0.25), _row("scipy", 1, 0.5)]
    out = io.StringIO()
    report.print_scaling(rows, out)
    text = out.getvalue()
    assert "100.000 ms (2.00x)" in text and "250.000 ms (1.20x)" in text
    assert "scipy" not in text  # one thread only: no scaling to show
    report.print_scaling(rows[-1:], out := io.StringIO())
    assert out.getvalue() == ""
    report.plot_scaling(tmp_path / "s.png", rows, title="t")
    assert (tmp_path / "s.png").stat().st_size > 0


def _read_serialized(path):
    raw = path.read_bytes()
    directed = bool(raw[0])
    m, n = np.frombuffer(raw, dtype=np.int64, count=2, offset=1)
    weighted = path.suffix == ".wsg"
    at = 17
    sides = []
    for _ in range(2 if directed else 1):
        offsets = np.frombuffer(raw, dtype=np.int64, count=n + 1, offset=at)
        at += 8 * (n + 1)
        if weighted:
            pairs = np.frombuffer(raw, dtype=np.int32, count=2 * m, offset=at).reshape(m, 2)
            at += 8 * m
            sides.append((offsets, pairs[:, 0], pairs[:, 1]))
        else:
            sides.append((offsets, np.frombuffer(raw, dtype=np.int32, count=m, offset=at), None))
            at += 4 * m
    assert at == len(raw)
    return directed, sides


def test_gapbs_serialized_graph_holds_our_csr_and_its_transpose(tmp_path):
    from nx_irreg import IrregGraph

    g = IrregGraph.from_edges([0, 0, 2, 3], [1, 2, 1, 0], [5.0, 7.0, 1.0, 255.0])
    offsets, targets, weights = g.csr()
    path = gapbs.write_graph(tmp_path / "g", offsets, targets, weights, directed=True)
    assert path.name == "g.wsg"
    directed, (out, inv) = _read_serialized(path)
    assert directed
    np.testing.assert_array_equal(out[0], offsets)
    np.testing.assert_array_equal(out[1], targets)
    np.testing.assert_array_equal(out[2], weights)
    # In-edges of v: its sources, each with the weight of that edge.
    listed = {(int(s), v, int(w)) for v in range(4)
              for s, w in zip(inv[1][inv[0][v]:inv[0][v + 1]], inv[2][inv[0][v]:inv[0][v + 1]],
                              strict=True)}
    assert listed == {(0, 1, 5), (0, 2, 7), (2, 1, 1), (3, 0, 255)}
    u = IrregGraph.from_edges([0, 1], [1, 2], directed=False)
    path = gapbs.write_graph(tmp_path / "u", *u.csr()[:2], None, directed=False)
    directed, [(offsets, targets, _)] = _read_serialized(path)
    assert path.suffix == ".sg" and not directed and list(targets) == list(u.csr()[1])
    m = g.num_edges
    for bad in (0.5, np.inf, 2.0**31):
        with pytest.raises(BenchError, match="int32 weights"):
            gapbs.write_graph(tmp_path / "f", *g.csr()[:2], np.full(m, bad), directed=True)


def test_gapbs_rows_are_skipped_with_the_reason(monkeypatch, tmp_path):
    monkeypatch.delenv("IRREG_GAPBS", raising=False)
    assert "IRREG_GAPBS is not set" in gapbs.skip_reason("bfs")
    monkeypatch.setenv("IRREG_GAPBS", str(tmp_path))
    assert "has no executable 'cc'" in gapbs.skip_reason("wcc")
    assert gapbs.skip_reason("ts") is None  # no GAPBS kernel: no row at all


FAKE_GAPBS = """#!/bin/sh
# Stands in for a GAPBS kernel: checks the arguments irreg passes, prints GAPBS's trial lines.
case "$*" in *"-f "*sg*"-n "*"-v"*) ;; *) echo "bad arguments: $*"; exit 3;; esac
[ -n "$OMP_NUM_THREADS" ] || { echo "no OMP_NUM_THREADS"; exit 4; }
n=$(echo "$*" | sed 's/.*-n \\([0-9]*\\).*/\\1/')
i=0
while [ $i -lt $n ]; do
  echo "Trial Time:          0.0${OMP_NUM_THREADS}000"
  echo "Verification:           ${FAKE_VERDICT:-PASS}"
  i=$((i + 1))
done
"""


def test_gapbs_trials_come_from_its_own_timer(monkeypatch, tmp_path, capsys):
    for name in ("bfs", "sssp", "cc"):
        exe = tmp_path / name
        exe.write_text(FAKE_GAPBS)
        exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("IRREG_GAPBS", str(tmp_path))
    out = tmp_path / "g.json"
    argv = ["bench", "graph", "--quick", "--algorithm", "bfs", "wcc", "--variant", "direction",
            "--threads", "1,2", "--repeats", "2", "--warmup", "0", "--json", str(out)]
    assert cli.main(argv) == 0
    rows = [r for r in json.loads(out.read_text())["rows"] if r["impl"] == "gapbs"]
    assert len(rows) == 12  # bfs and wcc on three graphs at two counts
    for r in rows:
        assert r["seconds"] == pytest.approx(0.01 * r["extra"]["threads"])
        assert r["repeats"] == 2 and r["extra"]["timed_by"] == "gapbs"
    monkeypatch.setenv("FAKE_VERDICT", "FAIL")
    assert cli.main(argv) == 2
    assert "GAPBS bfs failed" in capsys.readouterr().err


def test_networkit_and_graphblas_rows_agree_with_the_reference_or_say_why_not(tmp_path, capsys):
    from irreg.bench.peers import graphblas, networkit

    out = tmp_path / "g.json"
    argv = ["bench", "graph", "--graph", "urand:8:4", "rmat:8:4", "--algorithm", "bfs", "sssp",
            "wcc", "pagerank", "--variant", "direction", "pull", "--threads", "1,2", "--repeats",
            "1", "--warmup", "0", "--json", str(out)]
    assert cli.main(argv) == 0  # a peer's wrong answer would be a BenchError, exit 1
    capsys.readouterr()
    rows = json.loads(out.read_text())["rows"]
    for peer, module in (("networkit", networkit), ("graphblas", graphblas)):
        mine = [r for r in rows if r["impl"] == peer]
        assert {(r["case"], r["name"], r["extra"]["threads"]) for r in mine} == {
            (c, a, t) for c in ("urand-s8-ef4", "rmat-s8-ef4") for a in module.ALGORITHMS
            for t in (1, 2)}
        reason = module.skip_reason()
        assert all(r["extra"].get("skipped") == reason for r in mine)
        assert all((r["seconds"] is None) == (reason is not None) for r in mine)


def test_distinct_colors_give_neighbouring_series_different_hues():
    from matplotlib.colors import rgb_to_hsv

    colors = report.distinct_colors(14)
    assert len({tuple(c) for c in colors}) == 14
    hues = [rgb_to_hsv(c[:3])[0] for c in colors[:10]]  # tab20's grey pair is 8 and 9 apart
    assert all(abs(hues[k] - hues[k + 1]) > 0.02 for k in range(7))

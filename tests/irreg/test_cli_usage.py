"""What a new user meets first: a bad IRREG_ISA, a bare ``irreg``, what ``irreg emu`` and
``irreg graph`` say about their input and method, and redrawing a plot from saved rows."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

import _irreg_cli as cli
from irreg.bench import harness as hs

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_bad_irreg_isa_is_one_line_and_exit_2():
    env = {**os.environ, "IRREG_ISA": "neon"}
    code = "import sys, _irreg_cli; sys.exit(_irreg_cli.main())"
    done = subprocess.run(
        [sys.executable, "-c", code, "graph", "bfs", "rmat:4:4"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("irreg: error: IRREG_ISA=neon: ")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("argv", "usage", "commands"),
    [
        ([], "usage: irreg ", ("graph", "align", "emu", "md", "bench")),
        (["bench"], "usage: irreg bench ", ("graph", "nx", "md", "emu", "align", "index")),
        (["md"], "usage: irreg md ", ("lj",)),
    ],
)
def test_a_group_alone_prints_its_usage_and_commands(argv, usage, commands, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(usage) and "required" not in err
    listed = {line.split()[0] for line in err.splitlines() if line.startswith("    ")}
    assert set(commands) <= listed


@pytest.mark.parametrize(
    ("argv", "first"),
    [
        (["emu", "bfs", "er:256:1024"], "bfs on er:256:1024: 256 vertices, "),
        (["emu", "spmv", "--laplacian", "8"], "spmv on the 5-point Laplacian of a 8 x 8 grid: "),
        (["emu", "align", "--pair", "64"], "align similarity on a typed power-law pair: 64 "),
    ],
)
def test_emu_prints_its_input_first_and_a_summary_last(argv, first, capsys):
    assert cli.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(first)
    assert lines[-1].startswith(f"summary: {argv[1] if argv[1] != 'align' else 'similarity'} took ")


def test_graph_says_which_method_ran_and_why_edges_differ(capsys):
    assert cli.main(["graph", "bfs", "rmat:6:8", "--trials", "1"]) == 0
    out = capsys.readouterr().out
    assert "512 input edges, " in out and " stored after merging repeats" in out
    assert "method: direction-optimizing BFS (the default; SIMD statistics apply" in out
    assert "vector ops" not in out
    assert cli.main(["graph", "bfs", "grid:3:3", "--variant", "opt", "--trials", "1"]) == 0
    out = capsys.readouterr().out
    assert "12 undirected input edges, 24 stored (each both ways)" in out
    assert "SIMD utilization" in out


def _row(name, case, impl="irreg", variant=None, isa=None, seconds=0.01, **extra):
    return hs.Row(
        name, case, impl, variant, isa, seconds, seconds, seconds, 1, 1000, "edges", extra
    )


SAVED = {
    "graph": [
        _row("bfs", "rmat-s8-ef16", variant="serial"),
        _row("bfs", "rmat-s8-ef16", variant="opt", isa="avx2", speedup_vs_serial=2.0),
        _row("bfs", "rmat-s8-ef16", variant="opt", isa="scalar", speedup_vs_serial=1.5),
        _row("bfs", "rmat-s8-ef16", impl="networkx", seconds=None, skipped="too big"),
    ],
    "nx": [
        _row("convert", "er-n10-m20", impl="networkx"),
        _row("convert", "er-n10-m20", isa="avx2", speedup_vs_networkx=3.0),
        _row("bfs_edges", "er-n10-m20", isa="avx2", cached=True, speedup_vs_networkx=4.0),
    ],
    "md": [
        _row("rebuild", "lj-500", variant=v, neighbor=nb)
        for nb in ("binned", "allpairs")
        for v in ("none", "full", "incremental")
    ],
    "emu": [
        _row(
            "stream",
            "1-node",
            impl="emu-model",
            variant="calibration",
            predicted=1.6,
            paper=1.6,
            unit="GB/s",
            ratio=1.0,
        ),
    ],
}


@pytest.mark.parametrize("bench", sorted(SAVED))
def test_from_json_redraws_the_plot_from_saved_rows(bench, tmp_path, capsys):
    from irreg.bench.report import write_json

    saved, png = tmp_path / f"{bench}.json", tmp_path / f"{bench}.png"
    write_json(saved, bench, SAVED[bench])
    assert cli.main(["bench", bench, "--from-json", str(saved), "--plot", str(png)]) == 0
    assert png.read_bytes().startswith(PNG_SIGNATURE)
    assert SAVED[bench][0].case in capsys.readouterr().out  # the table of the saved rows


def test_from_json_refuses_another_benchmarks_rows(tmp_path, capsys):
    saved = tmp_path / "nx.json"
    saved.write_text(json.dumps({"benchmark": "nx", "rows": []}))
    assert cli.main(["bench", "graph", "--from-json", str(saved)]) == 2
    err = capsys.readouterr().err
    assert "irreg bench nx" in err and err.count("\n") == 1


def test_progress_counts_specs_and_steps_over_the_whole_run():
    out = io.StringIO()
    harness = hs.Harness("t", repeats=1, warmup=0, progress=out)
    harness.plan(3)
    harness.run([hs.Spec("a", "c", run=lambda _: None)])
    with harness.step("simulate"):
        pass
    harness.run([hs.Spec("b", "c", skip_reason="not installed")])
    lines = out.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == ["[1/3]", "[2/3]", "[3/3]"]
    assert "simulate ..." in lines[1] and "skipped: not installed" in lines[2]

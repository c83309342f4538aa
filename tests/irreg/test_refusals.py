"""Bad input to the CLI is one line and exit status 2, checked before any work (issue 34): a
tile size of 0, a negative cell count, a plot format matplotlib cannot write, a generator spec
with more edges than pairs, a typo in IRREG_DISABLE_CPU_FEATURES."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import _irreg_cli as cli

FRONT_DOOR = "import sys, _irreg_cli; sys.exit(_irreg_cli.main())"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "graph", "--tile-size", "0"], "--tile-size: expected an integer >= 1, got 0"),
        (["bench", "graph", "--tile-size", "48"], "--tile-size: expected a power of two, got 48"),
        (["graph", "bfs", "grid:3:3", "--tile-size", "0"], "expected an integer >= 1, got 0"),
        (["bench", "md", "--cells", "-1"], "--cells: expected an integer >= 1, got -1"),
        (["bench", "md", "--memory-cells", "-1"], "--memory-cells: expected an integer >= 0"),
        (["bench", "graph", "--quick", "--plot", "out.jpg2"],
         "--plot out.jpg2: jpg2 is not a format matplotlib writes"),
        (["graph", "bfs", "er:4:100"], "M = 100 edges exceeds the 16 ordered pairs (N*N)"),
        (["graph", "ts", "dag:4:7"], "M = 7 edges exceeds the 6 unordered pairs"),
    ],
)
def test_bad_input_is_one_line_and_exit_2_before_any_work(argv, message, capsys, tmp_path,
                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert out == "" and list(tmp_path.iterdir()) == []  # nothing ran, nothing written


def test_an_unknown_cpu_feature_to_disable_is_refused():
    env = {**os.environ, "IRREG_DISABLE_CPU_FEATURES": "avx2,avx5122"}
    done = subprocess.run([sys.executable, "-c", FRONT_DOOR, "graph", "bfs", "rmat:4:4"],
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr == ("irreg: error: IRREG_DISABLE_CPU_FEATURES: unknown feature 'avx5122'; "
                           "the features are avx512 and avx2, separated by commas\n")
    library = subprocess.run([sys.executable, "-c", "import irreg"], env=env,
                             capture_output=True, text=True, timeout=60, check=False)
    assert "ImportError: IRREG_DISABLE_CPU_FEATURES: unknown feature 'avx5122'" in library.stderr

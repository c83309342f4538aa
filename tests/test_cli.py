"""The ``irreg`` command line: the benchmark runs end to end and writes the shared schema."""

from __future__ import annotations

import json

import pytest

from nx_irreg import cli

ROW_KEYS = {"name", "case", "impl", "variant", "isa", "seconds", "min_seconds", "max_seconds",
            "repeats", "work", "work_unit", "extra"}


def test_bench_index_quick_writes_the_shared_schema(tmp_path, capsys):
    out = tmp_path / "index.json"
    assert cli.main(["bench", "index", "--quick", "--repeats", "1", "--isa", "scalar",
                     "--json", str(out)]) == 0
    table = capsys.readouterr().out
    assert "search_and_update" in table and "regroup_all" in table
    report = json.loads(out.read_text())
    assert report["benchmark"] == "index"
    assert {"cpu", "cores", "isas"} <= set(report["machine"])
    names = {row["name"] for row in report["rows"]}
    assert {"tile_and_group", "search_and_activate", "search_and_update", "regroup_all"} <= names
    for row in report["rows"]:
        assert ROW_KEYS <= set(row)
        if row["isa"] == "scalar":
            assert row["seconds"] > 0 and row["min_seconds"] <= row["seconds"] <= row["max_seconds"]
    update = next(r for r in report["rows"] if r["name"] == "search_and_update")
    assert update["extra"]["regroup_ratio"] > 0 and update["extra"]["first_fit_ratio"] > 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "index", "--isa", "sse9"], "unknown ISA"),
        (["bench", "index", "--tile-size", "48"], "power of two"),
    ],
)
def test_user_errors_exit_2_with_one_line(argv, message, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err

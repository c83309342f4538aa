"""``irreg align`` and ``irreg bench align``: files in, mapping out; bad input exits 2."""

from __future__ import annotations

import json

import pytest

from _irreg_cli import main
from irreg.inputs import align_pairs as ap


@pytest.fixture
def pair_files(tmp_path):
    pair = ap.noisy_pair("powerlaw", 500, 0.0, seed=3, vertex_types=8, edge_types=2)
    paths = {}
    for k, (edges, etypes, vtypes) in enumerate(
        (
            (pair.edges1, pair.edge_types1, pair.vertex_types1),
            (pair.edges2, pair.edge_types2, pair.vertex_types2),
        ),
        start=1,
    ):
        # Ids offset by 1000: the CLI keeps the file's ids, whatever they are.
        paths[f"g{k}"] = tmp_path / f"g{k}.txt"
        paths[f"g{k}"].write_text(
            "# src dst type\n"
            + "".join(
                f"{a + 1000} {b + 1000} {t}\n" for (a, b), t in zip(edges, etypes, strict=True)
            )
        )
        paths[f"t{k}"] = tmp_path / f"t{k}.txt"
        paths[f"t{k}"].write_text("".join(f"{v + 1000} type{t}\n" for v, t in enumerate(vtypes)))
    return pair, paths


def test_files_to_tsv_and_json(pair_files, tmp_path, capsys):
    pair, p = pair_files
    out = tmp_path / "map.tsv"
    args = [
        str(p["g1"]),
        str(p["g2"]),
        "--edge-types",
        "--node-types1",
        str(p["t1"]),
        "--node-types2",
        str(p["t2"]),
    ]
    assert main(["align", *args, "--output", str(out)]) == 0
    rows = [line.split("\t") for line in out.read_text().splitlines()]
    assert len(rows) == pair.n
    assert all(int(b) - 1000 == pair.truth[int(a) - 1000] for a, b, _ in rows)
    assert "aligned 500 of 500" in capsys.readouterr().err
    out_json = tmp_path / "map.json"
    assert (
        main(
            [
                "align",
                *args,
                "--scheme",
                "all",
                "--layout",
                "blk",
                "--output",
                str(out_json),
                "--json",
                str(tmp_path / "report.json"),
            ]
        )
        == 0
    )
    mapping = json.loads(out_json.read_text())
    assert {(r["g1"], r["g2"]) for r in mapping} == {
        (a, b) for a, b, _ in ((int(x), int(y), z) for x, y, z in rows)
    }
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["matched"] == 500 and report["scheme"] == "all"


def test_generated_pair_reports_accuracy(capsys):
    assert main(["align", "--generate", "powerlaw:1000:0.02", "--json", "-"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["accuracy"] > 0.95
    assert report["components"][:2] == ["degree", "type"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["align"], "two edge-list files"),
        (["align", "--generate", "powerlaw:10"], "FAMILY:N:NOISE"),
        (["align", "--generate", "tree:100:0.1"], "family"),
        (["align", "/nonexistent/a", "/nonexistent/b"], "no such file"),
    ],
)
def test_bad_arguments_exit_2(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_bad_files_exit_2(pair_files, tmp_path, capsys):
    _, p = pair_files
    assert main(["align", str(p["g1"]), str(p["g2"])]) == 2
    assert "--edge-types" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("x 1\n")
    assert (
        main(["align", "--edge-types", str(p["g1"]), str(p["g2"]), "--node-types1", str(bad)]) == 2
    )
    assert "bad.txt:1" in capsys.readouterr().err


def test_bench_align_quick(tmp_path, capsys, assert_counted):
    out = tmp_path / "align.json"
    assert (
        main(
            [
                "bench",
                "align",
                "--quick",
                "--sizes",
                "200",
                "--repeats",
                "1",
                "--warmup",
                "0",
                "--json",
                str(out),
                "--plot",
                str(tmp_path / "align.png"),
            ]
        )
        == 0
    )
    assert_counted(capsys.readouterr().err)
    rows = json.loads(out.read_text())["rows"]
    assert {r["impl"] for r in rows} == {"irreg", "scipy-faq", "degree-rank"}
    assert all(r["name"] == "align" for r in rows)
    irreg = [r for r in rows if r["impl"] == "irreg" and not r["extra"].get("skipped")]
    assert all(0 <= r["extra"]["accuracy"] <= 1 and "noise" in r["extra"] for r in irreg)
    assert (tmp_path / "align.png").stat().st_size > 0

"""``irreg md lj`` and ``irreg bench md`` end to end, on tiny lattices."""

from __future__ import annotations

import json

import numpy as np
import pytest

from _irreg_cli import main
from irreg.inputs.lattices import fcc_lattice, initial_velocities
from irreg.md_driver import (
    KA_CUTOFF,
    KA_DENSITY,
    KA_EPSILON,
    KA_SIGMA,
    MODELS,
    kob_andersen_types,
    make_system,
    parse_rebuild,
    run_lj,
)


def test_md_lj_prints_thermo_and_writes_json(tmp_path, capsys) -> None:
    out = tmp_path / "run.json"
    assert main(["md", "lj", "--cells", "3", "--steps", "20", "--rebuild", "5",
                 "--thermo", "10", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Step" in text and "Loop time of" in text and "M atom-steps/s" in text
    data = json.loads(out.read_text())
    assert [row["step"] for row in data["thermo"]] == [0, 10, 20]
    assert data["atoms"] == 108 and data["stats"]["rebuilds"] == 5  # steps 0, 5, 10, 15, 20
    first = data["thermo"][0]
    assert first["temp"] == pytest.approx(1.44, rel=1e-12)


def test_md_lj_conserves_energy_like_lammps_run() -> None:
    """Energy per atom at step 0 is LAMMPS's (log.lj); the unshifted cutoff lets the total
    drift by about 0.01 per atom over the first 100 steps, in LAMMPS as here."""
    run = run_lj(4, 100, rebuild="auto", thermo_every=50)
    energies = [row["etotal_per_atom"] for row in run.thermo]
    assert max(energies) - min(energies) < 2e-2
    assert run.thermo[0]["pe_per_atom"] == pytest.approx(-6.7733681, abs=1e-6)  # LAMMPS log.lj


@pytest.mark.parametrize(
    "argv, message",
    [
        (["md", "lj", "--cells", "0"], "--cells must be >= 1"),
        (["md", "lj", "--rebuild", "often"], "--rebuild"),
        (["md", "lj", "--cells", "2", "--isa", "sse9"], "unknown ISA"),
    ],
)
def test_md_lj_bad_arguments(argv, message: str, capsys) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_bench_md_quick_runs(tmp_path, capsys, assert_counted) -> None:
    out = tmp_path / "md.json"
    assert main(["bench", "md", "--cells", "3", "--repeats", "1", "--warmup", "0",
                 "--isa", "scalar", "--threads", "1,2", "--memory-cells", "3",
                 "--json", str(out)]) == 0
    captured = capsys.readouterr()
    assert_counted(captured.err)
    assert "thread scaling" in captured.out
    rows = json.loads(out.read_text())["rows"]
    scaling = [r for r in rows if r["case"].endswith("-auto-threads")]
    # Inc-Group and LAMMPS's OPENMP styles (skipped where LAMMPS is not installed) per count
    assert sorted((r["impl"], r["extra"]["threads"]) for r in scaling) == [
        ("irreg", 1), ("irreg", 2), ("lammps", 1), ("lammps", 2)]
    names = {(r["name"], r["impl"], r["variant"]) for r in rows}
    assert ("rebuild", "irreg", "incremental") in names and ("force", "irreg", "none") in names
    assert any(r["name"] == "md_step" and r["impl"] == "ase" for r in rows)
    states = {r["case"] for r in rows if r["name"] == "md_step" and r["impl"] == "irreg"}
    assert {"lj-108-hot-auto", "lj-108-dense-auto", "lj-108-gas-auto"} <= states
    memory = {r["impl"]: r for r in rows if r["name"] == "force_call"}
    assert memory["irreg"]["seconds"] > 0 and memory["irreg"]["extra"]["peak_growth_mb"] >= 0
    assert memory["irreg"]["extra"]["held_mb"]["total_mb"] > 0
    assert memory["irreg"]["extra"]["bytes_per_atom"] >= 0
    # rows beside LAMMPS and asap3, timed or skipped where they are not installed
    assert sorted(memory) == ["asap3", "irreg", "lammps"]
    for r in rows:
        if r["name"] == "rebuild" and r["seconds"] is not None:
            assert r["extra"]["neighbor"] in ("binned", "allpairs")


def test_helpers() -> None:
    x, cell = fcc_lattice(2)
    assert x.shape == (32, 3) and cell[0, 0] == pytest.approx(2 * (4 / 0.8442) ** (1 / 3))
    v = initial_velocities(32)
    assert abs(v.sum(axis=0)).max() < 1e-12
    assert parse_rebuild("auto") == 0 and parse_rebuild("20") == 20
    with pytest.raises(ValueError):
        parse_rebuild("0")


def test_md_lj_kob_andersen_starts_at_the_reference_state(tmp_path, capsys) -> None:
    """The binary mixture's step 0 (energy per atom and pressure) equals a NumPy reference over
    ASE's neighbour list with the Kob-Andersen pair tables, and NVE conserves energy."""
    from ase import Atoms

    from lj_reference import reference_lj

    out = tmp_path / "ka.json"
    assert main(["md", "lj", "--model", "kob-andersen", "--cells", "3", "--steps", "40",
                 "--thermo", "20", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "108 atoms (Kob-Andersen: 86 A, 22 B)" in text and "Loop time of" in text
    data = json.loads(out.read_text())
    assert data["model"] == "kob-andersen" and [r["step"] for r in data["thermo"]] == [0, 20, 40]

    x, cell = fcc_lattice(3, density=KA_DENSITY)
    types = kob_andersen_types(len(x))
    assert np.bincount(types).tolist() == [86, 22]
    ref = reference_lj(Atoms(positions=x, cell=cell, pbc=True), types, KA_EPSILON, KA_SIGMA,
                       KA_CUTOFF, shift=True)
    v = initial_velocities(len(x))
    volume = np.linalg.det(cell)
    press = (np.sum(v**2) - volume * ref["stress"][:3].sum()) / (3 * volume)
    first = data["thermo"][0]
    assert first["pe_per_atom"] == pytest.approx(ref["energy"] / len(x), rel=1e-10)
    assert first["press"] == pytest.approx(press, rel=1e-10)
    assert first["temp"] == pytest.approx(1.44, rel=1e-12)
    energies = [row["etotal_per_atom"] for row in data["thermo"]]
    # Shifted, so no jumps at the cutoffs; what is left is Verlet's dt^2 error from the hot,
    # dense start (4.6e-3 at dt 0.005, 1.1e-3 at dt 0.0025 over these 40 steps' time).
    assert max(energies) - min(energies) < 1e-2


def test_kob_andersen_types_and_models() -> None:
    import argparse

    from irreg.cli import md as md_cli

    t = kob_andersen_types(500)
    assert t.dtype == np.int32 and np.bincount(t).tolist() == [400, 100]
    assert np.array_equal(t, kob_andersen_types(500))  # seeded
    assert not np.array_equal(t, kob_andersen_types(500, seed=1))
    with pytest.raises(ValueError, match="model must be one of"):
        make_system(2, model="argon")
    parser = argparse.ArgumentParser()
    md_cli.add_arguments(parser)
    choices = next(a.choices for a in parser._actions if a.dest == "model")
    assert tuple(choices) == MODELS

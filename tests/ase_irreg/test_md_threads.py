"""Parallel MD (DESIGN §12): at every thread count the physics is the serial one.

Forces, energies and stresses agree with ``threads=1`` within 1e-12 relative (only the order of
the sums differs); pair lists, rebuild counts and pair statistics are identical. Small tiles
(``tile_size=32``) give the few hundred atoms here many tiles, so the force kernel's buffers,
its tile colouring and the chunked neighbour build and regroup all have work to share.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from ase import Atoms
from ase.build import bulk

from _irreg_cli import main
from ase_irreg import LennardJones
from irreg import _core
from irreg.md_driver import make_driver, make_system

RTOL = 1e-12
SPLITS = ("buffers", "colouring")


def fcc(cells: int, jitter: float = 0.05, seed: int = 0) -> Atoms:
    a = (4 / 0.8442) ** (1 / 3)
    atoms = bulk("Ar", "fcc", a=a, cubic=True).repeat((cells, cells, cells))
    atoms.positions += np.random.default_rng(seed).normal(0, jitter, atoms.positions.shape)
    return atoms


def assert_close(value: np.ndarray, reference: np.ndarray) -> None:
    """Within RTOL of the reference's largest entry (components near zero have no scale)."""
    value, reference = np.asarray(value), np.asarray(reference)
    scale = max(float(np.max(np.abs(reference))), 1e-300)
    assert np.max(np.abs(value - reference)) <= RTOL * scale


def frames(atoms: Atoms, count: int = 4) -> list[Atoms]:
    """The atoms, then moves large enough that each frame rebuilds (an Inc-Group merge)."""
    rng = np.random.default_rng(1)
    out = [atoms.copy()]
    for _ in range(count - 1):
        nxt = out[-1].copy()
        nxt.positions += rng.normal(0, 0.08, nxt.positions.shape)
        out.append(nxt)
    return out


@pytest.mark.parametrize("regroup", ["incremental", "full", "none"])
def test_calculator_matches_serial(isa: str, threads: int, regroup: str) -> None:
    atoms = fcc(4)  # 256 atoms, 8 tiles of 32
    results = {}
    for t in sorted({1, threads}):
        calc = LennardJones(rc=2.5, skin=0.3, tile_size=32, isa=isa, regroup=regroup, threads=t)
        rows = []
        for frame in frames(atoms):
            frame.calc = calc
            rows.append((frame.get_forces(), frame.get_potential_energy(), frame.get_stress(),
                         calc._system.pairs()))
        stats = calc.stats
        results[t] = rows, {k: stats[k] for k in ("rebuilds", "pairs", "holes", "groups",
                                                   "pairs_added", "pairs_removed")}
    (rows, stats), (rows1, stats1) = results[threads], results[1]
    assert stats == stats1 and stats["rebuilds"] == 4
    for (f, e, s, pairs), (f1, e1, s1, pairs1) in zip(rows, rows1):
        assert_close(f, f1)
        assert_close(e, e1)
        assert_close(s, s1)
        for a, b in zip(pairs, pairs1):
            np.testing.assert_array_equal(a, b)  # the same list, in the same order


@pytest.mark.parametrize("split", SPLITS)
@pytest.mark.parametrize("neighbor", ["binned", "allpairs"])
def test_force_splits_match_serial(isa: str, split: str, neighbor: str) -> None:
    """Both ways of sharing the force kernel, on a triclinic cell and an open cluster."""
    triclinic = fcc(3)
    triclinic.set_cell(triclinic.cell.array + [[0, 0, 0], [1.0, 0, 0], [0.5, 0.7, 0]],
                       scale_atoms=True)
    cluster = fcc(3)
    cluster.pbc = False
    for atoms in (triclinic, cluster):
        out = {}
        for t in (1, 2, 3):
            system = _core.LjSystem(rc=2.5, skin=0.3, tile_size=16, isa=isa, neighbor=neighbor,
                                    threads=t, force_split=split)
            system.set_system(atoms.positions, atoms.cell.array, atoms.pbc)
            out[t] = system.compute(atoms.positions), system.pairs()
        for t in (2, 3):
            assert_close(out[t][0]["forces"], out[1][0]["forces"])
            assert_close(out[t][0]["energy"], out[1][0]["energy"])
            assert_close(out[t][0]["virial"], out[1][0]["virial"])
            for a, b in zip(out[t][1], out[1][1]):
                np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("split", SPLITS)
def test_driver_trajectory_matches_serial(split: str) -> None:
    """50 velocity-Verlet steps in the C++ driver at 1 and 3 threads: the same trajectory."""
    runs = {}
    for t in (1, 3):
        system, driver = make_driver(4, threads=t, tile_size=32)
        system.force_split = split
        assert driver.threads == t
        driver.run(50)
        stats = system.stats()
        runs[t] = driver.positions, driver.thermo(), (stats["rebuilds"], stats["pairs"])
    assert runs[3][2] == runs[1][2] and runs[1][2][0] > 1  # rebuilt during the run
    np.testing.assert_allclose(runs[3][0], runs[1][0], rtol=0, atol=1e-10)
    for key, value in runs[1][1].items():
        assert runs[3][1][key] == pytest.approx(value, rel=1e-10, abs=1e-12)


@pytest.mark.parametrize("bad, error", [(0, ValueError), (-1, ValueError), (2.5, TypeError),
                                        (True, TypeError)])
def test_threads_parameter_is_checked(bad: object, error: type) -> None:
    with pytest.raises(error, match="threads"):
        LennardJones(threads=bad)
    with pytest.raises(error, match="threads"):
        _core.LjSystem(threads=bad)
    system = _core.LjSystem()
    with pytest.raises(error, match="threads"):
        system.threads = bad
    with pytest.raises(ValueError, match="force_split"):
        _core.LjSystem(force_split="stripes")


def test_calculator_default_threads_follow_environment(monkeypatch) -> None:
    atoms = fcc(2)
    atoms.calc = LennardJones()
    monkeypatch.setenv("IRREG_NUM_THREADS", "3")
    atoms.get_forces()
    assert atoms.calc._system.threads == 3
    monkeypatch.setenv("IRREG_NUM_THREADS", "1")
    atoms.positions[0, 0] += 0.01
    atoms.get_forces()
    assert atoms.calc._system.threads == 1


def test_cli_md_lj_threads(tmp_path, capsys) -> None:
    data = {}
    for t in (1, 2):
        out = tmp_path / f"run{t}.json"
        assert main(["md", "lj", "--cells", "3", "--steps", "20", "--threads", str(t),
                     "--json", str(out)]) == 0
        text = capsys.readouterr().out
        assert ("on 2 threads" in text) == (t == 2)
        data[t] = json.loads(out.read_text())
    assert data[2]["threads"] == 2
    assert data[2]["stats"]["rebuilds"] == data[1]["stats"]["rebuilds"]
    for row, row1 in zip(data[2]["thermo"], data[1]["thermo"]):
        for key, value in row1.items():
            assert row[key] == pytest.approx(value, rel=1e-10, abs=1e-12)


@pytest.mark.parametrize("value", ["0", "-2", "two", "5000"])
def test_cli_md_lj_bad_threads(value: str, capsys) -> None:
    assert main(["md", "lj", "--cells", "2", "--threads", value]) == 2
    assert "--threads" in capsys.readouterr().err


def test_grouped_index_matches_serial(isa: str, threads: int) -> None:
    """6,912 atoms (270,000 pairs): the first build, a rebuild that replaces a third of the pairs
    (refilled holes and a new generation above the parallel grouping's threshold of 65,536) and
    a larger one that triggers a compaction are grouped on threads; the index (groups, lanes,
    sweep order) is the serial one exactly."""
    results = {}
    for t in sorted({1, threads}):
        system, positions, _, _ = make_system(12, isa=isa, threads=t)
        rng = np.random.default_rng(3)
        steps = []
        for jitter in (0.03, 0.4, 0.6):
            moved = positions + rng.normal(0, jitter, positions.shape)
            system.rebuild_at(moved)
            forces = system.compute(moved)["forces"]
            steps.append((system.grouped(), system.pairs(), forces))
        stats = system.stats()
        added = stats["recent_rebuilds"][1]["added"]
        results[t] = steps, {k: stats[k] for k in ("rebuilds", "pairs", "holes", "groups",
                                                   "compactions", "pairs_added")}, added
    (steps, stats, _), (steps1, stats1, _) = results[threads], results[1]
    assert stats == stats1 and stats["compactions"] >= 1
    assert results[1][2] >= 2**16  # the second rebuild's new pairs
    for (grouped, pairs, forces), (grouped1, pairs1, forces1) in zip(steps, steps1):
        assert grouped.keys() == grouped1.keys()
        for name in grouped1:
            np.testing.assert_array_equal(grouped[name], grouped1[name], err_msg=name)
        for a, b in zip(pairs, pairs1):
            np.testing.assert_array_equal(a, b)
        assert_close(forces, forces1)

"""The neighbour build alone, irreg vs LAMMPS, per build, one thread.

For each row (state, cells): LAMMPS runs ``steps`` steps with ``rebuild="auto"`` and reports its
``Neigh`` seconds per build; irreg's driver runs the same steps from the same state on a
``regroup="none"`` system, whose ``rebuild_at`` at the reached positions (atoms in the order they
drifted into) then times BuildPairs alone (the system's own ``neighbor_seconds``: wrap, binning
and the list), median of ``--repeats``.

    python tests/benchmarks/scripts/md_neighbor.py [--steps 100] [--repeats 7] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys

from irreg import md_driver as md
from irreg.bench.peers.lammps import run_lammps_lj

# (state, cells): the four states at 32,000 atoms and in.lj at 131,072.
ROWS = [("lj", 20), ("hot", 20), ("dense", 20), ("gas", 20), ("lj", 32)]


def irreg_build_seconds(state: str, cells: int, steps: int, repeats: int) -> tuple[float, int, str]:
    """Median seconds of one neighbour build after ``steps`` steps; its pairs; the ISA."""
    system, driver = md.make_driver(cells, state=state, rebuild="auto", regroup="none")
    driver.run(steps)
    x = driver.positions
    times = []
    for _ in range(repeats):
        system.rebuild_at(x)
        times.append(system.stats()["recent_rebuilds"][-1]["neighbor_seconds"])
    return statistics.median(times), system.stats()["pairs"], system.isa


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", default="md_neighbor.json")
    args = parser.parse_args()

    results = []
    for state, cells in ROWS:
        lmp = run_lammps_lj(cells, args.steps, state=state, rebuild="auto")
        lammps_ms = 1e3 * lmp.neigh_seconds / max(lmp.rebuilds, 1)
        irreg_s, pairs, isa = irreg_build_seconds(state, cells, args.steps, args.repeats)
        row = {
            "state": state,
            "atoms": lmp.atoms,
            "steps": args.steps,
            "lammps_rebuilds": lmp.rebuilds,
            "lammps_ms_per_build": lammps_ms,
            "irreg_ms_per_build": 1e3 * irreg_s,
            "irreg_pairs": pairs,
            "isa": isa,
            "machine": platform.processor() or platform.machine(),
        }
        results.append(row)
        print(
            f"{state:6} {lmp.atoms:7d} atoms: LAMMPS {lammps_ms:7.2f} ms/build "
            f"({lmp.rebuilds} builds), irreg {1e3 * irreg_s:7.2f} ms/build",
            file=sys.stderr,
            flush=True,
        )

    print(f"{'state':6} {'atoms':>7} {'LAMMPS ms':>10} {'irreg ms':>9} {'ratio':>6}")
    for r in results:
        ratio = r["irreg_ms_per_build"] / r["lammps_ms_per_build"]
        print(
            f"{r['state']:6} {r['atoms']:7d} {r['lammps_ms_per_build']:10.2f} "
            f"{r['irreg_ms_per_build']:9.2f} {ratio:6.2f}"
        )
    with open(args.json, "w") as f:
        json.dump({"threads": 1, "rows": results}, f, indent=1)


if __name__ == "__main__":
    main()

"""in.lj's thermo from the same atoms and velocities, irreg's C++ driver against LAMMPS, and
irreg against itself at another summation order (2 threads; the plain list), every 100 steps:
the relative difference of each quantity, to see where chaos takes over.

    python md_thermo_vs_lammps.py [CELLS [STEPS [REBUILD]]]     (default 10 1000 20)"""
import sys

from irreg.bench.peers.lammps import run_lammps_lj
from irreg.md_driver import make_system, run_lj

cells = int(sys.argv[1]) if len(sys.argv) > 1 else 10
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
rebuild = sys.argv[3] if len(sys.argv) > 3 else "20"
rebuild = int(rebuild) if rebuild.isdigit() else rebuild
_, x, v, _ = make_system(cells)
ours = run_lj(cells, steps, thermo_every=100, rebuild=rebuild)
runs = {
    "lammps": run_lammps_lj(cells, steps, thermo_every=100, rebuild=rebuild, start_from=(x, v)),
    "irreg 2 threads": run_lj(cells, steps, thermo_every=100, rebuild=rebuild, threads=2),
    "irreg plain list": run_lj(cells, steps, thermo_every=100, rebuild=rebuild, regroup="none"),
}
keys = ("temp", "pe_per_atom", "etotal_per_atom", "press")
for k, row in enumerate(ours.thermo):
    parts = []
    for name, run in runs.items():
        other = run.thermo[k]
        worst = {q: abs(row[q] - other[q]) / abs(other[q]) for q in keys}
        parts.append(f"{name}: " + " ".join(f"{q} {d:.1e}" for q, d in worst.items()))
    print(f"step {row['step']:5d} | " + " | ".join(parts))

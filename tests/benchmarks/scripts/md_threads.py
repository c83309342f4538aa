"""in.lj 32,000 atoms, rebuild auto (every 1 check yes), 100 steps: irreg's C++ driver vs
LAMMPS's OPENMP styles at 1 and 2 threads; medians of 3, alternating."""
import statistics
import sys
import time

from irreg import md_driver as md
from irreg.bench.peers.lammps import run_lammps_lj

cells, steps = 20, 100
res = {}
for rep in range(3):
    for t in (1, 2):
        system, driver = md.make_driver(cells, rebuild="auto", regroup="incremental", threads=t)
        t0 = time.perf_counter(); driver.run(steps); s = time.perf_counter() - t0
        res.setdefault(("irreg", t), []).append(s)
        lam = run_lammps_lj(cells, steps, rebuild="auto", omp_threads=t)
        res.setdefault(("lammps-omp", t), []).append(lam.loop_seconds)
        print(rep, t, s, lam.loop_seconds, file=sys.stderr, flush=True)
    lam = run_lammps_lj(cells, steps, rebuild="auto")
    res.setdefault(("lammps-lj/cut", 1), []).append(lam.loop_seconds)
n = 4 * cells**3
for k, v in res.items():
    m = statistics.median(v)
    rate = n * steps / m / 1e6
    runs = [round(x, 3) for x in v]
    print(f"{k[0]:14s} {k[1]} thr  median {m*1e3:8.1f} ms  {rate:6.2f} M atom-steps/s  runs {runs}")

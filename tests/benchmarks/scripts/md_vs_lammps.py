"""irreg's C++ driver against LAMMPS in one process, alternating, medians of the loop rates:

    python md_vs_lammps.py CELLS STEPS STATE REBUILD THREADS [REPEATS [PEERS]]

STATE is one of irreg.inputs.lattices.STATES (lj, hot, dense, gas); REBUILD is "auto"
(displacement-checked, LAMMPS's every 1 check yes) or a period (LAMMPS's every N check no, 20
is in.lj's own); PEERS is a comma list of plain (lj/cut), opt (lj/cut/opt) and omp (the OPENMP
styles at THREADS threads); default plain,opt at 1 thread, omp above. Prints each repeat, the
medians (M atom-steps/s), irreg's ratios and its phase times.
(results/md_issue37_2threads.txt: the states and in.lj's schedule at 2 threads)"""
import statistics
import sys

from irreg.bench.peers.lammps import run_lammps_lj
from irreg.md_driver import run_lj

cells, steps, state, rebuild, threads = (int(sys.argv[1]), int(sys.argv[2]), sys.argv[3],
                                         sys.argv[4], int(sys.argv[5]))
repeats = int(sys.argv[6]) if len(sys.argv) > 6 else 3
peers = sys.argv[7].split(",") if len(sys.argv) > 7 else (["plain", "opt"] if threads == 1
                                                          else ["omp"])
rebuild = int(rebuild) if rebuild.isdigit() else rebuild
n = 4 * cells**3
rates = {k: [] for k in ["irreg", *peers]}
for r in range(repeats):
    run = run_lj(cells, steps, state=state, rebuild=rebuild, threads=threads)
    rates["irreg"].append(n * steps / run.seconds / 1e6)
    for peer in peers:
        options = {"opt": {"opt": True}, "omp": {"omp_threads": threads}}.get(peer, {})
        lammps = run_lammps_lj(cells, steps, state=state, rebuild=rebuild, **options)
        rates[peer].append(n * steps / lammps.loop_seconds / 1e6)
    print(r, {k: round(v[-1], 3) for k, v in rates.items()}, flush=True)
median = {k: statistics.median(v) for k, v in rates.items()}
print(f"{state} n={n} rebuild={rebuild} thr={threads} steps={steps} medians M atom-steps/s:",
      {k: round(v, 3) for k, v in median.items()}, "ratios:",
      {p: round(median["irreg"] / median[p], 3) for p in peers})
seconds = run.stats["seconds"]
print("  irreg phases (last run):", {k: round(v, 3) for k, v in seconds.items()}, "rebuilds",
      run.stats["rebuilds"], "compactions", run.stats["compactions"], "util",
      round(run.stats["simd_utilization"], 3))

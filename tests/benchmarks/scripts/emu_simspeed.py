"""Wall time of the Emu model's BFS simulation (issue 21's speed target): the Graph500-style ER
graph of `irreg bench emu` at SCALE (edge factor 16), from its highest-degree vertex, for each
RUN of strategy-nodes (remote: Algorithm 2, migrate: Algorithm 1). The CSR is cached in
$EMU_SIMSPEED_CACHE (default /tmp) so that repeated runs time the simulation alone; HOST_THREADS
sets the simulator's host threads (default irreg.threads). Prints MTEPS and migrations too, so
that a change meant to leave results alone can be seen to.

    python emu_simspeed.py 21 migrate-8,remote-8

To compare two builds of the extension on this noisy 2-core machine, alternate them in one run:
copy each _core*.so over the installed one in turn and run this once per round."""
import os
import sys
import time

import numpy as np

from irreg.emu import Machine, last_report
from irreg.emu.inputs import bfs_source
from irreg.emu.run import bfs_arrays

scale = int(sys.argv[1]) if len(sys.argv) > 1 else 21
runs = sys.argv[2].split(",") if len(sys.argv) > 2 else ["migrate-8", "remote-8"]
host_threads = int(os.environ["HOST_THREADS"]) if "HOST_THREADS" in os.environ else None
cache = os.path.join(os.environ.get("EMU_SIMSPEED_CACHE", "/tmp"), f"emu_simspeed_er{scale}.npz")
if not os.path.exists(cache):
    from irreg.emu.inputs import bfs_graph, bfs_specs, csr_arrays

    spec = bfs_specs(scale)["er"]
    print(f"building {spec} ...", file=sys.stderr, flush=True)
    offsets, targets = csr_arrays(bfs_graph(spec))
    np.savez(cache, offsets=offsets, targets=targets)
arrays = np.load(cache)
offsets, targets = arrays["offsets"], arrays["targets"]
source = bfs_source(offsets)
for run in runs:
    strategy, nodes = run.split("-")
    t0 = time.perf_counter()
    bfs_arrays(offsets, targets, source, Machine(nodes=int(nodes)), strategy, None, 14,
               host_threads=host_threads)
    wall = time.perf_counter() - t0
    r = last_report()
    print(f"s{scale} {run}: {wall:.2f} s  {r.mteps:.4f} MTEPS  migrations {r.migrations}",
          flush=True)

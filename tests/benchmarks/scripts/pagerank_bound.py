# Per-iteration time of the default (pull) PageRank against a STREAM-like read of the bytes one
# CSR pass reads: in-offsets (8 B/vertex), sources (4 B/edge), weights (8 B/edge), x and y
# (8 B/vertex each). Gathers of x are not counted in the bound.
import sys
import time

import numpy as np

from irreg import _core
from irreg.graph import IrregGraph
from irreg.inputs import generate

spec = sys.argv[1]
e = generate(spec)
g = IrregGraph.from_edges(e.src, e.dst, e.weight, n=e.n, directed=e.directed)
n, m = g.n, g.num_edges
x = np.full(n, 1.0 / n)
def call(k, t, v):
    r = _core.pagerank(g._core, x, np.zeros(0), np.zeros(0), 0.85, True, k, 0.0, v, None, t)
    return r.stats["compute_seconds"]
nbytes = 8 * n + 12 * m + 16 * n
buf = np.ones(nbytes // 8); buf.sum()
def read():
    t0 = time.perf_counter(); buf.sum(); return time.perf_counter() - t0
for v in ("pull", "push"):
    call(1, 1, v)
    per = {}
    for t in (1, 2):
        ones, elevens = [], []
        for _ in range(5):
            ones.append(call(1, t, v)); elevens.append(call(11, t, v))
        per[t] = (np.median(elevens) - np.median(ones)) / 10
    bound = np.median([read() for _ in range(9)])
    print(f"{spec} {v}: per iteration {per[1]*1e3:.2f} ms at 1 thread, {per[2]*1e3:.2f} ms at 2 "
          f"({per[1]/per[2]:.2f}x); read of the {nbytes/1e6:.1f} MB one CSR pass reads: "
          f"{bound*1e3:.2f} ms ({nbytes/bound/1e9:.1f} GB/s) -> {per[1]/bound:.2f}x the bound")

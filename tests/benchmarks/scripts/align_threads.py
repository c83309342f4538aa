"""One alignment round on the 100,000-vertex typed power-law pair (5% noise) at 1 and 2 threads."""
import statistics
import time

import numpy as np

import nx_irreg
from irreg.inputs import align_pairs as ap
from nx_irreg import IrregGraph

pair = ap.noisy_pair(
    "powerlaw", 100_000, 0.05, seed=100_000, vertex_types=4, edge_types=2, networkx=False
)
g1, g2 = (
    IrregGraph.from_edges(e[:, 0], e[:, 1], n=pair.n, directed=False)
    for e in (pair.edges1, pair.edges2)
)
labels = {"node_type": (pair.vertex_types1, pair.vertex_types2)}
times = {1: [], 2: []}; maps = {}
nx_irreg.align(g1, g2, iterations=1, threads=1, **labels)
for rep in range(3):
    for t in (1, 2):
        t0 = time.perf_counter(); r = nx_irreg.align(g1, g2, iterations=1, threads=t, **labels)
        times[t].append(time.perf_counter() - t0); maps[t] = ap.partner_array(r, pair.n)
accuracy = ap.quality(pair, maps[1])["accuracy"]
print("same mapping:", np.array_equal(maps[1], maps[2]), "accuracy", accuracy)
for t, v in times.items():
    print(f"{t} thr: median {statistics.median(v):.3f} s runs {[round(x, 3) for x in v]}")
print(f"speedup {statistics.median(times[1]) / statistics.median(times[2]):.2f}x")

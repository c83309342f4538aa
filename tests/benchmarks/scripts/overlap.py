"""Two Python threads, each a ~1 s batch of BFS (threads=1) on one graph: wall time of both."""
import threading
import time

import numpy as np

from irreg.graph.algorithms import bfs
from nx_irreg import IrregGraph

rng = np.random.default_rng(1)
n, m = 1_000_000, 8_000_000
g = IrregGraph.from_edges(rng.integers(0, n, m), rng.integers(0, n, m))
bfs(g, source=0, threads=1)
t0 = time.perf_counter(); k = 0
while time.perf_counter() - t0 < 1.0:
    bfs(g, source=0, threads=1); k += 1
one = time.perf_counter() - t0
def batch():
    for _ in range(k):
        bfs(g, source=0, threads=1)
for rep in range(3):
    ts = [threading.Thread(target=batch) for _ in range(2)]
    t0 = time.perf_counter()
    for t in ts: t.start()
    for t in ts: t.join()
    both = time.perf_counter() - t0
    print(f"batch of {k} BFS: alone {one:.3f} s; two threads at once {both:.3f} s wall")

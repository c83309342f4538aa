"""Graph kernels release the GIL (DESIGN §12): calls from two Python threads run at once.

Each call's stats carry time.monotonic() readings taken inside the released region; with the
GIL held, no two such intervals from different threads could intersect. Not a timing threshold:
only the order of clock readings is checked.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from irreg.graph.algorithms import bfs, sssp, wcc
from nx_irreg import IrregGraph


@pytest.mark.threads
@pytest.mark.parametrize("kernel", ["bfs", "sssp", "wcc"])
def test_two_python_threads_overlap_inside_the_kernels(kernel):
    rng = np.random.default_rng(7)
    n, m = 200_000, 1_600_000
    g = IrregGraph.from_edges(rng.integers(0, n, m), rng.integers(0, n, m),
                              rng.integers(1, 256, m).astype(float))
    run = {"bfs": lambda: bfs(g, source=0, threads=1),
           "sssp": lambda: sssp(g, source=0, variant="dijkstra"),
           "wcc": lambda: wcc(g, threads=1)}[kernel]
    intervals: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
    start = threading.Barrier(2)

    def batch(k: int) -> None:
        start.wait()
        for _ in range(8):
            s = run().stats
            assert s.released_at <= s.reacquired_at
            intervals[k].append((s.released_at, s.reacquired_at))

    workers = [threading.Thread(target=batch, args=(k,)) for k in (0, 1)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    overlaps = sum(a0 < b1 and b0 < a1 for a0, a1 in intervals[0] for b0, b1 in intervals[1])
    assert overlaps > 0, intervals

"""The bit-parallel multi-source BFS against one queue BFS per source (issue 36's target: >= 8x
on a 10^5-vertex, 10^6-edge graph, one thread), on the same sources, per ISA, medians of
--repeats; the two variants' sums are checked equal (exact fixed point). Also the time of every
source (all of closeness / average path length) with the bit-parallel kernel.

    python tests/benchmarks/scripts/ms_bfs_ratio.py [--graph er:100000:1000000] [--sources 4096]
"""
import argparse
import statistics
import time

import numpy as np

from irreg import available_isas
from irreg.graph import IrregGraph
from irreg.graph.algorithms import distance_sums
from irreg.inputs import generate

parser = argparse.ArgumentParser()
parser.add_argument("--graph", default="er:100000:1000000")
parser.add_argument("--sources", type=int, default=4096)
parser.add_argument("--repeats", type=int, default=3)
parser.add_argument("--threads", type=int, default=1)
args = parser.parse_args()

edges = generate(args.graph)
g = IrregGraph.from_edges(edges.src, edges.dst, n=edges.n, directed=False)  # undirected
sources = np.arange(min(args.sources, g.n))
print(f"{args.graph} undirected: n={g.n:,} stored edges={g.num_edges:,}, "
      f"{len(sources)} sources, {args.threads} thread(s)")


def median_seconds(**kw):
    times, found = [], None
    for _ in range(args.repeats):
        started = time.perf_counter()
        found = distance_sums(g, threads=args.threads, **kw)
        times.append(time.perf_counter() - started)
    return statistics.median(times), found


per_source, reference = median_seconds(sources=sources, variant="per-source")
print(f"per-source (queue BFS each): {per_source:.3f} s")
for isa in available_isas():
    seconds, found = median_seconds(sources=sources, variant="bit-parallel", isa=isa)
    same = all(np.array_equal(getattr(found, f), getattr(reference, f))
               for f in ("reached", "total", "harmonic", "farthest", "eccentricity"))
    print(f"bit-parallel {isa:>10}: {seconds:.3f} s  {per_source / seconds:5.1f}x  "
          f"identical sums: {same}")
seconds, _ = median_seconds(variant="bit-parallel")
print(f"every source (bit-parallel, default ISA): {seconds:.3f} s")

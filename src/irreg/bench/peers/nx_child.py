"""The child process of a peer's row in ``irreg bench nx`` (:mod:`irreg.bench.peers.nx_peers`):
``python -m irreg.bench.peers.nx_child PEER CASE FUNCTION VIEW THREADS REPEATS BUDGET`` builds the
case's graph (untimed), calls the function once (converting and caching, untimed), times ``REPEATS``
calls and prints ``{"seconds": [...]}``, or ``{"declined": why}`` where the peer declines. The
harness's budget rule holds (:class:`irreg.bench.harness.Harness`): a first call longer than
``BUDGET`` seconds is itself the one measurement, and fewer calls are timed when ``REPEATS`` of
the first would pass it (``BUDGET`` 0: no budget).
A module of its own: it reads the benchmark's functions, which read the peers' module."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from irreg.bench import nx as bench_nx
from irreg.bench.harness import BenchError
from irreg.bench.peers.nx_peers import NETWORKIT_WEIGHTED, networkit_calls


def _time_calls(call: Callable[[], Any], repeats: int, budget: float) -> list[float]:
    started = time.perf_counter()
    call()  # converts and caches the graph, or warms the pool
    first = time.perf_counter() - started
    if budget > 0 and first > budget:  # too slow to repeat: the conversion in it is a small part
        return [first]
    if budget > 0 and first > 0:
        repeats = max(1, min(repeats, int(budget / first)))
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - started)
    return seconds


def main(argv: list[str]) -> int:
    peer, case, function, view, threads, repeats, budget = argv
    import networkx as nx

    built, ends, *_ = bench_nx.networkx_graph(case)
    G = bench_nx.graph_view(built, view)
    named = {f.name: f for f in bench_nx.functions()}
    if peer == "networkit":
        import networkit as nk

        nk.setNumberOfThreads(int(threads))
        g = nk.nxadapter.nx2nk(G, weightAttr="weight" if function in NETWORKIT_WEIGHTED else None)
        calls = networkit_calls()
        seconds = _time_calls(lambda: calls[function](nk, g), int(repeats), float(budget))
    else:
        if peer == "parallel":
            nx.config.backends.parallel.n_jobs = int(threads)
        try:
            with nx.config(warnings_to_ignore={"cache"}):
                seconds = _time_calls(lambda: named[function].call(G, ends, peer), int(repeats),
                                      float(budget))
        except NotImplementedError as err:
            print(json.dumps({"declined": str(err).splitlines()[0]}))
            return 0
    print(json.dumps({"seconds": seconds}))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BenchError as err:
        print(str(err), file=sys.stderr)
        sys.exit(1)

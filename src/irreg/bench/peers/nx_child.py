"""The child process of a peer's row in ``irreg bench nx`` (:mod:`irreg.bench.peers.nx_peers`):
``python -m irreg.bench.peers.nx_child PEER CASE FUNCTION VIEW THREADS REPEATS`` builds the case's
graph (untimed), calls the function once (converting and caching, untimed), times ``REPEATS``
calls and prints ``{"seconds": [...]}``, or ``{"declined": why}`` where the peer declines.
A module of its own: it reads the benchmark's functions, which read the peers' module."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from irreg.bench import nx as bench_nx
from irreg.bench.harness import BenchError
from irreg.bench.peers.nx_peers import networkit_calls


def _time_calls(call: Callable[[], Any], repeats: int) -> list[float]:
    call()  # converts and caches the graph, or warms the pool
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - started)
    return seconds


def main(argv: list[str]) -> int:
    peer, case, function, view, threads, repeats = argv
    import networkx as nx

    G = bench_nx.graph_view(bench_nx.networkx_graph(case)[0], view)
    named = {f.name: f for f in bench_nx.functions()}
    if peer == "networkit":
        import networkit as nk

        nk.setNumberOfThreads(int(threads))
        g = nk.nxadapter.nx2nk(G)
        calls = networkit_calls()
        seconds = _time_calls(lambda: calls[function](nk, g), int(repeats))
    else:
        if peer == "parallel":
            nx.config.backends.parallel.n_jobs = int(threads)
        try:
            with nx.config(warnings_to_ignore={"cache"}):
                seconds = _time_calls(lambda: named[function].call(G, None, peer), int(repeats))
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

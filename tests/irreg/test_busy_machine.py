"""A parallel call on a busy machine stays near its one-thread time (issue 34, DESIGN §12).

Other processes occupy every CPU of this process's set (bounded: each stops itself after a
minute, and is killed when the test ends). An OpenMP team then waits at every barrier for a
member whose core another process holds; before teams followed the load, a 2-thread
delta-stepping SSSP of this size took seconds against a millisecond on one thread. The margins
are generous (3x, medians of several alternating tries, up to five) so that a noisy machine
cannot fail it: a collapse is 100x or more.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator

import pytest

from irreg.graph.algorithms import bfs, sssp, wcc
from irreg.inputs import generate
from irreg.threads import exact_teams, idle_cpus
from nx_irreg import IrregGraph

_SPIN = "import time\nend = time.monotonic() + 60\nwhile time.monotonic() < end:\n    pass\n"


def _cpus() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@pytest.fixture(scope="module")
def graph() -> IrregGraph:
    e = generate("rmat:16:16", seed=3)  # a million edges: 2 threads beat 1 on an idle machine
    return IrregGraph.from_edges(e.src, e.dst, e.weight, n=e.n, directed=True)


@pytest.fixture
def busy() -> Iterator[None]:
    """Every CPU of this process's set kept busy by another process, for the test's length."""
    spinners = [subprocess.Popen([sys.executable, "-c", _SPIN]) for _ in range(_cpus())]
    try:
        deadline = time.monotonic() + 5
        while idle_cpus() > 1 and time.monotonic() < deadline:  # the load shows within ~100 ms
            time.sleep(0.05)
        yield
    finally:
        for p in spinners:
            p.kill()
        for p in spinners:
            p.wait()


def _median_seconds(call: Callable[[], object], tries: int) -> float:
    times = []
    for _ in range(tries):
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


KERNELS = {
    "delta-stepping sssp": lambda g, t: sssp(g, source=0, variant="delta", threads=t),
    "direction bfs": lambda g, t: bfs(g, source=0, variant="direction", threads=t),
    "afforest wcc": lambda g, t: wcc(g, variant="afforest", threads=t),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", KERNELS)
def test_two_threads_stay_near_one_on_a_busy_machine(graph, busy, name):
    run = KERNELS[name]
    with exact_teams(False):
        run(graph, 2)  # forms the team once the load is known
        assert idle_cpus() == 1, "the spinning processes should leave no CPU idle"
        ratios = []
        for _ in range(5):  # a try is alternating medians; one good try of five is enough
            one = _median_seconds(lambda: run(graph, 1), 5)
            two = _median_seconds(lambda: run(graph, 2), 5)
            ratios.append(two / one)
            if ratios[-1] < 3:
                break
    assert min(ratios) < 3, f"{name}: 2 threads took {ratios} x the 1-thread time when busy"


def test_a_busy_machine_shrinks_the_team_and_exact_teams_keep_it(graph, busy):
    with exact_teams(False):
        assert sssp(graph, source=0, variant="delta", threads=2).stats.threads == 1
    with exact_teams(True):
        assert sssp(graph, source=0, variant="delta", threads=2).stats.threads == 2


def test_small_work_runs_on_one_thread_unless_exact():
    e = generate("er:2000:8000", seed=1)
    g = IrregGraph.from_edges(e.src, e.dst, e.weight, n=e.n)
    with exact_teams(False):
        assert bfs(g, source=0, variant="direction", threads=2).stats.threads == 1
    with exact_teams(True):
        assert bfs(g, source=0, variant="direction", threads=2).stats.threads == 2


def test_exact_threads_from_the_environment_is_checked():
    code = "import irreg.threads"
    env = dict(os.environ, IRREG_EXACT_THREADS="maybe")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       check=False)
    assert r.returncode != 0 and "IRREG_EXACT_THREADS must be 1 or 0, got 'maybe'" in r.stderr


@pytest.mark.slow
def test_the_benchmark_of_the_issue_stays_near_one_thread_on_a_busy_machine(busy, tmp_path):
    # What the issue saw: `irreg bench graph --quick` with every core busy, where 2 threads took
    # up to 5,700 times as long as 1 (delta-stepping: 3.7 s against 0.66 ms).
    import json

    out = tmp_path / "busy.json"
    command = [
        sys.executable, "-m", "_irreg_cli", "bench", "graph", "--graph", "er:8192:131072",
        "dag:10000:80000", "--variant", "delta", "afforest", "kahn", "--algorithm", "sswp", "wcc",
        "ts", "--threads", "1,2", "--repeats", "5", "--budget", "1", "--json", str(out),
    ]
    env = {k: v for k, v in os.environ.items() if k != "IRREG_EXACT_THREADS"}
    run = subprocess.run(command, capture_output=True, text=True, env=env, check=False,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    rows = [r for r in json.loads(out.read_text())["rows"] if r["impl"] == "irreg"]
    seconds = {(r["name"], r["case"], r["extra"]["threads"]): r["seconds"] for r in rows}
    ratios = {
        (name, case): seconds[name, case, 2] / seconds[name, case, 1]
        for name, case, threads in seconds if threads == 1 and (name, case, 2) in seconds
    }
    assert ratios and all(r < 3 for r in ratios.values()), ratios

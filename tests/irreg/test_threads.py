"""The thread count of a call (irreg.threads, DESIGN §12): where it comes from, and its checks."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from irreg import _core
from irreg.threads import MAX_THREADS, default_threads, exact_teams, resolve_threads


def test_the_call_then_the_setting_then_the_environment(monkeypatch):
    monkeypatch.setenv("IRREG_NUM_THREADS", "3")
    assert resolve_threads(5, 4) == 5
    assert resolve_threads(None, 4) == 4
    assert resolve_threads() == 3
    monkeypatch.delenv("IRREG_NUM_THREADS")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")  # read by OpenMP at start-up: a fresh process
    out = subprocess.run(
        [sys.executable, "-c", "from irreg.threads import default_threads as d; print(d())"],
        capture_output=True, text=True, check=True, env={**os.environ, "OMP_NUM_THREADS": "5"},
    )
    assert out.stdout.strip() == ("5" if _core.have_openmp() else "1")


def test_default_is_the_usable_cores_without_variables(monkeypatch):
    monkeypatch.delenv("IRREG_NUM_THREADS", raising=False)
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "IRREG_NUM_THREADS")}
    out = subprocess.run(
        [sys.executable, "-c", "from irreg.threads import default_threads as d; print(d())"],
        capture_output=True, text=True, check=True, env=env,
    )
    expected = len(os.sched_getaffinity(0)) if _core.have_openmp() else 1
    assert int(out.stdout) == expected


@pytest.mark.parametrize("bad", ["0", "-2", "two", "1.5", str(MAX_THREADS + 1)])
def test_a_bad_environment_value_is_named(monkeypatch, bad):
    monkeypatch.setenv("IRREG_NUM_THREADS", bad)
    with pytest.raises(ValueError, match=rf"^IRREG_NUM_THREADS must be an integer in \[1, "
                                         rf"{MAX_THREADS}\], got '{bad}'$"):
        default_threads()


@pytest.mark.parametrize(("bad", "error"), [(0, ValueError), (-1, ValueError), (2**40, ValueError),
                                            (2.0, TypeError), (True, TypeError), ("2", TypeError)])
def test_a_bad_call_value_is_named(bad, error):
    with pytest.raises(error, match="threads must"):
        resolve_threads(bad)


def test_the_core_refuses_a_count_the_python_layer_would_not_pass():
    from nx_irreg import IrregGraph

    g = IrregGraph.from_edges([0], [1])
    with pytest.raises(ValueError, match=r"threads must be in \[1, 1024\], got 0"):
        _core.bfs(g._core, 0, "", None, 0)


def test_stats_record_the_count():
    from irreg.graph.algorithms import bfs
    from nx_irreg import IrregGraph

    g = IrregGraph.from_edges(np.arange(5000), np.arange(1, 5001))
    assert bfs(g, source=0, threads=3).stats.threads == 3  # direction: parallel
    assert bfs(g, source=0, variant="serial", threads=3).stats.threads == 1
    small = IrregGraph.from_edges([0, 1], [1, 2])  # not worth a fork: the core says 1
    with exact_teams(False):
        assert bfs(small, source=0, threads=3).stats.threads == 1
    assert bfs(small, source=0, threads=3).stats.threads == 3  # the suite's exact teams


def test_threadpoolctl_sees_and_limits_the_pool():
    # DESIGN §12: the one pool is OpenMP's, visible to threadpoolctl; its limit is our default.
    threadpoolctl = pytest.importorskip("threadpoolctl")
    if not _core.have_openmp():
        pytest.skip("built without OpenMP")
    apis = {i["internal_api"] for i in threadpoolctl.threadpool_info()}
    assert "openmp" in apis
    with threadpoolctl.threadpool_limits(limits=1, user_api="openmp"):
        assert _core.openmp_max_threads() == 1
        if "IRREG_NUM_THREADS" not in os.environ:
            assert default_threads() == 1

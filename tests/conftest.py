"""Shared fixtures: every kernel test runs on every ISA this machine can execute."""

from __future__ import annotations

import logging
import os

import networkx as nx
import pytest
from hypothesis import settings

import nx_irreg
from irreg import _core
from irreg.threads import default_threads, idle_cpus
from nx_irreg import versions

# CI machines are small and noisy: a per-example deadline would only make the suite flaky.
settings.register_profile("irreg", deadline=None)
settings.load_profile("irreg")

ISAS = nx_irreg.available_isas()
# Every parallel kernel runs at 1 (the serial path), 2 and an odd count, whatever the cores.
THREAD_COUNTS = (1, 2, 3)
# ...on exactly that many threads, however small the graph or busy the machine (by default a call
# takes fewer: irreg.threads). tests/irreg/test_busy_machine.py turns this off for its checks.
_core.set_exact_teams(True)


def pytest_report_header(config: pytest.Config) -> list[str]:
    compiled = ", ".join(nx_irreg.compiled_isas())
    tested = ", ".join(ISAS)
    return [
        f"irreg ISAs compiled: {compiled}; tested (available here): {tested}",
        f"irreg default ISA: {nx_irreg.active_isa()}; IRREG_ISA={os.environ.get('IRREG_ISA')}",
        f"irreg threads tested: {THREAD_COUNTS} (exact teams); default here {default_threads()}, "
        f"idle CPUs {idle_cpus()}, OpenMP " + ("on" if _core.have_openmp() else "off"),
        f"networkx {nx.__version__}; the backend's probes of it (nx_irreg.versions): "
        + ", ".join(f"{name}={_short(answer)}" for name, answer in versions.answers().items()),
    ]


def _short(answer: object) -> str:
    """A probe's answer in a few characters: warnings and messages by their first words."""
    if isinstance(answer, tuple):
        return "/".join(map(_short, answer))
    if isinstance(answer, versions.Warned):
        answer = f"{answer.category.__name__}"
    text = " ".join(str(answer).split())
    return repr(text[:24] + "...") if len(text) > 27 else text


@pytest.fixture(params=ISAS)
def isa(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(params=THREAD_COUNTS)
def threads(request: pytest.FixtureRequest) -> int:
    return request.param


@pytest.fixture
def assert_counted():
    """Checks a benchmark's stderr: its ``[i/N]`` progress lines count 1..N once, N fixed."""
    import re

    def check(err: str) -> None:
        counters = [tuple(map(int, m)) for m in re.findall(r"^\[(\d+)/(\d+)\] ", err, re.MULTILINE)]
        assert counters, "no [i/N] progress lines"
        total = counters[0][1]
        assert counters == [(i, total) for i in range(1, total + 1)], counters

    return check


@pytest.fixture(scope="session")
def dask_client():
    """A ``dask.distributed`` client of two worker processes, one thread each (skipped without
    Dask). It is not the default client: tests that need one enter ``client.as_current()``."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):
        yield client

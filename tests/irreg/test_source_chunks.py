"""The chunk executor: chunks of sources on threads or Dask, in order, a bounded window."""

from __future__ import annotations

import sys
import threading
import time
import uuid

import numpy as np
import pytest

from irreg.graph.algorithms import bfs
from irreg.source_chunks import (
    CHUNKS_PER_WORKER,
    WINDOW_PER_WORKER,
    check_scheduler,
    chunk_size_for,
    chunks,
    map_chunks,
    resolve_scheduler,
)
from nx_irreg import IrregGraph


class Recorder:
    """A chunk function that counts the calls started and finished, sleeping a little so the
    pool's threads finish out of order."""

    def __init__(self, fail_on: int | None = None) -> None:
        self.lock = threading.Lock()
        self.started = 0
        self.finished = 0
        self.fail_on = fail_on

    def __call__(self, graph: object, chunk: list[int]) -> list[int]:
        with self.lock:
            self.started += 1
        # later chunks finish first: the order of the results must come from the chunks
        time.sleep(0.001 * (3 - chunk[0] % 3))
        if self.fail_on is not None and self.fail_on in chunk:
            raise KeyError(self.fail_on)
        with self.lock:
            self.finished += 1
        return [graph * s for s in chunk]


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("chunk_size", [None, 1, 4, 100])
def test_results_in_chunk_order(threads, chunk_size):
    sources = list(range(37))
    results = list(map_chunks(Recorder(), 10, sources, threads=threads, chunk_size=chunk_size))
    size = chunk_size or chunk_size_for(len(sources), threads)
    assert results == [[10 * s for s in part] for part in chunks(sources, size)]


@pytest.mark.threads
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_window_bounds_chunks_started(threads):
    fn = Recorder()
    window = 1 if threads == 1 else WINDOW_PER_WORKER * threads
    results = map_chunks(fn, 1, range(40), threads=threads, chunk_size=1)
    assert fn.started == 0  # nothing runs before the first result is asked for
    ahead = 0
    for k, _ in enumerate(results, start=1):
        time.sleep(0.005)  # give the pool every chance to run ahead
        # the caller holds result k: chunks k+1, ... started are at most window - 1 more
        assert fn.started <= k - 1 + window
        ahead = max(ahead, fn.started - k)
    assert fn.started == fn.finished == 40
    assert ahead >= min(1, window - 1)  # the pool did run ahead while the caller held a result


@pytest.mark.threads
def test_explicit_window():
    fn = Recorder()
    results = map_chunks(fn, 1, range(20), threads=3, chunk_size=1, window=2)
    for k, _ in enumerate(results, start=1):
        time.sleep(0.005)
        assert fn.started <= k + 1


@pytest.mark.threads
@pytest.mark.parametrize("threads", [1, 3])
def test_closing_early_cancels_the_rest(threads):
    fn = Recorder()
    results = map_chunks(fn, 1, range(100), threads=threads, chunk_size=1)
    for k, _ in enumerate(results, start=1):
        if k == 3:
            break
    results.close()
    started = fn.started
    assert started <= 3 - 1 + (1 if threads == 1 else WINDOW_PER_WORKER * threads)
    # the pool waited for the running chunks and started none after
    assert fn.finished == started
    time.sleep(0.01)
    assert fn.started == started


@pytest.mark.threads
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_an_error_in_fn_reaches_the_caller_with_its_type(threads):
    fn = Recorder(fail_on=7)
    results = map_chunks(fn, 1, list(range(50)), threads=threads, chunk_size=2)
    # every chunk before the failing one, then its error
    assert [next(results) for _ in range(3)] == [[0, 1], [2, 3], [4, 5]]
    with pytest.raises(KeyError, match="7"):
        next(results)
    assert list(results) == []  # the generator is finished
    assert fn.started <= 4 - 1 + (1 if threads == 1 else WINDOW_PER_WORKER * threads)


def test_no_sources_no_calls():
    fn = Recorder()
    assert list(map_chunks(fn, 1, [], threads=2)) == []
    assert list(map_chunks(fn, 1, np.zeros(0, dtype=np.int64), threads=1)) == []
    assert fn.started == 0


def test_chunks_are_slices_of_sources():
    assert list(chunks([1, 2, 3, 4, 5], 2)) == [[1, 2], [3, 4], [5]]
    assert list(chunks(range(5), 3)) == [range(3), range(3, 5)]
    parts = list(chunks(np.arange(5), 4))
    assert [p.tolist() for p in parts] == [[0, 1, 2, 3], [4]]


def test_default_chunk_size():
    assert chunk_size_for(1000, 2) == 1000 // (CHUNKS_PER_WORKER * 2)
    assert chunk_size_for(1001, 2) == 1000 // (CHUNKS_PER_WORKER * 2) + 1
    assert chunk_size_for(1000, 2, max_chunk_sources=10) == 10
    assert chunk_size_for(3, 8) == 1
    assert chunk_size_for(0, 1) == 1


def test_bad_arguments():
    fn = Recorder()
    with pytest.raises(TypeError, match="fn must be callable"):
        map_chunks(None, 1, [1], threads=1)
    with pytest.raises(TypeError, match="sources must be a sequence"):
        map_chunks(fn, 1, iter([1]), threads=1)
    with pytest.raises(ValueError, match="sources must be 1-D"):
        map_chunks(fn, 1, np.zeros((2, 2), dtype=int), threads=1)
    with pytest.raises(ValueError, match="threads must be a positive int, got 0"):
        map_chunks(fn, 1, [1], threads=0)
    with pytest.raises(TypeError, match="chunk_size must be a positive int"):
        map_chunks(fn, 1, [1], threads=1, chunk_size=2.5)
    with pytest.raises(ValueError, match="window must be a positive int"):
        map_chunks(fn, 1, [1], threads=2, window=0)
    with pytest.raises(ValueError, match="exceeds max_chunk_sources"):
        map_chunks(fn, 1, [1], threads=1, chunk_size=5, max_chunk_sources=4)
    with pytest.raises(ValueError, match="scheduler must be None, one of"):
        map_chunks(fn, 1, [1], threads=1, scheduler="mpi")
    with pytest.raises(TypeError, match="scheduler must be None, one of"):
        map_chunks(fn, 1, [1], threads=1, scheduler=object())


def test_schedulers_without_dask_or_joblib(monkeypatch):
    assert resolve_scheduler(None) is None
    assert resolve_scheduler("threads") is None
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "joblib", None)
    assert resolve_scheduler(None) is None
    for name in ("dask", "joblib"):
        with pytest.raises(ImportError, match=r"pip install 'dask\[distributed\]'"):
            check_scheduler(name)
        with pytest.raises(ImportError, match=f"scheduler='{name}' needs Dask"):
            map_chunks(Recorder(), 1, [1], threads=1, scheduler=name)


def test_importing_irreg_imports_no_dask():
    import subprocess

    code = (
        "import sys, irreg.source_chunks; "
        "core = {'dask', 'distributed', 'joblib', 'networkx', 'nx_irreg'} & set(sys.modules); "
        "import nx_irreg.options; "
        "front = {'dask', 'distributed', 'joblib'} & set(sys.modules); "
        "assert not core and not front, (core, front)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_joblib_without_dask_backend():
    joblib = pytest.importorskip("joblib")
    with joblib.parallel_config(backend="threading"):
        assert resolve_scheduler(None) is None
        with pytest.raises(ValueError, match="active backend is ThreadingBackend"):
            resolve_scheduler("joblib")


def test_dask_without_a_client(monkeypatch):
    distributed = pytest.importorskip("distributed")

    def no_client() -> None:
        raise ValueError("No global client found and no address provided")

    monkeypatch.setattr(distributed, "get_client", no_client)
    with pytest.raises(ValueError, match="there is none"):
        map_chunks(Recorder(), 1, [1], threads=1, scheduler="dask")


# --- real kernels: threads and Dask give the same answer ----------------------------------------


def bfs_depths(graph: IrregGraph, chunk: object) -> np.ndarray:
    """Hop counts from each source of the chunk, one row per source (one thread per call)."""
    return np.stack([bfs(graph, source=int(s), threads=1).depth for s in chunk])


class CountedUnpickles:
    """A stand-in graph that counts, in each process, how many times it was unpickled there."""

    def __init__(self, token: str) -> None:
        self.token = token

    def __reduce__(self):
        return (_unpickle_counted, (self.token,))


def _unpickle_counted(token: str) -> CountedUnpickles:
    import builtins  # a worker cannot import this module: the count lives in builtins

    counts = builtins.__dict__.setdefault("_irreg_test_unpickles", {})
    counts[token] = counts.get(token, 0) + 1
    return CountedUnpickles(token)


def unpickles_here(graph: CountedUnpickles, chunk: object) -> tuple[int, int]:
    import builtins
    import os

    return os.getpid(), builtins.__dict__["_irreg_test_unpickles"][graph.token]


def fail_on_five(graph: object, chunk: object) -> int:
    if 5 in list(chunk):
        raise ZeroDivisionError("chunk with 5")
    return len(chunk)


@pytest.fixture(scope="module")
def grid() -> IrregGraph:
    side = 12
    ids = np.arange(side * side).reshape(side, side)
    src = np.concatenate([ids[:, :-1].ravel(), ids[:-1, :].ravel()])
    dst = np.concatenate([ids[:, 1:].ravel(), ids[1:, :].ravel()])
    return IrregGraph.from_edges(src, dst, n=side * side, directed=False)


@pytest.fixture(scope="module")
def expected_depths(grid) -> np.ndarray:
    return np.stack([bfs(grid, source=s, variant="serial").depth for s in range(grid.n)])


@pytest.mark.threads
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_threads_give_the_serial_answer(grid, expected_depths, threads):
    parts = map_chunks(bfs_depths, grid, range(grid.n), threads=threads)
    np.testing.assert_array_equal(np.concatenate(list(parts)), expected_depths)


@pytest.fixture
def by_value():
    """Chunk functions of this test module travel to Dask workers by value (the workers cannot
    import a test module)."""
    cloudpickle = pytest.importorskip("cloudpickle")
    module = sys.modules[__name__]
    cloudpickle.register_pickle_by_value(module)
    yield
    cloudpickle.unregister_pickle_by_value(module)


def test_dask_client_gives_the_same_answer(dask_client, by_value, grid, expected_depths):
    parts = map_chunks(bfs_depths, grid, range(grid.n), threads=1, scheduler=dask_client)
    np.testing.assert_array_equal(np.concatenate(list(parts)), expected_depths)
    # The graph went to each worker ahead of the chunks, not with each: a worker unpickled it
    # once, or a few times when Dask retried a transfer under load; never once per chunk.
    counted = CountedUnpickles(uuid.uuid4().hex)
    seen = list(map_chunks(unpickles_here, counted, range(40), chunk_size=1,
                           scheduler=dask_client))
    per_worker: dict[int, int] = {}
    for pid, count in seen:
        per_worker[pid] = max(per_worker.get(pid, 0), count)
    tasks = {pid: sum(p == pid for p, _ in seen) for pid in per_worker}
    assert all(per_worker[pid] <= 3 for pid in per_worker), (per_worker, tasks)


def test_dask_errors_and_early_close(dask_client, by_value):
    with pytest.raises(ZeroDivisionError, match="chunk with 5"):
        list(map_chunks(fail_on_five, None, range(20), chunk_size=2, scheduler=dask_client))
    results = map_chunks(fail_on_five, None, range(4), chunk_size=1, scheduler=dask_client)
    assert next(results) == 1
    results.close()
    with dask_client.as_current():
        assert list(map_chunks(fail_on_five, None, range(4), chunk_size=2, scheduler="dask")) == [
            2, 2
        ]


def test_joblib_dask_backend(dask_client, by_value, grid, expected_depths):
    joblib = pytest.importorskip("joblib")
    with dask_client.as_current(), joblib.parallel_config(backend="dask"):
        assert resolve_scheduler(None) is dask_client
        assert resolve_scheduler("joblib") is dask_client
        assert resolve_scheduler("threads") is None
        parts = map_chunks(bfs_depths, grid, range(grid.n), threads=2)
        np.testing.assert_array_equal(np.concatenate(list(parts)), expected_depths)

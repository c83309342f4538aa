"""Many sources at once: chunks of sources on threads, or on Dask workers (DESIGN §13).

Work over many sources (all-pairs paths, averages over sources) is cut into chunks of sources;
one chunk is one call ``fn(graph, chunk)``, typically one C++ call that releases the GIL and
returns compact NumPy arrays for its sources. :func:`map_chunks` runs the chunks and yields their
results in chunk order, lazily: a caller that consumes one result at a time never holds more than
a few chunks' results, and one that stops early (closes the generator) cancels the rest.

Where the chunks run (``scheduler``):

- in this process, on a :class:`~concurrent.futures.ThreadPoolExecutor` of ``threads`` workers
  (the kernels release the GIL, so the threads run in parallel); ``threads=1`` runs the chunks
  inline, one after the other, with no pool;
- on a Dask cluster (``dask.distributed``), given a ``Client``, ``"dask"`` (the current default
  client), ``"joblib"`` or an active joblib Dask backend (``joblib.parallel_config(backend=
  "dask")``, as nx-parallel users set it). The graph is shipped to every worker before the
  chunks (``Client.scatter(..., broadcast=True)``), not with each chunk, and each chunk is a
  task ``fn(graph, chunk)``. (On a loaded cluster Dask may send a worker a second copy when a
  transfer is retried; the tests allow a few per worker, never one per chunk.)

``graph`` is any picklable object (for Dask) and ``fn`` a picklable function (a module-level
one). This module imports neither NetworkX nor Dask; Dask and joblib are imported only when
asked for (or, for joblib, when the caller has imported it already).
"""

from __future__ import annotations

import importlib.util
import math
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np

__all__ = [
    "CHUNKS_PER_WORKER",
    "WINDOW_PER_WORKER",
    "check_scheduler",
    "chunk_size_for",
    "chunks",
    "is_dask_client",
    "map_chunks",
    "resolve_scheduler",
]

G = TypeVar("G")
R = TypeVar("R")

CHUNKS_PER_WORKER = 4
"""Default chunks per worker: enough that a worker finishing early takes another chunk (sources
differ in cost: a source in a small component is cheap), few enough that the per-call overhead
(a Python call and a C++ result per chunk; a task and a transfer on Dask) stays small."""

WINDOW_PER_WORKER = 2
"""Default window per worker: chunks started and not yet handed to the caller. Two keep every
worker busy while the caller consumes a result, and bound what is held to ``2 x workers`` chunks'
results."""

SCHEDULER_NAMES = ("threads", "dask", "joblib")


def chunk_size_for(num_sources: int, workers: int, max_chunk_sources: int | None = None) -> int:
    """Sources per chunk by default: ``ceil(num_sources / (CHUNKS_PER_WORKER * workers))``, at
    most ``max_chunk_sources`` (the caller's memory budget for one chunk's result), at least 1."""
    size = max(1, math.ceil(num_sources / (CHUNKS_PER_WORKER * max(1, workers))))
    if max_chunk_sources is not None:
        size = min(size, _positive(max_chunk_sources, "max_chunk_sources"))
    return size


def chunks(sources: Sequence[int] | np.ndarray, chunk_size: int) -> Iterator[Sequence[int]]:
    """``sources[i : i + chunk_size]`` for ``i = 0, chunk_size, ...``: slices of ``sources``
    (a list gives lists, a range ranges, a NumPy array views)."""
    size = _positive(chunk_size, "chunk_size")
    for start in range(0, len(sources), size):
        yield sources[start : start + size]


def check_scheduler(value: object) -> object:
    """``value`` if it names a scheduler (see :func:`resolve_scheduler`), without looking for a
    client yet; a ``TypeError``/``ValueError`` names what is accepted, and Dask asked for and not
    installed raises ``ImportError``."""
    if value is None or is_dask_client(value):
        return value
    if isinstance(value, str):
        if value not in SCHEDULER_NAMES:
            raise ValueError(
                f"scheduler must be None, one of {list(SCHEDULER_NAMES)} or a "
                f"dask.distributed.Client, got {value!r}"
            )
        if value in ("dask", "joblib") and importlib.util.find_spec("distributed") is None:
            import_distributed(f"scheduler={value!r}")
        return value
    raise TypeError(
        f"scheduler must be None, one of {list(SCHEDULER_NAMES)} or a dask.distributed.Client, "
        f"got {type(value).__name__}"
    )


def resolve_scheduler(scheduler: object = None) -> Any:
    """Where chunks run: ``None`` (threads in this process) or a ``dask.distributed.Client``.

    ``scheduler`` is ``None`` (the active joblib backend's client when it is joblib's Dask
    backend, else threads), ``"threads"`` (threads, whatever joblib's backend), ``"dask"``
    (``distributed.get_client()``: the current default client), ``"joblib"`` (the active joblib
    backend, which must be Dask's) or a ``Client``. Dask asked for and not installed raises
    ``ImportError``; ``"dask"`` without a client, or ``"joblib"`` without a Dask backend,
    ``ValueError``.
    """
    scheduler = check_scheduler(scheduler)
    if scheduler is None:
        return _joblib_dask_client(required=False)
    if scheduler == "threads":
        return None
    if scheduler == "joblib":
        return _joblib_dask_client(required=True)
    if scheduler == "dask":
        distributed = import_distributed("scheduler='dask'")
        try:
            return distributed.get_client()
        except ValueError as err:
            raise ValueError(
                "scheduler='dask' runs on the current dask.distributed client, and there is "
                "none: create one first (distributed.Client(...)) or pass it as scheduler"
            ) from err
    return scheduler


def is_dask_client(value: object) -> bool:
    """Whether ``value`` is a ``dask.distributed.Client`` (without importing Dask: a client
    exists only once ``distributed`` is imported)."""
    distributed = sys.modules.get("distributed")
    return distributed is not None and isinstance(value, distributed.Client)


def import_distributed(why: str) -> Any:
    """``dask.distributed``, or an ``ImportError`` saying what needed it and how to install it."""
    try:
        import distributed
    except ImportError as err:
        raise ImportError(
            f"{why} needs Dask's distributed scheduler, which is not installed: "
            "pip install 'dask[distributed]'"
        ) from err
    return distributed


def map_chunks(
    fn: Callable[[G, Sequence[int]], R],
    graph: G,
    sources: Sequence[int] | np.ndarray,
    *,
    threads: int = 1,
    chunk_size: int | None = None,
    max_chunk_sources: int | None = None,
    window: int | None = None,
    scheduler: object = None,
) -> Iterator[R]:
    """Yields ``fn(graph, chunk)`` for each chunk of ``sources``, in chunk order, lazily.

    Parameters
    ----------
    fn : callable
        ``fn(graph, chunk) -> result``; ``chunk`` is a slice of ``sources`` (see :func:`chunks`).
        It runs on several threads at once on the same ``graph``, so it must be thread-safe
        (irreg's graphs and kernels are); for Dask it must pickle (a module-level function).
        Each call should run its kernel on one thread: the parallelism is across chunks.
    graph : object
        What ``fn`` reads; pickled once per Dask worker (a graph of :mod:`irreg`/:mod:`nx_irreg`
        pickles as its CSR arrays).
    sources : sequence of int or 1-D array
        Vertex ids, cut into consecutive chunks; result ``i`` is that of
        ``sources[i * chunk_size : (i + 1) * chunk_size]``.
    threads : int
        Worker threads in this process (1: inline, no pool). Ignored on Dask, whose workers'
        threads count instead.
    chunk_size : int, optional
        Sources per chunk. Default: :func:`chunk_size_for` (about ``CHUNKS_PER_WORKER`` chunks
        per worker, at most ``max_chunk_sources``).
    max_chunk_sources : int, optional
        The most sources one chunk may have (the caller's memory budget: one chunk's result is
        held whole). With ``window``, at most ``window * chunk_size`` sources' results are held.
    window : int, optional
        Chunks started and not yet handed to the caller, the one it holds included (default
        ``WINDOW_PER_WORKER * workers``; 1 with ``threads=1``). The next chunk starts when the
        caller asks for the next result.
    scheduler : None, str or dask.distributed.Client
        Where the chunks run: see :func:`resolve_scheduler` (None: threads, unless joblib's
        Dask backend is active).

    Returns
    -------
    iterator
        A generator of the results. Closing it (or dropping it, or leaving a ``for`` loop
        early) cancels the chunks not yet started; on threads it waits for the ones running.
        An exception raised by ``fn`` is raised here, with its type, when its chunk's result
        is reached, and the remaining chunks are cancelled.
    """
    if not callable(fn):
        raise TypeError(f"fn must be callable, got {type(fn).__name__}")
    if not isinstance(sources, (Sequence, np.ndarray)):
        raise TypeError(f"sources must be a sequence of vertex ids, got {type(sources).__name__}")
    if isinstance(sources, np.ndarray) and sources.ndim != 1:
        raise ValueError(f"sources must be 1-D, got {sources.ndim} dimensions")
    threads = _positive(threads, "threads")
    client = resolve_scheduler(scheduler)
    if client is not None:
        workers = max(1, sum(client.nthreads().values()))
    else:
        workers = threads
    if window is None:
        window = WINDOW_PER_WORKER * workers if client is not None or threads > 1 else 1
    window = _positive(window, "window")
    if chunk_size is None:
        chunk_size = chunk_size_for(len(sources), workers, max_chunk_sources)
    else:
        chunk_size = _positive(chunk_size, "chunk_size")
        if max_chunk_sources is not None and chunk_size > max_chunk_sources:
            raise ValueError(
                f"chunk_size {chunk_size} exceeds max_chunk_sources {max_chunk_sources}"
            )
    parts = chunks(sources, chunk_size)
    if client is not None:
        return _on_dask(fn, graph, parts, client, window)
    if threads == 1 and window == 1:
        return (fn(graph, part) for part in parts)
    return _on_threads(fn, graph, parts, threads, window)


def _on_threads(
    fn: Callable[[G, Sequence[int]], R], graph: G, parts: Iterator[Sequence[int]], threads: int,
    window: int,
) -> Iterator[R]:
    with ThreadPoolExecutor(threads, thread_name_prefix="irreg-chunks") as pool:
        yield from _in_order(lambda part: pool.submit(fn, graph, part), parts, window,
                             lambda future: future.result(), _cancel_threads)


def _cancel_threads(futures: Sequence[Any]) -> None:
    for future in futures:
        future.cancel()


def _on_dask(
    fn: Callable[[G, Sequence[int]], R], graph: G, parts: Iterator[Sequence[int]], client: Any,
    window: int,
) -> Iterator[R]:
    first = next(parts, None)
    if first is None:
        return
    # hash=False: a random key, not a token of the graph (tokenizing pickles the whole graph).
    [shipped] = client.scatter([graph], broadcast=True, hash=False)

    def submit(part: Sequence[int]) -> Any:
        return client.submit(fn, shipped, part, pure=False)

    def cancel(futures: Sequence[Any]) -> None:
        if futures:
            client.cancel(list(futures))

    try:
        yield from _in_order(submit, _prepend(first, parts), window,
                             lambda future: future.result(), cancel)
    finally:
        shipped.release()


def _prepend(first: Sequence[int], rest: Iterator[Sequence[int]]) -> Iterator[Sequence[int]]:
    yield first
    yield from rest


def _in_order(
    submit: Callable[[Sequence[int]], Any], parts: Iterator[Sequence[int]], window: int,
    result: Callable[[Any], R], cancel: Callable[[Sequence[Any]], None],
) -> Iterator[R]:
    """Results of the submitted parts in order, at most ``window`` started and not yet handed
    over (the one the caller holds included): the next part starts when the caller comes back."""
    pending: deque = deque()
    try:
        for part in parts:
            pending.append(submit(part))
            if len(pending) == window:
                break
        while pending:
            value = result(pending.popleft())
            yield value
            del value  # the caller has it; do not keep it alive while waiting for the next
            part = next(parts, None)
            if part is not None:
                pending.append(submit(part))
    finally:
        cancel(list(pending))


def _joblib_dask_client(*, required: bool) -> Any:
    # joblib's backend is active only if the caller imported joblib: no import here otherwise.
    joblib = sys.modules.get("joblib")
    backend = None
    if joblib is not None:
        from joblib.parallel import get_active_backend

        backend, _ = get_active_backend()
    client = getattr(backend, "client", None)
    if is_dask_client(client):
        return client
    if required:
        name = type(backend).__name__ if backend is not None else "none (joblib not imported)"
        raise ValueError(
            "scheduler='joblib' runs on the active joblib backend's Dask client, but the active "
            f"backend is {name}: use joblib.parallel_config(backend='dask')"
        )
    return None


def _positive(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a positive int, got {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be a positive int, got {value}")
    return int(value)

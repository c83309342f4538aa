"""How many threads a call runs on (DESIGN §12).

The core has one thread pool, OpenMP's (GCC's libgomp, which ``threadpoolctl`` lists and can
limit). A call's count comes from, first found:

1. the call's own ``threads=``;
2. the front end's setting: ``nx.config.backends.irreg.threads``, the calculator's ``threads``;
3. ``IRREG_NUM_THREADS``;
4. OpenMP's own default, ``omp_get_max_threads()``: ``OMP_NUM_THREADS``, a ``threadpoolctl``
   limit, else the cores this process may use (``os.sched_getaffinity``).

``threads=1`` runs the serial code path, exactly the one the seed measures. Results do not depend
on the count: integer and graph-distance outputs are identical, MD forces agree to 1e-12.

The count is a ceiling. A call runs on fewer threads when other processes keep this process's
CPUs busy, or other calls of this process hold them (the core's ``Team``): an OpenMP team waits
at every barrier for its slowest member, and a member sharing a core with another process waits a
scheduler time slice for it, so on a busy machine a parallel call was 100 to 1,000 times slower
than on one thread. :func:`idle_cpus` is the core's view of the machine; a kernel's ``stats``
report the team it ran on. :func:`exact_teams` (or ``IRREG_EXACT_THREADS=1``) turns this off, for
tests of the parallel code paths and thread-scaling benchmarks.
"""

from __future__ import annotations

import contextlib
import numbers
import os
from collections.abc import Iterator

from irreg import _core

__all__ = [
    "MAX_THREADS", "check_threads", "default_threads", "exact_teams", "idle_cpus",
    "resolve_threads",
]

MAX_THREADS = int(_core.MAX_THREADS)


def default_threads() -> int:
    """The count of a call that names none: ``IRREG_NUM_THREADS``, else OpenMP's default."""
    env = os.environ.get("IRREG_NUM_THREADS")
    if env is not None and env.strip():
        try:
            value = int(env)
        except ValueError:
            raise ValueError(
                f"IRREG_NUM_THREADS must be an integer in [1, {MAX_THREADS}], got {env!r}"
            ) from None
        if not 1 <= value <= MAX_THREADS:
            raise ValueError(
                f"IRREG_NUM_THREADS must be an integer in [1, {MAX_THREADS}], got {env!r}"
            )
        return value
    if not _core.have_openmp():
        return 1
    count = int(_core.openmp_max_threads())  # honours OMP_NUM_THREADS and threadpoolctl
    if "OMP_NUM_THREADS" not in os.environ:
        # Without the variable, keep to this process's CPU set (a container's, a taskset's).
        count = min(count, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                    else os.cpu_count() or 1)
    return max(1, min(count, MAX_THREADS))


def check_threads(value: object, name: str = "threads") -> int:
    """``value`` as a thread count; a ``TypeError`` (not an integer) or ``ValueError`` (outside
    ``[1, MAX_THREADS]``) names it, in the core's words."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    if not 1 <= value <= MAX_THREADS:
        raise ValueError(f"{name} must be in [1, {MAX_THREADS}], got {value}")
    return int(value)


def resolve_threads(threads: object = None, configured: object = None) -> int:
    """The thread count of one call: ``threads`` if given, else ``configured`` (a front end's
    setting), else :func:`default_threads`. A bad value raises naming it and the limits."""
    for name, value in (("threads", threads), ("configured threads", configured)):
        if value is not None:
            return check_threads(value, name)
    return default_threads()


def idle_cpus() -> int:
    """The CPUs of this process's set that other processes left idle over the last ~100 ms
    (``/proc/stat`` less this process's own CPU time); at least 1."""
    return int(_core.idle_cpus())


@contextlib.contextmanager
def exact_teams(exact: bool = True) -> Iterator[None]:
    """Within the block, every call runs on exactly the threads it resolves to, whatever the
    machine's load (``exact=False``: on fewer when the machine is busy, the default). Process-wide:
    for tests of the parallel code paths and thread-scaling benchmarks, not for calls running
    concurrently with others that want the default."""
    before = bool(_core.exact_teams())
    _core.set_exact_teams(bool(exact))
    try:
        yield
    finally:
        _core.set_exact_teams(before)


def _exact_from_environment() -> None:
    value = os.environ.get("IRREG_EXACT_THREADS", "").strip().lower()
    if value in ("", "0", "false", "no"):
        return
    if value not in ("1", "true", "yes"):
        raise ValueError(f"IRREG_EXACT_THREADS must be 1 or 0, got {value!r}")
    _core.set_exact_teams(True)


_exact_from_environment()

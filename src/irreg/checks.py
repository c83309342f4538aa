"""Checks of integer arguments and of memory, shared by the front ends, the Emu model and the CLI.

The core counts vertices, threadlets, k, bucket sizes and edge blocks in 32 bits; a larger
Python int would otherwise reach pybind11 as an "incompatible function arguments" dump of every
argument instead of an error that names the one at fault.
"""

from __future__ import annotations

import numbers

__all__ = ["INT32_MAX", "available_memory", "check_int", "check_memory", "memory_limit"]

INT32_MAX = 2**31 - 1
CHECKED_BYTES = 256 * 2**20  # check_memory's threshold


def check_int(value: object, name: str, low: int, high: int = INT32_MAX) -> int:
    """``value`` as an int in ``[low, high]``; otherwise a ``TypeError`` (not an integer, or a
    bool) or ``ValueError`` that names ``name``, the value and the bound it broke."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    if value < low:
        raise ValueError(f"{name} must be at least {low}, got {value}")
    if value > high:
        limit = f"{high} (2**31 - 1)" if high == INT32_MAX else str(high)
        raise ValueError(f"{name} must be at most {limit}, got {value}")
    return int(value)


def available_memory() -> int | None:
    """Bytes this process could allocate now: the least of Linux's ``MemAvailable``, what its
    address-space limit (``RLIMIT_AS``, ``ulimit -v``) leaves above its current size, and what
    its cgroup's memory limit (a container's: v2 ``memory.max``, v1 ``memory.limit_in_bytes``)
    leaves above the cgroup's use; None where none of them can be read."""
    tightest = memory_limit()
    return None if tightest is None else tightest[0]


def memory_limit() -> tuple[int, str] | None:
    """(bytes this process could allocate now, which limit says so), the tightest of
    :func:`available_memory`'s; None where none can be read."""
    return min(_memory_limits(), default=None)


def _memory_limits() -> list[tuple[int, str]]:
    """(bytes left, where the limit comes from) for every limit that applies and can be read."""
    found = []
    meminfo = _read_fields("/proc/meminfo")
    if "MemAvailable" in meminfo:
        found.append((meminfo["MemAvailable"] * 1024, "memory available"))
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            used = _read_fields("/proc/self/status").get("VmSize", 0) * 1024
            found.append((max(soft - used, 0), "address space left under RLIMIT_AS"))
    except (ImportError, OSError, ValueError):
        pass
    cgroup = _cgroup_room()
    if cgroup is not None:
        found.append((cgroup, "memory left under the cgroup's limit"))
    return found


def _read_fields(path: str) -> dict[str, int]:
    """``Name: value ...`` lines of a /proc file as ints (kB where the file says so)."""
    fields = {}
    try:
        with open(path) as f:
            for line in f:
                name, _, rest = line.partition(":")
                parts = rest.split()
                if parts and parts[0].isdigit():
                    fields[name] = int(parts[0])
    except OSError:
        pass
    return fields


def _cgroup_room() -> int | None:
    """Bytes this process's cgroup may still take (limit less use), or None without a limit."""
    try:
        with open("/proc/self/cgroup") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "":  # cgroup v2
            files = (f"/sys/fs/cgroup{path}/memory.max", f"/sys/fs/cgroup{path}/memory.current")
        elif "memory" in controllers.split(","):  # cgroup v1
            base = f"/sys/fs/cgroup/memory{path}"
            files = (f"{base}/memory.limit_in_bytes", f"{base}/memory.usage_in_bytes")
        else:
            continue
        try:
            with open(files[0]) as f:
                limit = f.read().strip()
            with open(files[1]) as f:
                used = int(f.read().strip())
        except (OSError, ValueError):
            continue
        if limit.isdigit() and int(limit) < 2**60:  # v1 says "no limit" with a huge number
            return max(int(limit) - used, 0)
    return None


def check_memory(nbytes: int, what: str, hint: str = "") -> None:
    """A ``MemoryError`` naming ``what`` and both sizes when ``nbytes`` exceeds the memory
    available now, instead of minutes of swapping or the OOM killer. Requests below
    ``CHECKED_BYTES`` are not checked: every small graph would read /proc otherwise."""
    if nbytes < CHECKED_BYTES:
        return
    tightest = memory_limit()
    if tightest is None:
        return
    free, where = tightest
    if nbytes > free:
        raise MemoryError(
            f"{what} needs about {nbytes / 1e9:.3g} GB, more than the {free / 1e9:.3g} GB of "
            f"{where}" + (f"; {hint}" if hint else "")
        )

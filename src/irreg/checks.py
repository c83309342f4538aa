"""Checks of integer arguments and of memory, shared by the front ends, the Emu model and the CLI.

The core counts vertices, threadlets, k, bucket sizes and edge blocks in 32 bits; a larger
Python int would otherwise reach pybind11 as an "incompatible function arguments" dump of every
argument instead of an error that names the one at fault.
"""

from __future__ import annotations

import numbers

__all__ = ["INT32_MAX", "available_memory", "check_int", "check_memory"]

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
    """Bytes the kernel could hand out now without swapping (Linux ``MemAvailable``); None
    where it cannot be read."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def check_memory(nbytes: int, what: str, hint: str = "") -> None:
    """A ``MemoryError`` naming ``what`` and both sizes when ``nbytes`` exceeds the memory
    available now, instead of minutes of swapping or the OOM killer. Requests below
    ``CHECKED_BYTES`` are not checked: every small graph would read /proc otherwise."""
    if nbytes < CHECKED_BYTES:
        return
    free = available_memory()
    if free is not None and nbytes > free:
        raise MemoryError(
            f"{what} needs about {nbytes / 1e9:.3g} GB, more than the {free / 1e9:.3g} GB of "
            f"memory available" + (f"; {hint}" if hint else "")
        )

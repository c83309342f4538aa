"""What ran this: the machine every benchmark and ``irreg graph --json`` report records."""

from __future__ import annotations

import os
import platform
from typing import Any

from irreg import available_isas

__all__ = ["cpu_model", "machine_info"]


def machine_info() -> dict[str, Any]:
    """``{"cpu", "cores", "isas"}`` of this machine, as every JSON result records it."""
    return {"cpu": cpu_model(), "cores": os.cpu_count(), "isas": list(available_isas())}


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, else what ``platform`` knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as cpuinfo:
            for line in cpuinfo:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Processor", "cpu model") and value.strip():
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"

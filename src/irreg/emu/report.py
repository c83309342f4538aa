"""What a simulated run reports (seed 002 §4.3, §5.1 definitions), and the last one."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Report:
    """One simulated run.

    ``seconds`` is simulated time. ``bandwidth`` is the kernel's effective bytes over that time
    (seed §5.1: the least data the computation must move; for BFS 16 bytes per traversed edge,
    §5.2). ``mteps`` is set for BFS: undirected edges with both ends reached per microsecond.
    Busy fractions are per nodelet (channel, core) and per node (migration engine).
    """

    kernel: str
    machine: str
    seconds: float
    bytes: float
    counts: dict = field(repr=False)
    channel_busy: np.ndarray = field(repr=False)
    core_busy: np.ndarray = field(repr=False)
    engine_busy: np.ndarray = field(repr=False)
    threads_started: np.ndarray = field(repr=False)
    peak_threads: np.ndarray = field(repr=False)
    edges: int | None = None
    extra: dict = field(default_factory=dict, repr=False)

    @property
    def bandwidth(self) -> float:
        return self.bytes / self.seconds if self.seconds > 0 else float("nan")

    @property
    def mteps(self) -> float | None:
        if self.edges is None or self.seconds <= 0:
            return None
        return self.edges / self.seconds / 1e6

    @property
    def migrations(self) -> int:
        return self.counts["migrations_intra"] + self.counts["migrations_inter"]

    def summary(self) -> dict:
        """Plain numbers for JSON and tables."""
        out = {
            "kernel": self.kernel,
            "machine": self.machine,
            "seconds": self.seconds,
            "bandwidth_bytes_per_s": self.bandwidth,
            **{k: v for k, v in self.counts.items() if k not in ("cycles", "seconds")},
            "channel_busy_mean": float(self.channel_busy.mean()),
            "channel_busy_max": float(self.channel_busy.max()),
            "core_busy_mean": float(self.core_busy.mean()),
            "engine_busy_max": float(self.engine_busy.max()),
            "threads_started_max": int(self.threads_started.max()),
            "peak_threads_max": int(self.peak_threads.max()),
            **self.extra,
        }
        if self.edges is not None:
            out["edges"] = self.edges
            out["mteps"] = self.mteps
        return out


_last: Report | None = None


def make(kernel: str, machine: str, raw: dict, bytes_: float, edges: int | None = None,
         extra: dict | None = None) -> Report:
    global _last
    r = raw["report"]
    cycles = r["cycles"] or 1.0
    counts = {k: v for k, v in r.items() if not isinstance(v, list)}
    _last = Report(
        kernel=kernel,
        machine=machine,
        seconds=r["seconds"],
        bytes=bytes_,
        counts=counts,
        channel_busy=np.asarray(r["channel_busy"]) / cycles,
        core_busy=np.asarray(r["core_busy"]) / cycles,
        engine_busy=np.asarray(r["engine_busy"]) / cycles,
        threads_started=np.asarray(r["threads_started"]),
        peak_threads=np.asarray(r["peak_threads"]),
        edges=edges,
        extra=extra or {},
    )
    return _last


def last_report() -> Report | None:
    """The report of the last simulated run in this process (None before the first)."""
    return _last

"""The Emu Chick execution model (seed 002; DESIGN §9) over arrays and core graphs.

A calibrated, event-driven simulator of a migratory-thread machine (nodes of eight nodelets,
Gossamer cores with threadlet contexts, narrow-channel DRAM, a migration engine, memory-side
atomics and posted remote writes) running STREAM, SpMV, BFS and the aligner's similarity phase on
real inputs. Results equal the CPU's; :func:`last_report` says how long the machine took and why.
:mod:`nx_irreg.emu` runs the same kernels on NetworkX graphs.
"""

from irreg.emu.machine import Machine
from irreg.emu.report import Report, last_report
from irreg.emu.run import bfs_arrays, bfs_graph, similarity_cores, spmv, stream

__all__ = [
    "Machine",
    "Report",
    "bfs_arrays",
    "bfs_graph",
    "last_report",
    "similarity_cores",
    "spmv",
    "stream",
]

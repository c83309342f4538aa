"""The Emu Chick execution model (seed 002; DESIGN §9).

A calibrated, event-driven simulator of a migratory-thread machine (nodes of eight nodelets,
Gossamer cores with threadlet contexts, narrow-channel DRAM, a migration engine, memory-side
atomics and posted remote writes) running SpMV, BFS and the aligner's similarity phase on real
inputs. Results equal the CPU's; :func:`last_report` says how long the machine took and why.

>>> import networkx as nx, nx_irreg.emu as emu
>>> depth, parent = emu.bfs(nx.path_graph(4), 0, machine=emu.Machine(nodes=1))
>>> depth
{0: 0, 1: 1, 2: 2, 3: 3}
"""

from nx_irreg.emu.machine import Machine
from nx_irreg.emu.report import Report, last_report
from nx_irreg.emu.run import bfs, similarity, spmv, stream

__all__ = ["Machine", "Report", "bfs", "last_report", "similarity", "spmv", "stream"]

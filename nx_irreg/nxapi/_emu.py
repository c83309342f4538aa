"""Backend functions with ``execution="emu"``: their BFS on the simulated Emu Chick."""

from __future__ import annotations


def emu_depth(G: object, source: int):
    """BFS depths from vertex ``source`` on the simulated Emu Chick (report in
    ``nx_irreg.emu.last_report()``)."""
    from nx_irreg.emu.inputs import csr_arrays
    from nx_irreg.emu.machine import Machine
    from nx_irreg.emu.run import bfs_arrays

    raw = bfs_arrays(*csr_arrays(G.graph), source, Machine(), "remote", None, 14)
    return raw["depth"]


"""Peers the benchmarks drive outside this process's Python packages (LAMMPS)."""

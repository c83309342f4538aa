"""When an MD neighbour list is rebuilt: ``"auto"`` (once an atom moved more than skin/2) or
every N calculations. The one home of this rule: the C++ driver's runs, the ASE calculator and
the LAMMPS peer read it from here."""

from __future__ import annotations

import numbers

__all__ = ["parse_rebuild"]


def parse_rebuild(value: str | int) -> int:
    """The rebuild schedule as the C++ system's ``rebuild_every``: ``"auto"`` -> 0 (rebuild when
    an atom moved more than skin/2); a positive integer, or its text (``"20"`` from the command
    line), -> that period. The one home of this rule (the CLI, the ASE calculator, the LAMMPS
    peer)."""
    if value == "auto":
        return 0
    every = 0
    if isinstance(value, str):
        try:
            every = int(value)
        except ValueError:
            pass
    elif isinstance(value, numbers.Integral) and not isinstance(value, bool):
        every = int(value)
    if every < 1:
        raise ValueError(f"rebuild must be 'auto' or a positive integer, got {value!r}")
    return min(every, 2**63 - 1)  # no run reaches 2**63 calculations: a larger period is the same

"""The simulated machine: a preset of :mod:`irreg.emu.calibration` with a node count and any
parameter overridden."""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field

from irreg import _core
from irreg.emu.calibration import PRESETS

# (name, int or float, meaning) of every parameter, from the C++ model's one list of them.
FIELDS: tuple[tuple[str, type, str], ...] = tuple(_core.emu_machine_fields())
_TYPES = {name: kind for name, kind, _ in FIELDS}


@dataclass(frozen=True)
class Machine:
    """A migratory-thread machine. ``Machine()`` is one Emu Chick node; ``Machine(nodes=8)``
    the full Chick of seed 002; ``Machine("chick-next")`` the planned 4-core, 300 MHz nodelets.

    Parameters
    ----------
    preset : {"chick", "chick-next"}
    nodes : int
        Nodes of 8 nodelets each, 1 to 8 (the Chick has 8).
    **overrides
        Any parameter of the preset (see ``Machine().params``), e.g. ``pipeline_depth=4``.
    """

    preset: str = "chick"
    nodes: int = 1
    overrides: dict = field(default_factory=dict)

    def __init__(self, preset: str = "chick", nodes: int = 1, **overrides: object) -> None:
        if preset not in PRESETS:
            raise ValueError(f"unknown machine preset {preset!r}; presets are {sorted(PRESETS)}")
        if not isinstance(nodes, numbers.Integral) or isinstance(nodes, bool):
            raise TypeError(f"nodes must be an int, got {type(nodes).__name__}")
        if not 1 <= nodes <= 8:
            raise ValueError(f"nodes must be in [1, 8] (the Emu Chick has 8), got {nodes}")
        for key, value in overrides.items():
            if key not in _TYPES or key == "nodes":
                names = sorted(k for k in _TYPES if k != "nodes")
                raise TypeError(f"unknown machine parameter {key!r}; parameters are {names}")
            if _TYPES[key] is int:
                if not isinstance(value, numbers.Integral) or isinstance(value, bool):
                    raise TypeError(f"{key} must be an int, got {value!r}")
            elif not isinstance(value, numbers.Real) or isinstance(value, bool):
                raise TypeError(f"{key} must be a number, got {value!r}")
        object.__setattr__(self, "preset", preset)
        object.__setattr__(self, "nodes", int(nodes))
        object.__setattr__(self, "overrides", dict(overrides))
        # The model checks each value's range (one rule, in C++), now rather than at the first run.
        _core.emu_check_machine(self.params)

    @property
    def params(self) -> dict:
        """Every parameter, as the C++ model takes them."""
        return {**PRESETS[self.preset], **self.overrides, "nodes": self.nodes}

    @property
    def nodelets(self) -> int:
        return self.nodes * self.params["nodelets_per_node"]

    @property
    def max_threads(self) -> int:
        """Threadlets the machine holds at once."""
        p = self.params
        return self.nodelets * p["cores_per_nodelet"] * p["threads_per_core"]

    def describe(self) -> str:
        p = self.params
        return (
            f"{self.preset}: {self.nodes} node(s) x {p['nodelets_per_node']} nodelets, "
            f"{p['cores_per_nodelet']} core(s) x {p['threads_per_core']} threadlets, "
            f"{p['clock_hz'] / 1e6:g} MHz"
        )


def as_machine(machine: Machine | str | None) -> Machine:
    """``machine`` as a :class:`Machine`: None is one Chick node, a preset's name that preset."""
    if machine is None:
        return Machine()
    if isinstance(machine, str):
        return Machine(machine)
    if not isinstance(machine, Machine):
        raise TypeError(
            f"machine must be an irreg.emu.Machine or a preset's name ({sorted(PRESETS)}), "
            f"got {type(machine).__name__}"
        )
    return machine

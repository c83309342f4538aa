"""The C++ driver against LAMMPS itself (where its Python module is installed), from the same
atoms and velocities: in.lj's thermo rows agree until the trajectories' chaos amplifies the
different summation orders (two orders of irreg's own diverge as fast: see issue 37's note)."""

from __future__ import annotations

import pytest

from irreg import md_driver as md

lammps_peer = pytest.importorskip("irreg.bench.peers.lammps")
if lammps_peer.lammps_available() is not None:
    pytest.skip(lammps_peer.lammps_available(), allow_module_level=True)


@pytest.mark.parametrize("rebuild", [20, "auto"])
@pytest.mark.parametrize("state", ["lj", "dense"])
def test_thermo_equals_lammps_from_the_same_state(rebuild, state) -> None:
    _, x, v, _ = md.make_system(4, state=state)
    ours = md.run_lj(4, 300, state=state, rebuild=rebuild, thermo_every=50)
    theirs = lammps_peer.run_lammps_lj(4, 300, state=state, rebuild=rebuild, thermo_every=50,
                                       start_from=(x, v))
    assert [r["step"] for r in ours.thermo] == [r["step"] for r in theirs.thermo]
    for a, b in zip(ours.thermo, theirs.thermo, strict=True):
        for key in ("temp", "pe_per_atom", "etotal_per_atom", "press"):
            assert a[key] == pytest.approx(b[key], rel=1e-10, abs=1e-12), (a["step"], key)


def test_start_from_is_checked() -> None:
    with pytest.raises(ValueError, match=r"start_from must be two \(32, 3\) arrays"):
        lammps_peer.run_lammps_lj(2, 1, start_from=([[0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0]]))

"""``irreg bench md``: the MD component against the seed's tables and against its peers.

On the LJ benchmark lattice (``irreg.md_driver``: fcc at density 0.8442, T 1.44, cutoff 2.5, skin
0.3), for 32,000 and 131,072 atoms (``--quick``: 864):

- ``rebuild`` (seed 000 Table 4): one neighbour rebuild after 20 MD steps, as Non-Group
  (``variant none``: the neighbour build alone), Regroup-All (``full``) and Inc-Group
  (``incremental``), for ``extra.neighbor`` binned and allpairs. ``extra.ratio_vs_none`` is the
  overhead relative to Non-Group.
- ``force``: the force kernel alone on a built list: Non-Group (plain list, scalar) and the
  grouped kernel on every ISA; ``extra.speedup_vs_scalar`` against the scalar grouped kernel.
- ``md_step`` (seed 000 Fig. 9): 100 steps with a rebuild every 20 on the C++ driver, Serial
  (``none``) against Inc-Group+SIMD per ISA, and LAMMPS ``lj/cut`` on the same run when its Python
  module is installed; then the same with ``rebuild="auto"``.
- ``md_step`` under ``ase.md.verlet.VelocityVerlet``: ``ase_irreg.LennardJones`` against
  ``asap3.LennardJones`` and (small sizes only) ``ase.calculators.lj.LennardJones``.
- ``md_step`` at each ``--threads`` count (default: 1 and every usable core): Inc-Group on the
  best ISA with ``rebuild="auto"`` (case ``...-auto-threads``) against LAMMPS's OPENMP package
  (``-sf omp -pk omp N``) at the same count, for the thread-scaling table.
- ``md_step`` in the other states of :data:`irreg.inputs.lattices.STATES` (``hot``: T 3.0,
  ``dense``: density 1.2, ``gas``: density 0.01), displacement-checked rebuilds, against LAMMPS
  ``lj/cut`` and ``lj/cut/opt``.
- ``force_call`` at each ``--memory-cells`` size (default 20, 40, 63 and 100: 32,000 to 4,000,000
  atoms, each where this machine's free memory allows): one force call from scratch, its time
  and the peak growth of resident memory (``extra.bytes_per_atom``), irreg against LAMMPS's
  ``run 0`` and asap3's first ``get_forces``, each in a fresh process
  (:mod:`irreg.bench.md_memory`); with ``--plot FILE`` also ``FILE-memory.png``, bytes per atom
  and first-call time per atom against the atom count.

Every LAMMPS ``md_step`` row runs ``lj/cut`` and ``lj/cut/opt`` (variant ``opt``); ratios are
against LAMMPS's own loop time.

Every other row runs on one thread, the seed's serial setting.

Work is atom-steps (``md_step``) or pairs (``force``, ``rebuild``). Peers not installed are
reported as skipped rows.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import numpy as np

from irreg import _core
from irreg.bench import harness as hs
from irreg.bench import report
from irreg.command_line import non_negative_int, positive_int
from irreg.machine import machine_info

FULL_CELLS = (20, 32)
QUICK_CELLS = (6,)
STEPS = 100
REBUILD_EVERY = 20
ASE_MAX_ATOMS = 4000  # ASE's LennardJones is a per-atom Python loop
ALLPAIRS_MAX_ATOMS = 40000  # all pairs is O(n^2): 131k atoms take minutes per rebuild
MEMORY_CELLS = (20, 40, 63, 100)  # 32,000, 256,000, 1,000,188 and 4,000,000 atoms
# Resident bytes per atom a one-force-call process may need at most (asap3's peak and the
# lattice's arrays, with room): a size runs only where the machine has that much free.
MEMORY_BYTES_PER_ATOM = 2000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg bench md``."""
    hs.add_arguments(parser, default_repeats=3)
    parser.add_argument(
        "--cells",
        type=positive_int,
        nargs="+",
        metavar="N",
        help="fcc cells per side (default 20 and 32: 32,000 and 131,072 atoms)",
    )
    hs.add_isa_argument(parser, "ISAs of the grouped kernel (default: every native one)")
    hs.add_threads_argument(parser, "thread counts of the md_step scaling rows")
    parser.add_argument(
        "--memory-cells",
        type=non_negative_int,
        nargs="+",
        default=None,
        metavar="N",
        help="fcc cells per side of the one-force-call memory rows (default 20 40 63 100: "
             "32,000 to 4,000,000 atoms; --quick: 10; with --cells: none; 0: none)",
    )
    parser.add_argument(
        "--allpairs-max-atoms",
        type=int,
        default=ALLPAIRS_MAX_ATOMS,
        help=f"skip all-pairs rebuilds above this size (default {ALLPAIRS_MAX_ATOMS:,})",
    )


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg bench md``; returns the exit status."""
    if args.from_json:
        return hs.redraw(args, "md", plot_md)

    harness = hs.harness_from_args("md", args)
    cells = args.cells or (QUICK_CELLS if args.quick else FULL_CELLS)
    isas = hs.runnable_isas(args.isa, quick=args.quick)
    counts = args.threads or hs.default_thread_counts()
    memory_cells = args.memory_cells
    if memory_cells is None:
        memory_cells = [10] if args.quick else [] if args.cells else list(MEMORY_CELLS)
    memory_cells = [c for c in memory_cells if c > 0]
    ase_threads = len({1, *counts}) - 1  # ASE rows beyond the one-thread irreg row
    harness.plan(len(cells) * (count_specs(isas) + 2 * len(counts) + ase_threads)
                 + len(md_memory_impls()) * len(memory_cells))
    for c in cells:
        md_benchmark(
            c,
            isas,
            harness,
            allpairs_max_atoms=args.allpairs_max_atoms,
            steps=20 if args.quick else STEPS,
            threads=counts,
        )
    for c in memory_cells:
        harness.run(memory_specs(c))
    add_ratios(harness.rows)
    harness.report(json_path=args.json)
    if args.plot:
        plot_md(args.plot, harness.rows, machine_info())
        hs.plot_scaling_beside(args.plot, "md", harness.rows)
    return 0


REGROUP_NAMES = {"none": "Non-Group", "full": "Regroup-All", "incremental": "Inc-Group"}


def plot_md(path: str, rows: Sequence[hs.Row], machine: dict | None = None) -> None:
    """Throughput per row family; rebuild rows grouped by their neighbour build (binned or all
    pairs), which the series labels do not show."""

    def case_of(row: hs.Row) -> str:
        if row.name != "rebuild":
            return row.case
        # a skipped row's extra holds only the reason, which names --allpairs-max-atoms
        neighbor = row.extra.get("neighbor") or (
            "allpairs" if "allpairs" in str(row.extra.get("skipped", "")) else "binned")
        return f"{row.case}, {neighbor} neighbours"

    def series_of(row: hs.Row) -> str:
        # the table's words (regroup none / full / incremental), the seed's names beside them
        if row.impl != "irreg" or row.variant not in REGROUP_NAMES:
            return report.series_label(row, (row.impl, row.variant, row.isa))
        variant = f"{row.variant} ({REGROUP_NAMES[row.variant]})"
        return report.series_label(row, ("irreg", variant, row.isa))

    report.plot_rows(
        path, rows, title=report.figure_title("md", machine), case_of=case_of, series_of=series_of
    )
    plot_memory_beside(path, rows, machine)


def md_benchmark(
    cells: int, isas: Sequence[str], harness: hs.Harness, *, allpairs_max_atoms: int, steps: int,
    threads: Sequence[int] = (1,),
) -> None:
    """Every row family for one lattice size."""
    from irreg import md_driver as md

    n = 4 * cells**3
    case = f"lj-{n}"
    hs.note(f"{case}: running {REBUILD_EVERY} steps for the rebuild snapshot ...")
    system, driver = md.make_driver(cells, rebuild=REBUILD_EVERY)
    x0 = driver.positions
    driver.run(REBUILD_EVERY - 1)  # positions one step before the schedule's rebuild
    x20 = driver.positions
    del driver, system
    best = chosen_isa(isas)
    harness.run(rebuild_specs(cells, case, x0, x20, best, allpairs_max_atoms))
    harness.run(force_specs(cells, case, x20, isas))
    harness.run(run_specs(cells, case, isas, steps))
    harness.run(state_specs(cells, case, best, steps))
    harness.run(ase_specs(cells, case, best, steps, threads))
    harness.run(thread_specs(cells, case, best, steps, threads))


def chosen_isa(isas: Sequence[str]) -> str:
    """The ISA an LjSystem picks by itself (its force probe's fastest), when it is among
    ``isas``; it runs the rows that use one ISA. Says which, and the probe's times."""
    from irreg import _core

    choice = _core.lj_isa_choice()
    probe = ", ".join(f"{isa} {1e3 * t:.3f} ms" for isa, t in choice["probe_seconds"].items())
    isa = choice["isa"] if choice["isa"] in isas else isas[0]
    hs.note(f"MD kernels' ISA: {choice['isa']}, chosen by {choice['chosen_by']}"
            + (f" (probe: {probe})" if probe else "")
            + ("" if isa == choice["isa"] else f"; not among --isa, so {isa}"))
    return isa


def count_specs(isas: Sequence[str]) -> int:
    """Measurements of :func:`md_benchmark` per lattice size (the progress counter's N)."""
    rebuild = len(NEIGHBORS) * len(REGROUPS)
    force = 1 + len(isas) + ("scalar" not in isas)
    runs = len(RUN_REBUILDS) * (1 + len(isas) + 2)  # serial, Inc-Group per ISA, LAMMPS x 2
    states = len(OTHER_STATES) * 3  # irreg, LAMMPS lj/cut and opt
    ase = len(ASE_CALCULATORS)  # plus one irreg row per thread count above 1: see run()
    return rebuild + force + runs + states + ase


NEIGHBORS = _core.NAMES["neighbor"]
REGROUPS = tuple(reversed(_core.NAMES["regroup"]))  # the baselines first: none, full, incremental
RUN_REBUILDS = (REBUILD_EVERY, "auto")
OTHER_STATES = ("hot", "dense", "gas")  # in.lj's own state is the md_step rows above
ASE_CALCULATORS = ("irreg", "asap3", "ase")


# --- Table 4: one rebuild -------------------------------------------------------------------------


def rebuild_specs(
    cells: int, case: str, x0: np.ndarray, x20: np.ndarray, isa: str, allpairs_max_atoms: int
) -> list[hs.Spec]:
    from irreg import md_driver as md

    n = len(x0)
    specs = []
    for neighbor in NEIGHBORS:
        for regroup in REGROUPS:

            def setup(neighbor=neighbor, regroup=regroup) -> Any:
                system, _, _, _ = md.make_system(
                    cells, rebuild="auto", regroup=regroup, neighbor=neighbor, isa=isa
                )
                system.compute(x0, energy_virial=False)  # the index as the run had it
                return system

            def rebuild(system: Any) -> Any:
                system.rebuild_at(x20)
                return system

            def extra(system: Any, neighbor=neighbor) -> dict[str, Any]:
                last = system.stats()["recent_rebuilds"][-1]
                return {
                    "neighbor": neighbor,
                    "pairs_added": last["added"],
                    "pairs_removed": last["removed"],
                    "holes": last["holes"],
                    "neighbor_seconds": last["neighbor_seconds"],
                    "group_seconds": last["group_seconds"],
                }

            skip = None
            if neighbor == "allpairs" and n > allpairs_max_atoms:
                skip = f"{n:,} atoms > --allpairs-max-atoms {allpairs_max_atoms:,}"
            specs.append(
                hs.Spec(
                    "rebuild",
                    case,
                    rebuild,
                    variant=regroup,
                    isa=None if regroup == "none" else isa,
                    setup=setup,
                    work=n,
                    work_unit="atoms",
                    extra=extra,
                    skip_reason=skip,
                )
            )
    return specs


# --- the force kernel alone -----------------------------------------------------------------------


def force_specs(cells: int, case: str, x: np.ndarray, isas: Sequence[str]) -> list[hs.Spec]:
    from irreg import md_driver as md

    specs = []
    variants = [("none", "scalar")] + [("incremental", isa) for isa in isas]
    if "scalar" not in isas:
        variants.append(("incremental", "scalar"))
    for regroup, isa in variants:
        system, _, _, _ = md.make_system(cells, rebuild="auto", regroup=regroup, isa=isa)
        system.compute(x, energy_virial=False)
        pairs = system.stats()["pairs"]
        specs.append(
            hs.Spec(
                "force",
                case,
                lambda _, s=system: s.compute(x, energy_virial=False),
                variant=regroup,
                isa=isa,
                work=pairs,
                work_unit="pairs",
                extra={"simd_utilization": round(system.stats()["simd_utilization"], 4)},
            )
        )
    return specs


# --- Fig. 9 and the driver against LAMMPS ---------------------------------------------------------


def run_specs(cells: int, case: str, isas: Sequence[str], steps: int) -> list[hs.Spec]:
    from irreg import md_driver as md

    n = 4 * cells**3
    specs = []
    for rebuild in RUN_REBUILDS:
        label = f"{case}-every{rebuild}" if rebuild != "auto" else f"{case}-auto"
        variants = [("none", "scalar")] + [("incremental", isa) for isa in isas]
        for regroup, isa in variants:

            def setup(regroup=regroup, isa=isa, rebuild=rebuild) -> Any:
                # the first build and forces are set-up, as in LAMMPS
                return md.make_driver(cells, rebuild=rebuild, regroup=regroup, isa=isa)

            def go(state: Any) -> Any:
                state[1].run(steps)
                return state

            specs.append(
                hs.Spec(
                    "md_step",
                    label,
                    go,
                    variant=regroup,
                    isa=isa,
                    setup=setup,
                    work=n * steps,
                    work_unit="atom-steps",
                    extra=_run_extra,
                )
            )
        specs.append(_lammps_spec(cells, label, rebuild, steps))
        specs.append(_lammps_spec(cells, label, rebuild, steps, opt=True))
    return specs


def state_specs(cells: int, case: str, isa: str, steps: int) -> list[hs.Spec]:
    """Inc-Group, displacement-checked rebuilds, in the hot, dense and gas states, with LAMMPS
    ``lj/cut`` and ``lj/cut/opt`` in the same state."""
    from irreg import md_driver as md

    specs = []
    for state in OTHER_STATES:
        label = f"{case}-{state}-auto"

        def setup(state=state) -> Any:
            return md.make_driver(cells, state=state, rebuild="auto", isa=isa)

        def go(run_state: Any) -> Any:
            run_state[1].run(steps)
            return run_state

        specs.append(hs.Spec("md_step", label, go, variant="incremental", isa=isa, setup=setup,
                             work=4 * cells**3 * steps, work_unit="atom-steps",
                             extra=_run_extra))
        specs.append(_lammps_spec(cells, label, "auto", steps, state=state))
        specs.append(_lammps_spec(cells, label, "auto", steps, state=state, opt=True))
    return specs


def _run_extra(state: Any) -> dict[str, Any]:
    system, driver = state
    s = system.stats()
    return {
        "rebuilds": s["rebuilds"],
        "simd_utilization": round(s["simd_utilization"], 4),
        "compactions": s["compactions"],
        "rebuild_seconds": round(s["seconds"]["neighbor"] + s["seconds"]["group"], 5),
        "force_seconds": round(s["seconds"]["force"], 5),
        "pe_per_atom_last": round(driver.thermo()["pe_per_atom"], 6),
    }


def thread_specs(cells: int, case: str, isa: str, steps: int,
                 threads: Sequence[int]) -> list[hs.Spec]:
    """Inc-Group with displacement-checked rebuilds, and LAMMPS's OPENMP styles, per count."""
    from irreg import md_driver as md

    label = f"{case}-auto-threads"
    specs = []
    for t in threads:

        def setup(t=t) -> Any:
            return md.make_driver(cells, rebuild="auto", regroup="incremental", isa=isa,
                                  threads=t)

        def go(state: Any) -> Any:
            state[1].run(steps)
            return state

        specs.append(hs.Spec("md_step", label, go, variant="incremental", isa=isa, threads=t,
                             setup=setup, work=4 * cells**3 * steps, work_unit="atom-steps",
                             extra=_run_extra))
        specs.append(_lammps_omp_spec(cells, label, steps, t))
    return specs


def _lammps_omp_spec(cells: int, label: str, steps: int, threads: int) -> hs.Spec:
    """LAMMPS's OPENMP styles on ``threads`` threads, ``every 1 check yes``; each trial is its
    own ``Loop time`` (set-up outside it, as ours is outside the harness's timer)."""
    spec = _lammps_spec(cells, label, "auto", steps)
    spec.variant, spec.threads = "omp", threads
    if spec.skip_reason is None:
        from irreg.bench.peers import lammps as lammps_peer

        spec.run, spec.extra = None, {"rebuild": "auto"}
        spec.trials = lambda repeats: [
            lammps_peer.run_lammps_lj(cells, steps, rebuild="auto",
                                      omp_threads=threads).loop_seconds
            for _ in range(repeats)
        ]
    return spec


def _lammps_spec(cells: int, label: str, rebuild: Any, steps: int, *, state: str = "lj",
                 opt: bool = False) -> hs.Spec:
    """LAMMPS ``lj/cut`` (``opt``: ``lj/cut/opt``) on one thread, in ``state``."""
    n = 4 * cells**3
    try:
        from irreg.bench.peers import lammps as lammps_peer

        reason = lammps_peer.lammps_available()
    except ImportError as err:
        lammps_peer, reason = None, f"irreg.bench.peers.lammps unavailable: {err}"
    if reason is not None:
        return hs.Spec(
            "md_step",
            label,
            impl="lammps",
            variant="opt" if opt else None,
            work=n * steps,
            work_unit="atom-steps",
            skip_reason=reason,
        )

    def go(_: Any) -> Any:
        return lammps_peer.run_lammps_lj(cells, steps, rebuild=rebuild, state=state, opt=opt)

    # The harness times the whole call (set-up included); extra carries LAMMPS's own loop time.
    return hs.Spec(
        "md_step",
        label,
        go,
        impl="lammps",
        variant="opt" if opt else None,
        work=n * steps,
        work_unit="atom-steps",
        extra=lambda r: {
            "loop_seconds": r.loop_seconds,
            "rebuilds": r.rebuilds,
            "loop_atom_steps_per_second": r.atom_steps_per_second,
            "pair_seconds": r.pair_seconds,
            "neigh_seconds": r.neigh_seconds,
        },
    )


# --- one force call from scratch at 1M atoms: time and peak memory --------------------------------


def md_memory_impls() -> tuple[str, ...]:
    from irreg.bench import md_memory

    return md_memory.IMPLS


def available_memory_bytes() -> int | None:
    """MemAvailable of /proc/meminfo (None where it cannot be read)."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def memory_specs(cells: int) -> list[hs.Spec]:
    """irreg's set_system + first compute, LAMMPS's ``run 0`` and asap3's first forces, each in
    a fresh process; seconds are the call's, ``extra`` has the peak growth of resident memory
    (MB, and bytes per atom)."""
    from irreg.bench import md_memory

    n = 4 * cells**3
    free = available_memory_bytes()
    too_big = (f"{n:,} atoms need about {MEMORY_BYTES_PER_ATOM * n / 2**30:.1f} GB free, this "
               f"machine has {free / 2**30:.1f} GB"
               if free is not None and free < MEMORY_BYTES_PER_ATOM * n else None)
    specs = []
    for impl in md_memory.IMPLS:
        last: dict[str, Any] = {}

        def trials(repeats: int, impl=impl, last=last) -> list[float]:
            times = []
            for k in range(repeats):
                hs.note(f"  force_call lj-{n}-memory {impl}: process {k + 1} of {repeats} ...")
                result = md_memory.measure(impl, cells)
                if "skipped" in result:
                    raise hs.BenchError(result["skipped"])
                last.clear()
                last.update(result)
                times.append(result["seconds"])
            return times

        def extra(_: Any, last=last) -> dict[str, Any]:
            growth = last["peak_growth_mb"]
            out = {"peak_growth_mb": round(growth, 1),
                   "bytes_per_atom": round(growth * 2**20 / n, 1)}
            if last.get("memory"):
                out["held_mb"] = {k: round(v, 1) for k, v in last["memory"].items()}
            return out

        skip = too_big
        if skip is None and impl == "lammps":
            try:
                from irreg.bench.peers import lammps as lammps_peer

                skip = lammps_peer.lammps_available()
            except ImportError as err:
                skip = f"irreg.bench.peers.lammps unavailable: {err}"
        if skip is None and impl == "asap3":
            try:
                import asap3  # noqa: F401
            except ImportError:
                skip = "asap3 is not installed (pip install asap3)"
        specs.append(hs.Spec("force_call", f"lj-{n}-memory", impl=impl,
                             variant="incremental" if impl == "irreg" else None,
                             trials=None if skip else trials, extra=extra, work=n,
                             work_unit="atoms", skip_reason=skip))
    return specs


def plot_memory_beside(plot: str, rows: Sequence[hs.Row], machine: dict | None = None) -> None:
    """``FILE-memory.png`` beside ``--plot FILE``: the force_call rows' peak bytes per atom and
    first-call time per atom against the atom count, one line per implementation."""
    import os

    found = [r for r in rows if r.name == "force_call" and not r.skipped and r.seconds]
    if not found:
        return
    report.require_matplotlib()
    from matplotlib.figure import Figure

    root, ext = os.path.splitext(plot)
    path = f"{root}-memory{ext or '.png'}"
    impls = list(dict.fromkeys(r.impl for r in found))
    colors = dict(zip(impls, report.distinct_colors(len(impls)), strict=True))
    fig = Figure(figsize=(11, 4), layout="constrained")
    ax_mem, ax_time = fig.subplots(1, 2)
    for impl in impls:
        mine = sorted((r for r in found if r.impl == impl), key=lambda r: r.work)
        atoms = [r.work for r in mine]
        ax_mem.plot(atoms, [r.extra["peak_growth_mb"] * 2**20 / r.work for r in mine],
                    marker="o", color=colors[impl], label=impl)
        ax_time.plot(atoms, [1e6 * r.seconds / r.work for r in mine], marker="o",
                     color=colors[impl], label=impl)
    for ax, ylabel, title in (
        (ax_mem, "peak growth of resident memory, bytes per atom", "memory of one force call"),
        (ax_time, "first force call, microseconds per atom", "time of one force call from scratch"),
    ):
        ax.set_xscale("log")
        ax.set_xlabel("atoms (in.lj lattice, one thread)")
        ax.set_ylabel(ylabel)
        ax.set_ylim(bottom=0)
        ax.set_title(title, fontsize=10)
        ax.grid(True, alpha=0.3)
        report.legend_outside(ax)
    fig.suptitle(report.figure_title("md --memory-cells", machine))
    fig.savefig(path, dpi=120)
    hs.note(f"memory plot: {path}")


# --- ASE drivers ----------------------------------------------------------------------------------


def ase_specs(cells: int, case: str, isa: str, steps: int,
              threads: Sequence[int] = (1,)) -> list[hs.Spec]:
    """ase.md.verlet.VelocityVerlet driving ase_irreg.LennardJones at each thread count in
    ``threads`` (1 always), asap3's calculator (one thread: PyPI's asap3 builds without OpenMP)
    and, for small systems, ASE's own."""
    from ase import Atoms
    from ase.calculators.lj import LennardJones as AseLennardJones
    from ase.md.verlet import VelocityVerlet

    from ase_irreg import LennardJones
    from irreg import md_driver as md
    from irreg.inputs.lattices import fcc_lattice, initial_velocities

    positions, cell = fcc_lattice(cells)
    n = len(positions)
    label = f"ase-verlet-{n}"

    def atoms_with(calc: Any) -> Any:
        atoms = Atoms(f"Ar{n}", positions=positions, cell=cell, pbc=True)
        atoms.set_masses(np.ones(n))
        atoms.set_velocities(initial_velocities(n))
        atoms.calc = calc
        atoms.get_forces()  # the first forces (and neighbour list) are not part of the steps
        return VelocityVerlet(atoms, timestep=md.TIMESTEP)

    counts = sorted({1, *threads})
    calcs: list[tuple[str, Any, str | None, int | None]] = [
        ("irreg", lambda t=t: LennardJones(rc=md.CUTOFF, skin=md.SKIN, isa=isa, threads=t), None,
         t)
        for t in counts
    ]
    try:
        from asap3 import LennardJones as AsapLennardJones

        calcs.append(
            (
                "asap3",
                lambda: AsapLennardJones([18], [1.0], [1.0], rCut=md.CUTOFF, modified=True),
                None,
                None,
            )
        )
    except ImportError:
        calcs.append(("asap3", None, "asap3 is not installed (pip install asap3)", None))
    ase_skip = (
        None if n <= ASE_MAX_ATOMS else f"{n:,} atoms > {ASE_MAX_ATOMS:,}: per-atom Python loop"
    )
    calcs.append(("ase", lambda: AseLennardJones(rc=md.CUTOFF), ase_skip, None))

    specs = []
    for impl, make, skip, t in calcs:
        ase_steps = steps if impl != "ase" else max(5, steps // 10)
        specs.append(
            hs.Spec(
                "md_step",
                label,
                (lambda dyn, k=ase_steps: dyn.run(k)) if skip is None else None,
                impl=impl,
                variant="incremental" if impl == "irreg" else None,
                isa=isa if impl == "irreg" else None,
                setup=(lambda make=make: atoms_with(make())) if skip is None else None,
                work=n * ase_steps,
                work_unit="atom-steps",
                skip_reason=skip,
                threads=t,
            )
        )
    return specs


# --- ratios ---------------------------------------------------------------------------------------


def add_ratios(rows: Sequence[hs.Row]) -> None:
    """rebuild rows: ratio_vs_none per (case, neighbor); force rows: speedup_vs_scalar;
    md_step rows: speedup_vs_serial (Fig. 9) and, under ASE, speedup_vs_asap3."""

    def find(pred) -> hs.Row | None:
        return next((r for r in rows if pred(r) and not r.skipped and r.seconds), None)

    for row in rows:
        if row.skipped or not row.seconds:
            continue
        if row.name == "rebuild":
            base = find(
                lambda r, row=row: (
                    r.name == "rebuild"
                    and r.case == row.case
                    and r.variant == "none"
                    and r.extra.get("neighbor") == row.extra.get("neighbor")
                )
            )
            if base:
                row.extra["ratio_vs_none"] = round(row.seconds / base.seconds, 3)
        elif row.name == "force" and row.variant != "none":
            base = find(
                lambda r, row=row: (
                    r.name == "force"
                    and r.case == row.case
                    and r.variant == "incremental"
                    and r.isa == "scalar"
                )
            )
            if base:
                row.extra["speedup_vs_scalar"] = round(base.seconds / row.seconds, 3)
        elif row.name == "md_step" and row.case.startswith("lj-"):
            base = find(
                lambda r, row=row: (
                    r.name == "md_step" and r.case == row.case and r.variant == "none"
                )
            )
            if base:
                row.extra["speedup_vs_serial"] = round(base.seconds / row.seconds, 3)
            if row.case.endswith("-threads"):  # both timed on their loops alone, same count
                lammps = find(lambda r, row=row: r.case == row.case and r.impl == "lammps"
                              and r.extra.get("threads") == row.extra.get("threads"))
                if lammps and row.impl == "irreg":
                    row.extra["speedup_vs_lammps_omp"] = round(lammps.seconds / row.seconds, 3)
                continue
            keys = ((None, "ratio_vs_lammps_loop"), ("opt", "ratio_vs_lammps_opt_loop"))
            for variant, key in keys:
                lammps = find(lambda r, row=row, variant=variant: r.name == "md_step"
                              and r.case == row.case and r.impl == "lammps"
                              and r.variant == variant)
                if lammps and row.impl == "irreg" and row.throughput:
                    # against LAMMPS's own loop rate: its set-up is not part of the steps
                    rate = lammps.extra["loop_atom_steps_per_second"]
                    row.extra[key] = round(row.throughput / rate, 3)
        elif row.name == "force_call" and row.impl == "irreg":
            for peer in ("lammps", "asap3"):
                other = find(lambda r, row=row, peer=peer: r.name == "force_call"
                             and r.case == row.case and r.impl == peer)
                if other:
                    row.extra[f"time_vs_{peer}"] = round(row.seconds / other.seconds, 3)
                    row.extra[f"peak_vs_{peer}"] = round(
                        row.extra["peak_growth_mb"] / other.extra["peak_growth_mb"], 3)
        elif row.name == "md_step":
            base = find(
                lambda r, row=row: r.name == "md_step" and r.case == row.case and r.impl == "asap3"
            )
            if base:
                row.extra["speedup_vs_asap3"] = round(base.seconds / row.seconds, 3)

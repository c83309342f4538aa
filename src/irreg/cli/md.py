"""``irreg md lj``: the standard Lennard-Jones benchmark on irreg's C++ velocity-Verlet driver,
or (``--model kob-andersen``) the Kob-Andersen binary mixture.

Prints thermo lines as LAMMPS does (Step, Temp, PE/N, TotEng/N, Press), then the loop time and
rate, and what the neighbour index did. ``ase_irreg`` is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from irreg import _core
from irreg.command_line import (
    UsageError,
    check_isa,
    check_output,
    non_negative_int,
    positive_int,
    write_output,
)

# The C++ LjSystem numbers atoms in 32 bits and refuses 2**30 atoms or more.
MAX_ATOMS = 2**30 - 1
# Peak memory per atom of a run, measured with --cells 24 (55,296 atoms, 100 steps): about
# 3.3 KB (positions, velocities, forces, ~39 half-list pairs per atom and their grouped
# index), rounded up so that a run refused for memory would not have fitted.
BYTES_PER_ATOM = 4096


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg md lj``."""
    parser.add_argument("--cells", type=int, default=20,
                        help="fcc unit cells per side: 4 cells^3 atoms (default 20: 32,000)")
    parser.add_argument("--steps", type=int, default=100, help="MD steps (default 100)")
    parser.add_argument("--model", choices=("lj", "kob-andersen"), default="lj",
                        help="lj: LAMMPS's in.lj, density 0.8442, unshifted (default); "
                        "kob-andersen: the 80:20 binary glass former, density 1.2, cutoffs "
                        "2.5 sigma_ab, shifted")
    parser.add_argument("--rebuild", default="auto",
                        help="'auto' (when an atom moved more than skin/2, the default) or a "
                        "period in steps (LAMMPS in.lj: 20)")
    parser.add_argument("--regroup", choices=_core.NAMES["regroup"],
                        default="incremental",
                        help="Inc-Group (default), Regroup-All, or Non-Group (plain list, scalar)")
    parser.add_argument("--neighbor", choices=_core.NAMES["neighbor"], default="binned",
                        help="neighbour build: cell list (default) or all pairs")
    parser.add_argument("--isa", default=None,
                        help="force an ISA (default: the one that ran a short force probe "
                             "fastest on this machine)")
    parser.add_argument("--threads", type=positive_int, default=None, metavar="N",
                        help="OpenMP threads (default: IRREG_NUM_THREADS, else OpenMP's "
                        "default; 1: the serial code)")
    parser.add_argument("--thermo", type=non_negative_int, default=None, metavar="N",
                        help="thermo line every N steps (default: steps/10; 0: first and last)")
    parser.add_argument("--json", metavar="FILE", help="also write thermo and stats as JSON")


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg md lj``; returns the exit status."""
    from irreg.md_driver import KA_FRACTION_B, run_lj
    from irreg.rebuild_schedule import parse_rebuild
    from irreg.threads import resolve_threads

    check_output("--json", args.json)
    check_isa(args.isa)
    if args.cells < 1:
        raise UsageError(f"--cells must be >= 1, got {args.cells}")
    check_size(args.cells)
    if args.steps < 0:
        raise UsageError(f"--steps must be >= 0, got {args.steps}")
    try:
        parse_rebuild(args.rebuild)
    except ValueError as err:
        raise UsageError(f"--rebuild: {err}") from None
    try:
        threads = resolve_threads(args.threads)  # also IRREG_NUM_THREADS, before any output
    except ValueError as err:
        raise UsageError(f"--threads: {err}") from None
    thermo_every = args.thermo if args.thermo is not None else max(1, args.steps // 10)
    atoms = 4 * args.cells**3
    what = f"{atoms:,} atoms"
    if args.model == "kob-andersen":
        b = round(KA_FRACTION_B * atoms)
        what = f"{atoms:,} atoms (Kob-Andersen: {atoms - b:,} A, {b:,} B)"
    print(f"irreg md lj: {what}, {args.steps} steps, rebuild {args.rebuild}, "
          f"regroup {args.regroup}, neighbor {args.neighbor}", flush=True)
    print(f"{'Step':>8} {'Temp':>12} {'PE/N':>12} {'TotEng/N':>12} {'Press':>12}", flush=True)

    def show(row: dict) -> None:
        print(f"{row['step']:>8d} {row['temp']:>12.7g} {row['pe_per_atom']:>12.7g} "
              f"{row['etotal_per_atom']:>12.7g} {row['press']:>12.7g}", flush=True)

    try:
        result = run_lj(args.cells, args.steps, rebuild=args.rebuild, regroup=args.regroup,
                        neighbor=args.neighbor, isa=args.isa, thermo_every=thermo_every,
                        on_thermo=show, threads=threads, model=args.model)
    except (ValueError, RuntimeError) as err:
        raise UsageError(str(err)) from None
    stats = result.stats
    seconds = stats["seconds"]
    cores = "1 core" if result.threads == 1 else f"{result.threads} threads"
    print(f"Loop time of {result.seconds:.4g} s on {cores} for {args.steps} steps with "
          f"{atoms:,} atoms: {result.atom_steps_per_second / 1e6:.3f} M atom-steps/s "
          f"(isa {result.isa}, chosen by {stats['isa_chosen_by']})")
    print(f"Rebuilds {stats['rebuilds']} (incl. the first); pairs {stats['pairs']:,}; "
          f"added {stats['pairs_added']:,}, removed {stats['pairs_removed']:,}; "
          f"holes {stats['holes']:,}; SIMD utilization {stats['simd_utilization']:.3f}")
    if stats.get("dangerous_builds"):
        # LAMMPS's "Dangerous builds": a fixed period let an atom move more than skin/2.
        print(f"Dangerous builds {stats['dangerous_builds']} (--rebuild {args.rebuild} is LAMMPS's "
              "'check no'; --rebuild auto rebuilds before a list can go stale)")
    print("Seconds: " + ", ".join(f"{k} {v:.4g}" for k, v in seconds.items()))
    if args.json:
        write_output("--json", args.json, json.dumps(
            {"model": args.model, "atoms": atoms, "steps": args.steps, "seconds": result.seconds,
             "atom_steps_per_second": result.atom_steps_per_second,
             "isa": result.isa, "threads": result.threads, "rebuild": args.rebuild,
             "regroup": args.regroup,
             "neighbor": args.neighbor, "thermo": result.thermo, "stats": stats}, indent=1))
    sys.stdout.flush()
    return 0


def check_size(cells: int) -> None:
    """Refuses a lattice the system cannot hold or this machine's memory cannot, before the
    lattice is made (``--cells 2000`` would ask numpy for 32 billion atoms)."""
    atoms = 4 * cells**3
    if atoms > MAX_ATOMS:
        raise UsageError(
            f"--cells {cells} means {atoms:,} atoms; the MD system holds at most {MAX_ATOMS:,} "
            f"(--cells {_max_cells(MAX_ATOMS)} at most)"
        )
    memory = _physical_memory()
    if memory is not None and atoms * BYTES_PER_ATOM > memory:
        raise UsageError(
            f"--cells {cells} means {atoms:,} atoms, about {atoms * BYTES_PER_ATOM / 1e9:.3g} GB "
            f"at {BYTES_PER_ATOM} bytes per atom, more than this machine's "
            f"{memory / 1e9:.3g} GB of memory (--cells {_max_cells(memory // BYTES_PER_ATOM)} "
            "at most)"
        )


def _max_cells(atoms: int) -> int:
    cells = round((atoms / 4) ** (1 / 3)) + 1
    while 4 * cells**3 > atoms:
        cells -= 1
    return cells


def _physical_memory() -> int | None:
    """Bytes of RAM, or None where the platform does not say (then only MAX_ATOMS applies)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None

"""``irreg md lj``: the standard Lennard-Jones benchmark on irreg's C++ velocity-Verlet driver.

Prints thermo lines as LAMMPS does (Step, Temp, PE/N, TotEng/N, Press), then the loop time and
rate, and what the neighbour index did. ``ase_irreg`` is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import json
import sys

from irreg.cli.args import UsageError, check_output, write_output


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg md lj``."""
    parser.add_argument("--cells", type=int, default=20,
                        help="fcc unit cells per side: 4 cells^3 atoms (default 20: 32,000)")
    parser.add_argument("--steps", type=int, default=100, help="MD steps (default 100)")
    parser.add_argument("--rebuild", default="auto",
                        help="'auto' (when an atom moved more than skin/2, the default) or a "
                        "period in steps (LAMMPS in.lj: 20)")
    parser.add_argument("--regroup", choices=("incremental", "full", "none"),
                        default="incremental",
                        help="Inc-Group (default), Regroup-All, or Non-Group (plain list, scalar)")
    parser.add_argument("--neighbor", choices=("binned", "allpairs"), default="binned",
                        help="neighbour build: cell list (default) or all pairs")
    parser.add_argument("--isa", default=None, help="force an ISA (default: the best one)")
    parser.add_argument("--thermo", type=int, default=None, metavar="N",
                        help="thermo line every N steps (default: steps/10)")
    parser.add_argument("--json", metavar="FILE", help="also write thermo and stats as JSON")


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg md lj``; returns the exit status."""
    from irreg.md_driver import parse_rebuild, run_lj

    check_output("--json", args.json)
    if args.cells < 1:
        raise UsageError(f"--cells must be >= 1, got {args.cells}")
    if args.steps < 0:
        raise UsageError(f"--steps must be >= 0, got {args.steps}")
    try:
        parse_rebuild(args.rebuild)
    except ValueError as err:
        raise UsageError(f"--rebuild: {err}") from None
    thermo_every = args.thermo if args.thermo is not None else max(1, args.steps // 10)
    atoms = 4 * args.cells**3
    print(f"irreg md lj: {atoms:,} atoms, {args.steps} steps, rebuild {args.rebuild}, "
          f"regroup {args.regroup}, neighbor {args.neighbor}", flush=True)
    print(f"{'Step':>8} {'Temp':>12} {'PE/N':>12} {'TotEng/N':>12} {'Press':>12}", flush=True)

    def show(row: dict) -> None:
        print(f"{row['step']:>8d} {row['temp']:>12.7g} {row['pe_per_atom']:>12.7g} "
              f"{row['etotal_per_atom']:>12.7g} {row['press']:>12.7g}", flush=True)

    try:
        result = run_lj(args.cells, args.steps, rebuild=args.rebuild, regroup=args.regroup,
                        neighbor=args.neighbor, isa=args.isa, thermo_every=thermo_every,
                        on_thermo=show)
    except (ValueError, RuntimeError) as err:
        raise UsageError(str(err)) from None
    stats = result.stats
    seconds = stats["seconds"]
    print(f"Loop time of {result.seconds:.4g} s on 1 core for {args.steps} steps with "
          f"{atoms:,} atoms: {result.atom_steps_per_second / 1e6:.3f} M atom-steps/s "
          f"(isa {result.isa})")
    print(f"Rebuilds {stats['rebuilds']} (incl. the first); pairs {stats['pairs']:,}; "
          f"added {stats['pairs_added']:,}, removed {stats['pairs_removed']:,}; "
          f"holes {stats['holes']:,}; SIMD utilization {stats['simd_utilization']:.3f}")
    print("Seconds: " + ", ".join(f"{k} {v:.4g}" for k, v in seconds.items()))
    if args.json:
        write_output("--json", args.json, json.dumps(
            {"atoms": atoms, "steps": args.steps, "seconds": result.seconds,
             "atom_steps_per_second": result.atom_steps_per_second,
             "isa": result.isa, "rebuild": args.rebuild, "regroup": args.regroup,
             "neighbor": args.neighbor, "thermo": result.thermo, "stats": stats}, indent=1))
    sys.stdout.flush()
    return 0

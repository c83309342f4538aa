"""The ``irreg`` command line: its table of commands and the dispatcher.

A command is a module with ``add_arguments(parser)`` and ``run(args) -> int``, listed once in
:data:`COMMANDS` under the words that name it; :func:`build_parser` makes the nested subcommands.
A new command (``irreg graph bfs``, ``irreg bench graph``, ``irreg md run``) is one ``Command`` line
here, plus a ``GROUPS`` line for a new first word. The commands live in the two tools,
:mod:`irreg.cli` (running things) and :mod:`irreg.bench` (timing them), which never import each
other: only this table names both. Every listed module is imported to build the
parser, so command modules keep heavy or optional imports (scipy, matplotlib, ase) inside their
functions; commands import the front ends (nx_irreg, ase_irreg) only when they run.

Bad input is reported on one line on stderr with exit status 2, never as a traceback: commands
raise :class:`~irreg.command_line.UsageError` (benchmarks: its subclass
:class:`~irreg.bench.harness.BenchError`). A group named without a command (``irreg``,
``irreg bench``) prints its usage and list of commands on stderr, exit status 2. A bad
``IRREG_ISA``, which the core refuses while :mod:`irreg` is imported, is caught by the console
script's front door (:mod:`_irreg_cli`). Output paths and ``--isa`` are checked before any input is
read; a MemoryError (an input too large for this machine) is one line too.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from _irreg_cli import EXIT_INTERRUPTED, EXIT_USAGE
from irreg.command_line import UsageError


@dataclass(frozen=True)
class Command:
    """A leaf command: the words that name it, its module and a one-line help."""

    words: tuple[str, ...]
    module: str
    help: str


GROUPS: dict[tuple[str, ...], str] = {
    ("md",): "molecular dynamics on the C++ velocity-Verlet driver (irreg.md_driver), built-in "
    "inputs",
    ("bench",): "benchmarks: timings with the ISA and machine recorded (table, --json, --plot)",
}

COMMANDS: tuple[Command, ...] = (
    Command(
        ("graph",),
        "irreg.cli.graph",
        "run bfs, sssp, sswp, wcc or ts on an edge-list file or a generated graph",
    ),
    Command(
        ("align",),
        "irreg.cli.align",
        "align two graphs (edge-list files, optional labels) gsaNA-style; mapping as TSV/JSON",
    ),
    Command(
        ("emu",),
        "irreg.cli.emu",
        "spmv, bfs or align similarity on the simulated Emu Chick (--nodes, --threads, ...)",
    ),
    Command(
        ("md", "lj"),
        "irreg.cli.md",
        "the LAMMPS/miniMD Lennard-Jones benchmark on irreg's C++ velocity-Verlet driver",
    ),
    Command(
        ("bench", "graph"),
        "irreg.bench.graph",
        "graph algorithms: serial / naive / opt per ISA vs scipy and NetworkX (seed 000 Fig. 8)",
    ),
    Command(
        ("bench", "nx"),
        "irreg.bench.nx",
        "NetworkX backend end to end: conversion, first call, cached call vs plain NetworkX",
    ),
    Command(
        ("bench", "md"),
        "irreg.bench.md",
        "MD: rebuild overhead (seed 000 Table 4), 100-step runs (Fig. 9), ASE drivers vs asap3",
    ),
    Command(
        ("bench", "emu"),
        "irreg.bench.emu",
        "the Emu Chick model's predictions of seed 002's figures beside the paper's (+ the CPU)",
    ),
    Command(
        ("bench", "align"),
        "irreg.bench.align",
        "alignment accuracy and time vs scipy's FAQ and degree-rank, by noise, family and size",
    ),
    Command(
        ("bench", "index"),
        "irreg.bench.index",
        "grouped index: tile_and_group, search_and_activate, search_and_update vs regroup_all",
    ),
)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser(commands: Sequence[Command] = COMMANDS) -> argparse.ArgumentParser:
    """The ``irreg`` parser, one nested subcommand per entry of ``commands``."""
    root = _Parser(
        prog="irreg", description="irreg: SIMD kernels over a tiled, conflict-free grouped index."
    )
    root.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    parsers: dict[tuple[str, ...], argparse.ArgumentParser] = {(): root}
    subparsers: dict[tuple[str, ...], argparse._SubParsersAction] = {}
    for command in commands:
        for depth in range(1, len(command.words) + 1):
            words = command.words[:depth]
            if words in parsers:
                continue
            parent = words[:-1]
            if parent not in subparsers:
                # Not required: a group named alone prints its usage and commands (main).
                subparsers[parent] = parsers[parent].add_subparsers(
                    dest=f"command_{depth}", metavar="COMMAND"
                )
                parsers[parent].set_defaults(handler=None, group_parser=parsers[parent])
            text = command.help if words == command.words else GROUPS.get(words, "")
            parsers[words] = subparsers[parent].add_parser(words[-1], help=text, description=text)
        _attach(parsers[command.words], command)
    return root


def _attach(parser: argparse.ArgumentParser, command: Command) -> None:
    module = importlib.import_module(command.module)
    module.add_arguments(parser)
    parser.set_defaults(handler=module.run)


def dispatch(argv: Sequence[str] | None = None) -> int:
    """Runs ``irreg`` with ``argv`` (default: ``sys.argv[1:]``) once :mod:`irreg` imported;
    returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else 0
    if args.handler is None:  # ``irreg``, ``irreg bench``, ``irreg md``: which commands there are
        args.group_parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return int(args.handler(args))
    except UsageError as exc:
        print(f"irreg: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except MemoryError as exc:  # an input too large for this machine (rmat:30:16, grid:40000:..)
        reason = f" ({exc})" if str(exc) else ""
        print(f"irreg: error: out of memory{reason}; try a smaller input", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("irreg: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _version() -> str:
    import irreg

    return irreg.__version__

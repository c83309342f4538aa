"""Grouped-index micro-benchmark, ``irreg bench index`` (seed 000 §4.2, §5, Table 4).

Input: the half pair list of a Lennard-Jones liquid (:mod:`irreg.inputs.md_pairs`), 221,000 atoms
and about 10.0M pairs at full size, 4,500 atoms and about 204k pairs with ``--quick``. Indexes are
built with ``conflict="both_ends"``, as MD needs. Per ISA it measures

- ``tile_and_group``: building the index (work: pairs, in "edges");
- ``search_and_activate``: activating a random 10% of the pairs, in random order, on an index built
  with ``active=False``; ``deactivate_all`` afterwards is untimed (work: "queries");
- ``search_and_update`` against ``regroup_all`` for a rebuild that changes about 5% of the pairs:
  the second pair set is the same liquid after every atom took a small random step, listed again
  with the same cutoff (a physical rebuild, not pairs swapped at random). Each update starts from a
  fresh index of the first set, built untimed; ``regroup_all`` builds an index of the second set
  from scratch. The update row's extra holds ``regroup_ratio`` (regroup_all seconds over
  search_and_update seconds) and the update's stats.

The emulated ISA ``avx512-emu`` (SIMDe, lane by lane) is measured only with ``--quick`` or when
named
with ``--isa``; otherwise its rows are reported as skipped. An ISA the build has but this CPU cannot
run is reported as skipped too.

``--threads 1,2,...`` repeats the build, update and regroup rows at each thread count (the
index's ``threads``: parallel radix sort and grouping of whole tiles; the index is the same at
every count) and adds a thread-scaling table and plot; activation runs on one thread.

Optional sweeps, on the best measured ISA:

- ``--sweep-compaction`` (rows ``compaction_sweep``, case ``threshold=...``): per compaction
  threshold, 20 successive rebuilds of about 5% each (a random walk of the liquid), each followed by
  one ``scatter_add(all_groups=True)`` sweep that stands for the force computation, which pays for
  the holes. ``max_generations`` is lifted to 21 there, so that only the threshold triggers a
  compaction. All 20 pair sets are kept in memory (about 1.6 GB at full size).
- ``--sweep-tile-size``: ``tile_and_group``, one ``scatter_add(all_groups=True)`` and
  ``search_and_activate`` per tile size, case ``tile_size=...``.

Every generator is seeded, so every run sees the same data.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

import irreg
from irreg.bench import harness as hs
from irreg.bench import report
from irreg.inputs import md_pairs
from irreg.inputs.md_pairs import Liquid, PairSet
from irreg.machine import machine_info

FULL_ATOMS = 221_000  # 10,002,056 pairs, 4.96% of them changed by the 5% step
QUICK_ATOMS = 4_500  # 203,984 pairs, 5.02% changed
ACTIVATE_FRACTION = 0.10
SWEEP_REBUILDS = 20
COMPACTION_THRESHOLDS = (0.05, 0.1, 0.15, 0.25, 0.35, 0.5, 1.0)
TILE_SIZES = (32, 64, 128, 256, 512, 1024)
# The compaction sweep lifts the generation cap, so that only the threshold triggers compaction.
_SWEEP_MAX_GENERATIONS = SWEEP_REBUILDS + 1
# regroup_all also runs the original inspector's first-fit grouping, the paper's baseline.
FIRST_FIT_SUFFIX = "-first_fit"
_SEED = 2024
_STREAM_POSITIONS, _STREAM_STEP, _STREAM_QUERIES, _STREAM_SWEEP, _STREAM_X = range(5)


@dataclass(frozen=True)
class IndexBenchConfig:
    """What ``irreg bench index`` measures.

    Parameters
    ----------
    quick : bool
        4,500 atoms instead of 221,000.
    isas : sequence of str, optional
        ISAs to measure; None: every ISA the build has.
    tile_size : int, optional
        Tile size of every index outside the tile-size sweep; None: GroupedIndex's default.
    sweep_compaction, sweep_tile_size : bool
        Also run these sweeps.
    threads : sequence of int
        Thread counts of the build, update and regroup rows (the sweeps run on one thread).
    """

    quick: bool = False
    isas: Sequence[str] | None = None
    tile_size: int | None = None
    sweep_compaction: bool = False
    sweep_tile_size: bool = False
    threads: Sequence[int] = (1,)


@dataclass(frozen=True, eq=False)
class Workload:
    """The pair sets every measurement reads.

    ``before`` is the liquid's pair set, ``after`` the one after a 5% step, ``queries`` a random
    10% of ``before`` in random order, ``x`` a per-atom value for ``scatter_add``.
    """

    liquid: Liquid
    before: PairSet
    after: PairSet
    queries: PairSet
    x: np.ndarray
    changed: float

    @property
    def case(self) -> str:
        return f"md-n{self.liquid.num_atoms}"

    @property
    def num_atoms(self) -> int:
        return self.liquid.num_atoms


# --- the CLI command ------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg bench index``."""
    hs.add_arguments(parser)
    hs.add_isa_argument(parser, "ISAs to measure (default: every ISA the build has)")
    parser.add_argument(
        "--tile-size",
        type=int,
        metavar="T",
        help="tile size, a power of two (default: GroupedIndex's)",
    )
    parser.add_argument(
        "--sweep-compaction",
        action="store_true",
        help="time 20 rebuilds of ~5%% each per compaction threshold",
    )
    parser.add_argument(
        "--sweep-tile-size",
        action="store_true",
        help=f"build, sweep and activate per tile size {list(TILE_SIZES)}",
    )
    hs.add_threads_argument(parser, "thread counts of the build, update and regroup rows")


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg bench index`` for parsed options; returns the exit status."""
    if args.from_json:
        return hs.redraw(args, "index", plot_index)
    harness = hs.harness_from_args("index", args)
    config = IndexBenchConfig(
        quick=args.quick,
        isas=args.isa,
        tile_size=args.tile_size,
        sweep_compaction=args.sweep_compaction,
        sweep_tile_size=args.sweep_tile_size,
        threads=args.threads or hs.default_thread_counts(),
    )
    index_benchmark(config, harness)
    harness.report(json_path=args.json)
    if args.plot:
        plot_index(args.plot, harness.rows, machine_info())
        hs.plot_scaling_beside(args.plot, "index", harness.rows)
    return 0


def plot_index(path: str, rows: Sequence[hs.Row], machine: dict | None = None) -> None:
    """Throughput per operation, bars grouped by case; ``machine`` names the CPU."""
    report.plot_rows(path, rows, title=report.figure_title("index", machine))


# --- the benchmark --------------------------------------------------------------------------------


def index_benchmark(config: IndexBenchConfig, harness: hs.Harness) -> list[hs.Row]:
    """Builds the workload, measures it with ``harness`` and returns the new rows.

    Raises
    ------
    BenchError
        For an unknown ISA or a tile size the index refuses.
    """
    isas = hs.select_isas(config.isas, quick=config.quick)
    tile_size = resolve_tile_size(config.tile_size)
    workload = make_workload(QUICK_ATOMS if config.quick else FULL_ATOMS)
    # Untimed indexes that specs only read or restore (activate, then deactivate_all) are built
    # once; one at a time, so a full-size run holds no more than one of them.
    cached = functools.lru_cache(maxsize=1)(build_index)
    specs = [
        spec
        for isa, skip in isas
        for spec in core_specs(workload, isa, tile_size, skip, cached, config.threads)
    ]
    best = next((isa for isa, skip in isas if skip is None), None)
    if config.sweep_compaction:
        specs += compaction_specs(workload, best, tile_size)
    if config.sweep_tile_size:
        specs += tile_size_specs(workload, best, cached)
    rows = harness.run(specs)
    add_regroup_ratios(rows)
    return rows


def resolve_tile_size(tile_size: int | None) -> int:
    """The tile size GroupedIndex uses for ``tile_size`` (None: its default), checked by it."""
    if tile_size is None:
        return irreg.GroupedIndex.default_tile_size
    one = np.zeros(1, dtype=np.int32)
    try:
        return irreg.GroupedIndex(one, one, n_rows=1, n_cols=1, tile_size=tile_size).tile_size
    except ValueError as exc:
        raise hs.BenchError(f"--tile-size {tile_size}: {exc}") from None


def make_workload(n_atoms: int) -> Workload:
    """The liquid, its pair set before and after a 5% step, the queries and ``x``."""
    hs.note(f"index: generating an MD-like pair set of {n_atoms} atoms ...")
    liquid = md_pairs.random_liquid(n_atoms, _rng(_STREAM_POSITIONS))
    before = md_pairs.half_pairs(liquid)
    after = md_pairs.half_pairs(
        md_pairs.displaced(liquid, md_pairs.FIVE_PERCENT_STEP, _rng(_STREAM_STEP))
    )
    changed = md_pairs.changed_fraction(before, after, n_atoms)
    count = max(1, round(ACTIVATE_FRACTION * before.num_pairs))
    picked = _rng(_STREAM_QUERIES).choice(before.num_pairs, size=count, replace=False)
    queries = PairSet(before.rows[picked], before.cols[picked])
    x = _rng(_STREAM_X).standard_normal(n_atoms)
    hs.note(
        f"index: {before.num_pairs} pairs ({before.num_pairs / n_atoms:.1f} per atom), "
        f"{changed:.2%} changed by the step"
    )
    return Workload(liquid, before, after, queries, x, changed)


def core_specs(
    w: Workload, isa: str, tile_size: int, skip: str | None, cached: Callable | None = None,
    threads: Sequence[int] = (1,),
) -> list[hs.Spec]:
    """search_and_activate, then at each thread count tile_and_group, search_and_update and
    regroup_all, on one ISA.

    ``cached`` is a cached :func:`build_index` (default: none) for the index that
    search_and_activate reads.
    """
    cached = cached or build_index
    inactive = functools.partial(
        cached, w.before, num_atoms=w.num_atoms, tile_size=tile_size, isa=isa, active=False,
        threads=1,
    )
    label = {"case": w.case, "variant": f"T{tile_size}", "isa": isa, "skip_reason": skip}
    return [search_and_activate_spec(w.queries, inactive, isa, label)] + [
        spec for t in threads for spec in _build_specs(w, isa, tile_size, label, t)
    ]


def _build_specs(w: Workload, isa: str, tile_size: int, label: dict, threads: int) -> list[hs.Spec]:
    build = functools.partial(
        build_index, num_atoms=w.num_atoms, tile_size=tile_size, isa=isa, threads=threads
    )
    after = w.after
    label = {**label, "threads": threads}
    return [
        tile_and_group_spec(w, lambda: build(w.before), label),
        hs.Spec(
            "search_and_update",
            setup=lambda: build(w.before),
            run=lambda idx: idx.update(after.rows, after.cols, isa=isa),
            verify=_updates(after),
            work=after.num_pairs,
            work_unit="edges",
            extra=lambda stats: {"changed": w.changed, **stats},
            **label,
        ),
        hs.Spec(
            "regroup_all",
            run=lambda _: build(after),
            verify=_indexes(after),
            work=after.num_pairs,
            work_unit="edges",
            extra=layout_extra,
            **label,
        ),
        hs.Spec(
            "regroup_all",
            run=lambda _: build(after, grouping="first_fit"),
            verify=_indexes(after),
            work=after.num_pairs,
            work_unit="edges",
            extra=layout_extra,
            **{**label, "variant": f"T{tile_size}{FIRST_FIT_SUFFIX}"},
        ),
    ]


def tile_and_group_spec(w: Workload, build: Callable[[], object], label: dict) -> hs.Spec:
    """Building the index of the first pair set."""
    return hs.Spec(
        "tile_and_group",
        run=lambda _: build(),
        verify=_indexes(w.before),
        work=w.before.num_pairs,
        work_unit="edges",
        extra=layout_extra,
        **label,
    )


def search_and_activate_spec(
    q: PairSet, inactive: Callable[[], object], isa: str | None, label: dict
) -> hs.Spec:
    """Activating the queries on an inactive index; deactivating them again is untimed."""
    return hs.Spec(
        "search_and_activate",
        setup=inactive,
        run=lambda idx: idx.activate(q.rows, q.cols, isa=isa),
        verify=_finds(q.num_pairs),
        teardown=lambda idx: idx.deactivate_all(isa=isa),
        work=q.num_pairs,
        work_unit="queries",
        extra={"fraction": ACTIVATE_FRACTION},
        **label,
    )


def compaction_specs(w: Workload, isa: str | None, tile_size: int) -> list[hs.Spec]:
    """One ``compaction_sweep`` spec per threshold: 20 rebuilds, each with a scatter_add sweep."""
    skip = None if isa is not None else "no ISA measured"
    steps = [] if skip else _sweep_steps(w.liquid)
    work = sum(pairs.num_pairs for pairs in steps)
    specs = []
    for threshold in COMPACTION_THRESHOLDS:
        setup = functools.partial(
            build_index,
            w.before,
            num_atoms=w.num_atoms,
            tile_size=tile_size,
            isa=isa,
            compact_threshold=threshold,
            max_generations=_SWEEP_MAX_GENERATIONS,
        )
        specs.append(
            hs.Spec(
                "compaction_sweep",
                f"threshold={threshold:g}",
                setup=setup,
                run=functools.partial(rebuild_sequence, steps=steps, x=w.x, isa=isa),
                variant=f"T{tile_size}",
                isa=isa,
                work=work,
                work_unit="edges",
                extra=compaction_extra,
                skip_reason=skip,
            )
        )
    return specs


def tile_size_specs(w: Workload, isa: str | None, cached: Callable | None = None) -> list[hs.Spec]:
    """tile_and_group, scatter_add and search_and_activate per tile size, on one ISA.

    ``cached`` is a cached :func:`build_index` (default: none) for the indexes that
    scatter_add and search_and_activate read.
    """
    cached = cached or build_index
    skip = None if isa is not None else "no ISA measured"
    q = w.queries
    specs = []
    for tile_size in TILE_SIZES:
        options = {"num_atoms": w.num_atoms, "tile_size": tile_size, "isa": isa}
        build = functools.partial(build_index, w.before, **options)
        active = functools.partial(cached, w.before, **options)
        inactive = functools.partial(cached, w.before, active=False, **options)
        label = {
            "case": f"tile_size={tile_size}",
            "variant": f"T{tile_size}",
            "isa": isa,
            "skip_reason": skip,
        }
        specs += [
            tile_and_group_spec(w, build, label),
            hs.Spec(
                "scatter_add",
                setup=active,
                run=lambda idx: idx.scatter_add(w.x, all_groups=True, isa=isa),
                work=w.before.num_pairs,
                work_unit="edges",
                **label,
            ),
            search_and_activate_spec(q, inactive, isa, label),
        ]
    return specs


def add_regroup_ratios(rows: Sequence[hs.Row]) -> None:
    """Puts regroup_all seconds / search_and_update seconds into each update row's extra: against
    our window grouping (``regroup_ratio``) and against the original first-fit inspector, the
    paper's Table 4 baseline (``first_fit_ratio``)."""
    regroup = {_key(row): row for row in rows if row.name == "regroup_all" and not row.skipped}
    for row in rows:
        if row.name != "search_and_update" or row.skipped or not row.seconds:
            continue
        ratios = {}
        for label, suffix in (("regroup_ratio", ""), ("first_fit_ratio", FIRST_FIT_SUFFIX)):
            case, variant, isa, threads = _key(row)
            other = regroup.get((case, f"{variant}{suffix}", isa, threads))
            if other is not None:
                ratios[label] = other.seconds / row.seconds
        row.extra = {**ratios, **row.extra}


# --- the timed calls and what they report ---------------------------------------------------------


def build_index(
    pairs: PairSet,
    *,
    num_atoms: int,
    isa: str | None,
    active: bool = True,
    tile_size: int | None = None,
    compact_threshold: float | None = None,
    max_generations: int | None = None,
    grouping: str | None = None,
    threads: int = 1,
) -> irreg.GroupedIndex:
    """A both-ends GroupedIndex of ``pairs``; options left None keep GroupedIndex's defaults."""
    options = {
        "threads": threads,
        "tile_size": tile_size,
        "compact_threshold": compact_threshold,
        "max_generations": max_generations,
        "grouping": grouping,
    }
    return irreg.GroupedIndex(
        pairs.rows,
        pairs.cols,
        n_rows=num_atoms,
        n_cols=num_atoms,
        conflict="both_ends",
        active=active,
        isa=isa,
        **{key: value for key, value in options.items() if value is not None},
    )


def rebuild_sequence(
    idx: irreg.GroupedIndex, *, steps: Sequence[PairSet], x: np.ndarray, isa: str | None
) -> irreg.GroupedIndex:
    """Per step: update ``idx`` to the step's pairs, then one scatter_add over all groups."""
    for pairs in steps:
        idx.update(pairs.rows, pairs.cols, isa=isa)
        idx.scatter_add(x, all_groups=True, isa=isa)
    return idx


def layout_extra(idx: irreg.GroupedIndex) -> dict[str, float]:
    """Groups and the fraction of SIMD lanes that hold an edge."""
    return {"groups": idx.num_groups, "lane_fill": idx.num_indexed / max(1, idx.num_slots)}


def compaction_extra(idx: irreg.GroupedIndex) -> dict[str, float]:
    """Compactions done, generations left and active lanes per slot after the sequence."""
    return {
        "compactions": idx.num_compactions,
        "max_generations": idx.max_generations,
        "generations": idx.num_generations,
        "lane_fill": idx.num_active / max(1, idx.num_slots),
    }


def _indexes(pairs: PairSet) -> Callable[[irreg.GroupedIndex], None]:
    def verify(idx: irreg.GroupedIndex) -> None:
        if idx.num_indexed != pairs.num_pairs:
            raise RuntimeError(f"index holds {idx.num_indexed} edges, expected {pairs.num_pairs}")

    return verify


def _finds(expected: int) -> Callable[[int], None]:
    def verify(found: int) -> None:
        if found != expected:
            raise RuntimeError(f"activate found {found} of {expected} edges")

    return verify


def _updates(pairs: PairSet) -> Callable[[dict], None]:
    def verify(stats: dict) -> None:
        if stats["found"] + stats["added"] != pairs.num_pairs:
            raise RuntimeError(
                f"update found {stats['found']} and added {stats['added']}, "
                f"expected {pairs.num_pairs} in all"
            )

    return verify


def _sweep_steps(liquid: Liquid) -> list[PairSet]:
    hs.note(f"index: generating {SWEEP_REBUILDS} rebuilds of ~5% for the compaction sweep ...")
    return list(md_pairs.trajectory(liquid, SWEEP_REBUILDS, _rng(_STREAM_SWEEP)))


def _key(row: hs.Row) -> tuple[str, str | None, str | None, int]:
    return row.case, row.variant, row.isa, report.threads_of(row)


def _rng(stream: int) -> np.random.Generator:
    return np.random.default_rng([_SEED, stream])

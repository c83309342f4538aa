"""``irreg bench emu``: the Emu model's predictions of seed 002's figures, beside the paper's.

The machine is calibrated on two published microbenchmarks of the Chick, STREAM and pointer
chasing (:mod:`irreg.emu.calibration`); every other row is a prediction. Rows (DESIGN §11) are
named ``stream``, ``emu_pointer_chase``, ``emu_bfs``, ``emu_spmv`` and ``emu_similarity``;
``seconds`` is simulated time for ``impl="emu-model"`` and measured time on this CPU for
``impl="irreg-cpu"`` / ``"scipy"`` (seed §5.4). ``extra`` holds ``predicted``, ``paper`` (None
where the seed gives no number), ``unit``, ``ratio`` (predicted / paper) and, on every row with a
paper figure, ``definition``: how the figure is computed (baseline, scheme, layout, threads,
nodes), as the seed's text computes it; the table prints them.

- stream: 1 and 8 nodes (calibration);
- emu_pointer_chase: 8 nodes, 2048 threads, the two orders the calibration fits and the others
  it then predicts (Young et al. 2019);
- emu_bfs: Erdos-Renyi at ``--scale`` (edge factor 16) on 1 and 8 nodes with remote writes
  (Algorithm 2; seed 18 and 80 MTEPS), RMAT from STINGER's generator (``stinger-rmat``, hubs on
  nodelet 0) on one node (seed 4 MTEPS); migrating threads (Algorithm 1) against remote writes at
  ``--scale-migrate`` (the ordering of seed Fig. 7);
- emu_spmv: a 5-point Laplacian on 8 nodes, 2D layout, x replicated, 2048 and 4096 threads
  (seed 6.11 GB/s = 50.8% of STREAM at 4096), replication and grain on one node (seed: "similar"
  with and without replication at the largest size), and the Table 3 pattern: matrices of
  average degree 8 with one row of growing degree;
- emu_similarity: the aligner's similarity phase on a typed power-law pair: ALL-BLK with one
  thread on 8 nodes (the seed's Fig. 12 baseline), ALL with BLK and HCB from 1 to 256 threads on
  one node (seed: 68x for HCB at 256 threads over that baseline; HCB faster), PAIR;
- the CPU (seed §5.4): our BFS, scipy's SpMV and our similarity phase on this machine;
- sensitivity: remote-write BFS (scale at most 17) with each assumed parameter of
  ``calibration.SENSITIVE`` halved and doubled; BFS with a remote write costing its
  destination a load (RMAT's hot spot); alignment with the Emu simulator's memory latency.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import time
from typing import Any

import numpy as np

from irreg import _core
from irreg import command_line as cli_args
from irreg.bench import harness as hs
from irreg.bench import report
from irreg.emu.inputs import bfs_graph, bfs_source, bfs_specs, csr_arrays, laplacian
from irreg.emu.machine import Machine
from irreg.machine import machine_info

PAPER = {
    ("stream", 1): 1.6, ("stream", 8): 12.8,
    ("bfs-er-remote", 1): 18.0, ("bfs-er-remote", 8): 80.0, ("bfs-rmat-remote", 1): 4.0,
    ("spmv-lap", 8, 4096): 6.11,
    ("spmv-replication",): 1.0,  # Figs. 4 and 5: "similar bandwidths" at the largest size
    ("similarity-speedup",): 68.0,
}

DEFINITIONS = {
    "stream": "STREAM ADD: 24 B per element / simulated time, 64 threadlets per nodelet (§4.3)",
    "emu_pointer_chase": "16 B per element / time incl. spawns; 8 nodes, 2048 threads, "
                         "serial_remote_spawn (Young et al. 2019, PEARC'19 slide 16)",
    "bfs": "Graph500 TEPS: undirected edges with both ends reached / BFS time; edge factor 16, "
           "Algorithm 2 (remote writes into nP, then a local scan), 64 threadlets per nodelet, "
           "vertices striped, edge blocks of 14 with their vertex (§3.2, §5.2, Figs. 8-9)",
    "spmv": "(16 B per nonzero + 8 B per x and per y entry) / time (§5.1); 5-point Laplacian, "
            "rows striped, 2D (nonzeros with their row), x replicated, dynamic grain (Fig. 6)",
    "spmv-replication": "SpMV bandwidth with x striped / with x replicated; one node, 512 "
                        "threads, 2D layout, largest Laplacian (Figs. 4-5: \"similar\")",
    "similarity": "time of ALL-BLK, 1 thread, 8 nodes (the Fig. 12 baseline: \"single thread "
                  "execution time of the BLK layout on the multi-node setup\") / time of "
                  "ALL-HCB, 256 threads, 1 node of 8 nodelets (§5.3)",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    hs.add_arguments(parser, default_repeats=1, default_budget=1.0)
    parser.add_argument("--scale", type=cli_args.positive_int, default=21,
                        help="BFS graph scale (seed: 21; default 21)")
    parser.add_argument("--scale-migrate", type=cli_args.positive_int, default=18,
                        help="scale of the migrating-threads vs remote-writes comparison "
                             "(default 18)")
    parser.add_argument("--chase-elements", type=cli_args.positive_int, default=1 << 23,
                        metavar="N", help="pointer-chase elements (published: 2^25; default "
                                          "2^23)")
    parser.add_argument("--laplacian", type=cli_args.positive_int, default=1000, metavar="K",
                        help="SpMV Laplacian grid edge (K*K rows; default 1000)")
    parser.add_argument("--align-n", type=cli_args.positive_int, default=8192, metavar="N",
                        help="vertices of the alignment pair (default 8192)")
    parser.add_argument("--no-sensitivity", action="store_true",
                        help="skip the halved/doubled assumed parameters")


def _row(name: str, case: str, impl: str, variant: str | None, seconds: float, work: float,
         work_unit: str, predicted: float, paper: float | None, unit: str,
         defined_as: str | None = None, **extra: Any) -> hs.Row:
    """A row; one compared with the seed's figure (``paper``) carries the definition
    ``DEFINITIONS[defined_as]`` of both."""
    if paper is not None and defined_as is not None:
        extra["definition"] = DEFINITIONS[defined_as]
    return hs.Row(name=name, case=case, impl=impl, variant=variant, isa=None, seconds=seconds,
                  min_seconds=seconds, max_seconds=seconds, repeats=1, work=work,
                  work_unit=work_unit,
                  extra={"predicted": predicted, "paper": paper, "unit": unit,
                         "ratio": predicted / paper if paper else None, **extra})


def _median_seconds(call, repeats: int = 5) -> float:
    call()  # warm-up
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return float(np.median(times))


def _hub_matrix(n: int, hub: int, rng: np.random.Generator):
    """Average degree 8 (uniform columns) with row 0 holding ``hub`` nonzeros."""
    import scipy.sparse as sp

    deg = np.full(n, 8)
    deg[0] = hub
    rows = np.repeat(np.arange(n), deg)
    cols = rng.integers(0, n, len(rows))
    return sp.csr_array((np.ones(len(rows)), (rows, cols)), shape=(n, n))


def _bfs_graphs(scale: int) -> dict:
    """name -> (IrregGraph, offsets, targets, source): ER and RMAT, edge factor 16. RMAT is
    drawn as the seed's STINGER generator draws it, without relabelling: vertex v sits on nodelet
    v mod N, so the hubs (low ids) pile onto the first nodelets, the imbalance §5.2 reports."""
    graphs = {}
    for kind, spec in bfs_specs(scale).items():
        hs.note(f"building {spec} ...")
        g = bfs_graph(spec)
        offsets, targets = csr_arrays(g)
        graphs[f"{kind}-s{scale}-ef16"] = (g, offsets, targets, bfs_source(offsets))
    return graphs


# (nodes, strategy) per graph kind: the seed's figures at --scale, the Algorithm 1 vs 2 ordering
# at --scale-migrate, and the sensitivity runs.
BFS_CASES = {"er": ((1, "remote"), (8, "remote")), "rmat": ((1, "remote"),)}
ORDERING_CASES = {"er": ((1, "remote"), (1, "migrate"), (8, "remote"), (8, "migrate")),
                  "rmat": ((1, "remote"), (1, "migrate"))}
SENSITIVITY_CASES = {"er": ((1, "remote"), (8, "remote")), "rmat": ((1, "remote"),)}


def _step(harness: hs.Harness | None, label: str):
    """``harness.step(label)``: the counted ``[i/N]`` progress line, or a plain note without."""
    if harness is None:
        hs.note(f"{label} ...")
        return contextlib.nullcontext()
    return harness.step(label)


def bfs_rows(graphs: dict, machine_of, cases: dict, tag: str = "", cpu: bool = True,
             harness: hs.Harness | None = None, compare: bool = True) -> list[hs.Row]:
    """BFS rows; ``compare=False`` (the Algorithm 1 vs 2 ordering at a smaller scale) leaves out
    the seed's figure, which is for the full scale."""
    from irreg.emu import last_report
    from irreg.emu.run import bfs_arrays
    from irreg.graph.algorithms import bfs as cpu_bfs

    rows = []
    for case, (g, offsets, targets, source) in graphs.items():
        kind = case.split("-")[0]
        for nodes, strategy in cases[kind]:
            with _step(harness, f"emu bfs {case} {nodes} node(s) {strategy}{tag}"):
                t0 = time.perf_counter()
                raw = bfs_arrays(offsets, targets, source, machine_of(nodes), strategy, None, 14)
                wall = time.perf_counter() - t0
            r = last_report()
            paper = PAPER.get((f"bfs-{kind}-{strategy}", nodes)) if compare else None
            rows.append(_row(
                "emu_bfs", case, "emu-model", f"{strategy}-{nodes}n{tag}", r.seconds,
                raw["edges"], "edges", r.mteps, paper, "MTEPS",
                defined_as=None if tag else "bfs",
                nodes=nodes, migrations=r.migrations,
                remote_writes=r.counts["remote_writes"], simulation_seconds=wall,
                engine_busy_max=float(r.engine_busy.max()),
                channel_busy_max=float(r.channel_busy.max()),
                channel_busy_mean=float(r.channel_busy.mean()),
            ))
        if cpu:
            edges = rows[-1].work
            with _step(harness, f"cpu bfs {case} (this machine)"):
                sec = _median_seconds(lambda g=g, s=source: cpu_bfs(g, source=s))
            rows.append(_row("emu_bfs", case, "irreg-cpu", "bfs", sec, edges, "edges",
                             edges / sec / 1e6, None, "MTEPS"))
    return rows


SPMV_RUNS = (  # nodes, threads, layout, replicate, grain
    (8, 4096, "2d", True, 0), (8, 2048, "2d", True, 0), (8, 4096, "2d", False, 0),
    (1, 512, "2d", True, 0), (1, 512, "2d", False, 0), (1, 256, "2d", True, 0),
    (1, 64, "2d", True, 0), (1, 512, "2d", True, 16), (1, 512, "1d", True, 0),
)
HUB_DEGREES = (8, 100, 1000, 10_000, 100_000, 300_000)


def _hub_rows(quick: bool) -> int:
    return 20_000 if quick else 300_000


def spmv_rows(args: argparse.Namespace, harness: hs.Harness | None = None) -> list[hs.Row]:
    from irreg.emu import calibration
    from nx_irreg import emu

    rows = []
    A = laplacian(args.laplacian)
    x = np.ones(A.shape[1])
    case = f"laplacian-{args.laplacian}x{args.laplacian}"
    for nodes, threads, layout, replicate, grain in SPMV_RUNS:
        with _step(harness, f"emu spmv {case} {nodes}n {threads}t {layout} rep={replicate} "
                            f"grain={grain}"):
            y = emu.spmv(A, x, machine=Machine(nodes=nodes), threads=threads, layout=layout,
                         replicate=replicate, grain=grain)
        if not np.allclose(y, A @ x):
            raise hs.BenchError("the simulated SpMV differs from scipy's")
        r = emu.last_report()
        headline = replicate and layout == "2d" and not grain
        paper = PAPER.get(("spmv-lap", nodes, threads)) if headline else None
        rows.append(_row(
            "emu_spmv", case, "emu-model",
            f"{layout}-{'rep' if replicate else 'norep'}-{nodes}n-{threads}t"
            + (f"-grain{grain}" if grain else ""),
            r.seconds, r.bytes, "bytes", r.bandwidth / 1e9, paper, "GB/s",
            defined_as="spmv",
            percent_of_stream=100 * r.bandwidth / (calibration.STREAM_NODE_BYTES_PER_S * nodes),
            migrations=r.migrations, threads=r.extra["threads"],
        ))
    by = {row.variant: row for row in rows}
    rep, norep = by["2d-rep-1n-512t"], by["2d-norep-1n-512t"]
    rows.append(_row(
        "emu_spmv", case, "emu-model", "replication-ratio-1n-512t", norep.seconds, norep.work,
        "bytes", norep.extra["predicted"] / rep.extra["predicted"], PAPER[("spmv-replication",)],
        "x striped / replicated", defined_as="spmv-replication",
        migrations=norep.extra["migrations"]))
    work = rows[-1].work
    with _step(harness, f"scipy spmv {case} (this machine)"):
        sec = _median_seconds(lambda: A @ x)
    rows.append(_row("emu_spmv", case, "scipy", None, sec, work, "bytes", work / sec / 1e9, None,
                     "GB/s"))
    rng = np.random.default_rng(7)
    n = _hub_rows(args.quick)
    for hub in HUB_DEGREES:
        if hub > n:
            continue
        B = _hub_matrix(n, hub, rng)
        with _step(harness, f"emu spmv table-3 pattern: max degree {hub}"):
            emu.spmv(B, np.ones(B.shape[1]), machine=Machine(nodes=8), threads=2048)
        r = emu.last_report()
        rows.append(_row("emu_spmv", f"table3-maxdeg{hub}", "emu-model", "2d-rep-8n-2048t",
                         r.seconds, r.bytes, "bytes", r.bandwidth / 1e9, None, "GB/s",
                         max_degree=hub, avg_degree=B.nnz / B.shape[0]))
    return rows


SIMILARITY_THREADS = (1, 4, 16, 64, 256)
SIMILARITY_LAYOUTS = _core.NAMES["layout"]
PAIR_NODES = (1, 8)
SIMILARITY_UNIT = "speedup vs ALL-BLK 1 thread 8 nodes"


def _alignment_pair(n: int):
    from irreg.inputs import align_pairs as ap

    hs.note(f"building the alignment pair ({n} vertices) ...")
    return ap.noisy_pair("powerlaw", n, 0.05, vertex_types=4, edge_types=2)


_LABELS = {"node_type": "type", "edge_type": "type"}


def similarity_rows(args: argparse.Namespace, harness: hs.Harness | None = None,
                    machine_of=lambda nodes: Machine(nodes=nodes), tag: str = "",
                    pair=None) -> list[hs.Row]:
    """Speedups over the seed's Fig. 12 baseline, ALL-BLK with one thread on 8 nodes; ``tag``
    (sensitivity) runs only the baseline and the headline."""
    from nx_irreg import align, emu

    pair = pair or _alignment_pair(args.align_n)
    case = f"powerlaw-{args.align_n}"
    rows = []

    def measure(variant, nodes, paper=None, **kw):
        with _step(harness, f"emu similarity {case} {variant}{tag}"):
            emu.similarity(pair.G1, pair.G2, machine=machine_of(nodes), **kw, **_LABELS)
        r = emu.last_report()
        base = rows[0].seconds if rows else r.seconds
        rows.append(_row("emu_similarity", case, "emu-model", variant + tag, r.seconds,
                         r.extra["comparisons"], "pairs", base / r.seconds, paper,
                         SIMILARITY_UNIT,
                         defined_as=None if tag else "similarity",
                         bandwidth_MBps=r.bandwidth / 1e6, migrations=r.migrations,
                         tasks=r.extra["tasks"], equal_to_cpu=r.extra["equal_to_cpu"],
                         nodes=nodes))

    measure("all-blk-8n-1t", 8, scheme="all", layout="blk", threads=1)
    for layout in SIMILARITY_LAYOUTS:
        for threads in SIMILARITY_THREADS if not tag else (256,):
            if tag and layout == "blk":
                continue
            paper = PAPER[("similarity-speedup",)] if (layout, threads) == ("hcb", 256) else None
            measure(f"all-{layout}-1n-{threads}t", 1, paper, scheme="all", layout=layout,
                    threads=threads)
            rows[-1].extra["threads"] = threads
        for nodes in PAIR_NODES if not tag else ():
            measure(f"pair-{layout}-{nodes}n", nodes, scheme="pair", layout=layout)
    if tag:
        return rows
    with _step(harness, f"cpu align {case}, one round (this machine)"):
        sec = _median_seconds(
            lambda: align(pair.G1, pair.G2, iterations=1, scheme="all", layout="hcb", **_LABELS),
            3)
    rows.append(_row("emu_similarity", case, "irreg-cpu", "align-1-round", sec, rows[-1].work,
                     "pairs", rows[0].seconds / sec, None, SIMILARITY_UNIT + " (Emu)"))
    return rows


def chase_order(order: tuple[str, int], elements: int) -> tuple[str, int]:
    """A published order at ``elements``: a block of 4M elements spans one node of the
    published 2^25, so it is scaled to span one node (elements / 8) at any other size."""
    from irreg.emu import calibration

    mode, block = order
    if block > calibration.CHASE_ELEMENTS // 64:
        block = block * elements // calibration.CHASE_ELEMENTS
    return mode, block


def chase_rows(elements: int, harness: hs.Harness | None = None) -> list[hs.Row]:
    """The pointer chase on 8 nodes with 2048 threads at every published order: the two the
    calibration fits and the others, predicted."""
    from irreg.emu import calibration

    rows = []
    for order, paper in calibration.CHASE_GBPS.items():
        mode, block = chase_order(order, elements)
        fitted = order in (calibration.CHASE_NO_MIGRATION, calibration.CHASE_MIGRATING)
        with _step(harness, f"emu pointer chase {mode} block {block}"):
            bw = calibration.chase_bandwidth(calibration.CHICK, (mode, block), elements)
        rows.append(_row("emu_pointer_chase", f"{mode}-block{order[1]}", "emu-model",
                         "calibration" if fitted else "8n-2048t", 16 * elements / bw,
                         16.0 * elements, "bytes", bw / 1e9, paper, "GB/s",
                         defined_as="emu_pointer_chase", mode=mode,
                         block_size=order[1], simulated_block_size=block))
    return rows


def sensitivity_rows(args: argparse.Namespace, graphs: dict, pair,
                     harness: hs.Harness | None = None) -> list[hs.Row]:
    """Remote-write BFS with each assumed parameter of calibration.SENSITIVE halved and doubled;
    BFS with a remote write costing its destination a load; the alignment headline with the
    Emu simulator's memory latency (82.7 ns, programming guide §7.4.1) and twice it."""
    from irreg.emu import calibration

    rows = []
    for key in calibration.SENSITIVE:
        for factor in (0.5, 2.0):
            value = calibration.CHICK[key] * factor
            if isinstance(calibration.CHICK[key], int):
                value = max(1, round(value))
            rows += bfs_rows(graphs, lambda nodes, k=key, v=value: Machine(nodes=nodes, **{k: v}),
                             SENSITIVITY_CASES, tag=f"-{key}x{factor}", cpu=False,
                             harness=harness)
    load = calibration.CHICK["load_cycles"]
    rows += bfs_rows(graphs, lambda nodes: Machine(nodes=nodes, remote_write_cycles=load),
                     SENSITIVITY_CASES, tag="-remote_write_as_load", cpu=False, harness=harness)
    for factor in (1.0, 2.0):
        latency = 82.7e-9 * calibration.CLOCK_HZ * factor
        rows += similarity_rows(
            args, harness, lambda nodes, v=latency: Machine(nodes=nodes, memory_latency_cycles=v),
            tag=f"-latency{82.7 * factor:g}ns", pair=pair)
    return rows


STREAM_NODES = (1, 8)


def count_steps(quick: bool, sensitivity: bool, sensitive_parameters: int) -> int:
    """Simulations and CPU timings of one run (the progress counter's N)."""
    from irreg.emu import calibration

    def runs(cases):
        return sum(len(c) for c in cases.values())

    bfs = runs(BFS_CASES) + len(BFS_CASES) + runs(ORDERING_CASES)  # + the CPU's BFS per graph
    spmv = len(SPMV_RUNS) + 1 + sum(hub <= _hub_rows(quick) for hub in HUB_DEGREES)
    similarity = 1 + len(SIMILARITY_LAYOUTS) * (len(SIMILARITY_THREADS) + len(PAIR_NODES)) + 1
    total = len(STREAM_NODES) + len(calibration.CHASE_GBPS) + bfs + spmv + similarity
    if sensitivity:
        total += (sensitive_parameters * 2 + 1) * runs(SENSITIVITY_CASES) + 2 * 2
    return total


def run(args: argparse.Namespace) -> int:
    if args.from_json:
        return hs.redraw(args, "emu", plot)
    harness = hs.harness_from_args("emu", args)
    if args.quick:
        args.scale, args.scale_migrate = min(args.scale, 13), min(args.scale_migrate, 12)
        args.laplacian, args.align_n, args.chase_elements = 60, 1024, 1 << 15
        args.no_sensitivity = True
    if getattr(args, "plot", None):
        report.require_matplotlib()
    from irreg.emu import calibration
    from nx_irreg import emu

    harness.plan(count_steps(args.quick, not args.no_sensitivity, len(calibration.SENSITIVE)))
    for nodes in STREAM_NODES:
        with harness.step(f"emu stream {nodes} node(s) (the calibration)"):
            r = emu.stream(1 << 21, machine=Machine(nodes=nodes))
        harness.rows.append(_row("stream", f"{nodes}-node", "emu-model", "calibration",
                                 r.seconds, r.bytes, "bytes", r.bandwidth / 1e9,
                                 PAPER[("stream", nodes)], "GB/s", nodes=nodes,
                                 defined_as="stream"))
    harness.rows.extend(chase_rows(args.chase_elements, harness))
    harness.rows.extend(bfs_rows(_bfs_graphs(args.scale), lambda nodes: Machine(nodes=nodes),
                                 BFS_CASES, harness=harness))
    small = _bfs_graphs(args.scale_migrate)
    harness.rows.extend(bfs_rows(small, lambda nodes: Machine(nodes=nodes), ORDERING_CASES,
                                 cpu=False, harness=harness, compare=False))
    harness.rows.extend(spmv_rows(args, harness))
    pair = _alignment_pair(args.align_n)
    harness.rows.extend(similarity_rows(args, harness, pair=pair))
    if not args.no_sensitivity:
        graphs = small if args.scale_migrate <= 17 else _bfs_graphs(17)
        harness.rows.extend(sensitivity_rows(args, graphs, pair, harness))
    print_predictions(harness.rows)
    harness.report(json_path=args.json, plot_path=None)
    if args.plot:
        plot(args.plot, harness.rows, machine_info())
    return 0


def print_predictions(rows: list[hs.Row]) -> None:
    """The table, each figure with a paper value marked [k]: the k-th definition below it says
    how both the prediction and the seed's figure are computed."""
    definitions: list[str] = []
    print(f"{'row':17} {'case':34} {'variant':44} {'predicted':>10} {'paper':>8} {'ratio':>6}"
          "  unit")
    for r in rows:
        e = r.extra
        paper = "" if e.get("paper") is None else f"{e['paper']:.3g}"
        ratio = "" if e.get("ratio") is None else f"{e['ratio']:.2f}"
        mark = ""
        if e.get("definition"):
            if e["definition"] not in definitions:
                definitions.append(e["definition"])
            mark = f" [{definitions.index(e['definition']) + 1}]"
        print(f"{r.name:17} {r.case:34} {(r.impl + ' ' + (r.variant or '')):44} "
              f"{e['predicted']:10.3g} {paper:>8} {ratio:>6}  {e['unit']}{mark}")
    print("\nhow each figure with a paper value is computed, the prediction as the seed does it:")
    for k, text in enumerate(definitions, 1):
        print(f"  [{k}] {text}")


_KIND = {"er": "Erdős–Rényi", "rmat": "RMAT (STINGER)"}
_STRATEGY = {"remote": "remote writes", "migrate": "migrating threads"}


def readable_case(row: hs.Row) -> str:
    """A row's input and configuration in words (``BFS Erdős–Rényi s21, 8 nodes, remote
    writes``), from its name, case and variant; the raw names where they do not parse."""
    case, variant = row.case, row.variant or ""
    nodes = re.search(r"(\d+)n(?:-|$)", variant)
    on = f"{nodes[1]} node{'s' if nodes[1] != '1' else ''}" if nodes else ""
    if row.name == "stream" and (m := re.fullmatch(r"(\d+)-node", case)):
        return f"STREAM, {m[1]} node{'s' if m[1] != '1' else ''}\n(calibration)"
    if row.name == "emu_bfs" and (m := re.fullmatch(r"(er|rmat)-s(\d+)-ef(\d+)", case)):
        how = _STRATEGY.get(variant.split("-")[0], variant)
        return f"BFS {_KIND[m[1]]} scale {m[2]}\n{on}, {how}"
    if row.name == "emu_spmv" and variant.startswith("replication-ratio"):
        return "SpMV 1 node, 512 threads\nx striped / replicated"
    if row.name == "emu_spmv" and (m := re.fullmatch(r"laplacian-(\d+)x(\d+)", case)):
        threads = re.search(r"(\d+)t(?:-|$)", variant)
        return (f"SpMV Laplacian {m[1]}×{m[2]}\n{on}"
                + (f", {threads[1]} threads" if threads else ""))
    if row.name == "emu_similarity" and (
            m := re.fullmatch(r"(all|pair)-(blk|hcb)-1n-(\d+)t", variant)):
        return f"similarity {m[1].upper()}-{m[2].upper()} {m[3]} thr.\nvs ALL-BLK 1 thr. 8 nodes"
    return f"{case}\n{variant}"


def _short_unit(row: hs.Row) -> str:
    unit = row.extra.get("unit", "")
    return unit if unit in ("GB/s", "MTEPS") else "× speedup" if "speedup" in unit else "×"


_SENSITIVITY_TAGS = ("x0.5", "x2.0", "-remote_write_as_load", "-latency")


def is_sensitivity(row: hs.Row) -> bool:
    return any(tag in (row.variant or "") for tag in _SENSITIVITY_TAGS)


def plot(path: str, rows: list[hs.Row], machine: dict | None = None) -> None:
    """The four panels: headline figures against the seed's, similarity scaling, the Table 3
    pattern and the pointer chase against its published figure; ``machine`` (the JSON's) names
    the CPU in the title."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import EngFormatter, FuncFormatter

    # Two by two: at page width a row of four made the labels unreadable.
    fig, ((a, b), (c, d)) = plt.subplots(2, 2, figsize=(13, 10))
    head = [r for r in rows if r.extra.get("paper") is not None and not is_sensitivity(r)
            and r.name != "emu_pointer_chase"]
    labels = [readable_case(r) for r in head]
    pos = np.arange(len(head))
    bars = a.bar(pos, [r.extra["ratio"] for r in head], 0.6, label="predicted / paper")
    for bar, r in zip(bars, head, strict=True):
        a.annotate(f"{r.extra['predicted']:.3g}\nvs {r.extra['paper']:.3g}\n{_short_unit(r)}",
                   (bar.get_x() + bar.get_width() / 2, bar.get_height()), xytext=(0, 2),
                   textcoords="offset points", ha="center", va="bottom", fontsize=6)
    a.axhline(1.0, color="k", lw=0.8)
    a.axhspan(0.7, 1.3, color="g", alpha=0.1, label="±30%")
    a.set_xticks(pos, labels, fontsize=8, rotation=40, ha="right")
    a.set_ylabel("predicted / seed's figure (×; 1 = exact)")
    a.set_ylim(0, max([r.extra["ratio"] for r in head] + [1.0]) * 1.3)
    a.set_title("headline figures: prediction / seed")
    a.legend(fontsize=7, loc="upper left")
    for layout in SIMILARITY_LAYOUTS:
        pts = [(r.extra["threads"], r.extra["predicted"]) for r in rows
               if r.name == "emu_similarity" and not is_sensitivity(r)
               and (r.variant or "").startswith(f"all-{layout}-1n")]
        if pts:
            b.plot(*zip(*pts), marker="o", label=f"ALL-{layout.upper()}, 1 node")
    paper = PAPER[("similarity-speedup",)]
    b.scatter([256], [paper], marker="*", s=120, color="k", zorder=3,
              label=f"seed: ALL-HCB 256 threads, {paper:g}×")
    b.set_xscale("log", base=2)
    b.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    b.set_xlabel("threads (1 node)")
    b.set_ylabel("speedup vs ALL-BLK, 1 thread, 8 nodes")
    b.set_title("alignment similarity strong scaling")
    b.legend(fontsize=7)
    t3 = [(r.extra["max_degree"], r.extra["predicted"]) for r in rows
          if r.case.startswith("table3")]
    if t3:
        c.plot(*zip(*t3), marker="o")
    c.set_xscale("log")
    c.xaxis.set_major_formatter(EngFormatter(sep=""))
    c.set_xlabel("largest row degree (average 8)")
    c.set_ylabel("GB/s (8 nodes, 2048 threads)")
    c.set_title("SpMV bandwidth vs max degree (Table 3 pattern)")
    for mode, marker in (("block_shuffle", "o"), ("intra_block_shuffle", "s")):
        pts = sorted((r.extra["block_size"], r.extra["predicted"], r.extra["paper"])
                     for r in rows if r.name == "emu_pointer_chase" and r.extra["mode"] == mode)
        if pts:
            blocks, model, published = zip(*pts)
            line, = d.plot(blocks, model, marker=marker, label=f"{mode}: model")
            d.plot(blocks, published, marker=marker, ls="--", color=line.get_color(),
                   mfc="none", label=f"{mode}: published")
    d.set_xscale("log", base=4)
    ticks = [4 ** k for k in range(0, 12, 2)]
    d.set_xticks(ticks, [f"{t // 1024**2}M" if t >= 1024**2 else f"{t // 1024}K" if t >= 1024
                         else str(t) for t in ticks])
    d.set_ylim(bottom=0)
    d.set_xlabel("block size (16-byte elements)")
    d.set_ylabel("GB/s (8 nodes, 2048 threads)")
    d.set_title("pointer chase: model vs Young et al. 2019\n(block 1 and no-migration fit it)")
    if d.get_legend_handles_labels()[0]:
        d.legend(fontsize=7)
    fig.suptitle(report.figure_title("emu", machine, "Emu Chick model; CPU rows measured there"))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)

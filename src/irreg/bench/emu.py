"""``irreg bench emu``: the Emu model's predictions of seed 002's figures, beside the paper's.

The machine is calibrated on STREAM alone (:mod:`irreg.emu.calibration`); every other row is
a prediction. Rows (DESIGN §11) are named ``stream``, ``emu_bfs``, ``emu_spmv`` and
``emu_similarity``; ``seconds`` is simulated time for ``impl="emu-model"`` and measured time on
this CPU for ``impl="irreg-cpu"`` / ``"scipy"`` (seed §5.4). ``extra`` holds ``predicted``,
``paper`` (None where the seed gives no number), ``unit`` and ``ratio`` (predicted / paper).

- stream: 1 and 8 nodes (the calibration, reproduced);
- emu_bfs: Erdos-Renyi at ``--scale`` (edge factor 16) on 1 and 8 nodes with remote writes
  (Algorithm 2; seed 18 and 80 MTEPS) and migrating threads (Algorithm 1), RMAT from STINGER's
  generator (``stinger-rmat``, hubs on nodelet 0) on one node (seed 4 MTEPS);
- emu_spmv: a 5-point Laplacian on 8 nodes, 2D layout, x replicated, 2048 and 4096 threads
  (seed 6.11 GB/s = 50.8% of STREAM at 4096), replication and grain on one node, and the
  Table 3 pattern: matrices of average degree 8 with one row of growing degree;
- emu_similarity: the aligner's similarity phase on a typed power-law pair, ALL with BLK and
  HCB from 1 to 256 threads on one node (seed: 68x from 1 to 256 threads, HCB faster), PAIR,
  and eight nodes;
- the CPU (seed §5.4): our BFS, scipy's SpMV and our similarity phase on this machine.
- sensitivity: remote-write BFS (scale at most 18) with each assumed parameter of
  ``calibration.SENSITIVE`` halved and doubled, and a sweep of the migration engine's rate over
  the two seed figures it governs in opposite directions: ER BFS on one node and SpMV on one
  node with and without replication (rows tagged ``-engine<B/cycle>``).
"""

from __future__ import annotations

import argparse
import contextlib
import re
import time
from typing import Any

import numpy as np

from irreg.bench import harness as hs
from irreg.bench import report
from irreg.cli import args as cli_args
from irreg.emu.inputs import bfs_graph, csr_arrays, laplacian
from irreg.emu.machine import Machine

PAPER = {
    ("stream", 1): 1.6, ("stream", 8): 12.8,
    ("bfs-er-remote", 1): 18.0, ("bfs-er-remote", 8): 80.0, ("bfs-rmat-remote", 1): 4.0,
    ("spmv-lap", 8, 4096): 6.11,
    ("similarity-speedup",): 68.0,
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    hs.add_arguments(parser, default_repeats=1, default_budget=1.0)
    parser.add_argument("--scale", type=cli_args.positive_int, default=21,
                        help="BFS graph scale (seed: 21; default 21)")
    parser.add_argument("--laplacian", type=cli_args.positive_int, default=1000, metavar="K",
                        help="SpMV Laplacian grid edge (K*K rows; default 1000)")
    parser.add_argument("--align-n", type=cli_args.positive_int, default=8192, metavar="N",
                        help="vertices of the alignment pair (default 8192)")
    parser.add_argument("--no-sensitivity", action="store_true",
                        help="skip the halved/doubled assumed parameters")


def _row(name: str, case: str, impl: str, variant: str | None, seconds: float, work: float,
         work_unit: str, predicted: float, paper: float | None, unit: str, **extra: Any) -> hs.Row:
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
    from nx_irreg import IrregGraph

    """name -> (IrregGraph, offsets, targets, source): ER and RMAT, edge factor 16. RMAT is
    drawn as the seed's STINGER generator draws it, without relabelling: vertex v sits on nodelet
    v mod N, so the hubs (low ids) pile onto the first nodelets, the imbalance §5.2 reports."""
    graphs = {}
    for kind, spec in (("er", f"er:{1 << scale}:{16 << scale}"),
                       ("rmat", f"stinger-rmat:{scale}:16")):
        hs.note(f"building {spec} ...")
        g = IrregGraph(bfs_graph(spec))
        offsets, targets = csr_arrays(g)
        source = int(np.argmax(np.diff(offsets)))  # in the giant component
        graphs[f"{kind}-s{scale}-ef16"] = (g, offsets, targets, source)
    return graphs


BFS_CASES = {"er": ((1, "remote"), (8, "remote"), (1, "migrate"), (8, "migrate")),
             "rmat": ((1, "remote"), (1, "migrate"))}


def _step(harness: hs.Harness | None, label: str):
    """``harness.step(label)``: the counted ``[i/N]`` progress line, or a plain note without."""
    if harness is None:
        hs.note(f"{label} ...")
        return contextlib.nullcontext()
    return harness.step(label)


def bfs_cases(kind: str, tag: str = "") -> tuple[tuple[int, str], ...]:
    """(nodes, strategy) runs on one graph kind; sensitivity runs (``tag``) only remote."""
    return BFS_CASES[kind] if not tag else ((1, "remote"), (8, "remote"))


def bfs_rows(graphs: dict, machine_of, tag: str = "", cpu: bool = True,
             harness: hs.Harness | None = None) -> list[hs.Row]:
    from irreg.emu import last_report
    from irreg.emu.run import bfs_arrays
    from nx_irreg.algorithms import bfs as cpu_bfs

    rows = []
    for case, (g, offsets, targets, source) in graphs.items():
        kind = case.split("-")[0]
        for nodes, strategy in bfs_cases(kind, tag):
            with _step(harness, f"emu bfs {case} {nodes} node(s) {strategy}{tag}"):
                t0 = time.perf_counter()
                raw = bfs_arrays(offsets, targets, source, machine_of(nodes), strategy, None, 14)
                wall = time.perf_counter() - t0
            r = last_report()
            rows.append(_row(
                "emu_bfs", case, "emu-model", f"{strategy}-{nodes}n{tag}", r.seconds,
                raw["edges"], "edges", r.mteps, PAPER.get((f"bfs-{kind}-{strategy}", nodes)),
                "MTEPS", nodes=nodes, migrations=r.migrations,
                remote_writes=r.counts["remote_writes"], simulation_seconds=wall,
                engine_busy_max=float(r.engine_busy.max()),
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
        rows.append(_row(
            "emu_spmv", case, "emu-model",
            f"{layout}-{'rep' if replicate else 'norep'}-{nodes}n-{threads}t"
            + (f"-grain{grain}" if grain else ""),
            r.seconds, r.bytes, "bytes", r.bandwidth / 1e9,
            PAPER.get(("spmv-lap", nodes, threads)) if headline else None, "GB/s",
            percent_of_stream=100 * r.bandwidth / (calibration.STREAM_NODE_BYTES_PER_S * nodes),
            migrations=r.migrations, threads=r.extra["threads"],
        ))
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


SIMILARITY_THREADS = (1, 2, 4, 8, 16, 32, 64, 128, 256)
SIMILARITY_LAYOUTS = ("blk", "hcb")
PAIR_NODES = (1, 8)


def similarity_rows(args: argparse.Namespace, harness: hs.Harness | None = None) -> list[hs.Row]:
    from irreg.inputs import align_pairs as ap
    from nx_irreg import align, emu

    hs.note(f"building the alignment pair ({args.align_n} vertices) ...")
    pair = ap.noisy_pair("powerlaw", args.align_n, 0.05, vertex_types=4, edge_types=2)
    case = f"powerlaw-{args.align_n}"
    unit = "speedup vs ALL-BLK 1 thread"
    labels = {"node_type": "type", "edge_type": "type"}
    rows, base = [], None

    def measure(variant, paper=None, **kw):
        nonlocal base
        with _step(harness, f"emu similarity {case} {variant}"):
            emu.similarity(pair.G1, pair.G2, **kw, **labels)
        r = emu.last_report()
        base = base or r.seconds
        rows.append(_row("emu_similarity", case, "emu-model", variant, r.seconds,
                         r.extra["comparisons"], "pairs", base / r.seconds, paper, unit,
                         bandwidth_MBps=r.bandwidth / 1e6, migrations=r.migrations,
                         tasks=r.extra["tasks"], equal_to_cpu=r.extra["equal_to_cpu"]))

    for layout in SIMILARITY_LAYOUTS:
        for threads in SIMILARITY_THREADS:
            paper = PAPER[("similarity-speedup",)] if (layout, threads) == ("hcb", 256) else None
            measure(f"all-{layout}-1n-{threads}t", paper, scheme="all", layout=layout,
                    threads=threads)
            rows[-1].extra["threads"] = threads
        for nodes in PAIR_NODES:
            measure(f"pair-{layout}-{nodes}n", machine=Machine(nodes=nodes), scheme="pair",
                    layout=layout)
    with _step(harness, f"cpu align {case}, one round (this machine)"):
        sec = _median_seconds(
            lambda: align(pair.G1, pair.G2, iterations=1, scheme="all", layout="hcb", **labels), 3)
    rows.append(_row("emu_similarity", case, "irreg-cpu", "align-1-round", sec, rows[-1].work,
                     "pairs", base / sec, None, unit + " (Emu)"))
    return rows


def sensitivity_rows(graphs: dict, harness: hs.Harness | None = None) -> list[hs.Row]:
    """Remote-write BFS with each assumed parameter of calibration.SENSITIVE halved and doubled."""
    from irreg.emu import calibration

    rows = []
    for key in calibration.SENSITIVE:
        for factor in (0.5, 2.0):
            value = calibration.CHICK[key] * factor
            if isinstance(calibration.CHICK[key], int):
                value = max(1, round(value))
            rows += bfs_rows(graphs, lambda nodes, k=key, v=value: Machine(nodes=nodes, **{k: v}),
                             tag=f"-{key}x{factor}", cpu=False, harness=harness)
    return rows


ENGINE_SWEEP = (4.0, 8.0, 16.0, 32.0, 64.0)


def engine_rows(graphs: dict, k: int, harness: hs.Harness | None = None) -> list[hs.Row]:
    """The two seed figures that pin the assumed migration-engine rate, over a sweep of it: ER
    BFS on one node (remote writes through the engine; seed 18 MTEPS) and SpMV on one node with
    and without x replicated (every off-nodelet x read migrates; seed: "similar bandwidths")."""
    from irreg.emu.run import bfs_arrays
    from nx_irreg import emu

    case, (_, offsets, targets, source) = next(
        (c, v) for c, v in graphs.items() if c.startswith("er"))
    A = laplacian(k)
    x = np.ones(A.shape[1])
    rows = []
    for rate in ENGINE_SWEEP:
        m = Machine(nodes=1, engine_bytes_per_cycle=rate)
        with _step(harness, f"engine sweep: {rate:g} bytes/cycle (bfs, spmv x2)"):
            bfs_arrays(offsets, targets, source, m, "remote", None, 14)
            r = emu.last_report()
            rows.append(_row("emu_bfs", case, "emu-model", f"remote-1n-engine{rate:g}",
                             r.seconds, r.edges, "edges", r.mteps, PAPER[("bfs-er-remote", 1)],
                             "MTEPS", engine_bytes_per_cycle=rate))
            for replicate in (True, False):
                emu.spmv(A, x, machine=m, threads=512, replicate=replicate)
                r = emu.last_report()
                rows.append(_row(
                    "emu_spmv", f"laplacian-{k}x{k}", "emu-model",
                    f"2d-{'rep' if replicate else 'norep'}-1n-512t-engine{rate:g}", r.seconds,
                    r.bytes, "bytes", r.bandwidth / 1e9, None, "GB/s",
                    engine_bytes_per_cycle=rate))
    return rows


STREAM_NODES = (1, 8)


def count_steps(quick: bool, sensitivity: bool, sensitive_parameters: int) -> int:
    """Simulations and CPU timings of one run (the progress counter's N)."""
    bfs = sum(len(bfs_cases(kind)) + 1 for kind in BFS_CASES)  # + the CPU's BFS per graph
    spmv = len(SPMV_RUNS) + 1 + sum(hub <= _hub_rows(quick) for hub in HUB_DEGREES)
    similarity = len(SIMILARITY_LAYOUTS) * (len(SIMILARITY_THREADS) + len(PAIR_NODES)) + 1
    total = len(STREAM_NODES) + bfs + spmv + similarity
    if sensitivity:
        remote = sum(len(bfs_cases(kind, "-tag")) for kind in BFS_CASES)
        total += sensitive_parameters * 2 * remote + len(ENGINE_SWEEP)
    return total


def run(args: argparse.Namespace) -> int:
    if args.from_json:
        return hs.redraw(args, "emu", plot)
    harness = hs.harness_from_args("emu", args)
    if args.quick:
        args.scale, args.laplacian, args.align_n = min(args.scale, 13), 60, 1024
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
                                 PAPER[("stream", nodes)], "GB/s", nodes=nodes))
    harness.rows.extend(bfs_rows(_bfs_graphs(args.scale), lambda nodes: Machine(nodes=nodes),
                                 harness=harness))
    harness.rows.extend(spmv_rows(args, harness))
    harness.rows.extend(similarity_rows(args, harness))
    if not args.no_sensitivity:
        graphs = _bfs_graphs(min(args.scale, 18))
        harness.rows.extend(sensitivity_rows(graphs, harness))
        harness.rows.extend(engine_rows(graphs, args.laplacian, harness))
    print_predictions(harness.rows)
    harness.report(json_path=args.json, plot_path=None)
    if args.plot:
        plot(args.plot, harness.rows, report.machine_info())
    return 0


def print_predictions(rows: list[hs.Row]) -> None:
    print(f"{'row':15} {'case':26} {'variant':34} {'predicted':>10} {'paper':>8} {'ratio':>6}  unit")
    for r in rows:
        e = r.extra
        paper = "" if e.get("paper") is None else f"{e['paper']:.3g}"
        ratio = "" if e.get("ratio") is None else f"{e['ratio']:.2f}"
        print(f"{r.name:15} {r.case:26} {(r.impl + ' ' + (r.variant or '')):34} "
              f"{e['predicted']:10.3g} {paper:>8} {ratio:>6}  {e['unit']}")


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
    if row.name == "emu_spmv" and (m := re.fullmatch(r"laplacian-(\d+)x(\d+)", case)):
        threads = re.search(r"(\d+)t(?:-|$)", variant)
        return (f"SpMV Laplacian {m[1]}×{m[2]}\n{on}"
                + (f", {threads[1]} threads" if threads else ""))
    if row.name == "emu_similarity" and (
            m := re.fullmatch(r"(all|pair)-(blk|hcb)-1n-(\d+)t", variant)):
        return f"similarity {m[1].upper()}-{m[2].upper()}\n{m[3]} vs 1 thread"
    return f"{case}\n{variant}"


def _short_unit(row: hs.Row) -> str:
    unit = row.extra.get("unit", "")
    return unit if unit in ("GB/s", "MTEPS") else "× speedup" if "speedup" in unit else unit


def plot(path: str, rows: list[hs.Row], machine: dict | None = None) -> None:
    """The four panels: headline figures against the seed's, similarity scaling, the Table 3
    pattern and the engine-rate sweep; ``machine`` (the JSON's) names the CPU in the title."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import EngFormatter, FuncFormatter

    fig, (a, b, c, d) = plt.subplots(1, 4, figsize=(21, 4.5))
    from irreg.emu.calibration import SENSITIVE

    head = [r for r in rows if r.extra.get("paper") is not None
            and "engine_bytes_per_cycle" not in r.extra
            and not any(key in (r.variant or "") for key in SENSITIVE)]
    labels = [readable_case(r) for r in head]
    pos = np.arange(len(head))
    bars = a.bar(pos, [r.extra["ratio"] for r in head], 0.6, label="predicted / paper")
    for bar, r in zip(bars, head, strict=True):
        a.annotate(f"{r.extra['predicted']:.3g}\nvs {r.extra['paper']:.3g}\n{_short_unit(r)}",
                   (bar.get_x() + bar.get_width() / 2, bar.get_height()), xytext=(0, 2),
                   textcoords="offset points", ha="center", va="bottom", fontsize=6)
    a.axhline(1.0, color="k", lw=0.8)
    a.axhspan(0.7, 1.3, color="g", alpha=0.1, label="±30%")
    a.set_xticks(pos, labels, fontsize=7, rotation=40, ha="right")
    a.set_ylabel("predicted / seed's figure (×; 1 = exact)")
    a.set_ylim(0, max([r.extra["ratio"] for r in head] + [1.0]) * 1.3)
    a.set_title("headline figures: prediction / seed")
    a.legend(fontsize=7, loc="upper left")
    for layout in ("blk", "hcb"):
        pts = [(r.extra["threads"], r.extra["predicted"]) for r in rows
               if r.name == "emu_similarity" and (r.variant or "").startswith(f"all-{layout}-1n")]
        if pts:
            b.plot(*zip(*pts), marker="o", label=f"ALL-{layout.upper()}")
    b.set_xscale("log", base=2)
    b.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    b.set_xlabel("threads (1 node)")
    b.set_ylabel("speedup vs ALL-BLK, 1 thread")
    b.set_title("alignment similarity strong scaling")
    if b.get_legend_handles_labels()[0]:
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
    sweep = {(r.name, (r.variant or "").split("-engine")[0], r.extra["engine_bytes_per_cycle"]):
             r.extra["predicted"] for r in rows if "engine_bytes_per_cycle" in r.extra}
    if sweep:
        rates = sorted({key[2] for key in sweep})
        d.plot(rates, [sweep["emu_bfs", "remote-1n", e] / PAPER[("bfs-er-remote", 1)]
                       for e in rates], marker="o", label="ER BFS 1 node / seed's 18 MTEPS")
        norep, rep = "2d-norep-1n-512t", "2d-rep-1n-512t"
        d.plot(rates, [sweep["emu_spmv", norep, e] / sweep["emu_spmv", rep, e] for e in rates],
               marker="s", label="SpMV 1 node: not replicated / replicated")
        d.axhline(1.0, color="k", lw=0.8)
        d.axvline(8.0, color="grey", ls=":", label="assumed (8 B/cycle)")
        d.set_xscale("log", base=2)
        d.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        d.set_yscale("log")
        report.times_axis(d)
        d.set_xlabel("migration engine bytes/cycle")
        d.set_ylabel("ratio (seed: 1 for both)")
        d.set_title("no engine rate gives both seed figures")
        d.legend(fontsize=7)
    fig.suptitle(report.figure_title("emu", machine, "Emu Chick model; CPU rows measured there"))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


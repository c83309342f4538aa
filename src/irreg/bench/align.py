"""``irreg bench align``: alignment quality and time against scipy's FAQ and a degree-rank baseline.

Pairs come from :mod:`irreg.inputs.align_pairs` (a graph and its relabelled copy with a fraction
``noise`` of edges removed and as many added). "typed" pairs carry 4 vertex types and 2 edge
types. Every row is named ``align``; ``impl`` is ``irreg`` (variant ``scheme-layout``),
``scipy-faq`` (``scipy.optimize.quadratic_assignment``, method FAQ, maximizing adjacency
overlap; only up to ``--faq-max-n`` vertices: it is dense and cubic) or ``degree-rank``.
``extra`` holds ``accuracy`` (fraction of vertices mapped to their true partner),
``edge_correctness``, ``noise``, ``family``, ``n`` and, for irreg, the aligner's stats.

Row families (``--quick`` shrinks them):

- ``noise``: typed power-law pairs of 300 vertices (with FAQ) and 10,000 vertices, noise 0–10%;
- ``family``: power-law, Erdos-Renyi and geometric, typed and untyped, at 300 (with FAQ) and
  10,000 vertices, 5% noise;
- ``size``: typed power-law at 5% noise from 10^2 to 10^6 vertices (the 1M-edge pair is
  333,333 vertices; the 10^6-vertex pair is given as IrregGraphs to spare NetworkX's memory);
- ``scheme``: ALL/PAIR x BLK/HCB and the scalar ISA on the 100,000-vertex pair: same answer,
  different locality (``extra.locality``), load spread (``extra.task_cv``) and time;
- ``threads``: the default scheme on that pair at each ``--threads`` count (default: 1 and
  every usable core), each mapping checked equal to the 1-thread one.

Every other row runs on one thread, the seed's serial setting.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import numpy as np

from irreg import _core
from irreg import command_line as cli_args
from irreg.bench import harness as hs
from irreg.bench import report
from irreg.inputs import align_pairs as ap
from irreg.machine import machine_info

NOISES = (0.0, 0.01, 0.02, 0.05, 0.1)
QUICK_NOISES = (0.0, 0.05)
SIZES = (100, 1_000, 10_000, 100_000, 333_333, 1_000_000)
QUICK_SIZES = (100, 2_000)
NETWORKX_MAX_N = 400_000  # above this the pair is given as IrregGraphs
FAQ_MAX_N = 300
VERTEX_TYPES, EDGE_TYPES = 4, 2
PAIR_SPECS = 3  # irreg, scipy-faq, degree-rank: pair_specs' rows per pair
SCHEMES = tuple((s, layout) for s in _core.NAMES["scheme"] for layout in _core.NAMES["layout"])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg bench align``."""
    hs.add_arguments(parser, default_repeats=3, default_budget=10.0)
    parser.add_argument(
        "--sizes",
        type=cli_args.positive_int,
        nargs="+",
        metavar="N",
        help="vertex counts of the size sweep (default 10^2 .. 10^6)",
    )
    parser.add_argument(
        "--faq-max-n",
        type=cli_args.positive_int,
        default=FAQ_MAX_N,
        metavar="N",
        help=f"largest pair given to scipy's FAQ (default {FAQ_MAX_N})",
    )
    parser.add_argument("--isa", help="ISA of the aligner (default: the best available)")
    hs.add_threads_argument(parser, "thread counts of the threads group")


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg bench align``; returns the exit status."""
    if args.from_json:
        return hs.redraw(args, "align", plot_align)
    import nx_irreg

    harness = hs.harness_from_args("align", args)
    try:
        isa = nx_irreg.resolve_isa(args.isa)
    except (ValueError, RuntimeError) as err:
        raise hs.BenchError(str(err)) from None
    quick = args.quick
    small = 300
    medium = 2_000 if quick else 10_000
    pairs = [("noise", "powerlaw", n, noise, True) for n in (small, medium)
             for noise in (QUICK_NOISES if quick else NOISES)]
    pairs += [
        ("family", family, n, 0.05, typed)
        for family in ap.FAMILIES
        for typed in (True, False)
        for n in (small, medium)
        if not (family == "powerlaw" and typed)  # the noise sweep has it
    ]
    pairs += [("size", "powerlaw", n, 0.05, True)
              for n in args.sizes or (QUICK_SIZES if quick else SIZES)]
    scheme_n = 2_000 if quick else 100_000
    counts = args.threads or hs.default_thread_counts()
    harness.plan(PAIR_SPECS * len(pairs) + len(SCHEMES) + (isa != "scalar") + len(counts))
    for pair in pairs:
        harness.run(pair_specs(*pair, isa, args.faq_max_n))
    harness.run(scheme_specs(scheme_n, isa))
    harness.run(thread_specs(scheme_n, isa, counts))
    harness.report(json_path=args.json)
    if args.plot:
        plot_align(args.plot, harness.rows, machine_info())
        hs.plot_scaling_beside(args.plot, "align", harness.rows)
    return 0


def _case(family: str, n: int, noise: float, typed: bool) -> str:
    return f"{family}-n{n}-noise{noise:g}-{'typed' if typed else 'untyped'}"


def _pair(family: str, n: int, noise: float, typed: bool) -> ap.AlignPair:
    hs.note(f"building {_case(family, n, noise, typed)} ...")
    return ap.noisy_pair(
        family,
        n,
        noise,
        seed=n,
        vertex_types=VERTEX_TYPES if typed else 0,
        edge_types=EDGE_TYPES if typed else 0,
        networkx=n <= NETWORKX_MAX_N,
    )


def _inputs(pair: ap.AlignPair) -> tuple[Any, Any, dict[str, Any]]:
    """The two graphs and the label keywords of :func:`nx_irreg.align`."""
    from irreg.graph import IrregGraph

    if pair.G1 is not None:
        labels: dict[str, Any] = {}
        if pair.vertex_types1 is not None:
            labels["node_type"] = "type"
        if pair.edge_types1 is not None:
            labels["edge_type"] = "type"
        return pair.G1, pair.G2, labels
    g1, g2 = (
        IrregGraph.from_edges(e[:, 0], e[:, 1], n=pair.n, directed=False)
        for e in (pair.edges1, pair.edges2)
    )
    labels = {}
    if pair.vertex_types1 is not None:
        labels["node_type"] = (pair.vertex_types1, pair.vertex_types2)
    return g1, g2, labels


def _irreg_spec(
    group: str, pair: ap.AlignPair, case: str, meta: dict, isa: str, scheme: str, layout: str,
    threads: int = 1, inputs: tuple | None = None,
) -> hs.Spec:
    import nx_irreg

    g1, g2, labels = inputs or _inputs(pair)

    def run_irreg(_: Any) -> Any:
        return nx_irreg.align(g1, g2, scheme=scheme, layout=layout, isa=isa, threads=threads,
                              **labels)

    def extra(result: Any) -> dict[str, Any]:
        rounds = result.stats.rounds
        last = rounds[-1] if rounds else {}
        return {
            **meta,
            **ap.quality(pair, ap.partner_array(result, pair.n)),
            "group": group,
            "input": "networkx" if pair.G1 is not None else "IrregGraph",
            "rounds": len(rounds),
            "comparisons": result.stats.comparisons,
            "locality": last.get("locality"),
            "task_cv": last.get("task_comparisons_cv"),
            "max_task_comparisons": last.get("max_task_comparisons"),
            "tasks": last.get("tasks"),
        }

    return hs.Spec(
        name="align",
        case=case,
        run=run_irreg,
        impl="irreg",
        variant=f"{scheme}-{layout}",
        isa=isa,
        threads=threads,
        work=len(pair.edges1),
        work_unit="edges",
        extra=extra,
    )


def pair_specs(
    group: str, family: str, n: int, noise: float, typed: bool, isa: str, faq_max_n: int
) -> list[hs.Spec]:
    """irreg, scipy's FAQ (small pairs) and degree-rank on one pair."""
    pair = _pair(family, n, noise, typed)
    case = _case(family, n, noise, typed)
    meta = {"group": group, "family": family, "n": n, "noise": noise, "typed": typed}
    specs = [_irreg_spec(group, pair, case, meta, isa, "pair", "hcb")]
    faq = hs.Spec(
        name="align", case=case, impl="scipy-faq", work=len(pair.edges1), work_unit="edges"
    )
    if n > faq_max_n:
        faq.skip_reason = f"FAQ is dense and cubic: only up to {faq_max_n} vertices"
    else:
        try:
            import scipy.optimize  # noqa: F401

            faq.run = lambda _: _faq(pair)
            faq.extra = lambda partner: {**meta, **ap.quality(pair, partner)}
        except ImportError:
            faq.skip_reason = "scipy is not installed"
    specs.append(faq)
    specs.append(
        hs.Spec(
            name="align",
            case=case,
            impl="degree-rank",
            run=lambda _: ap.degree_rank(pair.edges1, pair.edges2, pair.n, pair.n),
            work=len(pair.edges1),
            work_unit="edges",
            extra=lambda partner: {**meta, **ap.quality(pair, partner)},
        )
    )
    return specs


def _faq(pair: ap.AlignPair) -> np.ndarray:
    from scipy.optimize import quadratic_assignment

    a = np.zeros((pair.n, pair.n))
    b = np.zeros((pair.n, pair.n))
    a[pair.edges1[:, 0], pair.edges1[:, 1]] = a[pair.edges1[:, 1], pair.edges1[:, 0]] = 1
    b[pair.edges2[:, 0], pair.edges2[:, 1]] = b[pair.edges2[:, 1], pair.edges2[:, 0]] = 1
    res = quadratic_assignment(
        a, b, method="faq", options={"maximize": True, "rng": np.random.default_rng(0)}
    )
    return np.asarray(res.col_ind, dtype=np.int64)


def scheme_specs(n: int, isa: str) -> list[hs.Spec]:
    """Every scheme x layout, and the scalar kernel, on one typed power-law pair."""
    pair = _pair("powerlaw", n, 0.05, True)
    case = _case("powerlaw", n, 0.05, True)
    meta = {"group": "scheme", "family": "powerlaw", "n": n, "noise": 0.05, "typed": True}
    specs = [
        _irreg_spec("scheme", pair, case, meta, isa, scheme, layout) for scheme, layout in SCHEMES
    ]
    if isa != "scalar":
        specs.append(_irreg_spec("scheme", pair, case, meta, "scalar", "pair", "hcb"))
    return specs


def thread_specs(n: int, isa: str, counts: Sequence[int]) -> list[hs.Spec]:
    """The default scheme (PAIR-HCB) on the scheme group's pair at each thread count; every
    mapping must equal the first one's (the aligner's answer does not depend on threads)."""
    pair = _pair("powerlaw", n, 0.05, True)
    case = _case("powerlaw", n, 0.05, True)
    meta = {"group": "threads", "family": "powerlaw", "n": n, "noise": 0.05, "typed": True}
    inputs = _inputs(pair)
    first: list[np.ndarray] = []

    def same_mapping(result: Any) -> None:
        partner = ap.partner_array(result, pair.n)
        if not first:
            first.append(partner)
        elif not np.array_equal(partner, first[0]):
            raise hs.BenchError(f"align on {case}: the mapping changed with the thread count")

    specs = []
    for t in counts:
        spec = _irreg_spec("threads", pair, case, meta, isa, "pair", "hcb", t, inputs)
        spec.verify = same_mapping
        specs.append(spec)
    return specs


def plot_align(path: str, rows: Sequence[hs.Row], machine: dict | None = None) -> None:
    """Accuracy against noise (typed power-law pairs) and time against size; ``machine`` (the
    JSON's) names the CPU in the title."""
    report.require_matplotlib()
    from matplotlib.figure import Figure
    from matplotlib.ticker import EngFormatter

    fig = Figure(figsize=(13, 4.2), layout="constrained")
    ax_noise, ax_time = fig.subplots(1, 2)
    done = [r for r in rows if not r.skipped]
    for impl, marker in (("irreg", "o"), ("scipy-faq", "s"), ("degree-rank", "^")):
        for n in sorted({r.extra["n"] for r in done if r.extra.get("group") == "noise"}):
            pts = sorted(
                (r.extra["noise"], r.extra["accuracy"])
                for r in done
                if r.impl == impl and r.extra.get("group") == "noise" and r.extra["n"] == n
            )
            if pts:
                xs, ys = zip(*pts, strict=True)
                ax_noise.plot([100 * x for x in xs], ys, marker=marker, label=f"{impl}, n={n:,}")
        pts = sorted(
            (r.extra["n"], r.seconds)
            for r in done
            if r.impl == impl and r.extra.get("group") == "size"
        )
        if pts:
            xs, ys = zip(*pts, strict=True)
            ax_time.loglog(xs, ys, marker=marker, label=impl)
    ax_noise.set(xlabel="edge noise (%)", ylabel="accuracy", title="typed power-law pairs")
    ax_noise.set_ylim(0, 1.02)
    ax_noise.legend(fontsize=8)
    ax_time.set(xlabel="vertices", ylabel="time (median)", title="time vs size, 5% noise")
    ax_time.yaxis.set_major_formatter(EngFormatter(unit="s"))
    ax_time.xaxis.set_major_formatter(EngFormatter(sep=""))
    ax_time.legend(fontsize=8)
    fig.suptitle(report.figure_title("align", machine))
    fig.savefig(path, dpi=110)

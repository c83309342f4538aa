"""Bad input names the problem (DESIGN §10): a Python exception that names the argument, the
value and the limit; on the command line one line on stderr with exit status 2, before any long
computation."""

from __future__ import annotations

import bz2
import gzip
import lzma
import os

import numpy as np
import pytest

import _irreg_cli as cli
import _irreg_cli.commands
from irreg.inputs import EdgeListError, read_edge_list

EDGES = "".join(f"{i} {i + 1}\n" for i in range(200)).encode()


def one_line_error(capsys, argv: list[str], *, alone: bool = True) -> str:
    """Runs ``irreg argv``, asserts exit status 2 and an error of one line on stderr (``alone``:
    and nothing else there, so nothing ran), and returns that line."""
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    last = err.splitlines()[-1]
    assert last.startswith("irreg: error: ") and err.count("irreg: error") == 1, err
    assert not alone or err == last + "\n", err
    return last


# ---------------------------------------------------------------------------------------------
# Corrupt or truncated gzip edge lists

GOOD_GZ = gzip.compress(EDGES)
BAD_GZ = {
    "truncated": (GOOD_GZ[: len(GOOD_GZ) // 2], "truncated gzip data"),
    "bad-crc": (GOOD_GZ[:-8] + bytes(8), "corrupt gzip data (CRC check failed)"),
    "bad-deflate": (
        GOOD_GZ[:20] + bytes([GOOD_GZ[20] ^ 0xFF]) + GOOD_GZ[21:],
        "corrupt gzip data (Error -3",
    ),
    "trailing-garbage": (GOOD_GZ + b"garbage!", "corrupt gzip data"),
    "magic-only": (GOOD_GZ[:2], "truncated gzip data"),
}


@pytest.mark.parametrize("case", sorted(BAD_GZ))
def test_bad_gzip_names_the_file_and_the_problem(tmp_path, case):
    data, problem = BAD_GZ[case]
    path = tmp_path / "graph.txt.gz"
    path.write_bytes(data)
    with pytest.raises(EdgeListError) as err:
        read_edge_list(path)
    assert str(err.value).startswith(f"{path}: {problem}")
    assert err.value.line is None and err.value.path == str(path)


@pytest.mark.parametrize(
    "argv",
    [["graph", "bfs", "{path}"], ["align", "{path}", "{path}"], ["emu", "bfs", "{path}"]],
    ids=["graph", "align", "emu-bfs"],
)
def test_bad_gzip_on_the_command_line_is_one_line(tmp_path, capsys, argv):
    path = tmp_path / "g.gz"
    path.write_bytes(BAD_GZ["truncated"][0])
    err = one_line_error(capsys, [a.format(path=path) for a in argv], alone=False)
    assert f"{path}: truncated gzip data" in err


# ---------------------------------------------------------------------------------------------
# Output paths: refused before the run


@pytest.fixture
def edge_file(tmp_path):
    path = tmp_path / "g.txt"
    path.write_bytes(EDGES)
    return str(path)


OUTPUTS = [
    (["graph", "bfs", "{edges}", "--output", "{out}"], "--output"),
    (["graph", "bfs", "{edges}", "--json", "{out}"], "--json"),
    (["align", "{edges}", "{edges}", "--output", "{out}"], "--output"),
    (["align", "--generate", "er:100:0.05", "--json", "{out}"], "--json"),
    (["emu", "bfs", "{edges}", "--json", "{out}"], "--json"),
    (["md", "lj", "--cells", "1", "--steps", "1", "--json", "{out}"], "--json"),
]


@pytest.mark.parametrize("argv, option", OUTPUTS, ids=[" ".join(a[:2]) + o for a, o in OUTPUTS])
@pytest.mark.parametrize("where", ["missing-folder", "a-folder"])
def test_unwritable_output_is_refused_up_front(tmp_path, capsys, edge_file, argv, option, where):
    out = tmp_path / "absent" / "out.json" if where == "missing-folder" else tmp_path
    err = one_line_error(capsys, [a.format(edges=edge_file, out=out) for a in argv])
    reason = "does not exist" if where == "missing-folder" else "is a folder"
    assert f"{option} {out}: " in err and reason in err
    assert "aligned" not in err and "trial" not in err  # nothing ran


def test_write_failure_at_the_end_is_one_line(tmp_path, capsys, edge_file, monkeypatch):
    from irreg import command_line as cli_args

    # The folder vanishes after the up-front check: the write itself fails.
    monkeypatch.setattr(cli_args, "check_output", lambda option, path: None)
    monkeypatch.setattr("irreg.cli.graph.check_output", lambda option, path: None)
    out = tmp_path / "gone" / "r.json"
    argv = ["graph", "bfs", edge_file, "--trials", "1", "--json", str(out)]
    err = one_line_error(capsys, argv, alone=False)
    assert f"--json {out}: cannot write" in err


# ---------------------------------------------------------------------------------------------
# irreg md lj: sizes that cannot be built


def test_md_cells_beyond_the_system_limit_is_one_line(capsys):
    err = one_line_error(capsys, ["md", "lj", "--cells", "2000"])
    assert "--cells 2000 means 32,000,000,000 atoms" in err
    assert "at most 1,073,741,823 (--cells 645 at most)" in err


def test_md_cells_beyond_memory_is_one_line(capsys, monkeypatch):
    from irreg.cli import md

    monkeypatch.setattr(md, "_physical_memory", lambda: 2**30)  # a 1 GiB machine
    err = one_line_error(capsys, ["md", "lj", "--cells", "100"])
    assert "--cells 100 means 4,000,000 atoms, about 16.4 GB" in err
    assert "1.07 GB of memory (--cells 40 at most)" in err
    assert 4 * 40**3 * md.BYTES_PER_ATOM <= 2**30 < 4 * 41**3 * md.BYTES_PER_ATOM


# ---------------------------------------------------------------------------------------------
# Ints beyond what the core takes, and vertex ids: the argument, the value and the limit


@pytest.mark.parametrize("tile_size", [2**31, 2**70, -4, 3, 65536])
def test_graph_tile_size_names_the_value_and_the_limit(tile_size):
    from nx_irreg import IrregGraph

    with pytest.raises(ValueError) as err:
        IrregGraph.from_edges([0], [1], tile_size=tile_size)
    assert str(err.value) == (
        f"tile_size must be a power of two in [1, 32768] (0 or None: the default), got {tile_size}"
    )


def test_graph_tile_size_zero_or_none_is_the_default():
    from nx_irreg import IrregGraph

    assert IrregGraph.from_edges([0], [1], tile_size=0).tile_size == 64
    assert IrregGraph.from_edges([0], [1], tile_size=None).tile_size == 64
    g = IrregGraph.from_edges([0], [1], tile_size=np.int64(128))
    assert g.tile_size == 128
    with pytest.raises(ValueError, match="got -2$"):
        g._core.retiled(-2)
    with pytest.raises(TypeError, match="tile_size must be an int .* got float"):
        IrregGraph.from_edges([0], [1], tile_size=64.0)


def test_cli_tile_size_is_one_line(capsys, edge_file):
    err = one_line_error(
        capsys, ["graph", "bfs", edge_file, "--tile-size", str(2**31)], alone=False
    )
    assert err.endswith(f"(0 or None: the default), got {2**31}")


def test_vertex_limit_is_the_cores_and_the_readers():
    from irreg import _core, inputs

    assert inputs.MAX_VERTICES == _core.MAX_VERTICES == 2**31 - 2


@pytest.mark.parametrize("bad_id", [2**31 - 2, 2**31 - 1, 2**40])
def test_too_large_vertex_id_is_named(bad_id):
    from nx_irreg import IrregGraph

    with pytest.raises(ValueError) as err:
        IrregGraph.from_edges([0], [bad_id])
    assert str(err.value) == (
        f"dst holds vertex id {bad_id}; ids must be below 2147483646 (32-bit ids; renumber them)"
    )


@pytest.mark.parametrize("n", [2**31 - 1, 2**63, -1])
def test_n_out_of_range_is_named(n):
    from nx_irreg import IrregGraph

    with pytest.raises(ValueError, match=rf"^n must be in \[0, 2147483646\], got {n}$"):
        IrregGraph.from_edges([0], [1], n=n)


def test_core_graph_refuses_n_beyond_the_limit():
    from irreg import _core

    ids = np.zeros(0, dtype=np.int64)
    with pytest.raises(ValueError, match=r"^n must be in \[0, 2147483646\], got 2147483647$"):
        _core.Graph(ids, ids, None, 2**31 - 1, True)


def test_cli_warns_when_ids_not_edges_set_the_size(tmp_path, capsys):
    from irreg.cli.graph import sparse_ids_warning
    from irreg.inputs import EdgeList

    one = np.array([0], dtype=np.int64)
    sparse = EdgeList(one, one + 1_999_999, None, 2_000_000, True, "sparse.txt")
    assert sparse_ids_warning(sparse) == (
        "warning: sparse.txt: ids up to 1,999,999 for 1 edges; the graph takes memory for every "
        "id (about 0.016 GB for the CSR offsets alone): renumber the ids to make it smaller"
    )
    assert sparse_ids_warning(EdgeList(one, one + 999, None, 1000, True, "small.txt")) is None
    path = tmp_path / "sparse.txt"
    path.write_text("0 1999999\n")
    assert cli.main(["graph", "wcc", str(path), "--trials", "1"]) == 0
    assert "warning: sparse.txt: ids up to 1,999,999 for 1 edges" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# irreg emu


@pytest.mark.parametrize("text", ["", "# only a comment\n", "3 3\n"])
def test_emu_bfs_without_edges_is_one_line(tmp_path, capsys, text):
    path = tmp_path / "empty.txt"
    path.write_text(text)
    err = one_line_error(capsys, ["emu", "bfs", str(path)])
    assert (
        err == f"irreg: error: bfs: {path} has no edges (self-loops are dropped); give a "
        "graph with at least one edge"
    )


def test_emu_threads_beyond_32_bits_is_named(capsys, edge_file):
    from irreg.emu import run
    from irreg.emu.machine import Machine

    message = r"^threads must be at most 2147483647 \(2\*\*31 - 1\), got "
    with pytest.raises(ValueError, match=message):
        run.stream(1024, machine=Machine(), threads=2**40)
    err = one_line_error(capsys, ["emu", "bfs", edge_file, "--threads", str(2**40)])
    assert err == "irreg: error: threads must be at most 2147483647 (2**31 - 1), got 1099511627776"


@pytest.mark.parametrize(
    "call, message",
    [
        ("stream", r"^n must be at most 9223372036854775807, got 73786976294838206464$"),
        (
            "bfs-edge-block",
            r"^edge_block must be at most 2147483647 \(2\*\*31 - 1\), got 2147483648$",
        ),
        ("bfs-source", r"^source must be at least 0, got -1$"),
    ],
)
def test_emu_ints_beyond_the_core_are_named(call, message):
    from irreg.emu import run
    from irreg.emu.machine import Machine

    offsets, targets = np.array([0, 1, 2]), np.array([1, 0], dtype=np.int32)
    with pytest.raises(ValueError, match=message):
        if call == "stream":
            run.stream(2**66, machine=Machine())
        elif call == "bfs-edge-block":
            run.bfs_arrays(offsets, targets, 0, Machine(), "remote", None, 2**31)
        else:
            run.bfs_arrays(offsets, targets, -1, Machine(), "remote", None, 14)


def test_emu_similarity_seed_and_k_are_named():
    import networkx as nx

    from nx_irreg import emu

    G = nx.path_graph(4)
    with pytest.raises(ValueError, match=r"^seed must be at least 0, got -1$"):
        emu.similarity(G, G, seed=-1)
    with pytest.raises(
        ValueError, match=r"^k must be at most 2147483647 \(2\*\*31 - 1\), got 2147483648$"
    ):
        emu.similarity(G, G, k=2**31)


# ---------------------------------------------------------------------------------------------
# MD: a cell with NaN is not a zero cell


@pytest.mark.parametrize("pbc", [True, False])
@pytest.mark.parametrize("bad, message", [(np.nan, "has a NaN component"), (np.inf, "is infinite")])
def test_non_finite_cell_says_so(pbc, bad, message):
    from ase import Atoms

    from ase_irreg import LennardJones

    atoms = Atoms("Ar2", positions=[[0, 0, 0], [3.8, 0, 0]], cell=np.eye(3) * 20, pbc=pbc)
    atoms.cell[1, 1] = bad
    atoms.calc = LennardJones(sigma=3.4, epsilon=0.0104, rc=8.5)
    with pytest.raises(ValueError, match=f"^cell vector b {message}; give a finite cell$"):
        atoms.get_potential_energy()


# ---------------------------------------------------------------------------------------------
# Other command-line input that was a traceback, or was checked only after the input was read


@pytest.mark.parametrize(
    "argv, message",
    [
        (["graph", "bfs", "{edges}", "--isa", "bogus"], "--isa: unknown ISA 'bogus'"),
        (
            ["graph", "ts", "{edges}", "--variant", "dijkstra"],
            "--variant: unknown variant 'dijkstra' for ts; expected one of serial, naive",
        ),
        (["align", "{edges}", "{edges}", "--isa", "bogus"], "--isa: unknown ISA 'bogus'"),
        (["md", "lj", "--cells", "1", "--isa", "bogus"], "--isa: unknown ISA 'bogus'"),
        (["md", "lj", "--thermo", "-1"], "argument --thermo: expected an integer >= 0, got -1"),
        (
            ["align", "{edges}", "{edges}", "--k", str(2**40)],
            "argument --k: expected an integer in [1, 2147483647], got 1099511627776",
        ),
        (["align", "--generate", "er:10:0.1", "--seed", "-1"], "argument --seed: expected an"),
        (["align", "--generate", "powerlaw:2:0.1"], "--generate powerlaw:2:0.1: NetworkXError"),
        (["emu", "align", "--pair", "2"], "--pair 2: NetworkXError"),
    ],
)
def test_more_bad_input_is_one_line_before_any_work(capsys, edge_file, argv, message):
    argv = [a.format(edges=edge_file) for a in argv]
    if argv[0] == "md" and "--thermo" in argv or "--k" in argv or "--seed" in argv:
        with pytest.raises(SystemExit) as exit_:  # argparse: its own prefix, same exit status
            cli.commands.build_parser().parse_args(argv)
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err
        return
    assert message in one_line_error(capsys, argv)


def test_out_of_memory_is_one_line(capsys, monkeypatch, edge_file):
    def too_big(*args, **kwargs):
        raise MemoryError("Unable to allocate 16.0 GiB for an array")

    monkeypatch.setattr("irreg.cli.graph.load_input", too_big)
    err = one_line_error(capsys, ["graph", "bfs", "rmat:28:16"])
    assert err == (
        "irreg: error: out of memory (Unable to allocate 16.0 GiB for an array); "
        "try a smaller input"
    )


@pytest.mark.parametrize(
    "kind, data",
    [
        ("bzip2", bz2.compress(EDGES)),
        ("xz", lzma.compress(EDGES)),
        ("zstd", b"\x28\xb5\x2f\xfd" + bytes(20)),  # the magic number; no zstd in the stdlib
    ],
)
def test_other_compressions_are_named(tmp_path, kind, data):
    path = tmp_path / "graph.txt.z"
    path.write_bytes(data)
    with pytest.raises(EdgeListError, match=f"^{path}: {kind}-compressed data; only gzip is read"):
        read_edge_list(path)


# ---------------------------------------------------------------------------------------------
# Integer arguments beyond 32 bits, on the objects that had pybind's argument dump


@pytest.mark.parametrize("tile_size", [2**31, 2**70, -4, 0, 48])
def test_grouped_index_tile_size_is_named_with_its_limit(tile_size):
    import irreg

    with pytest.raises(
        ValueError, match=rf"tile_size must be a power of two in \[1, 32768\], got {tile_size}"
    ):
        irreg.GroupedIndex([0], [1], tile_size=tile_size)


def test_grouped_index_tile_size_none_is_the_default():
    import irreg

    assert (
        irreg.GroupedIndex([0], [1], tile_size=None).tile_size
        == irreg.GroupedIndex.default_tile_size
    )
    with pytest.raises(TypeError, match="tile_size must be an int"):
        irreg.GroupedIndex([0], [1], tile_size=8.0)


@pytest.mark.parametrize("option", ["k", "bucket_size", "iterations"])
def test_align_counts_beyond_32_bits_are_named(option):
    import networkx as nx

    import nx_irreg

    G = nx.path_graph(5)
    with pytest.raises(
        ValueError, match=rf"{option} must be at most 2147483647 \(2\*\*31 - 1\), got {2**40}"
    ):
        nx_irreg.align(G, G, **{option: 2**40})


def test_bench_refuses_a_folder_as_its_json_before_running(capsys, tmp_path):
    line = one_line_error(capsys, ["bench", "index", "--quick", "--json", str(tmp_path)])
    assert "is a folder" in line


def test_md_lj_reports_dangerous_builds_of_a_fixed_period(capsys):
    assert cli.main(["md", "lj", "--cells", "4", "--steps", "60", "--rebuild", "20"]) == 0
    assert "Dangerous builds" in capsys.readouterr().out


def test_a_graph_larger_than_memory_is_refused_before_it_is_built(monkeypatch):
    # Ids are used as given: one edge to 2**31 - 3 is a graph of 2**31 - 2 vertices, about
    # 17 GB of offsets. Where that is more than the memory free now, a MemoryError says so at
    # once rather than after minutes of swapping.
    from irreg import checks
    from nx_irreg import IrregGraph

    monkeypatch.setattr(checks, "memory_limit", lambda: (4 * 10**9, "memory available"))
    with pytest.raises(MemoryError, match=(
        r"^a graph of n=2,147,483,646 vertices and 1 edges needs about 17.2 GB, more than the "
        r"4 GB of memory available; every id below n is a vertex: renumber sparse ids")):
        IrregGraph.from_edges([0], [2**31 - 3])
    assert IrregGraph.from_edges([0], [10**6]).n == 10**6 + 1  # 8 MB: built
    monkeypatch.setattr(checks, "memory_limit", lambda: None)  # unknown: no check
    assert IrregGraph.from_edges([0], [1]).n == 2


@pytest.mark.skipif("libasan" in os.environ.get("LD_PRELOAD", ""),
                    reason="AddressSanitizer's shadow memory cannot live under RLIMIT_AS")
def test_the_memory_check_sees_an_address_space_limit():
    # A container's or `ulimit -v`'s limit, not only MemAvailable: without it a process meets
    # std::bad_alloc or the OOM killer instead of the message.
    import subprocess
    import sys

    code = (
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, resource.RLIM_INFINITY))\n"
        "from nx_irreg import IrregGraph\n"
        "IrregGraph.from_edges([0], [2**28])\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 1
    assert "address space left under RLIMIT_AS" in run.stderr.strip().splitlines()[-1]

"""ISA dispatch: the best supported ISA is chosen, forcing one works, bad requests raise."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import ase_irreg
import irreg

AVX512_FLAGS = {"avx512f", "avx512cd", "avx512bw", "avx512vl", "avx512dq"}


def cpu_flags() -> set[str]:
    """Flags of the first CPU in /proc/cpuinfo: an independent view of what the CPU offers."""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("IRREG_")}
    full_env.update(env)
    # Run from a neutral folder, as a user would.
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=full_env, check=False,
        cwd=tempfile.gettempdir(),
    )


@pytest.mark.skipif(not Path("/proc/cpuinfo").exists(), reason="needs Linux /proc/cpuinfo")
def test_best_available_isa_is_chosen() -> None:
    flags = cpu_flags()
    compiled = irreg.compiled_isas()
    if AVX512_FLAGS <= flags and "avx512" in compiled:
        expected = "avx512"
    elif {"avx2", "fma"} <= flags and "avx2" in compiled:
        expected = "avx2"
    else:
        expected = "scalar"
    assert irreg.best_isa() == expected
    result = run_python("import irreg; print(irreg.active_isa())")
    assert result.stdout.strip() == expected, result.stderr


def test_available_is_ordered_subset_of_compiled() -> None:
    compiled = irreg.compiled_isas()
    available = irreg.available_isas()
    assert "scalar" in available
    assert [i for i in compiled if i in available] == available
    assert ase_irreg.available_isas() == available
    assert ase_irreg.active_isa() == irreg.active_isa()


def test_emulated_avx512_is_built_when_simde_is_installed() -> None:
    if not Path("/usr/include/simde/x86/avx512.h").exists():
        pytest.skip("SIMDe is not installed (apt-get install libsimde-dev)")
    assert "avx512-emu" in irreg.compiled_isas()


def test_env_var_forces_an_isa() -> None:
    result = run_python("import irreg; print(irreg.active_isa())", IRREG_ISA="scalar")
    assert result.stdout.strip() == "scalar", result.stderr


def test_env_var_with_unknown_isa_fails_at_import_with_reason() -> None:
    result = run_python("import irreg", IRREG_ISA="sse9")
    assert result.returncode != 0
    assert "IRREG_ISA=sse9" in result.stderr and "unknown ISA" in result.stderr


def test_forcing_an_isa_the_cpu_lacks_raises() -> None:
    # Hide AVX-512 so the check holds on any machine, including ones that have it.
    code = (
        "import irreg\n"
        "assert 'avx512' not in irreg.available_isas()\n"
        "try:\n"
        "    irreg.GroupedIndex([0], [1], isa='avx512')\n"
        "except RuntimeError as e:\n"
        "    print('raised:', e)\n"
    )
    result = run_python(code, IRREG_DISABLE_CPU_FEATURES="avx512")
    assert "raised: ISA 'avx512' cannot run on this CPU" in result.stdout, result.stderr
    forced = run_python("import irreg", IRREG_ISA="avx512", IRREG_DISABLE_CPU_FEATURES="avx512")
    assert forced.returncode != 0 and "cannot run on this CPU" in forced.stderr


def test_without_avx2_falls_back_to_scalar() -> None:
    result = run_python(
        "import irreg; print(irreg.active_isa(), irreg.available_isas())",
        IRREG_DISABLE_CPU_FEATURES="avx2",
    )
    assert result.stdout.strip() == "scalar ['scalar']", result.stderr


def test_per_call_isa_is_validated() -> None:
    with pytest.raises(ValueError, match="unknown ISA 'neon'"):
        irreg.GroupedIndex([0], [1], isa="neon")
    with pytest.raises(ValueError, match="unknown ISA"):
        irreg.resolve_isa("AVX2")
    assert irreg.resolve_isa(None) == irreg.active_isa()
    for isa in irreg.available_isas():
        assert irreg.resolve_isa(isa) == isa


def test_front_ends_re_export_the_core_api() -> None:
    import nx_irreg

    for name in ("active_isa", "available_isas", "best_isa", "compiled_isas", "resolve_isa"):
        assert getattr(nx_irreg, name) is getattr(irreg, name)
        assert getattr(ase_irreg, name) is getattr(irreg, name)
    assert nx_irreg.GroupedIndex is irreg.GroupedIndex
    assert issubclass(ase_irreg.GroupedIndex, irreg.GroupedIndex)
    assert nx_irreg.__version__ == ase_irreg.__version__ == irreg.__version__


def test_md_isa_is_chosen_by_measurement() -> None:
    """An LjSystem that names no ISA takes the one its force probe ran fastest; stats say so."""
    from irreg import _core
    from irreg.inputs.lattices import fcc_lattice

    choice = _core.lj_isa_choice()
    native = [isa for isa in irreg.available_isas() if isa != "avx512-emu"]
    assert choice["isa"] in native
    if os.environ.get("IRREG_ISA"):
        assert choice["chosen_by"] == "IRREG_ISA"
    elif len(native) == 1:
        assert choice["chosen_by"] == "only one ISA"
    else:
        assert choice["chosen_by"] == "measurement"
        times = choice["probe_seconds"]
        assert sorted(times) == sorted(native)
        assert times[choice["isa"]] == min(times.values())
    assert _core.lj_isa_choice() == choice  # measured once per process
    x, cell = fcc_lattice(2)
    system = _core.LjSystem()
    system.set_system(x, cell, [True] * 3)
    stats = system.stats()
    assert (stats["isa"], stats["isa_chosen_by"]) == (choice["isa"], choice["chosen_by"])
    forced = _core.LjSystem(isa="scalar")
    forced.set_system(x, cell, [True] * 3)
    assert (forced.stats()["isa"], forced.stats()["isa_chosen_by"]) == ("scalar", "isa=")


def test_md_isa_follows_irreg_isa() -> None:
    code = "from irreg import _core; c = _core.lj_isa_choice(); print(c['isa'], c['chosen_by'])"
    result = run_python(code, IRREG_ISA="scalar")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["scalar", "IRREG_ISA"]

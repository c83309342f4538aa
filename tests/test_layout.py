"""The layout of DESIGN §2: imports point one way, and each front end loads only what it needs.

The import graph is read from the sources (imports inside functions included, ``if
TYPE_CHECKING:`` blocks left out), so a cycle that only a rarely taken path would close is found
too. Importing ``a.b.c`` also runs the ``__init__`` of ``a`` and ``a.b``, so those count as edges,
except packages the importer itself sits in (they are always imported first).
"""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGES = ("irreg", "_nx_irreg", "nx_irreg", "ase_irreg", "_irreg_cli")
NOT_IMPORTABLE_ALONE = {"_irreg_cli.__main__"}  # runs the CLI


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.submodule_search_locations, f"{name} is not installed"
    return Path(next(iter(spec.submodule_search_locations)))


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        root = _package_dir(package)
        for path in root.rglob("*.py"):
            parts = (package, *path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported_names(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Project modules ``module`` imports, directly named."""
    is_package = path.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names.add(target)
            for alias in node.names:
                if f"{target}.{alias.name}" in modules:
                    names.add(f"{target}.{alias.name}")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {name for name in names if name in modules}


def import_graph() -> dict[str, set[str]]:
    """module -> the project modules importing it runs, ancestors' ``__init__`` included."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        own_packages = {".".join(module.split(".")[:k]) for k in range(1, module.count(".") + 1)}
        if path.name == "__init__.py":
            own_packages.add(module)
        edges = set()
        for target in _imported_names(module, path, modules):
            parts = target.split(".")
            for k in range(1, len(parts) + 1):
                name = ".".join(parts[:k])
                if name in modules and name not in own_packages:
                    edges.add(name)
        graph[module] = edges - {module}
    return graph


def strongly_connected_components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively (module graphs are small, but recursion limits are not)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def test_the_import_graph_has_no_cycle():
    cycles = [c for c in strongly_connected_components(import_graph()) if len(c) > 1]
    assert not cycles, f"import cycles: {cycles}"


def test_the_cycle_check_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert [c for c in strongly_connected_components(graph) if len(c) > 1] == [["a", "b", "c"]]


def test_front_ends_and_tools_point_one_way():
    graph = import_graph()
    tools = ("irreg.cli", "irreg.bench")
    for module, edges in graph.items():
        top = module.split(".")[0]
        for target in edges:
            if top in ("nx_irreg", "ase_irreg", "_nx_irreg") or module == "irreg":
                assert not target.startswith(tools), f"{module} imports the tool {target}"
            if top == "nx_irreg":
                assert not target.startswith("ase_irreg"), f"{module} imports {target}"
            if top == "ase_irreg":
                assert not target.startswith(("nx_irreg", "_nx_irreg")), f"{module} -> {target}"
            if top == "irreg" and not module.startswith(tools):
                assert not target.startswith(("nx_irreg", "ase_irreg", "_nx_irreg")), (
                    f"the shared core {module} imports the front end {target}"
                )


TOOLS = ("irreg.cli", "irreg.bench")


def _tool_of(module: str) -> str | None:
    return next((t for t in TOOLS if module == t or module.startswith(t + ".")), None)


def test_tools_are_leaves_that_do_not_import_each_other():
    """irreg.cli and irreg.bench import neither each other nor anything that imports them; only
    the console script's command table (_irreg_cli.commands) names both."""
    graph = import_graph()
    for module, edges in graph.items():
        tool = _tool_of(module)
        for target in edges:
            other = _tool_of(target)
            if tool is not None and other is not None:
                assert other == tool, f"the tool {module} imports the other tool {target}"
            if tool is None and other is not None:
                assert module.startswith("_irreg_cli"), f"{module} imports the tool {target}"


def test_the_graph_library_needs_no_networkx():
    """irreg.graph is the library both front ends and the tools share: no NetworkX, no front end."""
    code = (
        "import sys, irreg.graph, irreg.graph.verify\n"
        "print('\\n'.join(sorted(sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    bad = [m for m in loaded if m.split(".")[0] in ("networkx", "nx_irreg", "_nx_irreg", "ase",
                                                     "ase_irreg")]
    assert not bad, f"import irreg.graph loads {bad}"


def test_every_module_imports_in_topological_order_in_a_fresh_interpreter():
    graph = import_graph()
    order: list[str] = []
    done: set[str] = set()

    def place(module: str) -> None:
        if module in done:
            return
        done.add(module)
        for dependency in sorted(graph[module]):
            place(dependency)
        order.append(module)

    for module in sorted(graph):
        place(module)
    order = [m for m in order if m not in NOT_IMPORTABLE_ALONE]
    code = f"import importlib\nfor name in {order!r}:\n    importlib.import_module(name)\n"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parent)


@pytest.mark.parametrize(
    ("front_end", "forbidden"),
    [
        ("nx_irreg", ("irreg.cli", "irreg.bench", "ase", "ase_irreg", "matplotlib")),
        ("ase_irreg", ("irreg.cli", "irreg.bench", "networkx", "nx_irreg", "matplotlib",
                       "irreg.inputs", "irreg.graph")),
        ("irreg", ("irreg.cli", "irreg.bench", "networkx", "ase", "nx_irreg", "ase_irreg")),
    ],
)
def test_a_front_end_loads_no_tool(front_end: str, forbidden: tuple[str, ...]):
    code = f"import sys, {front_end}\nprint('\\n'.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    bad = [m for m in loaded if m.startswith(forbidden) and m.split(".")[0] in {
        f.split(".")[0] for f in forbidden}]
    bad = [m for m in bad if any(m == f or m.startswith(f + ".") for f in forbidden)]
    assert not bad, f"import {front_end} loads {bad}"


# --- the C++ side (DESIGN §2, §3) -----------------------------------------------------------------

CPP = Path(__file__).resolve().parents[1] / "cpp"
INTRINSICS = re.compile(r"\b_mm\d*_\w+|\b__m(128|256|512)\w*|IRREG_TARGET_\w+")
INCLUDE = re.compile(r'^#include "([^"]+)"', re.MULTILINE)


def _cpp_files() -> list[Path]:
    if not CPP.is_dir():
        pytest.skip("the C++ sources are not beside the tests")
    return sorted(p for p in CPP.rglob("*") if p.suffix in (".cpp", ".hpp"))


def test_only_the_vector_layer_holds_intrinsics_and_isa_conditions():
    """Kernel bodies are templates over simd::Vec (DESIGN §3): no intrinsic and no per-ISA #if
    outside cpp/simd/."""
    bad = [
        f"{p.relative_to(CPP)}: {m.group(0)}"
        for p in _cpp_files()
        if p.parent.name != "simd"
        for m in [INTRINSICS.search(p.read_text(encoding="utf-8"))]
        if m
    ]
    assert not bad, bad


def test_core_names_no_component():
    """cpp/core/ includes only core/ (each component owns its per-ISA table)."""
    bad = [
        f"core/{p.name} includes {name}"
        for p in _cpp_files()
        if p.parent.name == "core"
        for name in INCLUDE.findall(p.read_text(encoding="utf-8"))
        if not name.startswith("core/")
    ]
    assert not bad, bad


def test_bindings_are_one_compile_unit_per_folder():
    """Each binding source binds one C++ folder and includes no other binding source: only
    bind.hpp (the BindX declarations) and common.hpp (what they share)."""
    bad = []
    for p in _cpp_files():
        if p.parent.name != "bindings":
            continue
        for name in INCLUDE.findall(p.read_text(encoding="utf-8")):
            if name.startswith("bindings/") and name not in ("bindings/bind.hpp",
                                                             "bindings/common.hpp"):
                bad.append(f"bindings/{p.name} includes {name}")
    assert not bad, bad
    headers = {p.name for p in (CPP / "bindings").glob("*.hpp")}
    assert headers == {"bind.hpp", "common.hpp"}, headers

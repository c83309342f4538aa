"""Entry point ``networkx.backend_info`` of the irreg backend.

NetworkX calls :func:`get_info` while it finishes importing, so this package imports neither
networkx at its top nor ``nx_irreg`` (which loads the compiled core). The list of functions is read
from the ``__all__`` of the ``nx_irreg.nxapi`` modules with :mod:`ast`, without importing them,
so it cannot drift from what the backend object (``nx_irreg.interface``) exposes.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

__all__ = ["get_info", "nxapi_functions"]


def _nxapi_dir() -> Path:
    spec = importlib.util.find_spec("nx_irreg")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("nx_irreg is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "nxapi"


def nxapi_functions() -> dict[str, str]:
    """Name -> first docstring paragraph of every function the nxapi modules export."""
    found: dict[str, str] = {}
    root = _nxapi_dir()
    for path in sorted(root.rglob("*.py")):
        if any(part.startswith("_") for part in path.relative_to(root).parts):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exported: list[str] = []
        docs: dict[str, str] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
            ):
                exported = list(ast.literal_eval(node.value))
            elif isinstance(node, ast.FunctionDef):
                docs[node.name] = (ast.get_docstring(node) or "").split("\n\n")[0]
        for name in exported:
            found[name] = docs.get(name, "")
    return found


def get_info() -> dict:
    from _nx_irreg.config import OPTIONS, IrregConfig
    from _nx_irreg.declined import DECLINED

    parameters = {f"{name} : {o.type_doc}": o.doc for name, o in OPTIONS.items()}
    return {
        "backend_name": "irreg",
        "project": "irreg",
        "package": "irreg",
        "url": "https://github.com/irreg/irreg",
        "short_summary": "SIMD graph kernels over a tiled, conflict-free grouped index (C++).",
        "functions": {
            name: {
                "additional_docs": doc,
                "additional_parameters": parameters,
                "url": "https://github.com/irreg/irreg/tree/main/src/nx_irreg/nxapi",
            }
            for name, doc in nxapi_functions().items()
        },
        "default_config": IrregConfig(),
        # The functions of its families the backend leaves to NetworkX, and why (declined.py).
        "declined_functions": dict(DECLINED),
    }

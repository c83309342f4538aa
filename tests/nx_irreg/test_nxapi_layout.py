"""``nx_irreg.nxapi`` mirrors NetworkX's module tree: each function lives in the module that
mirrors NetworkX's (``nxapi/traversal/breadth_first_search.py`` for
``networkx.algorithms.traversal.breadth_first_search``), with NetworkX's name."""

from __future__ import annotations

import networkx as nx
import pytest

from _nx_irreg import nxapi_functions
from nx_irreg.interface import BackendInterface
from nx_irreg.nxapi import networkx_modules

FUNCTIONS = [(m, name) for m in networkx_modules() for name in m.__all__]


@pytest.mark.parametrize(("module", "name"), FUNCTIONS, ids=[n for _, n in FUNCTIONS])
def test_each_function_sits_where_networkx_defines_it(module, name):
    ours = module.__name__.removeprefix("nx_irreg.nxapi.")
    theirs_function = getattr(nx, name, None)
    assert theirs_function is not None, f"NetworkX has no function {name}"
    theirs = getattr(theirs_function, "orig_func", theirs_function).__module__
    assert theirs.removeprefix("networkx.algorithms.") == ours


def test_the_backend_and_get_info_list_the_same_functions():
    exported = {name for _, name in FUNCTIONS}
    assert set(nxapi_functions()) == exported
    assert all(callable(getattr(BackendInterface, name)) for name in exported)

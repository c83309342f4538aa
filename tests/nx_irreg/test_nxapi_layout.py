"""``nx_irreg.nxapi`` mirrors NetworkX's module tree: each function lives in the module that
mirrors NetworkX's (``nxapi/traversal/breadth_first_search.py`` for
``networkx.algorithms.traversal.breadth_first_search``), with NetworkX's name."""

from __future__ import annotations

import pytest
from networkx.utils.backends import _registered_algorithms

from _nx_irreg import nxapi_functions
from nx_irreg.interface import BackendInterface
from nx_irreg.nxapi import networkx_modules
from nx_irreg.versions import dispatchable

FUNCTIONS = [(m, name) for m in networkx_modules() for name in m.__all__]


@pytest.mark.parametrize(("module", "name"), FUNCTIONS, ids=[n for _, n in FUNCTIONS])
def test_each_function_sits_where_networkx_defines_it(module, name):
    ours = module.__name__.removeprefix("nx_irreg.nxapi.")
    assert name in _registered_algorithms, f"NetworkX has no dispatchable function {name}"
    theirs_function = dispatchable(name)
    theirs = getattr(theirs_function, "orig_func", theirs_function).__module__
    assert theirs.removeprefix("networkx.algorithms.") == ours


def test_the_backend_and_get_info_list_the_same_functions():
    exported = {name for _, name in FUNCTIONS}
    assert set(nxapi_functions()) == exported
    assert all(callable(getattr(BackendInterface, name)) for name in exported)


def test_every_function_of_the_families_is_served_or_declined_with_a_reason():
    from _nx_irreg import get_info
    from _nx_irreg.declined import DECLINED, FAMILIES

    served = set(nxapi_functions())
    installed = {
        name for name, f in _registered_algorithms.items()
        if getattr(f, "orig_func", f).__module__.startswith(FAMILIES)
    }
    assert not served & set(DECLINED), "served and declined"
    unaccounted = sorted(installed - served - set(DECLINED))
    assert not unaccounted, f"NetworkX functions neither served nor declined: {unaccounted}"
    assert all(len(reason) > 20 for reason in DECLINED.values())
    assert get_info()["declined_functions"] == DECLINED

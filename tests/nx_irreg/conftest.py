"""Fixtures of the backend's tests."""

from __future__ import annotations

import networkx as nx
import pytest


@pytest.fixture
def irreg_config():
    """``nx.config.backends.irreg``, its values restored after the test."""
    config = nx.config.backends.irreg
    saved = dict(config.items())
    yield config
    for key, value in saved.items():
        setattr(config, key, value)


@pytest.fixture
def quiet_cache_warning():
    """NetworkX's warning on every use of a cached conversion, silenced for the test (modules
    whose tests call several functions on one graph use it with ``pytestmark``)."""
    with nx.config(warnings_to_ignore={"cache"}):
        yield

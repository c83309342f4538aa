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

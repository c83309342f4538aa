"""Shared fixtures: every kernel test runs on every ISA this machine can execute."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

import nx_irreg

# CI machines are small and noisy: a per-example deadline would only make the suite flaky.
settings.register_profile("irreg", deadline=None)
settings.load_profile("irreg")

ISAS = nx_irreg.available_isas()


def pytest_report_header(config: pytest.Config) -> list[str]:
    compiled = ", ".join(nx_irreg.compiled_isas())
    tested = ", ".join(ISAS)
    return [
        f"irreg ISAs compiled: {compiled}; tested (available here): {tested}",
        f"irreg default ISA: {nx_irreg.active_isa()}; IRREG_ISA={os.environ.get('IRREG_ISA')}",
    ]


@pytest.fixture(params=ISAS)
def isa(request: pytest.FixtureRequest) -> str:
    return request.param

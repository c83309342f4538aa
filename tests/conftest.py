"""Shared fixtures: every kernel test runs on every ISA this machine can execute."""

from __future__ import annotations

import os

import pytest

import nx_irreg

ISAS = nx_irreg.available_isas()


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [
        f"irreg ISAs compiled: {', '.join(nx_irreg.compiled_isas())}; "
        f"tested (available here): {', '.join(ISAS)}; default: {nx_irreg.active_isa()}",
        "IRREG_ISA=" + os.environ.get("IRREG_ISA", "(unset)"),
    ]


@pytest.fixture(params=ISAS)
def isa(request: pytest.FixtureRequest) -> str:
    return request.param

"""The ``scheduler`` option and what it gives :func:`irreg.source_chunks.map_chunks`."""

from __future__ import annotations

import pytest

from irreg.threads import resolve_threads
from nx_irreg.options import Options, chunk_options, resolve


def test_threads_by_default():
    assert chunk_options(Options()) == {"threads": resolve_threads(None), "scheduler": "threads"}
    assert chunk_options(Options(threads=3)) == {"threads": 3, "scheduler": "threads"}


def test_scheduler_option_checked(irreg_config):
    irreg_config.scheduler = "threads"
    assert resolve({}).scheduler == "threads"
    with pytest.raises(ValueError, match="scheduler must be None, one of"):
        resolve({"scheduler": "cluster"})
    with pytest.raises(TypeError, match="scheduler must be None, one of"):
        irreg_config.scheduler = 2


def test_client_in_config_and_per_call(irreg_config, dask_client):
    irreg_config.scheduler = dask_client
    options = resolve({"threads": 2})
    assert chunk_options(options) == {"threads": 2, "scheduler": dask_client}
    assert chunk_options(resolve({"scheduler": None}))["scheduler"] == "threads"
    with dask_client.as_current():
        assert chunk_options(resolve({"scheduler": "dask"}))["scheduler"] is dask_client


def test_joblib_dask_backend_honoured_when_unset(dask_client):
    joblib = pytest.importorskip("joblib")
    with dask_client.as_current(), joblib.parallel_config(backend="dask"):
        assert chunk_options(Options())["scheduler"] is dask_client
        assert chunk_options(Options(scheduler="threads"))["scheduler"] == "threads"

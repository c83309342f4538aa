"""Ctrl-C stops a long call within a second or two (issue 34).

The core polls Python's signal handlers between MD steps and in the Emu simulator's event loop
(core/interrupt.hpp), with the GIL taken for a moment every 50 ms. Each command below would run
for minutes; SIGINT is sent once it has worked for a while, and it must end soon after: the CLI
with its one-line message and status 130, Python with KeyboardInterrupt.
"""

from __future__ import annotations

import select
import signal
import subprocess
import sys
import time

import pytest

RUNS = {  # command, the status it ends with, the stdout line that says the long call began
    "irreg md lj": (["irreg", "md", "lj", "--cells", "8", "--steps", "10000000"], 130, "Step"),
    "irreg emu bfs": (["irreg", "emu", "bfs", "grid:2:5000000", "--strategy", "migrate"], 130,
                      "bfs on"),
    "emu.stream": (
        [sys.executable, "-c",
         ("from irreg import emu\nprint('start', flush=True)\n"
          "emu.stream(1 << 33, max_elements=None)")],
        -signal.SIGINT, "start",
    ),
}


def _wait_for_line(p: subprocess.Popen, prefix: str, seconds: float) -> None:
    """Reads p's stdout until a line starting with ``prefix`` (so the signal lands inside the
    long call, not in start-up or input generation)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([p.stdout], [], [], 0.1)
        if ready:
            line = p.stdout.readline()
            if not line:
                break
            if line.lstrip().startswith(prefix):
                return
    raise AssertionError(f"no {prefix!r} line within {seconds} s")


@pytest.mark.slow
@pytest.mark.parametrize("name", RUNS)
def test_ctrl_c_stops_a_long_call(name):
    command, status, began = RUNS[name]
    p = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for_line(p, began, 120)
        time.sleep(1)  # well inside the call
        assert p.poll() is None, f"{name} ended before it was interrupted"
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        p.kill()
        p.wait()
    assert p.returncode == status, err[-2000:]
    assert waited < 5, f"{name} took {waited:.1f} s to stop"
    if status == 130:
        assert err.strip().splitlines()[-1] == "irreg: interrupted"


def test_a_huge_stream_is_refused_up_front():
    from irreg import emu

    with pytest.raises(ValueError, match=r"n = 8,589,934,592 elements would take about 1,718 s"):
        emu.stream(1 << 33)


def test_a_huge_spmv_is_refused_up_front():
    import numpy as np
    import scipy.sparse as sp

    from irreg import emu

    A = sp.random_array((1000, 1000), density=0.01, format="csr", rng=1)
    with pytest.raises(ValueError, match=r"A has 10,000 stored entries: .* max_nonzeros=100 "):
        emu.spmv(A, np.ones(1000), max_nonzeros=100)
    assert np.allclose(emu.spmv(A, np.ones(1000)), A @ np.ones(1000))

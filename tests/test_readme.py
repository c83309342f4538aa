"""The README's Python examples run as pasted, each in a fresh interpreter, in under a minute.

A user pastes them top to bottom: one that raises, or runs for as long as the user waits, is a
broken promise (issue 34: an example refused the options it showed, and the next ran all pairs
of a 100,000-node graph). Warnings count as failures only when irreg raises them.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(
    r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL
)
SECONDS = 60  # on 2 cores, per example


def test_the_readme_has_python_examples():
    assert len(BLOCKS) >= 5


# Runs the blocks in order in one interpreter, as a user pasting them would (a later block may
# use an earlier one's names), and reports the first that raises or takes too long.
_RUNNER = """
import json, sys, time, traceback, warnings
warnings.filterwarnings("error", module=r"(irreg|nx_irreg|ase_irreg)")
blocks = json.load(sys.stdin)
scope = {"__name__": "__main__"}
for number, code in enumerate(blocks, 1):
    start = time.monotonic()
    try:
        exec(compile(code, f"<README example {number}>", "exec"), scope)
    except BaseException:
        print(json.dumps({"failed": number, "error": traceback.format_exc()}))
        sys.exit(1)
    print(json.dumps({"example": number, "seconds": time.monotonic() - start}), flush=True)
"""


@pytest.mark.slow
def test_the_examples_run_as_pasted_in_order(tmp_path):
    import json

    run = subprocess.run(
        [sys.executable, "-c", _RUNNER], input=json.dumps(BLOCKS), cwd=tmp_path, check=False,
        capture_output=True, text=True, timeout=SECONDS * len(BLOCKS),
    )
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    failed = [line for line in lines if "failed" in line]
    assert not failed and run.returncode == 0, (
        f"README example {failed[0]['failed']} failed:\n{BLOCKS[failed[0]['failed'] - 1]}\n"
        f"{failed[0]['error']}" if failed else run.stderr[-3000:]
    )
    slow = {line["example"]: round(line["seconds"], 1) for line in lines
            if line["seconds"] > SECONDS}
    assert not slow, f"README examples over {SECONDS} s on this machine: {slow}"

"""What the ``irreg`` commands and benchmarks share: the errors reported on one line, argparse
types, output checks and how a duration is printed."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from irreg.checks import INT32_MAX

__all__ = [
    "INT32_MAX",
    "MissingDependencyError",
    "UsageError",
    "check_isa",
    "check_output",
    "format_seconds",
    "int_between",
    "non_negative_int",
    "positive_int",
    "power_of_two",
    "write_json_report",
    "write_output",
]


class UsageError(Exception):
    """Input a command cannot act on; ``irreg`` prints the message alone and exits 2."""


class MissingDependencyError(UsageError, ImportError):
    """An optional package the request needs is not installed."""


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    return _int_at_least(text, 1)


def non_negative_int(text: str) -> int:
    """argparse type: an integer >= 0."""
    return _int_at_least(text, 0)


def thread_count(text: str) -> int:
    """argparse type: a thread count in ``[1, irreg.threads.MAX_THREADS]``."""
    from irreg.threads import MAX_THREADS

    return int_between(1, MAX_THREADS)(text)


def thread_counts(text: str) -> tuple[int, ...]:
    """argparse type: thread counts separated by commas (``1,2,4``), each in ``[1, MAX_THREADS]``,
    in the order given, repeats dropped."""
    counts: list[int] = []
    for part in text.split(","):
        value = thread_count(part.strip())
        if value not in counts:
            counts.append(value)
    return tuple(counts)


def int_between(low: int, high: int):
    """argparse type: an integer in ``[low, high]``."""

    def parse(text: str) -> int:
        value = _int_at_least(text, low)
        if value > high:
            raise argparse.ArgumentTypeError(
                f"expected an integer in [{low}, {high}], got {value}"
            )
        return value

    parse.__name__ = f"integer in [{low}, {high}]"
    return parse


def power_of_two(text: str) -> int:
    """argparse type: a power of two >= 1 (a tile edge; the core checks its upper limit)."""
    value = _int_at_least(text, 1)
    if value & (value - 1):
        raise argparse.ArgumentTypeError(f"expected a power of two, got {value}")
    return value


def _int_at_least(text: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected an integer >= {low}, got {value}")
    return value


def check_isa(isa: str | None) -> None:
    """Refuses an unknown ISA, or one this CPU cannot run, before any input is read."""
    from irreg import resolve_isa

    try:
        resolve_isa(isa)
    except (ValueError, RuntimeError) as exc:
        raise UsageError(f"--isa: {exc}") from None


def check_output(option: str, path: str | None) -> None:
    """Refuses an output path that cannot be written, before the run rather than after it.

    ``None`` (not asked for) and ``-`` (stdout) pass. Raises :class:`UsageError` naming the
    option and the path when the path is a folder, its folder does not exist, or the file or
    its folder is not writable.
    """
    if path is None or path == "-":
        return
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise UsageError(f"{option} {path}: is a folder; give a file name")
    if not folder.is_dir():
        raise UsageError(f"{option} {path}: folder {folder} does not exist")
    if target.exists() and not os.access(target, os.W_OK):
        raise UsageError(f"{option} {path}: the file is not writable")
    if not target.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {path}: folder {folder} is not writable")


def write_output(option: str, path: str, text: str) -> None:
    """Writes ``text`` to ``path``; an OSError (disk full, the folder removed meanwhile) becomes
    a :class:`UsageError` naming the option, as :func:`check_output` could not foresee it."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot write: {exc.strerror or exc}") from None


def write_json_report(path: str, report: object) -> None:
    """A command's ``--json`` report: on stdout for ``-``, else written to ``path``."""
    text = json.dumps(report, indent=2)
    if path == "-":
        print(text)
    else:
        write_output("--json", path, text + "\n")


def format_seconds(seconds: float, *, tick: bool = False) -> str:
    """``0.00123`` -> ``"1.230 ms"``; as an axis ``tick``, no fixed decimals: ``"10 ms"``."""
    scale, unit, digits = next(
        ((s, u, 3) for s, u in ((1.0, "s"), (1e-3, "ms"), (1e-6, "us")) if seconds >= s),
        (1e-9, "ns", 1),
    )
    return f"{seconds / scale:{'g' if tick else f'.{digits}f'}} {unit}"

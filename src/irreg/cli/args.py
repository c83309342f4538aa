"""What every command shares: the errors ``irreg`` reports on one line, and argparse types."""

from __future__ import annotations

import argparse

__all__ = ["MissingDependencyError", "UsageError", "non_negative_int", "positive_int"]


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


def _int_at_least(text: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected an integer >= {low}, got {value}")
    return value

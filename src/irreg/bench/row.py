"""One benchmark result line, exactly DESIGN §11's row, and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ROW_KEYS", "Row"]

ROW_KEYS = (
    "name",
    "case",
    "impl",
    "variant",
    "isa",
    "seconds",
    "min_seconds",
    "max_seconds",
    "repeats",
    "work",
    "work_unit",
    "extra",
)


@dataclass
class Row:
    """One result line, exactly the DESIGN §11 row; times are None for a skipped row."""

    name: str
    case: str
    impl: str
    variant: str | None
    isa: str | None
    seconds: float | None
    min_seconds: float | None
    max_seconds: float | None
    repeats: int
    work: float
    work_unit: str
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def skipped(self) -> bool:
        return self.seconds is None

    @property
    def throughput(self) -> float | None:
        """Work per second of the median run, None when skipped or not timeable."""
        if self.seconds is None or self.seconds <= 0 or not self.work:
            return None
        return self.work / self.seconds

    def to_dict(self) -> dict[str, Any]:
        """The row as DESIGN §11's JSON object, keys in schema order."""
        return {key: _jsonable(getattr(self, key)) for key in ROW_KEYS}


def _jsonable(value: Any) -> Any:
    """Plain JSON types for NumPy scalars and arrays, recursively."""
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    if hasattr(value, "tolist"):  # NumPy scalar or array
        return value.tolist()
    return value

"""Errors raised by the engine; each carries a machine-readable ``code``."""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of every engine error."""

    code = "error"


class IllegalAction(EngineError):
    """An action that the rules do not allow now; nothing was changed. Seats in ``detail``
    count from 0, as in every engine error (uno_cli.engine.seats)."""

    def __init__(self, code: str, action: Any = None, **detail: Any) -> None:
        self.code = code
        self.action = action
        self.detail = detail
        super().__init__(f"{code}: {action!r} {detail or ''}".strip())


class InvalidOptions(EngineError):
    """A rule option with an unknown name or an impossible value."""

    code = "invalid_option"

    def __init__(self, key: str, value: Any, allowed: tuple[Any, ...], unknown: bool = False) -> None:
        self.key = key
        self.value = value
        self.allowed = allowed
        self.unknown = unknown
        if unknown:
            self.code = "unknown_option"
        super().__init__(f"{key}={value!r}; allowed: {', '.join(map(str, allowed))}")


class InvalidSetup(EngineError):
    """A saved game or setup that cannot be a real game. A ``seat`` in ``detail`` counts from
    0, as in IllegalAction; the sentences (uno_cli.words.errtext) number it from 1."""

    def __init__(self, code: str, **detail: Any) -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: " + ", ".join(f"{k}={v!r}" for k, v in detail.items()))

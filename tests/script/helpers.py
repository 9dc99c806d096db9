"""Helpers for the script-mode tests: run uno_cli.play.script in-process with a scripted player."""

from __future__ import annotations

import io
import json
import random
from typing import Callable

from uno_cli.engine.options import preset
from uno_cli.play.playconfig import PlayConfig, SeatSpec


def config(players: int = 2, kinds: str = "", preset_name: str = "classic", seed: int = 1, fmt: str = "json",
           **kw: object) -> PlayConfig:
    """A PlayConfig: ``kinds`` is one letter per seat, s(cript) or a bot level initial (e/n/h/r)."""
    kinds = kinds or "s" * players
    levels = {"e": "easy", "n": "normal", "h": "hard", "r": "random"}
    seats = [SeatSpec("script") if k == "s" else SeatSpec("bot", levels[k]) for k in kinds]
    return PlayConfig(players=len(seats), seats=seats, options=preset(preset_name), preset=preset_name, seed=seed,
                      format=fmt, script=True, **kw)  # type: ignore[arg-type]


class Output(io.RawIOBase):
    """A binary stdout that keeps the lines written."""

    def __init__(self) -> None:
        super().__init__()
        self.buffer = bytearray()
        self.prompt: dict | None = None

    def writable(self) -> bool:
        return True

    def write(self, b: bytes) -> int:  # type: ignore[override]
        self.buffer.extend(b)
        if b.startswith(b'{"type": "prompt"'):
            self.prompt = json.loads(b)
        return len(b)

    def lines(self) -> list[str]:
        return self.buffer.decode("utf-8").splitlines()

    def last_prompt(self) -> dict | None:
        return self.prompt


class Input:
    """A binary stdin whose lines come from ``answer(prompt)`` (None ends the input)."""

    def __init__(self, out: Output, answer: Callable[[dict | None], bytes | None]) -> None:
        self.out = out
        self.answer = answer
        self.count = 0

    def readline(self, size: int = -1) -> bytes:
        self.count += 1
        line = self.answer(self.out.last_prompt())
        return b"" if line is None else line + b"\n"


def random_player(rng: random.Random, limit: int = 20000) -> Callable[[dict | None], bytes | None]:
    """Answers each prompt with one of its legal commands, sent for the prompted seat."""
    state = {"n": 0}

    def answer(prompt: dict | None) -> bytes | None:
        state["n"] += 1
        if prompt is None or state["n"] > limit:
            return None
        return ("@%d %s" % (prompt["seat"], rng.choice(prompt["legal"]))).encode()

    return answer

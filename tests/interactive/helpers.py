"""Helpers for the interactive tests: a game driven through prompt_toolkit's pipe input."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from uno_cli.play.playconfig import PlayConfig

ROOT = Path(__file__).resolve().parents[2]


class PipeGame:
    """The interactive game running in a thread on a pipe input and a dummy output."""

    def __init__(self, config: PlayConfig) -> None:
        import dataclasses

        from prompt_toolkit.input import create_pipe_input

        if config.sound is None:
            # Sound opens on its own thread and, without a device, says so at a moment of its
            # own: tests that are not about sound keep it off (tests/sound turn it on).
            config = dataclasses.replace(config, sound="off")
        from prompt_toolkit.output import DummyOutput

        from uno_cli import interactive
        from uno_cli.interactive import app

        self.lines: list[str] = []
        self._cm = create_pipe_input()
        self.input = self._cm.__enter__()
        self.result: list[int] = []
        self.controller: Any = None
        original = app.build_controller

        def build(config: Any, write: Any, settings: Any = None) -> Any:
            self.controller = original(config, write, settings)
            return self.controller

        app.build_controller = build  # type: ignore[assignment]

        def target() -> None:
            try:
                self.result.append(interactive.run_prompt(config, input=self.input, output=DummyOutput(), write=self.lines.append))
            finally:
                app.build_controller = original  # type: ignore[assignment]

        self.thread = threading.Thread(target=target, daemon=True)
        self.thread.start()

    def text(self) -> str:
        return "\n".join(self.lines)

    def mark(self) -> int:
        """The number of lines so far (to wait for what comes after)."""
        return len(self.lines)

    def wait_for(self, needle: str, since: int = 0, timeout: float = 10.0) -> str:
        """Wait until a line after ``since`` contains needle; return that line."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in self.lines[since:]:
                if needle in line:
                    return line
            time.sleep(0.01)
        raise AssertionError(f"{needle!r} not said; said:\n" + "\n".join(self.lines[since:][-40:]))

    def press(self, keys: str, expect: str | None = None, timeout: float = 10.0) -> str:
        """Send raw key bytes; wait for a line containing expect (after this press)."""
        since = self.mark()
        self.input.send_text(keys)
        if expect is None:
            return ""
        return self.wait_for(expect, since, timeout)

    def close(self) -> None:
        if self.thread.is_alive() and self.controller is not None:
            self.input.send_text("\x03")
            time.sleep(0.1)
            self.input.send_text("y")
        self.thread.join(10)
        self._cm.__exit__(None, None, None)


def write_setup(path: Path, data: dict[str, Any]) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def child_env(home: Path, **extra: str) -> dict[str, str]:
    """Environment for the real program in a pseudo-terminal."""
    env = dict(os.environ)
    env.update(
        TERM="xterm",
        PROMPT_TOOLKIT_NO_CPR="1",
        NO_COLOR="1",
        UNO_CLI_HOME=str(home),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
        COLUMNS="200",
        LINES="50",
    )
    env.update(extra)
    return env


def uno_command(*args: str) -> tuple[str, list[str]]:
    return sys.executable, ["-m", "uno_cli", *args]

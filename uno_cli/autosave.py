"""The game saved after every action, offered for resumption on the next start.

The file is replaced atomically (a temporary file in the same folder, flushed to disk,
then ``os.replace``), so a game killed at any moment leaves the previous or the new
save, never a broken one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from uno_cli.settings import atomic_write, data_dir

FILE = "autosave.json"
FORMAT = 1


def path() -> Path:
    """Where the running game is saved."""
    return data_dir() / FILE


def write(payload: dict[str, Any]) -> bool:
    """Save payload (JSON-ready) as the game to resume; False if it cannot be written."""
    try:
        atomic_write(path(), json.dumps({"format": FORMAT, **payload}, ensure_ascii=False) + "\n")
        return True
    except (OSError, TypeError, ValueError):
        return False


def read() -> dict[str, Any] | None:
    """The saved game, or None when there is none (or it is unreadable)."""
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    return data


def clear() -> None:
    """Forget the saved game (the match ended, or the player declined to resume)."""
    try:
        path().unlink()
    except OSError:
        pass

"""The game saved after every action, offered for resumption on the next start.

The file is a normal save (``Session.save_dict()``, loadable with ``uno --resume``) whose
``comment`` field marks it as the autosave and carries the interface's own state (how
the hand is sorted). It is replaced atomically (a temporary file in the same folder,
flushed to disk, then ``os.replace``), so a game killed at any moment leaves the
previous or the new save, never a broken one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from uno_cli.settings import atomic_write, data_dir

FILE = "autosave.json"
MARK = "uno-cli autosave"


def path() -> Path:
    """Where the running game is saved."""
    return data_dir() / FILE


def write(save: dict[str, Any], ui: dict[str, Any] | None = None) -> bool:
    """Save a game (a Session save dict) with the interface's state; False if it cannot be written."""
    data = dict(save)
    data["comment"] = {"mark": MARK, **(ui or {})}
    try:
        atomic_write(path(), json.dumps(data, ensure_ascii=False) + "\n")
        return True
    except (OSError, TypeError, ValueError):
        return False


def read() -> dict[str, Any] | None:
    """The saved game, or None when there is none (or it is unreadable)."""
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    comment = data.get("comment")
    if not isinstance(comment, dict) or comment.get("mark") != MARK:
        return None
    return data


def ui_state(data: dict[str, Any]) -> dict[str, Any]:
    """The interface's state stored with a save."""
    comment = data.get("comment")
    return dict(comment) if isinstance(comment, dict) else {}


def clear() -> None:
    """Forget the saved game (the match ended, or the player declined to resume)."""
    try:
        path().unlink()
    except OSError:
        pass

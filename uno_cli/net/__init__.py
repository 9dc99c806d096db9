"""The table server: friends join a game over SSH (``uno serve``, ``uno join``); see docs/server.md."""

from __future__ import annotations

import os

#: The port ``uno serve`` listens on unless told otherwise ("UNO" on a phone keypad: 8 6 6, then 2).
DEFAULT_PORT = 8662

#: The name of the JSON Lines channel (an SSH command or subsystem).
JSON_CHANNEL = "uno-json"
#: The channel of ``uno join``: JSON Lines with keys and typed lines (docs/protocol.md).
KEYS_CHANNEL = "uno-keys"
#: What a member logged in with when it gave the server's passcode (not a key or a password).
PASSCODE = "passcode"


def file_stamp(path: str | None) -> tuple[int, int] | None:
    """What tells that a file changed: its modification time and size (None: no file)."""
    try:
        info = os.stat(path) if path else None
    except OSError:
        return None
    return None if info is None else (info.st_mtime_ns, info.st_size)

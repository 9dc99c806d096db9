"""The game saved after every action, offered for resumption on the next start.

The file is a normal save (``Session.save_dict()``, loadable with ``uno --resume``) whose
``comment`` field marks it as the autosave and carries the interface's own state (how
the hand is sorted). It is replaced atomically (a temporary file in the same folder,
flushed to disk, then ``os.replace``), so a game killed at any moment leaves the
previous or the new save, never a broken one.

One running game owns one autosave: :func:`acquire` takes a lock file (``autosave.lock``
holding the process id, created exclusively, which works on every platform) and a second
game running at the same time gets ``autosave-2.json`` (and its own lock) instead. A lock
whose process is gone is stale and taken over.
"""

from __future__ import annotations

import atexit
import json
import os
import sys
from pathlib import Path
from typing import Any

from uno_cli.play.savefile import atomic_write
from uno_cli.play.settings import data_dir

FILE = "autosave.json"
MARK = "uno-cli autosave"
MAX_INSTANCES = 20

_file = FILE
_lock: Path | None = None


def path() -> Path:
    """Where the running game is saved."""
    return data_dir() / _file


def _name(n: int) -> str:
    return FILE if n == 1 else f"autosave-{n}.json"


def pid_alive(pid: int) -> bool:
    """True while a process with this id runs."""
    if pid <= 0:
        return False
    if sys.platform.startswith("win"):
        # os.kill on Windows would terminate the process: ask whether it still runs.
        try:
            import ctypes

            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
            handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
            if not handle:
                return False
            try:
                code = ctypes.c_ulong()
                kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
                return code.value == 259  # STILL_ACTIVE
            finally:
                kernel32.CloseHandle(handle)
        except Exception:  # noqa: BLE001 - cannot tell: treat the lock as held
            return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but belongs to someone else
    return True


def _try_lock(lock: Path) -> bool:
    """Create the lock file holding our pid; take over a stale one. False if another game holds it."""
    for _attempt in range(2):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                pid = int(lock.read_text(encoding="ascii").strip() or "0")
            except (OSError, ValueError):
                pid = 0
            if pid == os.getpid() or (pid and pid_alive(pid)):
                return pid == os.getpid()
            try:
                lock.unlink()  # stale: its game is gone
            except FileNotFoundError:
                pass
            continue
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(str(os.getpid()))
        return True
    return False


def acquire() -> Path | None:
    """Take this game's autosave file; its path when it is not the usual one (another game
    runs), else None. A folder that cannot be written keeps the usual file (saving reports it)."""
    global _file, _lock
    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, MAX_INSTANCES + 1):
            lock = folder / (_name(n) + ".lock")
            if _try_lock(lock):
                if _lock is None:
                    atexit.register(release)
                _file, _lock = _name(n), lock
                _remove_stale_temporaries(folder / _file)
                return None if n == 1 else folder / _file
    except OSError:
        pass
    _file, _lock = FILE, None
    return None


def _remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files a game killed while writing ``target`` left behind (this game
    holds the lock of ``target``, so no running game is writing them)."""
    for stale in target.parent.glob(target.name + ".*.tmp"):
        try:
            stale.unlink()
        except OSError:
            pass


def release() -> None:
    """Give the autosave file back (at exit)."""
    global _lock
    lock, _lock = _lock, None
    if lock is None:
        return
    try:
        if lock.read_text(encoding="ascii").strip() == str(os.getpid()):
            lock.unlink()
    except (OSError, ValueError):
        pass


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
    """The saved game, or None when there is none (or it is unreadable); read with the
    limits of save files (:func:`uno_cli.play.savefile.read_json`)."""
    from uno_cli.play.savefile import read_json

    try:
        data = read_json(path())
    except (OSError, ValueError):  # InvalidSetup is a ValueError
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

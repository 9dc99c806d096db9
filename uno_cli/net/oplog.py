"""The operators' log of ``uno serve``: one line per event, through the standard logging module.

Logins (with the address and how they logged in), failed logins, bans, kicks, mutes, tables
opened and closed, saves and errors go to ``server.log`` in the server's folder (``--log
FILE``); warnings and errors also to the standard error. The file is rotated by size
(:data:`MAX_BYTES`, :data:`BACKUPS` old files kept: ``server.log.1`` ...), and opened again
on SIGHUP, so ``logrotate`` (with ``postrotate kill -HUP``) or an operator can move it
away; where signals are missing (Windows), the size rotation still works. Passcodes and
passwords are never written; names and other text a player chose are cleaned of control
characters, and every line is one line.
"""

from __future__ import annotations

import logging
import logging.handlers
import time
from pathlib import Path

from uno_cli.words.names import clean_text

#: The log's file name in the server's folder.
LOG_NAME = "server.log"
#: Bytes a log file grows to before it is rotated, and the rotated files kept.
MAX_BYTES = 1_000_000
BACKUPS = 5
#: The server's logger: its events, and the errors its modules log (``uno_cli.net`` and below).
ROOT = "uno_cli.net"
log = logging.getLogger(ROOT + ".ops")


def safe(text: object) -> str:
    """Text a player chose, fit for one log line (no control characters or escape sequences)."""
    return clean_text(str(text))[:200]


def event(message: str, *args: object) -> None:
    """One event of the operators' log (``message`` %-formatted with ``args``, already made safe)."""
    log.info(message, *args)


class OneLine(logging.Formatter):
    """``2026-12-01T18:00:00Z INFO what happened``: one line, a traceback's lines joined by `` | ``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(message)s", "%Y-%m-%dT%H:%M:%SZ")
        self.converter = time.gmtime

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of printable text."""
        text = super().format(record)
        return " | ".join(clean_text(line) for line in text.splitlines() if line.strip())


class LogFile(logging.handlers.RotatingFileHandler):
    """A log file rotated by size, and opened again by :meth:`reopen` (on SIGHUP, after logrotate moved it)."""

    #: Warnings and errors also go to the standard error (a console, or the service's journal).
    console: logging.Handler | None = None

    def reopen(self) -> None:
        """Close the file; the next line opens the file of that name again (created if it was moved away)."""
        self.acquire()
        try:
            if self.stream is not None:
                self.stream.close()
                self.stream = None  # type: ignore[assignment]
        finally:
            self.release()


def open_log(path: Path, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> LogFile:
    """Send the server's log to ``path`` (rotated); the handler, for :func:`close_log` and ``reopen``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = LogFile(str(path), maxBytes=max_bytes, backupCount=backups, encoding="utf-8", delay=True)
    handler.setFormatter(OneLine())
    console = logging.StreamHandler()
    console.setLevel(logging.WARNING)
    console.setFormatter(OneLine())
    handler.console = console
    logger = logging.getLogger(ROOT)
    logger.addHandler(handler)
    logger.addHandler(console)
    logger.setLevel(logging.INFO)
    return handler


def close_log(handler: LogFile) -> None:
    """Stop writing to ``handler``'s file."""
    logger = logging.getLogger(ROOT)
    logger.removeHandler(handler)
    handler.close()
    if handler.console is not None:
        logger.removeHandler(handler.console)

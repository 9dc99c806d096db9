"""The server's durable store: one SQLite database (the standard library's sqlite3) in the server's folder.

Every table with a player seated (a match in progress, or a table waiting for its players)
is one row, written in the same loop tick as the change, before anyone is told of it: a
table's members' lines are written only after the store has committed (see
:meth:`uno_cli.net.hub.Hub.commit`). Changes of one tick are one transaction.

Durability: the database is in write-ahead-log mode with ``synchronous=NORMAL``, so a commit
has reached the operating system when it returns: a killed or crashed server loses nothing
a player has heard. The log is also flushed to the disk (``fsync``) on a worker thread about
once a second (:meth:`TableStore.sync`), so a power cut loses at most that second, and never
leaves a half-written table. (A flush to the disk on every commit costs about 10 ms on the
event loop, which every table shares.)

The schema has a version (SQLite's ``user_version``) and a list of migrations, each taking
the database from one version to the next (version 2 adds accounts, finished matches and
ratings; version 3 the tables' logs of moves; version 4 keeps each log as one B-tree, WITHOUT
ROWID), and an older program refuses a newer database instead of damaging it.

A table's row is written whole when it changes otherwise than by a move of the game; between
two such rows, a move only appends the engine's action to the table's log (``table_moves``),
and resuming applies the log to the row (see :meth:`uno_cli.net.hub.Hub.commit`).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: The schema this program writes.
SCHEMA_VERSION = 4
#: MIGRATIONS[n] takes a database of version n to version n + 1.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    0: (
        "CREATE TABLE tables (number INTEGER PRIMARY KEY, data TEXT NOT NULL)",
    ),
    1: (
        # Bans (uno_cli.net.moderation): kind "name" (target: the name's key), "address" (an
        # address or network), "seat" (target: "N key", a player a moderator took off table N), or
        # "mute" (target: the name's key, whose chat a moderator muted); until: seconds since the
        # epoch, NULL for good. (A comment only: the statement is unchanged, no migration needed.)
        ("CREATE TABLE bans (kind TEXT NOT NULL, target TEXT NOT NULL, until REAL, by TEXT NOT NULL, "
         "created REAL NOT NULL, PRIMARY KEY (kind, target))"),
        # Accounts (uno_cli.net.accounts): a name kept for good, by its folded form (uno_cli.words.names.name_key).
        ("CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, folded TEXT NOT NULL UNIQUE,"
         " password TEXT, created REAL NOT NULL)"),
        # An account's keys, by fingerprint; one key may open several accounts (the name says which).
        ("CREATE TABLE account_keys (account INTEGER NOT NULL REFERENCES accounts (id), fingerprint TEXT NOT NULL,"
         " kind TEXT NOT NULL, comment TEXT NOT NULL, added REAL NOT NULL, PRIMARY KEY (account, fingerprint))"),
        # Finished matches (uno_cli.net.ratings): who sat where, the result, each hand's points.
        ("CREATE TABLE matches (id INTEGER PRIMARY KEY, finished REAL NOT NULL, preset TEXT NOT NULL,"
         " options TEXT NOT NULL, players INTEGER NOT NULL, hands INTEGER NOT NULL)"),
        ("CREATE TABLE match_seats (match INTEGER NOT NULL REFERENCES matches (id), seat INTEGER NOT NULL,"
         " name TEXT NOT NULL, kind TEXT NOT NULL, identity TEXT NOT NULL, score INTEGER NOT NULL,"
         " won INTEGER NOT NULL, place INTEGER NOT NULL, PRIMARY KEY (match, seat))"),
        "CREATE INDEX match_seats_identity ON match_seats (identity, match)",
        ("CREATE TABLE match_hands (match INTEGER NOT NULL REFERENCES matches (id), hand INTEGER NOT NULL,"
         " seat INTEGER NOT NULL, points INTEGER NOT NULL, PRIMARY KEY (match, hand, seat))"),
        # One skill rating (openskill) per identity and rule preset.
        ("CREATE TABLE ratings (identity TEXT NOT NULL, preset TEXT NOT NULL, name TEXT NOT NULL,"
         " mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (identity, preset))"),
    ),
    2: (
        # A table's moves since its row in ``tables`` was written (uno_cli.net.hub.Hub.commit): the
        # engine's actions, one JSON list each, applied in ``seq`` order on resuming; written again
        # as a whole row, the table's moves are deleted.
        ("CREATE TABLE table_moves (number INTEGER NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL,"
         " PRIMARY KEY (number, seq))"),
    ),
    3: (
        # The log of moves as one B-tree keyed by (number, seq) (WITHOUT ROWID): a move written adds
        # one page to the write-ahead log instead of two (the rows' tree and their key's index).
        ("CREATE TABLE table_moves_keyed (number INTEGER NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL,"
         " PRIMARY KEY (number, seq)) WITHOUT ROWID"),
        "INSERT INTO table_moves_keyed (number, seq, action) SELECT number, seq, action FROM table_moves",
        "DROP TABLE table_moves",
        "ALTER TABLE table_moves_keyed RENAME TO table_moves",
    ),
}


class StoreError(Exception):
    """The store cannot be opened or written; ``reason`` says why (from SQLite or the system)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class TableStore:
    """The saved tables of one server."""

    def __init__(self, path: Path, max_pages: int | None = None) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            if max_pages is not None:  # tests: a disk that fills up
                self._db.execute(f"PRAGMA max_page_count={int(max_pages)}")
            self._migrate()
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(_reason(exc)) from None

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"schema version {version} is newer than this program's {SCHEMA_VERSION}")
        while version < SCHEMA_VERSION:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[version]:
                    self._db.execute(statement)
                version += 1
                self._db.execute(f"PRAGMA user_version={version}")
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def write(self, rows: dict[int, str | None], moves: dict[int, list[tuple[int, str]]] | None = None) -> None:
        """One transaction: each table's data (None: the table is gone), which replaces its moves, and
        moves appended to tables' logs (table -> (seq, action) pairs). Raises StoreError."""
        with self._transaction("BEGIN"):
            for number, data in rows.items():
                if data is None:
                    self._db.execute("DELETE FROM tables WHERE number = ?", (number,))
                else:
                    # An update in place (half the cost of INSERT OR REPLACE, which deletes the row
                    # and inserts it again).
                    self._db.execute("INSERT INTO tables (number, data) VALUES (?, ?) "
                                     "ON CONFLICT (number) DO UPDATE SET data = excluded.data", (number, data))
                self._db.execute("DELETE FROM table_moves WHERE number = ?", (number,))
            for number, logged in (moves or {}).items():
                self._db.executemany("INSERT INTO table_moves (number, seq, action) VALUES (?, ?, ?)",
                                     [(number, seq, action) for seq, action in logged])

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[None]:
        """The statements of the block as one transaction (rolled back if one fails). Raises StoreError."""
        try:
            self._db.execute(begin)
            try:
                yield
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(_reason(exc)) from None

    def tables(self) -> list[tuple[int, str]]:
        """Every saved table: (number, data)."""
        try:
            return list(self._db.execute("SELECT number, data FROM tables ORDER BY number"))
        except sqlite3.Error as exc:
            raise StoreError(_reason(exc)) from None

    def moves(self) -> dict[int, list[str]]:
        """Every table's moves logged since its row was written, in order: table -> actions."""
        out: dict[int, list[str]] = {}
        try:
            for number, action in self._db.execute("SELECT number, action FROM table_moves ORDER BY number, seq"):
                out.setdefault(number, []).append(action)
        except sqlite3.Error as exc:
            raise StoreError(_reason(exc)) from None
        return out

    def bans(self) -> list[tuple[str, str, float | None, str]]:
        """Every ban kept: (kind, target, until, by)."""
        try:
            return list(self._db.execute("SELECT kind, target, until, by FROM bans ORDER BY created"))
        except sqlite3.Error as exc:
            raise StoreError(_reason(exc)) from None

    def put_ban(self, kind: str, target: str, until: float | None, by: str) -> None:
        """Keep a ban (replacing one of the same target). Raises StoreError."""
        import time

        self._run("INSERT OR REPLACE INTO bans (kind, target, until, by, created) VALUES (?, ?, ?, ?, ?)",
                  (kind, target, until, by, time.time()))

    def remove_ban(self, kind: str, target: str) -> None:
        """Forget a ban. Raises StoreError."""
        self._run("DELETE FROM bans WHERE kind = ? AND target = ?", (kind, target))

    def _run(self, statement: str, params: tuple[object, ...]) -> None:
        try:
            self._db.execute(statement, params)
        except sqlite3.Error as exc:
            raise StoreError(_reason(exc)) from None

    def backup(self, target: Path) -> None:
        """A consistent copy of the whole database in ``target`` (SQLite's online backup; the server may
        be running). Raises StoreError."""
        try:
            copy = sqlite3.connect(str(target))
            try:
                self._db.backup(copy)
            finally:
                copy.close()
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(_reason(exc)) from None
    def read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query. Raises StoreError."""
        try:
            return list(self._db.execute(sql, params))
        except sqlite3.Error as exc:
            raise StoreError(_reason(exc)) from None

    def change(self, statements: list[tuple[str, tuple[Any, ...]]]) -> int | None:
        """One transaction of statements; the row id of the last insert (None if none). Raises StoreError."""
        last: int | None = None
        with self._transaction("BEGIN IMMEDIATE"):
            for sql, params in statements:
                cursor = self._db.execute(sql, params)
                if sql.lstrip().upper().startswith("INSERT"):
                    last = cursor.lastrowid
        return last

    def sync(self) -> None:
        """Flush the write-ahead log to the disk (safe on a worker thread: it only calls fsync)."""
        for name in (str(self.path) + "-wal", str(self.path)):
            try:
                fd = os.open(name, os.O_RDONLY | getattr(os, "O_BINARY", 0))
            except OSError:
                continue
            try:
                os.fsync(fd)
            except OSError:
                pass
            finally:
                os.close(fd)

    def close(self) -> None:
        """Close the database."""
        try:
            self._db.close()
        except sqlite3.Error:
            pass


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__

"""The tables' logs of moves: between two whole rows a move appends the engine's action to its
table's log, before anyone hears it; a crash resumes exactly where the whole row would have."""

from __future__ import annotations

import asyncio
import json
import sqlite3

from uno_cli.engine import state_io
from uno_cli.net.hub import SNAPSHOT_EVERY, Hub, Member, _replay
from uno_cli.net.store import SCHEMA_VERSION, MIGRATIONS, TableStore
from uno_cli.net.table import Clock
from tests.net.helpers import FAST


class Seat:
    """A JSON member answering its turn prompts with the first legal command, when asked to."""

    def __init__(self, name: str) -> None:
        self.prompts: list[dict] = []
        self.member = Member(name, self._write, json_lines=True, lang="en")

    def _write(self, line: str) -> None:
        obj = json.loads(line)
        if obj["type"] == "prompt" and obj["kind"] == "turn":
            self.prompts.append(obj)


def _hub(folder) -> Hub:
    # Fast game time (the pause before a deal, the bots' pace); nobody is ever too slow.
    hub = Hub(Clock(pace=2.0, race_window=2.0, away_timeout=1e6, scale=FAST, turn_limit=1e6), save_dir=folder,
              seed=3)
    hub.lang = "en"
    return hub


async def _table(hub: Hub, people: int = 4) -> list[Seat]:
    seats = [Seat(name) for name in ("Ana", "Bo", "Cy", "Di")[:people]]
    for seat in seats:
        hub.connect(seat.member)
    hub.line(seats[0].member, "create t players=4 hands=0 target=100000")
    for seat in seats[1:]:
        hub.line(seat.member, "join 1")
    hub.line(seats[0].member, "start")
    await asyncio.sleep(0)
    return seats


async def _move(hub: Hub, seats: list[Seat]) -> None:
    """The seat asked last answers its prompt; the change is committed (as before any line is written)."""
    for _ in range(500):  # a new hand is dealt after a pause
        if any(s.prompts for s in seats):
            break
        await asyncio.sleep(0.01)
    asked = max((s for s in seats if s.prompts), key=lambda s: s.prompts[-1]["id"])
    prompt = asked.prompts.pop()
    asked.prompts.clear()
    hub.line(asked.member, "#%d %s" % (prompt["id"], prompt["legal"][0]))
    hub.commit()


def _logged(folder) -> int:
    db = sqlite3.connect(str(folder / "tables.sqlite3"))
    try:
        return db.execute("SELECT count(*) FROM table_moves").fetchone()[0]
    finally:
        db.close()


def _stored(folder) -> tuple[dict, list[str]]:
    store = TableStore(folder / "tables.sqlite3")
    try:
        (number, text), = store.tables()
        return json.loads(text), store.moves().get(number, [])
    finally:
        store.close()


def test_a_move_appends_its_action_and_the_log_applied_gives_the_whole_row_at_every_move(tmp_path):
    folder = tmp_path / "tables"
    seen = []

    async def go():
        hub = _hub(folder)
        seats = await _table(hub)
        for _ in range(SNAPSHOT_EVERY + 30):
            await _move(hub, seats)
            row, moves = _stored(folder)
            live = json.loads(hub._row(1))
            # What resuming would start from, against the whole row the hub would write now.
            seen.append((len(moves), _replay(1, row["game"], moves) == live["game"], row["net"] == live["net"]))
        for table in hub.tables.values():
            table.close()
        hub.store.close()

    asyncio.run(go())
    counts = [n for n, _, _ in seen]
    assert all(same_game and same_net for _, same_game, same_net in seen)
    assert max(counts) <= SNAPSHOT_EVERY and counts.count(0) >= 2  # the log is used, and starts over
    assert sum(1 for n in counts if n > 0) > len(counts) // 2


def test_a_server_that_crashes_between_whole_rows_resumes_at_the_last_move(tmp_path):
    folder = tmp_path / "tables"

    async def go():
        hub = _hub(folder)
        seats = await _table(hub)
        for _ in range(23):
            await _move(hub, seats)
        logged = _logged(folder)
        live = state_io.to_dict(hub.tables[1].session.game)
        # The server dies here: nothing more is written. Another one resumes from the store.
        again = _hub(folder)
        resumed = again.resume()
        game = state_io.to_dict(again.tables[1].session.game)
        for hub_ in (hub, again):
            for table in hub_.tables.values():
                table.close()
            hub_.store.close()
        return logged, resumed, live, game

    logged, resumed, live, game = asyncio.run(go())
    assert logged > 0 and resumed == 1
    assert game == live


def test_a_table_with_bots_is_written_whole_at_every_move(tmp_path):
    folder = tmp_path / "tables"

    async def go():
        hub = _hub(folder)
        seats = await _table(hub, people=2)
        counts = []
        for _ in range(12):
            await _move(hub, seats)
            await asyncio.sleep(0.02)  # the bots move
            hub.commit()
            counts.append(_logged(folder))
        version = hub.tables[1].session.game.version
        for table in hub.tables.values():
            table.close()
        hub.store.close()
        return counts, version

    counts, version = asyncio.run(go())
    assert version > 12 and counts == [0] * 12


def test_a_log_with_a_move_that_cannot_be_read_or_applied_resumes_at_the_move_before_it(tmp_path):
    folder = tmp_path / "tables"

    async def go():
        hub = _hub(folder)
        seats = await _table(hub)
        for _ in range(6):
            await _move(hub, seats)
        for table in hub.tables.values():
            table.close()
        hub.store.close()

    asyncio.run(go())
    row, moves = _stored(folder)
    assert moves
    expected = _replay(1, row["game"], moves)
    db = sqlite3.connect(str(folder / "tables.sqlite3"))
    after = len(moves)
    for text in ('["play", 0, "r5\\u001b[2J", null, null]', "not json", '["format_disk", 0, null, null, null]',
                 '["play", 99, "r5", null, null]', '["draw", 0, null, null, null]'):
        db.execute("INSERT INTO table_moves VALUES (1, ?, ?)", (after, text))
        after += 1
    db.commit()
    db.close()

    async def resume():
        again = _hub(folder)
        assert again.resume() == 1
        game = state_io.to_dict(again.tables[1].session.game)
        for table in again.tables.values():
            table.close()
        again.store.close()
        return game

    game = asyncio.run(resume())
    assert {k: v for k, v in expected.items() if k not in ("names", "seats", "bots")} == game


def test_a_version_2_store_migrates_to_the_current_version_with_an_empty_log_and_keeps_its_tables(tmp_path):
    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(str(path))
    for version in (0, 1):
        for statement in MIGRATIONS[version]:
            db.execute(statement)
    db.execute("INSERT INTO tables VALUES (3, '{\"net\": {\"name\": \"friday\"}}')")
    db.execute("PRAGMA user_version=2")
    db.commit()
    db.close()
    store = TableStore(path)
    version = store.read("PRAGMA user_version")[0][0]
    assert (version, SCHEMA_VERSION) == (4, 4)
    assert store.tables() == [(3, '{"net": {"name": "friday"}}')] and store.moves() == {}
    store.write({}, {3: [(0, '["draw", 0, null, null, null]')]})
    store.write({3: '{"net": {"name": "friday"}}'})  # the whole row again: its log starts over
    assert store.moves() == {}
    store.close()


def test_a_version_3_log_of_moves_migrates_to_one_keyed_tree_keeping_every_move_in_order(tmp_path):
    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(str(path))
    for version in (0, 1, 2):
        for statement in MIGRATIONS[version]:
            db.execute(statement)
    db.execute("INSERT INTO tables VALUES (3, '{\"net\": {\"name\": \"friday\"}}')")
    # Written out of order: resuming reads them by (table, seq).
    for number, seq, action in ((3, 1, '["pass", 1, null, null, null]'), (3, 0, '["draw", 0, null, null, null]'),
                                (5, 0, '["draw", 2, null, null, null]')):
        db.execute("INSERT INTO table_moves VALUES (?, ?, ?)", (number, seq, action))
    db.execute("PRAGMA user_version=3")
    db.commit()
    db.close()
    store = TableStore(path)
    assert store.read("PRAGMA user_version")[0][0] == SCHEMA_VERSION == 4
    assert store.moves() == {3: ['["draw", 0, null, null, null]', '["pass", 1, null, null, null]'],
                             5: ['["draw", 2, null, null, null]']}
    # One B-tree keyed by (table, seq): no rowid tree beside the key's index to write at each move.
    sql = store.read("SELECT sql FROM sqlite_master WHERE name = 'table_moves'")[0][0]
    assert sql.endswith("WITHOUT ROWID")
    assert [name for (name,) in store.read("SELECT name FROM sqlite_master ORDER BY name")
            if name.startswith("table_moves")] == ["table_moves"]
    store.write({}, {3: [(2, '["draw", 2, null, null, null]')]})
    assert len(store.moves()[3]) == 3
    store.close()


def test_one_move_written_alone_is_kept_and_a_failed_one_is_a_store_error_that_changes_nothing(tmp_path):
    import pytest

    from uno_cli.net.store import StoreError

    store = TableStore(tmp_path / "tables.sqlite3")
    store.write({3: '{"net": {}}'})
    store.write({}, {3: [(0, '["draw", 0, null, null, null]')]})
    store.write({}, {3: [(1, '["pass", 0, null, null, null]')]})
    with pytest.raises(StoreError):
        store.write({}, {3: [(1, '["draw", 1, null, null, null]')]})  # that place in the log is taken
    assert store.moves() == {3: ['["draw", 0, null, null, null]', '["pass", 0, null, null, null]']}
    assert not store._db.in_transaction

"""A server's store tampered with between two runs: a row that no real table could have written is
left where it is (logged) and every other table comes back; nothing of it reaches a player raw."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from uno_cli.net.hub import STORE_NAME, Hub, Member


def _waiting_table(folder: Path) -> dict[str, Any]:
    """Ana's table "friday" for 3, waiting for its players, as the store keeps it."""
    hub = Hub(save_dir=folder, seed=3)
    ana = Member("Ana", [].append)
    hub.connect(ana)
    hub.line(ana, "create friday players=3")
    hub.close()
    with sqlite3.connect(str(folder / STORE_NAME)) as db:
        return json.loads(db.execute("SELECT data FROM tables WHERE number = 1").fetchone()[0])


def _tamper(folder: Path, number: int, data: dict[str, Any]) -> None:
    db = sqlite3.connect(str(folder / STORE_NAME))
    db.execute("INSERT OR REPLACE INTO tables (number, data) VALUES (?, ?)", (number, json.dumps(data)))
    db.commit()
    db.close()


@pytest.mark.parametrize("owners", [[], ["Ana"], ["Ana"] + [None] * 10, [None] * 100_000, "Ana",
                                    ["Ana", "Ana", None], ["Ana", "ana", None]],
                         ids=["none", "one", "eleven", "a-hundred-thousand", "text", "twice", "look-alike"])
def test_a_waiting_table_whose_seats_no_table_can_have_is_not_resumed_and_the_others_are(tmp_path, owners):
    data = _waiting_table(tmp_path)
    good = json.loads(json.dumps(data))
    data["net"]["owners"] = owners
    _tamper(tmp_path, 1, data)
    _tamper(tmp_path, 2, good)
    hub = Hub(save_dir=tmp_path, seed=3)
    resumed = hub.resume()
    out: list[str] = []
    ana = Member("Ana", out.append)
    hub.connect(ana)
    hub.line(ana, "start")  # at the good table 2, where her seat was kept
    kept = [n for (n,) in hub.store._db.execute("SELECT number FROM tables ORDER BY number")]
    hub.close()
    assert resumed == 1 and sorted(hub.tables) == [2]
    assert kept == [1, 2]  # the tampered row is left where it is, for the operator
    assert "Ana sits at table 2." in out


def _playing_table(folder: Path) -> dict[str, Any]:
    """Ana and Bo's table "friday", started, as the store keeps it."""
    hub = Hub(save_dir=folder, seed=3)
    ana, bo = Member("Ana", [].append), Member("Bo", [].append)
    for member in (ana, bo):
        hub.connect(member)
    hub.line(ana, "create friday players=2")
    hub.line(bo, "join 1")
    hub.line(ana, "start")
    hub.close()
    with sqlite3.connect(str(folder / STORE_NAME)) as db:
        return json.loads(db.execute("SELECT data FROM tables WHERE number = 1").fetchone()[0])


def test_a_link_planted_where_the_server_puts_a_table_it_resumes_is_never_written_through(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("mine\n", encoding="utf-8")
    folder = tmp_path / "tables"
    _playing_table(folder)
    (folder / ".resume-1.json").symlink_to(outside)
    again = Hub(save_dir=folder, seed=3)
    resumed = again.resume()
    again.close()
    assert resumed == 1
    assert outside.read_text(encoding="utf-8") == "mine\n"
    assert again.tables[1].name == "friday"  # its own name, not its game's passage through a file


@pytest.mark.parametrize("names", [None, [], ["Ana"], ["A"] * 11, "Ana"], ids=["missing", "none", "one", "eleven", "text"])
def test_a_playing_table_whose_game_has_no_seats_a_table_can_have_is_not_resumed_and_the_others_are(tmp_path, names):
    data = _playing_table(tmp_path)
    good = json.loads(json.dumps(data))
    game = next(v for v in data.values() if isinstance(v, dict) and "names" in v)
    if names is None:
        del game["names"]
    else:
        game["names"] = names
    _tamper(tmp_path, 1, data)
    _tamper(tmp_path, 2, good)
    hub = Hub(save_dir=tmp_path, seed=3)
    resumed = hub.resume()
    kept = [n for (n,) in hub.store._db.execute("SELECT number FROM tables ORDER BY number")]
    hub.close()
    assert resumed == 1 and sorted(hub.tables) == [2]
    assert kept == [1, 2]  # the tampered row is left where it is, for the operator

"""A change is narrated once per language for every seat it does not name, and an event's JSON line
once for every seat told the same of it: each member hears byte for byte what a narration of its
own seat gives."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from uno_cli.net import table as table_module
from uno_cli.net.hub import Hub, Member
from uno_cli.net.table import Clock
from uno_cli.play.wire import json_line
from tests.net.helpers import FAST


class _Seat:
    """A member whose lines are kept; a JSON one answers its turn prompts with a legal command."""

    def __init__(self, name: str, lang: str, json_lines: bool = True) -> None:
        self.lines: list[str] = []
        self.prompts: list[dict] = []
        self.member = Member(name, self._write, json_lines=json_lines, lang=lang)

    def _write(self, line: str) -> None:
        self.lines.append(line)
        if self.member.json:
            obj = json.loads(line)
            if obj["type"] == "prompt" and obj["kind"] == "turn":
                self.prompts.append(obj)


async def _play(preset: str, moves: int) -> list[list[str]]:
    hub = Hub(Clock(pace=2.0, race_window=2.0, away_timeout=1e6, scale=FAST, turn_limit=1e6), seed=11)
    hub.lang = "en"
    seats = [_Seat("Ana", "en"), _Seat("Bo", "pt"), _Seat("Cy", "en"), _Seat("Di", "sr_Cyrl")]
    watchers = [_Seat("Eve", "en", json_lines=False), _Seat("Flo", "ro")]
    for s in seats + watchers:
        hub.connect(s.member)
    hub.line(seats[0].member, f"create t players=4 preset={preset} hands=0 target=100000")
    for s in seats[1:]:
        hub.line(s.member, "join 1")
    for s in watchers:
        hub.line(s.member, "watch 1")
    hub.line(seats[0].member, "start")
    rng = random.Random(5)
    for _ in range(moves):
        for _wait in range(500):  # a new hand is dealt after a pause
            if any(s.prompts for s in seats):
                break
            await asyncio.sleep(0.01)
        asked = max((s for s in seats if s.prompts), key=lambda s: s.prompts[-1]["id"])
        prompt = asked.prompts[-1]
        for s in seats:
            s.prompts.clear()
        hub.line(asked.member, "#%d %s" % (prompt["id"], rng.choice(prompt["legal"])))
    hub.close()
    return [s.lines for s in seats + watchers]


@pytest.mark.parametrize("preset", ["classic", "playroom_all"])
def test_every_member_hears_what_a_narration_of_its_own_seat_gives(monkeypatch, preset):
    shared = asyncio.run(_play(preset, 300))
    # The reference: every seat narrated for itself, every line made for itself.
    monkeypatch.setattr(table_module, "_named", lambda events, current: None)
    monkeypatch.setattr(table_module, "_event_line", lambda message, cache: json_line(message.type, message.text,
                                                                                     message.data))
    alone = asyncio.run(_play(preset, 300))
    assert [len(lines) for lines in shared] == [len(lines) for lines in alone]
    assert all(len(lines) > 300 for lines in shared[:4])
    assert shared == alone


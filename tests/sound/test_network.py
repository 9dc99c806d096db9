"""Sound at a table server: the frames say whose seat and how many, uno join sounds them, a plain terminal may ring."""

from __future__ import annotations

import json
from types import SimpleNamespace

from tests.schema_subset import errors, load_schema
from uno_cli.interactive.announcer import Announcer
from uno_cli.net.client import _Remote
from uno_cli.net.hub import Member
from uno_cli.sound import Sound


def _seated(member: Member, seat: int, players: int) -> Member:
    member.table = SimpleNamespace(session=SimpleNamespace(game=SimpleNamespace(players=players)))  # type: ignore[assignment]
    member.seat = seat
    return member


def test_uno_keys_frames_carry_the_event_kind_the_players_seat_and_the_table_size() -> None:
    lines: list[str] = []
    member = _seated(Member("Ana", lines.append, frames=True), seat=2, players=4)
    member.send("play", "Bo plays a red 5.", {"type": "play", "seat": 2, "card": "r5", "how": "turn", "left": 4})
    frame = json.loads(lines[0])
    assert (frame["type"], frame["you"], frame["players"], frame["card"]) == ("play", 3, 4, "r5")
    member.send("color_chosen", "Bo names green.", {"type": "color_chosen", "seat": 2, "color": "g"})
    frame = json.loads(lines[1])
    assert frame["named_color"] == "g" and frame["color"] is False  # ``color`` stays the colour-question flag
    schema = load_schema()
    for line in lines:
        assert errors(json.loads(line), schema["$defs"]["keys_frame"], schema) == []


def test_a_member_in_the_lobby_gets_no_seat_in_its_frames() -> None:
    lines: list[str] = []
    Member("Ana", lines.append, frames=True).send("info", "Welcome.", {})
    assert "you" not in json.loads(lines[0])


def test_a_plain_terminal_that_asked_for_the_bell_hears_it_on_its_own_turn_only() -> None:
    lines: list[str] = []
    member = _seated(Member("Ana", lines.append), seat=0, players=3)
    member.bell = True
    member.send("turn", "Your turn.", {"type": "turn", "seat": 1})
    member.send("turn", "Bo's turn.", {"type": "turn", "seat": 2})
    member.send("play", "You play a red 5.", {"type": "play", "seat": 1, "card": "r5"})
    assert lines == ["\aYour turn.", "Bo's turn.", "You play a red 5."]


def test_no_bell_unless_asked() -> None:
    lines: list[str] = []
    member = _seated(Member("Ana", lines.append), seat=0, players=3)
    member.send("turn", "Your turn.", {"type": "turn", "seat": 1})
    assert lines == ["Your turn."]


class _Recorder(Sound):
    """A Sound that notes what it would play (the real device is tested in test_playback)."""

    def __init__(self) -> None:
        super().__init__(viewer=None)
        self.available = True
        self.played: list[tuple[str, int | None, float]] = []

    def play(self, name: str, seat: int | None = None) -> None:
        from uno_cli.sound import cues

        self.played.append((name, seat, cues.pan(seat, self.viewer, self.players)))


def test_uno_join_sounds_the_frames_it_hears_placed_by_the_seat_the_server_names() -> None:
    announcer = Announcer([].append)
    sound = announcer.sound = _Recorder()
    remote = _Remote(process=None, announcer=announcer)
    frame = {"type": "play", "seat": 4, "card": "w+4", "how": "turn", "color": "b", "you": 3, "players": 4,
             "text": "Dee plays a Wild Draw Four.", "important": False, "reply": False, "keys": True}
    remote.heard(json.dumps(frame))
    remote.heard(json.dumps({"type": "color_chosen", "seat": 4, "named_color": "b", "color": False,
                             "you": 3, "players": 4, "text": "Dee names blue."}))
    remote.heard(json.dumps({"type": "turn", "seat": 3, "you": 3, "players": 4, "text": "Your turn."}))
    remote.heard("not json")
    assert sound.played == [("play_wild4", 4, -1.0), ("color_b", 4, -1.0), ("your_turn", None, 0.0)]  # the next seat: on the left

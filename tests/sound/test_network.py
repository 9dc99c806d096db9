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


def test_uno_join_plays_the_tables_events_through_the_null_device(tmp_path) -> None:
    """A real server, the uno-keys channel, uno join's frame reader and the real playback path."""
    import asyncio

    import pytest

    pytest.importorskip("miniaudio")
    from tests.net.helpers import PASSCODE, open_server
    from uno_cli.net.client import KnownHosts, _receive, connect
    from uno_cli.net.ssh import KEYS_CHANNEL

    announcer = Announcer([].append)
    sound = Sound(viewer=None)
    assert sound.open(null=True) is None
    announcer.sound = sound

    def names() -> list[str]:
        return [name for name, _asked, _start in sound.mixer.started]

    async def until(predicate, timeout: float = 20.0) -> None:
        end = asyncio.get_running_loop().time() + timeout
        while not predicate():
            assert asyncio.get_running_loop().time() < end, names()
            await asyncio.sleep(0.02)

    async def go() -> None:
        server, hub, port = await open_server(tmp_path / "server", turn_limit=1e9)
        conn, process = await connect("127.0.0.1", port, "Ana", PASSCODE, None, KnownHosts(tmp_path / "known"),
                                      lambda *a, **k: None, "en", KEYS_CHANNEL)
        remote = _Remote(process, announcer)
        reading = asyncio.create_task(_receive(process, remote, False))
        try:
            remote.typed("create t players=2 hands=1")
            remote.typed("start")
            await until(lambda: 1 in hub.tables and hub.tables[1].session is not None)
            game = hub.tables[1].session.game
            await until(lambda: game.current == 0 and "your_turn" in names())
            remote.key("space")  # draw a card
            await until(lambda: any(n.startswith("draw:") for n in names()))
        finally:
            reading.cancel()
            conn.close()
            server.close()

    try:
        asyncio.run(go())
    finally:
        sound.close()
    assert sound.viewer == 1 and sound.players == 2  # learnt from the frames
    assert "your_turn" in names() and "draw:1" in names()


def test_a_plain_ssh_session_with_uno_bell_rings_on_its_own_turn(tmp_path) -> None:
    """``ssh -o SetEnv=UNO_BELL=1``: the line of the player's turn starts with the bell, no other line does."""
    import asyncio

    import asyncssh

    from tests.net.helpers import PASSCODE, Client, open_server

    async def go() -> list[str]:
        server, hub, port = await open_server(tmp_path / "server", turn_limit=1e9)
        conn = await asyncssh.connect("127.0.0.1", port, username="Ana", password=PASSCODE, known_hosts=None,
                                      client_keys=None, agent_path=None, config=None)
        try:
            process = await conn.create_process(env={"UNO_BELL": "1"})  # no terminal: plain lines
            client = Client(conn, process, json_lines=False)
            await client.read_until(lambda line: "Welcome" in line)
            client.send("create t players=2 hands=1")
            client.send("start")
            await client.read_until(lambda line: "Your turn" in line)
            return client.lines
        finally:
            conn.close()
            server.close()

    lines = asyncio.run(go())
    rung = [line for line in lines if "\a" in line]
    # The turn is its own line, or a sentence folded into the line of the change before it.
    assert rung and all(line.startswith("\a") and line.endswith("Your turn.") for line in rung)

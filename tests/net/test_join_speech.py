"""``uno join`` heard through a real Speech Dispatcher: a network table's folded lines, each said once."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pexpect

from tests.net.helpers import beside_a_server, join_in_terminal
from tests.speechd_fixture import SpeechDaemon

#: Never a bot's move for the player who thinks (the tests' clock is fast).
NO_LIMIT = 1e9
#: Seconds without a new message to the daemon: the player has heard everything and acts.
QUIET = 1.0


def _heard_all(daemon: SpeechDaemon, timeout: float = 60.0) -> list[str]:
    """Wait until the daemon has been told nothing new for :data:`QUIET` seconds; every message so far."""
    end = time.monotonic() + timeout
    said = daemon.messages()
    still = time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.1)
        now = daemon.messages()
        if now != said:
            said, still = now, time.monotonic()
        elif time.monotonic() - still >= QUIET:
            return said
    raise AssertionError("the speech never went quiet:\n" + "\n".join(said[-20:]))


def _press(child: Any, daemon: SpeechDaemon, key: str) -> list[str]:
    """Press ``key`` once everything was heard; the messages spoken after it, once quiet again."""
    before = len(_heard_all(daemon))
    child.send(key)
    return _heard_all(daemon)[before:]


def _your_turn(messages: list[str]) -> bool:
    """Whether the player's turn was said, alone ("Your turn.") or folded into a move's line."""
    return any("your turn" in m.lower() for m in messages)


def _play_by_ear(child: Any, daemon: SpeechDaemon, turns: int) -> int:
    """Take up to ``turns`` turns acting only on what was spoken; the number taken."""
    taken = 0
    said = _heard_all(daemon)
    while taken < turns and _your_turn(said[-3:]):
        answer = _press(child, daemon, "z")  # the next card that can be played, or that none can
        if any("playable" in m for m in answer):
            after = _press(child, daemon, "\r")
            if any(m.startswith("Choose a colour") for m in after):
                after = _press(child, daemon, "r")
        else:
            after = _press(child, daemon, " ")  # draw
            if any("You can play it" in m for m in after):
                after = _press(child, daemon, "\r")
                if any(m.startswith("Choose a colour") for m in after):
                    after = _press(child, daemon, "r")
        taken += 1
        said = after
        if any("wins" in m for m in after):
            break
    return taken


def test_uno_join_speaks_each_moves_folded_line_once_and_the_players_turn(tmp_path, speech_daemon):
    home = tmp_path / "home"
    home.mkdir()
    frames: list[dict[str, Any]] = []

    def drive(port: int, hub: Any) -> int:
        child = join_in_terminal(home, port, "--speech", "on", "--lang", "en", "--sound", "off", timeout=30)
        try:
            child.expect("Welcome, Ana")
            member = hub.members["Ana"]
            sent = member.write

            def write(line: str) -> None:  # every frame the server sends this player, as it goes
                frames.append(json.loads(line))
                sent(line)

            member.write = write
            _heard_all(speech_daemon)
            child.send("create t players=2 hands=1\r")
            child.expect("Ana sits at table 1")
            _heard_all(speech_daemon)
            child.send("start\r")
            child.expect("Your turn", timeout=60)
            taken = _play_by_ear(child, speech_daemon, turns=4)
            _heard_all(speech_daemon)
            child.send("\x04")  # Ctrl+D on the empty line: the session ends
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        return taken

    taken = beside_a_server(tmp_path / "server", drive, turn_limit=NO_LIMIT)
    spoken = speech_daemon.messages()
    assert taken >= 2, spoken
    assert all(m.strip() for m in spoken), spoken  # no empty message
    # The player pressed keys only once everything was heard: nothing was cut, so nothing is said again.
    assert not [m for m in spoken if m.startswith("Meanwhile")], spoken
    start = next(i for i, f in enumerate(frames) if f["type"] == "match_start")
    lines = [f["text"] for f in frames[start:] if f.get("text")]
    folded = [f for f in frames[start:] if f.get("text") == ""]
    assert folded, "no line was folded into the one before it"  # the check below covers folded lines
    # Each line the server sent (a move with what it does folded in, an answer) was spoken once, in order:
    # never twice, never dropped; a folded line's empty frame says nothing of its own.
    heard = Counter(spoken)
    assert {t: heard[t] for t in set(lines)} == Counter(lines), "\n".join(spoken)
    position = 0
    for text in lines:
        position = spoken.index(text, position) + 1
    # Each of the player's turns was heard, said alone or folded into the move before it.
    assert sum("your turn" in m.lower() for m in spoken) >= taken

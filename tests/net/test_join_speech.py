"""``uno join`` heard through a real Speech Dispatcher: a network table's folded lines, each said once."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pexpect

from tests.net.helpers import beside_a_server, join_in_terminal
from tests.speechd_fixture import SpeechDaemon

#: Never a bot's move for the player who thinks (the tests' clock is fast).
NO_LIMIT = 1e9


def _hear(daemon: SpeechDaemon, since: int, wanted: Callable[[str], bool], timeout: float = 60.0) -> list[str]:
    """Wait until a message after the first ``since`` is ``wanted``; the messages after ``since``."""
    end = time.monotonic() + timeout
    while True:
        said = daemon.messages()[since:]
        if any(wanted(m) for m in said):
            return said
        if time.monotonic() >= end:
            raise AssertionError("not heard; heard:\n" + "\n".join(said[-20:]))
        time.sleep(0.05)


def _press(child: Any, daemon: SpeechDaemon, key: str, until: Callable[[str], bool]) -> list[str]:
    """Press ``key`` once everything was heard; the messages spoken after it, up to one ``until`` wants."""
    before = len(daemon.heard_all())
    child.send(key)
    return _hear(daemon, before, until)


def _prompt(message: str) -> bool:
    """The player's prompt, said last when it is their turn: what a player waits for before acting."""
    return message.startswith("Your move:")


def _next(message: str) -> bool:
    """What the player waits for after acting: their next prompt, a question, or the end of the hand."""
    return _prompt(message) or message.startswith("Choose a colour") or " wins " in message


def _play_by_ear(child: Any, daemon: SpeechDaemon, turns: int) -> int:
    """Take up to ``turns`` turns, each once its prompt was heard, acting only on what was spoken; the number."""
    _hear(daemon, 0, _prompt)
    taken = 0
    while taken < turns:
        answer = _press(child, daemon, "z", lambda m: True)  # the next card that can be played, or that none can
        if any("playable" in m for m in answer):
            after = _press(child, daemon, "\r", _next)
            if any(m.startswith("Choose a colour") for m in after):
                after = _press(child, daemon, "r", lambda m: _prompt(m) or " wins " in m)
        else:
            after = _press(child, daemon, " ", _next)  # draw
        taken += 1
        if any(" wins " in m for m in after):
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
            _hear(speech_daemon, 0, lambda m: m.startswith("Welcome, Ana"))
            member = hub.members["Ana"]
            sent = member.write

            def write(line: str) -> None:  # every frame the server sends this player, as it goes
                frames.append(json.loads(line))
                sent(line)

            member.write = write
            speech_daemon.heard_all()
            child.send("create t players=2 hands=1\r")
            _hear(speech_daemon, 0, lambda m: m.startswith("Ana sits at table 1"))
            speech_daemon.heard_all()
            child.send("start\r")
            taken = _play_by_ear(child, speech_daemon, turns=4)
            speech_daemon.heard_all()
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

"""describe's kept lines (describe.Listener): each event's line made once per language and listener,
kept under what made it, and always the line describe makes."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pytest

from uno_cli.engine import PRESETS
from uno_cli.engine.events import Event
from uno_cli.play import narrator, script
from uno_cli.play.playconfig import BOT, PlayConfig, SeatSpec
from uno_cli.words import describe as d
from uno_cli.words.describe import Listener, describe, forget_lines, listener
from uno_cli.words.i18n import use_language

NAMES = ("Ana", "Bruno", "Carla", "Dario")


def kept_count() -> int:
    return listener(None, NAMES)._kept.count


@pytest.fixture(autouse=True)
def _nothing_kept() -> Any:
    forget_lines()
    yield
    forget_lines()


def game_events(preset: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    """Every event an all-bot game of ``preset`` says, in order."""
    seen: list[Event] = []
    say = narrator.Narrator.say

    def record(self: narrator.Narrator, events: list[Event]) -> None:
        seen.extend(events)
        say(self, events)

    with monkeypatch.context() as m:
        m.setattr(narrator.Narrator, "say", record)
        config = PlayConfig(players=4, seats=[SeatSpec(BOT, "random")] * 4, options=replace(PRESETS[preset], hands=1),
                            preset=preset, seed=seed)
        assert script.run(config, io.BytesIO(b""), io.BytesIO()) == 0
    return seen


@pytest.fixture(scope="module")
def events() -> list[Event]:
    """The events of a game of every preset (each way of playing, drawing, jumping in, swapping)."""
    mp = pytest.MonkeyPatch()
    try:
        return [ev for preset in sorted(PRESETS) for seed in (3, 4) for ev in game_events(preset, seed, mp)]
    finally:
        mp.undo()


@pytest.mark.parametrize("language", ["en", "pt", "sr_Cyrl"])
def test_a_kept_line_is_the_line_describe_makes_for_every_event_of_a_game_of_every_preset(
        events: list[Event], language: str) -> None:
    with use_language(language):
        for viewer in (None, 0, 2):
            for names in (NAMES, ("Mia", "Bruno", "", "Dario")):
                hears = listener(viewer, names)
                for _ in range(2):  # made, then kept
                    for ev in events:
                        assert hears.line(ev) == describe(ev, viewer, names), (ev, viewer, names)


def test_events_differing_in_anything_their_line_depends_on_never_share_a_line() -> None:
    play = Event("play", 1, {"card": "r5", "how": "turn", "left": 4})
    base = listener(None, NAMES).line(play)
    assert base == "Bruno plays red 5."
    others = {
        "card": (Event("play", 1, {"card": "r6", "how": "turn", "left": 4}), None, NAMES, "en"),
        "way of playing": (Event("play", 1, {"card": "r5", "how": "jump_in", "left": 4}), None, NAMES, "en"),
        "seat": (Event("play", 2, {"card": "r5", "how": "turn", "left": 4}), None, NAMES, "en"),
        "type": (Event("card_returned", 1, {"card": "r5", "how": "turn", "left": 4}), None, NAMES, "en"),
        "listener's own seat": (play, 1, NAMES, "en"),
        "names": (play, None, ("Ana", "Bea", "Carla", "Dario"), "en"),
        "language": (play, None, NAMES, "pt"),
    }
    lines = {base}
    for what, (ev, viewer, names, language) in others.items():
        with use_language(language):
            line = listener(viewer, names).line(ev)
            assert line == describe(ev, viewer, names), what
        assert line not in lines, what
        lines.add(line)
    # And the first line is still kept as it was.
    assert listener(None, NAMES).line(play) == base


def test_the_same_inputs_give_the_same_line_kept_once() -> None:
    hears = listener(None, NAMES)
    first = hears.line(Event("draw", 2, {"count": 2, "left": 7, "reason": "draw_two"}))
    count = kept_count()
    # Another event with the same fields, and one differing only in a field the sentence does not read.
    again = hears.line(Event("draw", 2, {"count": 2, "left": 7, "reason": "draw_two"}))
    other_left = hears.line(Event("draw", 2, {"count": 2, "left": 3, "reason": "draw_two"}))
    assert first == "Carla draws 2 cards."
    assert again is first and other_left is first
    assert kept_count() == count
    assert hears.line(Event("draw", 2, {"count": 3, "left": 3, "reason": "draw_two"})) == "Carla draws 3 cards."


def test_a_way_of_playing_that_reads_fewer_fields_is_kept_apart() -> None:
    hears = listener(0, NAMES)
    # A Beep's sentence reads no card; a card played after it still names its card.
    assert hears.line(Event("play", 1, {"card": "beep", "how": "beep"})) == "Bruno plays a Beep!"
    assert hears.line(Event("play", 1, {"card": "g7", "how": "turn"})) == "Bruno plays green 7."
    assert hears.line(Event("play", 1, {"card": "y7", "how": "beep"})) == "Bruno plays a Beep!"
    assert hears.line(Event("play", 0, {"card": "y7", "how": "turn"})) == "You play yellow 7."


def test_a_line_with_the_listeners_own_secret_is_made_each_time_never_kept() -> None:
    hears = listener(1, NAMES)
    drawn = Event("draw", 1, {"count": 1, "left": 5, "reason": "turn"}, {"cards": ["b3"]})
    assert hears.line(drawn) == "You draw blue 3."
    assert kept_count() == 0
    # The same event told to another seat says no card, and is kept.
    assert listener(2, NAMES).line(drawn) == "Bruno draws a card."
    assert listener(2, NAMES).line(Event("draw", 1, {"count": 1, "left": 5, "reason": "turn"}, {"cards": ["g9"]})) \
        == "Bruno draws a card."
    assert hears.line(Event("draw", 1, {"count": 1, "left": 5, "reason": "turn"}, {"cards": ["g9"]})) \
        == "You draw green 9."


def test_a_sentence_using_the_fields_otherwise_than_by_reading_one_is_made_each_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def every_field(e: Any, fields: Any, you: bool, p: str, v: Any, names: Any, s: Any) -> str:
        return p + ": " + ", ".join(sorted(fields)) + "."

    monkeypatch.setitem(d._DESCRIBERS, "uno", every_field)
    hears = listener(None, NAMES)
    assert hears.line(Event("uno", 0, {"a": 1})) == "Ana: a."
    assert hears.line(Event("uno", 0, {"a": 1, "b": 2})) == "Ana: a, b."
    assert kept_count() == 0


def test_a_field_absent_or_a_value_that_cannot_be_a_key_is_made_each_time() -> None:
    hears = listener(None, NAMES)
    # A tie reads a list of seats: not a key.
    assert hears.line(Event("dealer_tie", None, {"seats": [0, 1]})) == "A tie between Ana and Bruno: they draw again."
    assert hears.line(Event("dealer_tie", None, {"seats": [2, 3]})) == "A tie between Carla and Dario: they draw again."
    # A missed jump-in without "wrong": a field read that the event does not have.
    missed = Event("missed_jump_in", 3, {"points": 2})
    assert hears.line(missed) == describe(missed, None, NAMES)
    assert kept_count() == 0


def test_kept_lines_are_bounded_and_forgotten_all_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(d, "KEPT_LINES", 3)
    hears = listener(None, NAMES)
    for n in range(1, 8):
        assert hears.line(Event("draw", 0, {"count": n})) == describe(Event("draw", 0, {"count": n}), None, NAMES)
        assert kept_count() <= 3
    assert hears.line(Event("draw", 0, {"count": 1})) == "Ana draws a card."


def held(hears: Listener) -> int:
    """The lines ``hears`` holds."""
    return sum(len(by_seat) for ways in hears._ways.values() for way in ways for by_seat in way[2].values())


def test_the_bound_holds_for_every_listener_of_a_language_together(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(d, "KEPT_LINES", 3)
    onlooker, seat = listener(None, NAMES), listener(0, NAMES)
    for n in range(1, 4):
        onlooker.line(Event("draw", 1, {"count": n}))
    assert held(onlooker) == 3
    seat.line(Event("draw", 1, {"count": 9}))  # a fourth line, kept by another listener: all are forgotten
    assert held(onlooker) + held(seat) <= 3
    assert onlooker.retired and seat.retired
    for n in range(1, 8):  # a retired listener still says every line, and keeps none
        assert onlooker.line(Event("draw", 1, {"count": n})) == describe(Event("draw", 1, {"count": n}), None, NAMES)
    assert held(onlooker) == 0
    fresh = listener(None, NAMES)
    assert fresh is not onlooker and not fresh.retired
    fresh.line(Event("draw", 1, {"count": 2}))
    assert held(fresh) == 1


def test_a_narration_says_the_same_bytes_while_its_lines_are_forgotten_again_and_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def play() -> bytes:
        out = io.BytesIO()
        config = PlayConfig(players=4, seats=[SeatSpec(BOT, "random")] * 4,
                            options=replace(PRESETS["classic"], hands=1), preset="classic", seed=5)
        assert script.run(config, io.BytesIO(b""), out) == 0
        return out.getvalue()

    whole = play()
    forget_lines()
    monkeypatch.setattr(d, "KEPT_LINES", 4)  # forgotten many times in the game: the narrator asks anew
    assert play() == whole
    assert kept_count() <= 4


def test_forgotten_lines_leave_no_listener_keeping_lines() -> None:
    hears = listener(None, NAMES)
    hears.line(Event("draw", 1, {"count": 2}))
    forget_lines()
    assert hears.retired and held(hears) == 0
    hears.line(Event("draw", 1, {"count": 3}))
    assert held(hears) == 0


def test_a_listener_is_one_per_language_viewer_and_names() -> None:
    assert listener(None, list(NAMES)) is listener(None, NAMES)
    assert listener(0, NAMES) is not listener(None, NAMES)
    assert listener(None, NAMES[::-1]) is not listener(None, NAMES)
    with use_language("pt"):
        assert listener(None, NAMES) is not listener(None, NAMES[::-1])
        pt = listener(None, NAMES)
    assert pt is not listener(None, NAMES) and isinstance(pt, Listener)


def test_no_event_field_holds_a_flag_in_one_event_and_a_number_in_another(events: list[Event]) -> None:
    # Kept lines compare values as Python does (True == 1): a field must not mix the two.
    types: dict[tuple[str, str], set[type]] = {}
    for ev in events:
        for field, value in ev.data.items():
            types.setdefault((ev.type, field), set()).add(type(value))
    for key, found in types.items():
        assert not (bool in found and found & {int, float}), key
        assert not (int in found and float in found), key

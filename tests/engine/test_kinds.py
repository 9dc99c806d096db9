"""Action and event kinds are StrEnums: one list each, and still the plain strings saves carry."""

from __future__ import annotations

import json

from uno_cli.engine import Action, ActionKind, EventKind
from uno_cli.engine.actions import ALL_KINDS, PLAY
from uno_cli.engine.events import EVENT_FIELDS


def test_event_kinds_are_the_documented_event_fields():
    assert [str(k) for k in EventKind] == list(EVENT_FIELDS)


def test_every_action_kind_is_listed_once():
    assert ALL_KINDS == tuple(ActionKind) and len(set(ALL_KINDS)) == len(ALL_KINDS)


def test_a_kind_is_written_as_its_plain_string():
    action = Action(PLAY, 0, "r5")
    assert PLAY == "play" and f"{action.kind}" == "play" and str(action) == "play r5"
    assert json.dumps({"kind": action.kind, "type": EventKind.UNO}) == '{"kind": "play", "type": "uno"}'
    assert {"play": 1}[ActionKind.PLAY] == 1  # the same hash as the string

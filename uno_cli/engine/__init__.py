"""The rules engine: a pure library with no I/O and no text.

Build a :class:`Game`, call :meth:`Game.start`, then repeatedly pick an action from
:meth:`Game.legal_actions` and :meth:`Game.apply` it; every call returns the
:class:`Event` objects describing what changed. Between hands call
:meth:`Game.start_hand`. :data:`EVENT_FIELDS` names the fields of each event type;
``docs/engine.md`` describes events, actions and saves.
"""

from uno_cli.engine.actions import Action, ActionKind
from uno_cli.engine.cards import ALL_CODES, COLORS, new_deck
from uno_cli.engine.errors import EngineError, IllegalAction, InvalidOptions, InvalidSetup
from uno_cli.engine.events import EVENT_FIELDS, Event, EventFields, EventKind
from uno_cli.engine.game import IN_TURN_PHASES, LIVE_PHASES, Game, Phase, View, awaited_seats
from uno_cli.engine.options import PRESETS, RuleOptions, preset

__all__ = [
    "ALL_CODES",
    "COLORS",
    "Action",
    "ActionKind",
    "EVENT_FIELDS",
    "EngineError",
    "Event",
    "EventFields",
    "EventKind",
    "Game",
    "IN_TURN_PHASES",
    "LIVE_PHASES",
    "Phase",
    "IllegalAction",
    "InvalidOptions",
    "InvalidSetup",
    "PRESETS",
    "RuleOptions",
    "View",
    "new_deck",
    "awaited_seats",
    "preset",
]

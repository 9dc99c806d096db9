"""The rules engine: a pure library with no I/O and no text.

Build a :class:`Game`, call :meth:`Game.start`, then repeatedly pick an action from
:meth:`Game.legal_actions` and :meth:`Game.apply` it; every call returns the
:class:`Event` objects describing what changed. Between hands call
:meth:`Game.start_hand`. See ``docs/engine.md`` for the event and save formats.
"""

from uno_cli.engine.actions import Action
from uno_cli.engine.cards import ALL_CODES, COLORS, new_deck
from uno_cli.engine.errors import EngineError, IllegalAction, InvalidOptions, InvalidSetup
from uno_cli.engine.events import Event
from uno_cli.engine.game import IN_TURN_PHASES, LIVE_PHASES, Game, Phase, View
from uno_cli.engine.options import PRESETS, RuleOptions, preset

__all__ = [
    "ALL_CODES",
    "COLORS",
    "Action",
    "EngineError",
    "Event",
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
    "preset",
]

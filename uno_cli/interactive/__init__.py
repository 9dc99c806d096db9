"""The interactive game: a keyboard-only UNO that prints and speaks every change.

Every message is a plain line printed above a short, stable prompt (never a full-screen
layout, toolbar or right prompt) and, when speech is on, sent to the screen reader.
While the input line is empty single keys act at once (F1 lists them); any other text,
or a line starting with a slash, is a typed command. On a terminal prompt_toolkit cannot
drive (``TERM=dumb``) a plain line-reading loop takes the same commands.

Bots act on the event loop after a pace the player sets; races (jump-ins, catches, Beep
answers, sequences) are timers (:mod:`.races`): each bot's reaction is scheduled after its
level's delay, and the player's key press is applied the moment it arrives. The game is
saved after every action (uno_cli.play.autosave) and offered for resumption on the next start.

Modules: :mod:`.announcer` (output), :mod:`.controller` (game actions, the match loop),
:mod:`.screens` (modal screens and :class:`Mode`), :mod:`.races` (bot timing),
:mod:`.bindings` (prompt_toolkit keys), :mod:`.setup` (the match from the settings),
:mod:`.app` (running it), :mod:`.words` (the interface's own sentences).
"""

from __future__ import annotations

from uno_cli.interactive.announcer import Announcer
from uno_cli.interactive.app import run, run_plain, run_prompt, welcome
from uno_cli.interactive.controller import Controller, build_controller
from uno_cli.interactive.screens import Mode, parse_color
from uno_cli.interactive.setup import PLAYER_SEAT, merge_settings

__all__ = [
    "PLAYER_SEAT", "Announcer", "Controller", "Mode", "build_controller", "merge_settings", "parse_color",
    "run", "run_plain", "run_prompt", "welcome",
]

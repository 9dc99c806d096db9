"""Every type a message of the game carries: the one place they are spelled.

A narrated event's message has the event's kind (the engine's ``EventKind`` values, taken
here as plain strings: a module constant is read faster than an Enum member, in the loop of
every message); the narration, the session and the queries add their own types. They are
the ``type`` of the ``uno-json`` objects and ``uno-keys`` frames (docs/protocol.md, checked
against these sets by tests/test_protocol_doc.py). Compare a message's type with these
names, never with the string (tests/test_layers.py finds a new one).
"""

from __future__ import annotations

from typing import Final

from uno_cli.engine.events import EventKind

# ------------------------------------------------------------ the engine's events, by kind
MATCH_START: Final[str] = EventKind.MATCH_START.value  # the match begins: players and options
DEALER_DRAW: Final[str] = EventKind.DEALER_DRAW.value  # a card drawn to choose the dealer
DEALER_TIE: Final[str] = EventKind.DEALER_TIE.value  # tied dealer draws: they draw again
DEALER_CHOSEN: Final[str] = EventKind.DEALER_CHOSEN.value  # the dealer is chosen
HAND_START: Final[str] = EventKind.HAND_START.value  # a hand begins
DEAL: Final[str] = EventKind.DEAL.value  # the dealer deals
HAND_DEALT: Final[str] = EventKind.HAND_DEALT.value  # a seat's cards are dealt
FIRST_CARD: Final[str] = EventKind.FIRST_CARD.value  # the card that starts the discard pile
FIRST_CARD_RETURNED: Final[str] = EventKind.FIRST_CARD_RETURNED.value  # a first Wild Draw Four goes back
TURN: Final[str] = EventKind.TURN.value  # a seat's turn
PLAY: Final[str] = EventKind.PLAY.value  # a card played
COLOR_CHOSEN: Final[str] = EventKind.COLOR_CHOSEN.value  # a wild's colour (also the narration's line after a play naming it)
DRAW: Final[str] = EventKind.DRAW.value  # cards drawn, by choice or as a penalty
CANNOT_DRAW: Final[str] = EventKind.CANNOT_DRAW.value  # both piles are empty
PLAYABLE_DRAWN: Final[str] = EventKind.PLAYABLE_DRAWN.value  # the card drawn may be played
PASS: Final[str] = EventKind.PASS.value  # the drawn card is kept
CANNOT_PLAY: Final[str] = EventKind.CANNOT_PLAY.value  # the drawn card cannot be played
SKIP: Final[str] = EventKind.SKIP.value  # a seat loses its turn
REVERSE: Final[str] = EventKind.REVERSE.value  # the direction of play changes
PENDING: Final[str] = EventKind.PENDING.value  # a draw penalty waits for a seat's answer
UNO: Final[str] = EventKind.UNO.value  # a seat says UNO
CAUGHT: Final[str] = EventKind.CAUGHT.value  # a seat caught without saying UNO
FALSE_UNO: Final[str] = EventKind.FALSE_UNO.value  # UNO said too soon
CHALLENGE: Final[str] = EventKind.CHALLENGE.value  # a Wild Draw Four is challenged
CHALLENGE_RESULT: Final[str] = EventKind.CHALLENGE_RESULT.value  # the challenge's verdict
CARD_RETURNED: Final[str] = EventKind.CARD_RETURNED.value  # a bluffed Wild Draw Four goes back
RESHUFFLE: Final[str] = EventKind.RESHUFFLE.value  # the discard pile becomes the draw pile
MISSED_JUMP_IN: Final[str] = EventKind.MISSED_JUMP_IN.value  # a jump-in that came too late or matched nothing
SWAP: Final[str] = EventKind.SWAP.value  # two seats swap hands (a seven)
ROTATE: Final[str] = EventKind.ROTATE.value  # every hand passes on (a zero)
BEEP_RACE: Final[str] = EventKind.BEEP_RACE.value  # a Beep: seats must answer
BEEP_ANSWER: Final[str] = EventKind.BEEP_ANSWER.value  # a seat answers the Beep
BEEP_SLOWEST: Final[str] = EventKind.BEEP_SLOWEST.value  # the slowest to answer draws
HAND_END: Final[str] = EventKind.HAND_END.value  # a hand is won (or blocked)
ELIMINATED: Final[str] = EventKind.ELIMINATED.value  # a seat is out of the match
MATCH_END: Final[str] = EventKind.MATCH_END.value  # the match is over

# ------------------------------------------------------------ the narration's own lines
HAND = "hand"  # a seat's cards in a line of their own (after a deal, on resuming, the hand query)
DRAWN_CARDS = "drawn_cards"  # the cards of a long draw, in a line of their own
REVEALED = "revealed"  # a challenged hand, shown to the challenger
RULES_SUMMARY = "rules_summary"  # the rules in one line, after match_start
POINTS = "points"  # a seat's points after a hand
SCORES = "scores"  # the scores after a hand (and the scores query)
GAME_OVER = "game_over"  # the last line of a finished game

# ------------------------------------------------------------ the session's own objects
HELLO = "hello"  # the first line of uno-json
PROMPT = "prompt"  # the state and the commands legal now
CHOOSE = "choose"  # the first line of a two-line play was accepted: the question that follows
ERROR = "error"  # a refused line or move; nothing changed
INFO = "info"  # a notice (a game resumed, a program replaced; the server's codes)
STATUS = "status"  # where the game stands (on resuming, and the status query)
SAVED = "saved"  # the save command wrote the game
INPUT_ENDED = "input_ended"  # script input ended first; the game was saved
QUIT = "quit"  # the quit command; the game was saved
ENDLESS = "endless"  # the referee's limit of moves; the game was saved

# ------------------------------------------------------------ the queries' answers
TOP = "top"  # the top card
IN_PLAY = "in_play"  # the colour in play
COUNTS = "counts"  # the cards each seat holds
DECK = "deck"  # the cards left in the draw pile
PENALTY = "penalty"  # the draw penalty waiting
WHOSE_TURN = "whose_turn"  # whose turn, and the phase
MOVES = "moves"  # every command a seat may send now
HELP = "help"  # the commands' help
RULES = "rules"  # the rule book

# ------------------------------------------------------------ the interfaces' own
ANSWER = "answer"  # uno-keys: the answer to a player's key or line
TIME_WARNING = "time_warning"  # the local game's cue: seconds left to answer (never sent)

# ------------------------------------------------------------ the community server's own
WELCOME = "welcome"  # the server's greeting after a login
LOBBY = "lobby"  # the lobby: what a player may do there
TABLES = "tables"  # the list of tables
WHO = "who"  # who is connected
JOINED = "joined"  # a player sat at or joined a table
LEFT = "left"  # a player left a table or the server
WATCHING = "watching"  # a player watches a table
CHAT = "chat"  # a chat line
INVITED = "invited"  # an invitation to a private table
REMOVED = "removed"  # a player taken off an unstarted table
ADDRESS = "address"  # the line to paste to a friend (uno join HOST:PORT SHA256:...)
REGISTERED = "registered"  # an account was made
KEYS = "keys"  # an account's keys
RATING = "rating"  # a rating after a rated match
BROADCAST = "broadcast"  # an operator's notice to everyone
SHUTDOWN = "shutdown"  # the server's restart notice, or its cancelling

#: The engine's event kinds.
EVENTS: Final = frozenset(kind.value for kind in EventKind)
#: The lines the narration adds to the events.
NARRATION: Final = frozenset({HAND, DRAWN_CARDS, REVEALED, RULES_SUMMARY, POINTS, SCORES, GAME_OVER})
#: The session's own objects.
SESSION: Final = frozenset({HELLO, PROMPT, CHOOSE, ERROR, INFO, STATUS, SAVED, INPUT_ENDED, QUIT, ENDLESS})
#: The queries' answers (some share a narration's type: hand, scores, status).
ANSWERS: Final = frozenset({TOP, IN_PLAY, COUNTS, DECK, PENALTY, WHOSE_TURN, MOVES, HELP, RULES, HAND, SCORES, STATUS})
#: Every type of a uno-json object (docs/protocol.md's "Events" and "Other objects").
JSON_TYPES: Final = EVENTS | NARRATION | SESSION | ANSWERS
#: The community server's own objects (docs/server.md), beside the game's.
SERVER: Final = frozenset({WELCOME, LOBBY, TABLES, WHO, JOINED, LEFT, WATCHING, CHAT, INVITED, REMOVED, ADDRESS, REGISTERED, KEYS, RATING, BROADCAST, SHUTDOWN})
#: Every type a message or cue carries.
ALL_TYPES: Final = JSON_TYPES | SERVER | {ANSWER, TIME_WARNING}

"""The local game's keys at a network table: one key layer per connection, on the member's seat.

A plain SSH session with a terminal (prompt_toolkit on the channel, see ``uno_cli.net.ssh``)
and ``uno join`` (key names sent over the ``uno-keys`` channel) both press keys here. A key
runs its verb of :data:`uno_cli.interactive.keys.GAME_KEYS` as the interactive game does: the hand
cursor is the same :class:`uno_cli.interactive.cursor.HandCursor` on the member's seat;
repeat and the history walk are the same :class:`uno_cli.interactive.announcer.Announcer`
over what this member was sent; the game's verbs and queries are the member's own lines to
the hub (one source of legality). A key that means nothing here says so.
"""

from __future__ import annotations

import time
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from uno_cli.play.commands import Asking, ask
from uno_cli.engine.actions import ActionKind
from uno_cli.engine.cards import WILD, WILD4
from uno_cli.engine.seats import Seat
from uno_cli.words import net as net_words
from uno_cli.words import messagetypes as mt
from uno_cli.words.i18n import _, key_name
from uno_cli.interactive.announcer import Announcer, Mute
from uno_cli.interactive.cursor import HandCursor
from uno_cli.interactive.screens import ColorScreen, Mode, parse_color

if TYPE_CHECKING:
    from uno_cli.net.hub import Hub, Member

#: Verbs of the local game that a network table does not have (the server's clock does not
#: pause, its menu and its save are the server's; speech is the joiner's own).
NOT_HERE = frozenset({"pause", "options", "save", "silence"})

#: What a watcher's keys do (public questions, the messages, the help): watchers hold no cards.
WATCHER_VERBS = frozenset({"top", "counts", "scores", "turn", "status", "repeat", "history_back", "history_forward",
                           "help", "rules"})
#: Seconds between letters pressed so quickly that they are the start of a word, not keys (see KeyRun).
TYPING_GAP = 0.6
#: Seconds between letters of a slower typist: such a run is the start of a word when it begins a command word.
SLOW_TYPING_GAP = 2.0


def is_key(name: str, watching: bool) -> bool:
    """Whether a key pressed on the empty line acts at a network table (else a letter begins a typed
    line, the local game's rule): the local game's keys that work here; a watcher's only their own."""
    from uno_cli.interactive.keys import GAME_KEYS

    if len(name) != 1:
        return True  # named keys (arrows, F1, Escape...) always answer
    return any(name in b.keys and b.verb not in NOT_HERE and (not watching or b.verb in WATCHER_VERBS)
               for b in GAME_KEYS)


class KeyRun:
    """Letters pressed as keys just before a letter that is no key: the start of the word being typed
    (``say``: S acted, then A begins the line "sa"). A quick run (letters :data:`TYPING_GAP` apart) is
    typing whatever it spells; a slower one (up to :data:`SLOW_TYPING_GAP` apart) only when, with the
    letter after it, it begins a command word ("sa" of "say", typed slowly)."""

    def __init__(self) -> None:
        #: The letters pressed as keys since anything else, each with when (a gap over SLOW_TYPING_GAP ends a run).
        self._letters: list[tuple[str, float]] = []

    def press(self, name: str) -> None:
        """A key on the empty line: a letter extends the run, anything else ends it."""
        now = time.monotonic()
        if len(name) != 1 or not name.isalpha():
            self._letters = []
            return
        if self._letters and now - self._letters[-1][1] > SLOW_TYPING_GAP:
            self._letters = []
        self._letters.append((name, now))

    def take(self, letter: str = "") -> str:
        """The letters just pressed that were typing (then the run is over), else "": the quick run's, or the
        longer slow run's that begins a command word with ``letter``, the first letter that is no key."""
        letters, self._letters = self._letters, []
        now = time.monotonic()
        quick = slow = ""
        for index in range(len(letters) - 1, -1, -1):  # from the last letter back
            gap = (letters[index + 1][1] if index + 1 < len(letters) else now) - letters[index][1]
            if gap > SLOW_TYPING_GAP:
                break
            run = "".join(name for name, _at in letters[index:])
            if gap <= TYPING_GAP and len(quick) == len(run) - 1:
                quick = run
            if begins_a_command(run + letter):
                slow = run
        return slow if len(slow) > len(quick) else quick

    def begin_typing(self, buffer: Any, letter: str) -> str:
        """``letter`` began a typed line in ``buffer`` (prompt_toolkit's, or None): the run goes in front of it;
        what was typed, for the rule's sentence."""
        run = self.take(letter) if letter.isalpha() else ""  # a slash or an apostrophe begins its own line
        if run and "CYRILLIC" in unicodedata.name(letter, ""):
            from uno_cli.interactive.keys import cyrillic_twin

            # The keys came from a Cyrillic layout (bound as their Latin twins): the word is typed in Cyrillic.
            run = "".join(cyrillic_twin(key) or key for key in run)
        if run and buffer is not None:
            from prompt_toolkit.document import Document

            text = run + buffer.text
            buffer.document = Document(text, len(text))
        return run + letter


def begins_a_command(letters: str) -> bool:
    """Whether ``letters`` (two or more) begin the first word of a command typed at a table or in the lobby,
    in any language ("sa": "say")."""
    from uno_cli.play.commands import normalize

    typed = normalize(letters)
    return len(typed) > 1 and any(word.startswith(typed) for word in _command_words())


@lru_cache(maxsize=1)
def _command_words() -> frozenset[str]:
    """The first words of the game's and the lobby's commands, in every language (normalized)."""
    from uno_cli.play.commands import lobby_words, verb_words

    return frozenset(phrase[0] for table in (verb_words(), lobby_words()) for phrase in table)


class SeatKeys:
    """One connection's keys and typed lines: the interactive game's verbs on its seat."""

    def __init__(self, hub: Hub, member: Member, speech_here: bool = False, keyed: bool = False) -> None:
        self.hub = hub
        self.member = member
        #: The joiner speaks with this program (``uno join``): Escape silences it there.
        self.speech_here = speech_here
        #: The connection has the local prompt (a terminal, or ``uno join``): during a match
        #: letters are keys there, so help names typed commands with their slash.
        self.keyed = keyed or speech_here
        self.cursor = HandCursor(Seat(0), self.playing_game, self.answer, lambda: member.verbosity == "full")
        self.out = Announcer(lambda text: member.send(mt.ANSWER, text, heard=False, reply=True), Mute())
        self._card: str | None = None
        self.colors = ColorScreen(_Chooser(self))  # type: ignore[arg-type]
        #: The terminal's input line (prompt_toolkit's buffer), when this connection has one.
        self.buffer: Any = None
        self.run_of_keys = KeyRun()
        member.keys = self

    # ------------------------------------------------------------------ state

    def playing_session(self) -> Any:
        """The session of the member's table while it is in play and the member is seated, else None."""
        from uno_cli.net.table import PLAYING

        table = self.member.table
        if table is None or table.session is None or table.state != PLAYING or self.member.seat is None:
            return None
        return table.session

    def playing_game(self) -> Any:
        """The game of the member's table while it is in play and the member is seated, else None."""
        session = self.playing_session()
        return session.game if session is not None else None

    @property
    def keys_on(self) -> bool:
        """Single keys act while this member is at a table in play; in the lobby every letter types."""
        from uno_cli.net.table import PLAYING

        table = self.member.table
        return table is not None and table.state == PLAYING

    @property
    def watching(self) -> bool:
        """At a table without a seat: no cards, so no card keys."""
        return self.member.table is not None and self.member.seat is None

    def takes_key(self, name: str) -> bool:
        """Whether ``name`` pressed on the empty line is a key here (else it begins a typed line)."""
        return bool(self.color_actions()) or is_key(name, self.watching)

    def typing_started(self, letter: str) -> None:
        """A letter that is no key began a typed line: said, as in the local game (one rule)."""
        from uno_cli.words import interactive as words

        typed = self.run_of_keys.begin_typing(self.buffer, letter)
        with self.member.language(), self.member.replying():
            self.answer(words.typing_started(typed))

    def line_cleared(self) -> None:
        """Escape emptied the typed line: said, as in the local game."""
        from uno_cli.words import interactive as words

        with self.member.language(), self.member.replying():
            self.answer(_(words.LINE_CLEARED))

    def color_actions(self) -> list[Any]:
        """The plays among which this seat chooses a colour now (its wild, or the colour phase); else none."""
        from uno_cli.engine.game import Phase

        session = self.playing_session()
        if session is None:
            return []
        g, seat = session.game, self.member.seat
        pend = session.partial.get(seat)
        if pend is not None and pend.card in (WILD, WILD4):
            return [a for a in g.legal_actions(seat) if a.kind == pend.kind and a.card == pend.card and a.color]
        if g.phase == Phase.CHOOSE_COLOR and g.current == seat:
            return [a for a in g.legal_actions(seat) if a.kind == ActionKind.COLOR]
        return []

    @property
    def mode(self) -> Mode:
        """Mode.COLOR while this seat chooses a colour (the colour keys work), else PLAY."""
        return Mode.COLOR if self.color_actions() else Mode.PLAY

    def heard(self, text: str) -> None:
        """A line this member was sent: kept for R, Page Up and Page Down."""
        self.out.record(text)

    def answer(self, text: str) -> None:
        """The answer to a key, to this member alone."""
        self.member.send(mt.ANSWER, text, reply=True)

    # ------------------------------------------------------------------ input

    def key(self, name: str) -> None:
        """One key pressed on an empty line (a prompt_toolkit key name, or the character)."""
        _guarded(self._key, name)

    def typed(self, text: str) -> None:
        """A typed line: the key verbs by their words (``next``, ``repeat``...), anything else to the hub."""
        _guarded(self._typed, text)

    def _key(self, name: str) -> None:
        member = self.member
        if member.gone:
            return
        from uno_cli.interactive.keys import GAME_KEYS

        self.run_of_keys.press(name)
        with member.language(), member.replying():
            if name == "c-c":
                self.answer(_(net_words.CTRL_C))
                return
            if name == "c-d":
                member.close()
                return
            actions = self.color_actions()
            if actions:
                # The local game's colour choice, on this seat.
                if self.colors.actions != actions:
                    self.colors.actions, self.colors.focus = actions, 0
                self.colors.key(name)
                return
            binding = next((b for b in GAME_KEYS if name in b.keys), None)
            if binding is None:
                from uno_cli.words import interactive as words

                self.answer(_(words.NO_SUCH_KEY))
                return
            if self.watching and binding.verb not in WATCHER_VERBS and binding.verb not in NOT_HERE:
                self.answer(_(net_words.KEY_WATCHING))
                return
            self.run(binding.verb)

    def _typed(self, text: str) -> None:
        member = self.member
        if member.gone:
            return
        from uno_cli.play.commands import parse

        self.run_of_keys.press("enter")
        with member.language(), member.replying():
            words = text.strip().lstrip("/").strip()
            verb = parse(words, None, None, member.lang).verb if words and len(words) <= 40 else None
            if verb in self._own_verbs():
                self.run(verb)  # type: ignore[arg-type]
                return
            actions = self.color_actions()
            color = parse_color(words) if actions else None
            if color is not None:
                # A colour's name alone answers the colour choice, as in the local game.
                self.colors.actions = actions
                self.colors.choose(color)
                return
            self.hub.line(member, words or text)

    # ------------------------------------------------------------------ verbs

    def _own_verbs(self) -> dict[str, Any]:
        c = self.cursor
        return {
            "prev_card": c.prev_card, "next_card": c.next_card, "first_card": c.first_card,
            "last_card": c.last_card, "next_playable": c.next_playable, "prev_playable": c.prev_playable,
            "sort_color": c.sort_by_color, "sort_number": c.sort_by_number, "play_focused": self.play_focused,
            "hand": lambda: self.answer(ask("hand", Asking(self.playing_session(), c.seat, hand=c.hand())).text),
            "repeat": self.out.repeat, "history_back": lambda: self.out.walk(-1),
            "history_forward": lambda: self.out.walk(1),
        }

    def run(self, verb: str) -> None:
        """What a key's verb does here."""
        from uno_cli.play.commands import label

        member = self.member
        if verb == "help":
            self.help()
            return
        if verb == "silence" and self.speech_here:
            return  # uno join silenced its own speech
        if verb in NOT_HERE:
            self.answer(_(net_words.KEY_NOT_HERE))
            return
        own = self._own_verbs()
        if verb in own:
            if verb not in ("repeat", "history_back", "history_forward") and self.playing_session() is None:
                from uno_cli.words import describe as d

                self.answer(net_words.not_at_table() if member.table is None else d.no_seat_text())
                return
            c = self.cursor
            c.seat = member.seat  # type: ignore[assignment]
            c.keep(self._card)
            own[verb]()
            self._card = c.focused()
            return
        # The game's verbs and queries: the member's own line, so the table decides as for a typed one.
        self.hub.line(member, label(verb))
        self.cursor.seat = member.seat if member.seat is not None else Seat(0)
        if self.playing_session() is not None:
            self.cursor.keep(self._card)
            self._card = self.cursor.focused()

    def play_focused(self) -> None:
        """Enter: play the focused card (the table asks for a colour or a seat as for a typed play)."""
        card = self.cursor.card_to_play()
        if card is not None:
            self.hub.line(self.member, f"play {card}")

    def help(self) -> None:
        """F1: the keys that work here with what can be typed instead, then the server's commands."""
        from uno_cli.play.commands import label
        from uno_cli.interactive.keys import GAME_KEYS, color_keys_help
        from uno_cli.net import words
        from uno_cli.words import interactive as interactive_words

        lines = [_(interactive_words.KEYS_HEADING)]
        watching = self.watching
        for binding in GAME_KEYS:
            if watching and binding.verb not in WATCHER_VERBS:
                continue  # a watcher holds no cards: only what a watcher can do
            if binding.verb == "silence" and self.speech_here:
                lines.append(interactive_words.key_line(key_name(binding.label), _(binding.help)))
            elif binding.verb not in NOT_HERE:
                slash = "/" if self.keyed else ""
                lines.append(net_words.key_or_typed(key_name(binding.label), slash + label(binding.verb), _(binding.help)))
        lines += [*([] if watching else [color_keys_help()]), words.server_help()]
        self.answer("\n".join(lines))


class _Chooser:
    """What the local game's colour choice (interactive.screens.ColorScreen) asks of its controller."""

    previous_mode = Mode.PLAY

    def __init__(self, keys: SeatKeys) -> None:
        self.keys = keys

    @property
    def mode(self) -> Mode:
        """The key layer's mode."""
        return self.keys.mode

    @mode.setter
    def mode(self, value: Mode) -> None:
        session = self.keys.playing_session()
        if value == Mode.PLAY and session is not None:
            session.partial.pop(self.keys.member.seat, None)  # the half-made play is given up

    @property
    def game(self) -> Any:
        """The game of the member's table."""
        return self.keys.playing_game()

    @property
    def table(self) -> Any:
        """The session of the member's table (its names)."""
        return self.keys.playing_session()

    def say(self, text: str, important: bool = False) -> None:
        """Said to the member."""
        self.keys.answer(text)

    answer = say

    def act(self, action: Any) -> None:
        """The chosen play, as the member's own line."""
        from uno_cli.play.commands import action_to_command

        session = self.keys.playing_session()
        self.keys.hub.line(self.keys.member, action_to_command(action, session.names if session else None))


def _guarded(handler: Any, arg: str) -> None:
    """Run a key or line; a bug is logged, never shown to the player nor ending the server."""
    try:
        handler(arg)
    except Exception:  # noqa: BLE001
        import logging

        logging.getLogger("uno_cli.net").exception("key or line %r", arg[:40])

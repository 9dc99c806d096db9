"""The prompt_toolkit session: a short stable prompt, the game keys bound on the empty line."""

from __future__ import annotations

from typing import Any, Protocol

PROMPT = "> "
#: Seconds the key bindings wait, after an Escape the terminal sent alone, for a key that would make it
#: an Alt key (prompt_toolkit's timeoutlen; its default, a second, would delay clearing a typed line).
ESCAPE_WAIT = 0.05


class KeyTarget(Protocol):
    """What the key bindings drive: the interactive game's controller, or ``uno join``'s link
    that sends every key and line to the server (uno_cli.net.client). It may also offer
    ``takes_key(name)``, ``typing_started()``, ``line_cleared()`` and ``escape_followed()``."""

    @property
    def keys_on(self) -> bool:
        """True while single keys act (on an empty line)."""

    @property
    def mode(self) -> Any:
        """The screen now (uno_cli.interactive.screens.Mode), or None."""

    def key(self, name: str) -> None:
        """A key pressed."""

    def typed(self, text: str) -> None:
        """A line typed and Enter pressed."""

#: Keys the screens use besides the game keys (questions, menus, the colour choice).
SCREEN_KEYS = frozenset({"up", "down", "escape", "y", "Y", "n", "N", "d", "D", "2", "3", "4", "q", "o", "O", "r", "g"})


def _key_follows(event: Any) -> bool:
    """True when another key is already waiting behind the one being handled (read in the same input)."""
    from prompt_toolkit.keys import Keys

    return any(press.key != Keys.CPRResponse for press in event.app.key_processor.input_queue)


def make_prompt_session(controller: KeyTarget, input: Any = None, output: Any = None) -> Any:
    """The prompt_toolkit session: a short stable prompt, keys bound on the empty line."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    from uno_cli.interactive.screens import Mode
    from uno_cli.interactive.keys import GAME_KEYS, color_letter_keys, cyrillic_keys, yes_no_letters

    kb = KeyBindings()
    holder: dict[str, Any] = {}

    @Condition
    def empty() -> bool:
        # Single keys act on an empty line while the controller takes them (a network session:
        # at a table in play; in the lobby every letter types).
        session = holder.get("session")
        return (session is None or not session.default_buffer.text) and controller.keys_on

    def bind(key: str, name: str) -> None:
        takes = getattr(controller, "takes_key", None)  # a network table: only the keys that act there

        @kb.add(key, filter=empty & Condition(lambda: takes is None or takes(name)), eager=True)
        def _(event: Any) -> None:
            if name == "escape" and _key_follows(event):
                # A terminal sends Alt+letter as Escape then the letter, at once: Escape says nothing
                # of its own ("Nothing to stop" cut at once by the letter's answer), as for a key
                # pressed right after it.
                followed = getattr(controller, "escape_followed", None)
                if followed is not None:
                    followed()
                    return
            controller.key(name)

    names: set[str] = set(SCREEN_KEYS) | yes_no_letters()
    for binding in GAME_KEYS:
        names.update(binding.keys)
    # A Cyrillic keyboard layout types Х on the H key: the same key, in every language.
    twins = cyrillic_keys(names)
    for name in sorted(names - {"enter"} - set(twins)):
        bind(name, name)
    for letter, name in sorted(twins.items()):
        bind(letter, name)

    @Condition
    def choosing_color() -> bool:
        return controller.mode == Mode.COLOR

    # The colour choice's own letters ("a" in Romanian) are keys only there: elsewhere they type.
    colors = color_letter_keys() - names - set(twins)
    for letter, name in sorted(({c: c for c in colors} | cyrillic_keys(colors)).items()):
        if letter in names or letter in twins:
            continue  # a key already (Serbian's own Cyrillic initials are twins of its Latin ones)

        @kb.add(letter, filter=empty & choosing_color, eager=True)
        def _color(event: Any, name: str = name) -> None:
            controller.key(name)

    @kb.add(Keys.Any, filter=empty)
    def _letter(event: Any) -> None:
        # A character that is no key starts a typed line: it is typed, and the player is told.
        if not event.data.isprintable():
            return  # an unbound control key types nothing
        if controller.mode in (Mode.QUIT, Mode.RESUME):
            controller.key(event.data)  # a yes-or-no question: every key answers it (or asks it again)
            return
        event.app.current_buffer.insert_text(event.data)
        typing = getattr(controller, "typing_started", None)
        if typing is not None and len(event.data) == 1 and event.data.isprintable() and not event.data.isspace():
            typing(event.data)

    @kb.add("enter", filter=empty, eager=True)
    def _enter(event: Any) -> None:
        controller.key("enter")

    @kb.add("enter", filter=~empty, eager=True)
    def _typed(event: Any) -> None:
        buffer = event.app.current_buffer
        text = buffer.text
        buffer.reset()
        controller.typed(text)

    typed_line = ~empty & Condition(lambda: bool(holder["session"].default_buffer.text))

    @kb.add("escape", filter=typed_line)
    def _clear(event: Any) -> None:
        # Escape alone on a typed line clears it, and says so. Not eager: a terminal sends Alt+letter
        # as Escape then the letter, which must not clear the line (the short timeout below).
        event.app.current_buffer.reset()
        cleared = getattr(controller, "line_cleared", None)
        if cleared is not None:
            cleared()

    @kb.add("escape", Keys.Any, filter=typed_line)
    def _meta(event: Any) -> None:
        # Alt+letter on a typed line: a key of its own ("m-x", as over plain SSH), which says it does
        # nothing and leaves the line as it is (the line editor's own Alt keys, Alt+B..., still edit it).
        second = event.key_sequence[-1].key
        controller.key("m-" + str(getattr(second, "value", second)))

    @kb.add("c-c", eager=True)
    def _cc(event: Any) -> None:
        event.app.current_buffer.reset()
        controller.key("c-c")

    @kb.add("c-d", eager=True)
    def _cd(event: Any) -> None:
        if event.app.current_buffer.text:
            event.app.current_buffer.delete()
            return
        controller.key("c-d")

    @kb.add("c-s", eager=True)
    def _cs(event: Any) -> None:
        controller.key("c-s")

    @kb.add(Keys.ControlF1, eager=True)
    def _cf1(event: Any) -> None:
        controller.key("c-f1")

    @kb.add(Keys.Vt100MouseEvent, eager=True)
    def _mouse(event: Any) -> None:
        # No mouse here; a colour code pasted or sent by a client ("ESC [31m") reads as a mouse
        # report, which prompt_toolkit's own handler cannot parse: it is ignored instead.
        pass

    @kb.add(Keys.F1, eager=True)
    def _f1(event: Any) -> None:
        controller.key("f1")

    @kb.add(Keys.F2, eager=True)
    def _f2(event: Any) -> None:
        controller.key("f2")

    session: PromptSession[str] = PromptSession(
        PROMPT,
        key_bindings=kb,
        input=input,
        output=output,
        reserve_space_for_menu=0,
        complete_while_typing=False,
        enable_history_search=False,
        mouse_support=False,
        erase_when_done=True,
        color_depth=None,
    )
    # A lone Escape reaches the key bindings only once the terminal's input has paused (prompt_toolkit's
    # ttimeoutlen); an Alt key's letter comes with it. So a key sequence that begins with Escape need not
    # wait the default second more for its next key: Escape clears a typed line at once.
    session.app.timeoutlen = ESCAPE_WAIT
    holder["session"] = session
    return session

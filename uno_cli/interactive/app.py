"""Running the interactive game: on a prompt_toolkit terminal or as a plain line loop."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from uno_cli.words.i18n import _
from uno_cli.words import interactive as words
from uno_cli.interactive.announcer import close_speaker, start_speaker
from uno_cli.interactive.controller import Controller
from uno_cli.interactive.screens import Mode
from uno_cli.interactive.controller import build_controller
from uno_cli.sound import start as start_sound


def welcome(controller: Controller) -> None:
    """The first lines: what game, how to get help, and the first question."""
    from uno_cli.play import autosave
    from uno_cli.words.interactive import short_hint

    own_file = autosave.acquire()
    saved = autosave.read()
    resuming = saved is not None and controller.config.resume is None and not controller.config.setup
    starting = controller.table is not None and controller.mode != Mode.PLAY and not resuming
    if starting:
        # Two short lines: the second starts to be heard soon (each waits for the one before it).
        controller.say(_(words.UNO) + " " + words.opponents(controller.game.players - 1))
    else:
        controller.say(_(words.UNO) + " " + short_hint())
    if own_file is not None:
        controller.say(words.other_instance(str(own_file)))
    if resuming and saved is not None:
        controller.resume_data = saved
        controller.mode = Mode.RESUME
        controller.say(words.interrupted(saved.get("hand", 1)), important=True)
        return
    if controller.mode == Mode.PLAY:  # --resume FILE: no question, the game goes on
        return
    if starting:
        controller.say(short_hint() + " " + _(words.START_PROMPT), important=True)


def use_prompt_toolkit() -> bool:
    """Whether both ends are a terminal that can edit lines (not a dumb one, not UNO_CLI_PLAIN)."""
    term = os.environ.get("TERM", "")
    if term in ("dumb", "unknown") or os.environ.get("UNO_CLI_PLAIN"):
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


EXIT_BAD_SETUP = 2
EXIT_OUTPUT_FAILED = 5  # as in script mode (docs/protocol.md)


def run(config: Any) -> int:
    """Play interactively on this terminal; the exit code."""
    if use_prompt_toolkit():
        return run_prompt(config)
    return run_plain(config)


def _controller_or_none(config: Any, write: Callable[[str], None]) -> Controller | None:
    """The controller; None (the reason on standard error) when ``--setup``/``--resume`` or the
    options cannot start a game."""
    from uno_cli.engine.errors import EngineError, InvalidSetup
    from uno_cli.play.script import setup_problem

    try:
        return build_controller(config, write)
    except (InvalidSetup, EngineError, OSError) as exc:
        try:
            sys.stderr.write(setup_problem(exc, config.resume or config.setup) + "\n")
        except (OSError, ValueError, AttributeError):
            pass
        return None


def run_plain(config: Any, stdin: Any = None, stdout: Any = None) -> int:
    """The same game for terminals prompt_toolkit cannot drive: one command per line."""
    stdin = stdin or sys.stdin or open(os.devnull, encoding="utf-8")  # a closed stdin: input ended
    stdout = stdout or sys.stdout
    broken: list[bool] = []
    controller: Any = None

    def write(line: str) -> None:
        if broken:
            return
        try:
            stdout.write(line + "\n")
            stdout.flush()
        except (OSError, ValueError, AttributeError):
            # stdout closed or full: save, say so on stderr, leave with status 5.
            broken.append(True)
            if controller is not None:
                output_failed(controller)

    controller = _controller_or_none(config, write)
    if controller is None:
        return EXIT_BAD_SETUP
    controller.say(_(words.PLAIN_INTRO))
    welcome(controller)
    start_speaker(config.speech, controller.out, config.lang)
    start_sound(config, controller.settings, controller.out, players=lambda: controller.game.players)

    async def reader() -> None:
        loop = asyncio.get_running_loop()
        names = {"": "enter", "space": "space", " ": "space", "left": "left", "right": "right", "enter": "enter"}
        while not controller.done:
            line = await loop.run_in_executor(None, stdin.readline)
            if not line:
                controller.key("c-d")
                if controller.mode == Mode.QUIT:
                    controller.quit_now()
                break
            word = line.rstrip("\r\n").strip()
            try:
                if word.lower() in names:
                    controller.key(names[word.lower()])
                elif len(word) == 1:
                    controller.key(word)
                else:
                    controller.typed(word)
            except Exception as exc:  # noqa: BLE001 - a bug must not silently kill the keyboard
                _report_crash(controller, exc)
                break

    async def main() -> None:
        install_signals(asyncio.get_running_loop(), controller, ctrl_c=True)
        task = asyncio.create_task(reader())
        try:
            await _guarded(controller)
        finally:
            task.cancel()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        controller.save()
    close_speaker(controller.out)
    if broken and stdout is sys.stdout:
        from uno_cli.play.script import silence_stdout

        silence_stdout()
    return controller.exit_code


def _hand_to_loop(loop: asyncio.AbstractEventLoop, action: Callable[[], None], _signal: int, _frame: Any) -> None:
    """A plain signal handler: ``action`` runs on the loop's thread."""
    loop.call_soon_threadsafe(action)


def install_signals(loop: asyncio.AbstractEventLoop, controller: Controller, ctrl_c: bool) -> None:
    """Ctrl+C asks before quitting (``ctrl_c``; prompt_toolkit reads it as a key itself);
    SIGTERM, SIGHUP and Windows' SIGBREAK (Ctrl+Break, the console closing) save and end."""
    import signal

    def ask() -> None:
        controller.key("c-c")

    def end() -> None:
        controller.save()
        controller.quit_done()

    wanted = [("SIGINT", ask)] if ctrl_c else []
    wanted += [("SIGTERM", end), ("SIGHUP", end), ("SIGBREAK", end)]
    for name, action in wanted:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            loop.add_signal_handler(number, action)
        except NotImplementedError:
            # Windows' event loops have no signal handlers: a plain handler hands the
            # signal to the loop's thread.
            try:
                signal.signal(number, partial(_hand_to_loop, loop, action))
            except (ValueError, OSError):
                pass
        except (RuntimeError, ValueError):
            pass


def output_failed(controller: Controller) -> None:
    """Standard output cannot be written: save the game, name the file on stderr, and end."""
    from uno_cli.play import autosave

    started = controller.table is not None and controller.table.started
    saved = controller.save()
    controller.exit_code = EXIT_OUTPUT_FAILED
    try:
        if not started:
            pass  # no game yet: nothing is lost
        elif saved:
            sys.stderr.write(_(words.OUTPUT_FAILED_SAVED).format(file=str(autosave.path())) + "\n")
        else:
            sys.stderr.write(_(words.OUTPUT_FAILED_UNSAVED) + "\n")
    except (OSError, ValueError, AttributeError):
        pass
    controller.quit_done()


def disable_cpr() -> None:
    """Never ask the terminal for the cursor position: one that does not answer would get
    prompt_toolkit's CPR warning printed among the game's lines. (Set the variable to 0 to allow it.)"""
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


def run_prompt(config: Any, input: Any = None, output: Any = None, write: Callable[[str], None] | None = None) -> int:
    """Play on a terminal with prompt_toolkit (also driven by tests through a pipe input)."""
    from uno_cli.interactive.bindings import make_prompt_session

    disable_cpr()
    out_stream = sys.stdout
    controller = _controller_or_none(config, write or (lambda line: print_above_prompt(line, out_stream)))
    if controller is None:
        return EXIT_BAD_SETUP
    welcome(controller)
    start_speaker(config.speech, controller.out, config.lang)
    start_sound(config, controller.settings, controller.out, players=lambda: controller.game.players)
    session = make_prompt_session(controller, input=input, output=output)

    def leave() -> None:
        app = session.app
        if app.is_running and not app.future.done():
            app.exit(result=None)

    controller.on_exit = leave

    async def main() -> None:
        install_signals(asyncio.get_running_loop(), controller, ctrl_c=False)
        game = asyncio.create_task(controller.play())
        game.add_done_callback(lambda task: _game_ended(controller, task))
        try:
            while not controller.done:
                try:
                    await session.prompt_async()
                except KeyboardInterrupt:
                    controller.key("c-c")
                except EOFError:
                    controller.key("c-d")
                if game.done():
                    break
        finally:
            game.cancel()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        controller.save()
    close_speaker(controller.out)
    return controller.exit_code


class _Lines:
    """The lines of one stream not yet on screen, printed strictly in the order they were given."""

    def __init__(self, stream: Any) -> None:
        import threading

        self.stream = stream
        self.waiting: list[str] = []
        self.lock = threading.Lock()

    def emit(self) -> None:
        """Print every waiting line, oldest first."""
        with self.lock:
            lines, self.waiting = self.waiting, []
            if lines:
                self.stream.write("".join(line + "\n" for line in lines))
                self.stream.flush()


_LINES: dict[int, _Lines] = {}


def print_above_prompt(line: str, stream: Any) -> None:
    """Print a line above the running prompt (erased, then drawn again), or plainly when none runs.

    Lines reach the screen in the order given, whichever way each goes out: a line printed
    while no prompt runs (between two prompts) never jumps ahead of lines still waiting for
    the prompt to make room (``run_in_terminal`` runs later, on the event loop).
    """
    from prompt_toolkit.application import run_in_terminal
    from prompt_toolkit.application.current import get_app_or_none

    app = get_app_or_none()
    lines = _LINES.get(id(stream))
    if lines is None or lines.stream is not stream:
        lines = _LINES[id(stream)] = _Lines(stream)
    if app is None or not app.is_running or app.loop is None:
        with lines.lock:
            lines.waiting.append(line)
        lines.emit()
    elif _on_loop(app.loop):
        with lines.lock:
            lines.waiting.append(line)
        # Each line asks for its own turn above the prompt (one lost turn loses no line); the
        # first turn to come prints every line waiting, in order.
        run_in_terminal(lines.emit, in_executor=False)
    else:  # another thread (speech start-up): print from the application's loop, in turn
        app.loop.call_soon_threadsafe(print_above_prompt, line, stream)


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    """True when called from ``loop``'s own thread."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


async def _guarded(controller: Controller) -> None:
    """Play; a bug ends the game with the game saved and the error on standard error."""
    try:
        await controller.play()
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - never a traceback to the player
        _report_crash(controller, exc)


def _game_ended(controller: Controller, task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        _report_crash(controller, task.exception())  # type: ignore[arg-type]


def _report_crash(controller: Controller, exc: BaseException) -> None:
    """The error on standard error, a sentence to the player, and the game ends (it is saved)."""
    import traceback

    traceback.print_exception(exc, file=sys.stderr)
    controller.exit_code = 1
    controller.say(_(words.CRASHED), important=True)
    controller.quit_done()

"""The interactive game never hangs, crashes or claims a save it did not make."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.interactive.helpers import child_env, write_setup
from uno_cli.play import autosave
from uno_cli.engine.options import preset
from uno_cli.interactive import app
from uno_cli.play.playconfig import PlayConfig

CLASSIC = preset("classic")


def _config(**kw) -> PlayConfig:
    return PlayConfig(speech="off", pace=0.0, seed=1, options=CLASSIC, **kw)


class FullAfter(io.StringIO):
    """A stdout that takes ``room`` lines, then fails like a full disk."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def write(self, text: str) -> int:
        if self.room <= 0:
            raise OSError(28, "No space left on device")
        self.room -= 1
        return super().write(text)


@pytest.fixture(autouse=True)
def _own_autosave(monkeypatch):
    # Each test takes the autosave afresh in its own UNO_CLI_HOME.
    monkeypatch.setattr(autosave, "_file", autosave.FILE)
    monkeypatch.setattr(autosave, "_lock", None)
    monkeypatch.setattr("uno_cli.play.script.silence_stdout", lambda: None)


def test_plain_loop_survives_a_superscript_seat_prefix():
    out = io.StringIO()
    status = app.run_plain(_config(), stdin=io.StringIO("\n@² draw\n/status\n"), stdout=out)
    text = out.getvalue()
    assert status == 0
    assert "@²" in text  # the error names what was typed
    assert "Sorry, the game stopped" not in text
    assert "top card" in text.lower() or "It's" in text  # the status command after it still ran


def test_plain_loop_full_stdout_saves_and_exits_5(capsys):
    status = app.run_plain(_config(), stdin=io.StringIO("\n" + "draw\n" * 30), stdout=FullAfter(25))
    assert status == app.EXIT_OUTPUT_FAILED
    assert autosave.read() is not None
    assert str(autosave.path()) in capsys.readouterr().err


@pytest.mark.parametrize("field", ["resume", "setup"])
def test_missing_or_bad_file_is_a_sentence_and_status_2(tmp_path, field, capsys):
    missing = _config(**{field: str(tmp_path / "nothing.json")})
    assert app.run_plain(missing, stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    assert "nothing.json cannot be read" in capsys.readouterr().err
    bad = _config(**{field: write_setup(tmp_path / "bad.json", {"players": 2, "hands": [["zz"]]})})
    assert app.run_plain(bad, stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    assert "\"zz\", which is not a card code" in capsys.readouterr().err


def test_failing_autosave_is_said_once_and_the_quit_question_does_not_claim_a_save(monkeypatch):
    monkeypatch.setattr(autosave, "atomic_write", lambda *a, **k: (_ for _ in ()).throw(PermissionError(13, "denied")))
    out = io.StringIO()
    app.run_plain(_config(), stdin=io.StringIO("\ndraw\ndraw\n/quit\ny\n"), stdout=out)
    text = out.getvalue()
    assert text.count("cannot be saved in") == 1
    assert "UNO_CLI_HOME" in text
    assert "It could not be saved, so it will be lost." in text
    assert "The game is saved and offered next time" not in text


def test_a_second_instance_gets_its_own_autosave(uno_home):
    data = uno_home / "data"
    data.mkdir(parents=True)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (data / "autosave.json.lock").write_text(str(other.pid))
        (data / "autosave.json").write_text(json.dumps({"comment": {"mark": autosave.MARK}, "hand": 3}))
        out = io.StringIO()
        app.run_plain(_config(), stdin=io.StringIO(""), stdout=out)
        text = out.getvalue()
        assert "autosave-2.json" in text
        assert "interrupted" not in text  # the running game is not offered
        assert (data / "autosave.json").exists()  # nor deleted
    finally:
        other.kill()
        other.wait()


def test_a_stale_lock_is_taken_over(uno_home):
    data = uno_home / "data"
    data.mkdir(parents=True)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    (data / "autosave.json.lock").write_text(str(gone.pid))
    assert autosave.acquire() is None
    assert autosave.path().name == "autosave.json"
    assert (data / "autosave.json.lock").read_text() == str(os.getpid())
    autosave.release()
    assert not (data / "autosave.json.lock").exists()


def test_the_move_is_saved_before_it_is_said():
    seen: list[tuple[str, int]] = []
    saves = []

    def write(line: str) -> None:
        seen.append((line, len(saves)))

    from uno_cli.interactive.controller import build_controller

    controller = build_controller(_config(), write)
    original = controller.table.autosave

    def counting(data):
        saves.append(data)
        original(data)

    controller.table.autosave = counting
    controller.table.start()
    first_card = [n for line, n in seen if line.startswith("First card: ")]
    assert first_card and first_card[0] >= 1


def test_prompt_toolkit_never_asks_for_the_cursor_position(monkeypatch):
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    monkeypatch.delenv("PROMPT_TOOLKIT_NO_CPR", raising=False)
    app.disable_cpr()
    output = Vt100_Output(io.StringIO(), lambda: Size(24, 80), term="xterm")
    assert not output.responds_to_cpr


def _uno(home: Path, *args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    environ = child_env(home, UNO_CLI_IGNORE_SETTINGS="1", **env)
    for name in ("MSYSTEM", "TERM_PROGRAM"):
        if name not in env:
            environ.pop(name, None)
    return subprocess.run([sys.executable, "-m", "uno_cli", *args], input=stdin, capture_output=True, text=True,
                          env=environ, timeout=60)


@pytest.mark.parametrize("seat", ["2=human", "3=script", "2=cmd:cat", "1=bot:easy"])
def test_interactive_game_refuses_seats_nobody_would_play(uno_home, seat):
    done = _uno(uno_home, "--interactive", "--seat", seat, "--speech", "off")
    assert done.returncode == 2
    assert "--seat " + seat in done.stderr and "--script" in done.stderr
    assert "Traceback" not in done.stderr


def test_interactive_game_accepts_bot_seats(uno_home):
    done = _uno(uno_home, "--interactive", "--seat", "2=bot:easy", "--speech", "off", stdin="", UNO_CLI_PLAIN="1")
    assert done.returncode == 0, done.stderr


def test_git_bash_pipes_get_a_hint_for_interactive_play(uno_home):
    done = _uno(uno_home, stdin="", MSYSTEM="MINGW64")
    assert "winpty uno" in done.stderr and "uno --interactive" in done.stderr
    plain = _uno(uno_home, stdin="")
    assert "winpty" not in plain.stderr


def test_ctrl_c_at_start_up_is_quiet_with_status_130(monkeypatch, capsys):
    from uno_cli import entry
    from uno_cli.words import rulebook

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(rulebook, "rule_book", interrupted)
    monkeypatch.setattr(sys, "argv", ["uno", "rules"])
    with pytest.raises(SystemExit) as stop:
        entry.main()
    assert stop.value.code == 130
    assert "Aborted" not in capsys.readouterr().err


def test_usage_errors_keep_status_2(monkeypatch, capsys):
    from uno_cli import entry

    monkeypatch.setattr(sys, "argv", ["uno", "--no-such-option"])
    with pytest.raises(SystemExit) as stop:
        entry.main()
    assert stop.value.code == 2
    assert "--no-such-option" in capsys.readouterr().err


class _LoopWithoutSignals:
    """An event loop like Windows' (no add_signal_handler) that records what it is given."""

    def __init__(self) -> None:
        self.called: list = []

    def add_signal_handler(self, *a):
        raise NotImplementedError

    def call_soon_threadsafe(self, action):
        self.called.append(action)
        action()


def test_signals_are_handled_where_the_loop_cannot_on_windows(monkeypatch):
    import signal

    from uno_cli.interactive.controller import build_controller

    installed: dict = {}
    monkeypatch.setattr(signal, "signal", lambda number, handler: installed.__setitem__(number, handler))
    controller = build_controller(_config(), lambda line: None)
    controller.table.start()
    loop = _LoopWithoutSignals()
    app.install_signals(loop, controller, ctrl_c=True)
    assert signal.SIGINT in installed and signal.SIGTERM in installed
    installed[signal.SIGINT](signal.SIGINT, None)
    assert controller.mode.name == "QUIT"  # Ctrl+C asks first
    installed[signal.SIGTERM](signal.SIGTERM, None)
    assert controller.done and autosave.read() is not None  # termination saves


def test_stale_temporaries_of_a_killed_autosave_write_are_removed_at_start(uno_home):
    data = uno_home / "data"
    data.mkdir(parents=True)
    stale = data / "autosave.json.k1ll3d.tmp"
    stale.write_text("{half")
    other = data / "autosave-2.json.busy.tmp"  # another game's file: not ours to remove
    other.write_text("{")
    assert autosave.acquire() is None
    try:
        assert not stale.exists() and other.exists()
    finally:
        autosave.release()


def test_a_setup_game_killed_before_its_first_action_is_offered_on_restart(uno_home, tmp_path):
    setup = write_setup(tmp_path / "setup.json", {"players": 2, "hands": [["r5", "g2"], ["b1", "b2"]],
                                                   "discard": ["r3"], "current": 1})
    from uno_cli.interactive import build_controller
    from uno_cli.play.settings import Settings

    config = PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC, setup=setup)
    controller = build_controller(config, lambda line: None, Settings())
    controller.key("enter")
    controller.table.start()  # started from the file; nobody has acted (a kill now loses nothing)
    saved = autosave.read()
    assert saved is not None and saved["hands"][0] == ["r5", "g2"]

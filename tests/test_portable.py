"""Platform code paths that can be checked here: Windows language, pool start method, MSYS."""

from __future__ import annotations

import ctypes
import types

from uno_cli.words import i18n
from uno_cli.play import sim
from uno_cli.play.playconfig import build_options


def _fake_windows(monkeypatch, lcid: int) -> None:
    monkeypatch.setattr(i18n.sys, "platform", "win32")
    kernel32 = types.SimpleNamespace(GetUserDefaultUILanguage=lambda: lcid)
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(kernel32=kernel32), raising=False)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def test_windows_without_variables_uses_the_ui_language(monkeypatch):
    _fake_windows(monkeypatch, 0x0416)  # Portuguese (Brazil)
    assert i18n.negotiate() == "pt"


def test_windows_variables_still_win_over_the_ui_language(monkeypatch):
    _fake_windows(monkeypatch, 0x0416)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert i18n.negotiate() == "it"


def test_linux_without_variables_is_english(monkeypatch):
    monkeypatch.setattr(i18n.sys, "platform", "linux")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert i18n.negotiate() == "en"


def test_simulate_jobs_works_with_spawn_like_windows(monkeypatch):
    monkeypatch.setattr(sim, "POOL_START_METHOD", "spawn")
    options = build_options("classic", ())
    one = sim.simulate(6, 2, options, seed=3).to_dict()
    two = sim.simulate(6, 2, options, seed=3, jobs=2).to_dict()
    for key in ("seconds", "games_per_second", "hands_per_second", "jobs"):
        one.pop(key, None)
        two.pop(key, None)
    assert one == two


def test_windows_process_check_never_uses_os_kill(monkeypatch):
    from uno_cli.play import autosave

    monkeypatch.setattr(autosave.sys, "platform", "win32")
    monkeypatch.setattr(autosave.os, "kill", lambda *a: (_ for _ in ()).throw(AssertionError("os.kill terminates on Windows")))
    gone = types.SimpleNamespace(OpenProcess=lambda *a: 0, CloseHandle=lambda h: None)
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(kernel32=gone), raising=False)
    assert autosave.pid_alive(4242) is False


def test_replace_is_retried_while_another_process_holds_the_file(monkeypatch, tmp_path):
    from uno_cli.play import savefile

    real = savefile.os.replace
    failures = [PermissionError(13, "in use"), PermissionError(13, "in use")]

    def held(src, dst):
        if failures:
            raise failures.pop()
        real(src, dst)

    monkeypatch.setattr(savefile.os, "replace", held)
    target = tmp_path / "autosave.json"
    savefile.atomic_write(target, "{}\n")
    assert target.read_text() == "{}\n" and not failures

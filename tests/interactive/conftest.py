"""Every interactive test gets its own config and data folders (UNO_CLI_HOME)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def uno_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("UNO_CLI_HOME", str(home))
    monkeypatch.setenv("PROMPT_TOOLKIT_NO_CPR", "1")
    return home

"""Numbers are ASCII digits everywhere: "²" passes str.isdigit but int() refuses it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from uno_cli.play.commands import parse
from uno_cli.play.playconfig import ConfigError, parse_seat


def test_superscript_seat_prefix_is_a_bad_seat_prefix_not_a_crash():
    cmd = parse("@² draw", 4)
    assert cmd.error == "bad_seat_prefix"


def test_superscript_seat_option_is_a_config_error():
    with pytest.raises(ConfigError):
        parse_seat("²=bot:easy")


def test_ascii_seat_option_still_parses():
    seat, spec = parse_seat(" 2 =bot:easy")
    assert seat == 1 and spec.level == "easy"


@pytest.mark.parametrize("args", [
    ["simulate", "--games", "1", "--external", "²=cat"],
    ["play", "--script", "--seat", "²=bot:easy"],
])
def test_superscript_on_the_command_line_is_a_usage_error(args):
    env = dict(os.environ, UNO_CLI_IGNORE_SETTINGS="1", PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "uno_cli", *args], capture_output=True, text=True,
                          env=env, timeout=60, input="")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr

"""An outside seat's race reaction time is a setting, reported in results; simulate numbers seats from 1 and names them."""

from __future__ import annotations

import json
import random
import shlex
import sys
import textwrap

import pytest
from click.testing import CliRunner

from uno_cli.bots import REACTION
from uno_cli.cli import main
from uno_cli.engine import preset
from uno_cli.play.external import DEFAULT_REACTION, ExternalBot, external_level, parse_reaction
from uno_cli.play.playconfig import ConfigError, parse_seat
from uno_cli.play.sim import format_report, make_seat, simulate

#: Writes every line it reads to the file named by its argument; answers each prompt with its first command.
LOGGER = """
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    log.write(line)
    log.flush()
    m = json.loads(line)
    if m["type"] == "prompt":
        print(json.dumps({"id": m["id"], "cmd": m["legal"][0]}), flush=True)
"""


@pytest.fixture
def logger(tmp_path):
    path = tmp_path / "logger.py"
    path.write_text(textwrap.dedent(LOGGER))
    return path


def test_reaction_times_are_ranges_single_numbers_or_a_bot_levels():
    assert parse_reaction("0.4-1.1") == (0.4, 1.1)
    assert parse_reaction(" 1.0 ") == (1.0, 1.0)
    assert parse_reaction("hard") == REACTION["hard"]
    for bad in ("", "x", "1.1-0.4", "-1", "nan", "inf", "61", "0.4-"):
        with pytest.raises(ValueError):
            parse_reaction(bad)


def test_external_levels_carry_the_reaction_time():
    assert external_level("external:python3 p.py") == ("python3 p.py", None)
    assert external_level("external@0.2-0.5:python3 C:\\p.py") == ("python3 C:\\p.py", (0.2, 0.5))
    assert external_level("externalx:python3") is None
    assert external_level("hard") is None
    with pytest.raises(ValueError):
        make_seat("external@fast:python3 p.py", 0, random.Random(0))


def test_an_outside_seat_reacts_within_its_setting_and_like_normal_by_default():
    assert DEFAULT_REACTION == REACTION["normal"]
    fast = make_seat("external@0.2-0.3:python3 p.py", 1, random.Random(4))
    assert isinstance(fast, ExternalBot) and fast.reaction == (0.2, 0.3)
    assert all(0.2 <= fast.reaction_time() <= 0.3 for _ in range(200))
    default = ExternalBot(1, random.Random(4), "python3 p.py")
    times = [default.reaction_time() for _ in range(200)]
    assert all(REACTION["normal"][0] <= t <= REACTION["normal"][1] for t in times)


def test_seat_option_takes_a_reaction_time_for_a_program():
    seat, spec = parse_seat("2=cmd@0.4-1.1:python3 C:\\bots\\mine.py")
    assert (seat, spec.command, spec.reaction) == (1, "python3 C:\\bots\\mine.py", (0.4, 1.1))
    assert parse_seat("2=cmd:python3 x.py")[1].reaction is None
    with pytest.raises(ConfigError) as err:
        parse_seat("2=cmd@soon:python3 x.py")
    assert err.value.code == "bad_reaction"


def test_simulate_reports_each_programs_reaction_time_and_numbers_seats_from_1(tmp_path, logger):
    command = shlex.join([sys.executable, "-S", str(logger), str(tmp_path / "seen.jsonl")])
    result = simulate(2, 3, preset("classic").with_values(hands=1), seed=2,
                      levels=("normal", "external@0.5-0.9:" + command, "external:" + command), log_folder=str(tmp_path))
    data = result.to_dict()
    assert [s["seat"] for s in data["seats"]] == [1, 2, 3]
    assert data["reactions"] == {"2": [0.5, 0.9], "3": list(REACTION["normal"])}
    report = format_report(result)
    assert "Seat 2 (program) reacts in races after 0.5 to 0.9 seconds." in report
    assert "Seat 3 (program) reacts in races after 0.7 to 1.8 seconds." in report


def test_the_hello_line_names_every_player_under_simulate(tmp_path, logger):
    seen = tmp_path / "seen.jsonl"
    command = shlex.join([sys.executable, "-S", str(logger), str(seen)])
    simulate(1, 3, preset("classic").with_values(hands=1), seed=2, levels=("normal", "external:" + command, "hard"),
             log_folder=str(tmp_path))
    hello = json.loads(seen.read_text().splitlines()[0])
    assert hello["type"] == "hello" and hello["seat"] == 2
    assert hello["names"] == ["Player 1", "Player 2", "Player 3"]


def test_simulate_command_line_sets_and_reports_a_reaction_time(tmp_path, logger, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))  # the program's error log
    command = shlex.join([sys.executable, "-S", str(logger), str(tmp_path / "seen.jsonl")])
    out = CliRunner().invoke(main, ["simulate", "--games", "1", "--players", "2", "--rule", "hands=1", "--json",
                                    "--external", f"2@hard={command}"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["reactions"] == {"2": list(REACTION["hard"])}
    bad = CliRunner().invoke(main, ["simulate", "--games", "1", "--players", "2", "--external", f"2@soon={command}"])
    assert bad.exit_code == 2
    assert "A reaction time is seconds, such as 0.4-1.1 or 1.0, or a bot level, such as hard; got soon." in bad.output

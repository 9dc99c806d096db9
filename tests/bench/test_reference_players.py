"""The outside reference players (bench/players/) finish games through the simulator without a fault."""

import shlex
import sys
from pathlib import Path

import pytest

from uno_cli.engine import preset
from uno_cli.play.sim import simulate

PLAYERS = Path(__file__).resolve().parents[2] / "bench" / "players"


def _level(script: str) -> str:
    return "external:" + shlex.join([sys.executable, "-S", str(PLAYERS / script), "--seed", "3"])


@pytest.mark.parametrize("script", ["rule_agent.py", "careful.py"])
@pytest.mark.parametrize("name", ["classic", "playroom"])
def test_reference_player_finishes_hands_without_faults(script: str, name: str) -> None:
    """Two seats of the player and a hard bot play three single hands; every answer is legal and in time."""
    options = preset(name).with_values(hands=1)
    result = simulate(3, 3, options, seed=7, levels=("hard", _level(script), _level(script)),
                      swap_seats=True, external_timeout=5.0, check=True)
    assert result.games == 3
    assert not result.violations
    assert {1, 2} <= set(result.logs)  # both seats were played by the outside program
    assert not any(any(kinds.values()) for kinds in result.faults.values()), result.faults
    assert sum(result.wins) == pytest.approx(3)

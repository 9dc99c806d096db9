"""bench/ingauntlet.py plays the same whole matches as bench/gauntlet.py over the protocol."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import ingauntlet  # noqa: E402

from uno_cli.engine import preset  # noqa: E402
from uno_cli.play.sim import run_game  # noqa: E402


def test_in_process_match_is_the_protocols_match_for_a_player_that_draws_random_numbers() -> None:
    # The bluffer draws from its seeded generator; match 6 of seed 1 rotates the seats, so each
    # copy must get the seed its program gets over the protocol (its place in the level list).
    program = ROOT / "bench" / "players" / "gauntlet_bluffer.py"
    levels = ("hard",) + tuple("external@0.7-1.8:" + shlex.join([sys.executable, str(program), "--seed", str(k)])
                               for k in range(1, 4))
    rec = run_game(6, 4, preset("classic"), 1, False, levels, True, 5.0, None)
    scores: list[tuple[int, ...]] = []
    ingauntlet.play("hard", "bluffer", 4, "classic", 1, 1, start=6, scores=scores)
    assert rec.hands > 1
    assert scores == [tuple(rec.scores)]

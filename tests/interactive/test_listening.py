"""Played by ear: the real game against a speech daemon that keeps time, and a model player that
acts only on what it has heard to the end (bench/listen.py's machinery, issue 24)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import listen  # noqa: E402


def test_a_hand_played_by_ear_loses_nothing_and_every_beep_race_is_offered() -> None:
    why = listen.available()
    if why:
        if os.environ.get("UNO_REQUIRE_SPEECH") == "1":
            pytest.fail(why)
        pytest.skip(why)
    run = listen.listen(450, "playroom", "short", seconds=75, seed=5, players=3, hands=1,
                        extra=("--rule", "beep=on"))
    f = listen.figures(run)
    print(f"lag median {f['lag_median']:.2f} s, p90 {f['lag_p90']:.2f} s, max {f['lag_max']:.2f} s; "
          f"{f['cards']} bots' cards, {f['cards_in_time']:.0f}% heard with 1 s to react; "
          f"{f['words']:.2f} words per heard message")
    assert f["lines"] > 30, run.printed  # whole turns were played
    assert f["lost"] == 0, f["lost_lines"]
    # Nothing happens on top of a bot's card before the player has heard it to the end (a card
    # the player's own key cut is heard to the end only in the "Meanwhile" after the answer,
    # which may come after the next change: at most one in ten).
    assert f["cards"] > 3 and f["cards_heard_first"] >= 90.0, f["late_cards"]
    # Every Beep heard is answered by ear (B 0.7 s after hearing it) and the answer counts.
    beeps = [t for t, line in run.printed if "plays a Beep" in line and not line.startswith("You")]
    answers = [t for t, key, _heard in run.keys if key == "b"]
    assert beeps and len(answers) >= len(beeps)
    printed = [line for _t, line in run.printed]
    assert not any("There is no Beep to answer" in line or line.startswith("Too late") for line in printed), printed
    assert any("faster than" in line or "You answer" in line or "slowest" in line for line in printed)

"""Every level plays every preset cleanly, uses every option, and is reproducible."""

from __future__ import annotations

import pytest

from uno_cli.bots import LEVELS, make_bot
from uno_cli.engine import PRESETS, preset
from uno_cli.play.sim import format_report, simulate, wilson

MIXED = ("easy", "normal", "hard", "random")


def test_levels_listed():
    assert LEVELS == ("random", "easy", "normal", "hard", "expert")
    with pytest.raises(ValueError):
        make_bot("genius", 0, __import__("random").Random(0))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_level_finishes_every_preset_with_checks(name):
    options = PRESETS[name]
    result = simulate(4, 4, options.with_values(target=200), seed=11, check=True, levels=MIXED, swap_seats=True)
    assert result.games == 4
    assert result.violations == []
    assert set(result.usage) == set(MIXED)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_two_player_matches_with_checks(level):
    result = simulate(2, 2, preset("playroom").with_values(target=200), seed=3, check=True, levels=(level, level))
    assert result.violations == []


# What each level must do at least once over a playroom run (against random players, who
# forget UNO, so there is someone to catch).
PLAYROOM_USES = {
    "play", "draw", "accept", "challenge", "uno", "catch", "jump_in", "answer",
    "stack", "sequence", "beep", "swap", "rotate", "wild", "drawn",
}


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_each_level_uses_each_option(level):
    # playroom_all: every Playroom rule, Beep and 7/0 included (challenge_penalty and
    # draw_skips are rules, not moves, so they are not counted).
    # Games are played four at a time until the level has made every kind of move (at most
    # 48 games; expert spends its Draw Twos early by choice, so it needs more to meet a stack).
    used: dict[str, int] = {}
    for seed in range(5, 17):
        result = simulate(4, 4, preset("playroom_all").with_values(hands=2), seed=seed,
                          levels=(level, "random", "random", "random"), swap_seats=True)
        for kind, n in result.usage[level].items():
            used[kind] = used.get(kind, 0) + n
        if not PLAYROOM_USES - set(used):
            break
    missing = PLAYROOM_USES - set(used)
    assert not missing, f"{level} never used {sorted(missing)}: {used}"


def test_partners_never_catch_partner_and_play_out():
    result = simulate(4, 4, preset("partners").with_values(target=300), seed=2, check=True,
                      levels=("hard", "normal", "hard", "normal"), keep_records=True)
    assert result.violations == []
    # Catching is counted per level; partners never catch each other (see test_view_only).
    assert result.games == 4


def test_reproducible_and_independent_of_jobs():
    args = (16, 2, preset("classic").with_values(hands=2))
    a = simulate(*args, seed=9, levels=("hard", "normal"), swap_seats=True).to_dict()
    b = simulate(*args, seed=9, levels=("hard", "normal"), swap_seats=True).to_dict()
    c = simulate(*args, seed=9, levels=("hard", "normal"), swap_seats=True, jobs=2).to_dict()
    for d in (a, b, c):
        for key in ("seconds", "games_per_second", "hands_per_second", "jobs"):
            d.pop(key)
    assert a == b == c
    d = simulate(*args, seed=10, levels=("hard", "normal"), swap_seats=True).to_dict()
    assert d["points"] != a["points"]


def test_report_and_dict():
    result = simulate(6, 2, preset("classic").with_values(hands=1), seed=1, levels=("normal", "random"), swap_seats=True)
    text = format_report(result)
    assert "Level normal" in text and "95% confidence" in text and "Games per second" in text
    assert not any(ch in text for ch in "│┌─┐")
    data = result.to_dict()
    assert {row["level"] for row in data["per_level"]} == {"normal", "random"}
    assert data["seats"][0]["ci95"][0] <= data["seats"][0]["win_rate"] <= data["seats"][0]["ci95"][1]
    assert sum(row["wins"] for row in data["per_level"]) == pytest.approx(6)


def test_wilson():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 0.0)

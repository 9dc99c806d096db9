"""Random-game property tests: thousands of bot games with every invariant checked.

The whole file is meant to stay well under a minute on a small machine.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from uno_cli.engine import Action, Game, IllegalAction, RuleOptions
from uno_cli.engine.actions import ALL_KINDS
from uno_cli.engine.cards import ALL_CODES, COLORS
from uno_cli.engine.invariants import check_invariants
from uno_cli.engine.options import (
    CHALLENGE_PENALTIES,
    FALSE_UNO_PENALTIES,
    PRESETS,
    SCORING_MODES,
    UNO_PENALTIES,
)
from uno_cli.play.sim import simulate
from tests.engine.helpers import preset_setups, random_game, snapshot


def _assert_clean(result, label):
    assert result.violations == [], f"{label}: {result.violations[:5]}"
    assert result.games > 0


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_every_player_count_no_violations(name):
    opts = PRESETS[name]
    counts = [4] if opts.partners else range(2, 11)
    total = 0
    for players in counts:
        games = 40 if opts.partners else 12
        r = simulate(games, players, opts.with_values(hands=1), seed=players * 7 + 1, check=True)
        _assert_clean(r, f"{name} {players}p")
        total += r.games
    assert total >= 40


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_whole_matches_low_target_no_violations(name):
    opts = PRESETS[name].with_values(target=150)
    players = 4 if opts.partners else 3
    r = simulate(15, players, opts, seed=99, check=True)
    _assert_clean(r, name)
    assert r.hands >= r.games


def random_options(rng: random.Random, players: int) -> RuleOptions:
    """A random but valid combination of every RuleOptions field."""
    values = {}
    for f in fields(RuleOptions):
        if f.type == "bool":
            values[f.name] = rng.random() < 0.5
    values["challenge_penalty"] = rng.choice(CHALLENGE_PENALTIES)
    values["uno_penalty"] = rng.choice(UNO_PENALTIES)
    values["false_uno_penalty"] = rng.choice(FALSE_UNO_PENALTIES)
    values["scoring"] = rng.choice(SCORING_MODES)
    values["target"] = rng.choice([60, 150, 300])
    values["hands"] = rng.choice([0, 1, 1, 2])
    values["jump_in_penalty"] = rng.choice([0, 3, 10])
    if players != 4 or values["scoring"] == "elimination":
        values["partners"] = False
    opts = RuleOptions(**values)
    opts.validate(players)
    return opts


def test_option_fields_are_all_covered_by_random_options():
    names = {f.name for f in fields(RuleOptions)}
    covered = set(random_options(random.Random(1), 4).to_dict())
    assert names == covered


@pytest.mark.parametrize("chunk", range(3))
def test_random_option_combinations_no_violations(chunk):
    rng = random.Random(1000 + chunk)
    games = 0
    for i in range(30):
        players = rng.randint(2, 10)
        opts = random_options(rng, players)
        r = simulate(6, players, opts, seed=rng.getrandbits(32), check=True)
        _assert_clean(r, f"chunk {chunk} #{i} {players}p {opts}")
        games += r.games
    assert games == 180


def test_hundreds_of_single_hands_mixed_options():
    rng = random.Random(7)
    total = 0
    while total < 600:
        players = rng.randint(2, 10)
        opts = random_options(rng, players).with_values(hands=1)
        r = simulate(25, players, opts, seed=rng.getrandbits(32), check=True)
        _assert_clean(r, f"{players}p {opts}")
        total += r.games
    assert total >= 600


# --------------------------------------------------------- fuzzing apply()


def _random_action(rng: random.Random, g: Game) -> Action:
    kind = rng.choice(ALL_KINDS)
    seat = rng.randrange(-1, g.players + 1)
    card = rng.choice((None,) + ALL_CODES) if rng.random() < 0.8 else None
    color = rng.choice((None,) + COLORS)
    target = rng.choice((None, None, rng.randrange(-1, g.players + 1)))
    return Action(kind, seat, card, color, target)


#: For each action kind, the fields it takes (an action with others is malformed).
_FIELDS = {"play": ("card", "color", "target"), "jump_in": ("card", "color", "target"),
           "missed_jump_in": ("card",), "color": ("color",), "catch": ("target",)}


def _well_formed(action: Action) -> bool:
    """True if ``action`` sets only fields its kind takes, and a card where it needs one."""
    takes = _FIELDS.get(action.kind, ())
    if "card" in takes and action.card is None:
        return False
    return all(getattr(action, f) is None for f in ("card", "color", "target") if f not in takes)


@pytest.mark.parametrize("seed", range(8))
def test_fuzz_random_actions_either_apply_cleanly_or_change_nothing(seed):
    """Random (mostly illegal) actions: an illegal one raises and leaves the state as it was."""
    rng = random.Random(seed)
    players = 2 + seed % 5
    opts = random_options(rng, players).with_values(hands=1, jump_in=True, beep=seed % 2 == 0)
    g = Game(players, opts, seed=seed)
    g.start()
    gains = [0] * players
    steps = 0
    # Half the steps are wasted on fuzz, and seven_o swaps make random hands long.
    while not g.is_over and steps < 20000:
        steps += 1
        if g.phase == "hand_over":
            g.start_hand()
            continue
        if rng.random() < 0.5:
            action = _random_action(rng, g)
            before = snapshot(g)
            try:
                events = g.apply(action)
            except IllegalAction as exc:
                # Every illegal action that is well formed gets its own reason.
                assert exc.code and (exc.code != "not_allowed" or not _well_formed(action)), action
                assert snapshot(g) == before, action
                continue
        else:
            seat = g.current if g.phase != "beep" else g.beep_waiting[0]
            legal = g.legal_actions(seat)
            action = rng.choice(legal)
            events = g.apply(action)
        for e in events:
            if e.type == "hand_end":
                for s, v in e.data["gained"].items():
                    gains[s] += v
        assert check_invariants(g, gains) == [], (action, check_invariants(g, gains))
    assert g.is_over, steps


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_action_is_accepted(seed):
    """Whatever legal_actions lists for any seat, apply accepts (checked on a copy)."""
    import copy

    rng = random.Random(seed)
    players = 3 + seed % 3
    opts = random_options(rng, players).with_values(hands=1)
    g = Game(players, opts, seed=seed)
    g.start()
    for _ in range(150):
        if g.phase != "play" and g.phase not in ("drawn", "pending", "beep", "color"):
            break
        for s in range(players):
            for a in g.legal_actions(s):
                copy.deepcopy(g).apply(a)
        seat = g.current if g.phase != "beep" else g.beep_waiting[0]
        g.apply(rng.choice(g.legal_actions(seat)))


def _phase_problems(g: Game) -> list[str]:
    """State consistency beyond check_invariants: each phase has exactly its own fields set."""
    p: list[str] = []
    ph = g.phase
    if ph not in ("play", "drawn", "pending", "color", "beep"):
        return p
    if ph != "beep" and (g.pending > 0) != (ph == "pending"):
        p.append(f"pending {g.pending} in phase {ph}")
    if ph == "drawn" and g.drawn is None:
        p.append("drawn phase without a drawn card")
    if ph not in ("drawn", "beep") and g.drawn is not None:
        p.append(f"drawn card {g.drawn} in phase {ph}")
    if (ph == "beep") != bool(g.beep_waiting):
        p.append("beep race and waiting list disagree")
    if g.uno_open is not None and len(g.hands[g.uno_open]) != 1:
        p.append(f"UNO window on a seat holding {len(g.hands[g.uno_open])} cards")
    if g.seq_seat is not None and g.seq_seat == g.current and ph != "beep":
        p.append("sequence open for the turn holder")
    if g.color is None and g.top != "beep" and ph != "color":
        p.append(f"no colour on {g.top}")
    if g.color is not None and g.top not in ("w", "w+4") and g.color != g.top[0]:
        p.append(f"colour {g.color} on {g.top}")
    if any(not g.hands[s] for s in g.active):
        p.append("an active seat has no cards during a hand")
    return p


@pytest.mark.parametrize("chunk", range(3))
def test_phase_state_consistent_in_random_games(chunk):
    from uno_cli.bots.base import random_choice

    rng = random.Random(500 + chunk)
    for i in range(120):
        n = rng.randint(2, 8)
        opts = random_options(rng, n).with_values(hands=1)
        g = Game(n, opts, seed=rng.getrandbits(32))
        g.start()
        steps = 0
        while not g.is_over and steps < 5000:
            steps += 1
            if g.phase == "hand_over":
                g.start_hand()
                continue
            action = None
            for s in range(n):
                if s == g.current and g.phase != "beep":
                    continue
                legal = g.legal_actions(s)
                if legal and rng.random() < 0.3:
                    action = rng.choice(legal)
                    break
            if action is None:
                s = g.current if g.phase != "beep" else g.beep_waiting[0]
                action = random_choice(rng, g.legal_actions(s), s, True)
            g.apply(action)
            problems = _phase_problems(g)
            assert problems == [], (i, opts, action, problems)
        assert g.is_over


@pytest.mark.parametrize(("name", "players"), preset_setups())
def test_out_of_turn_seats_are_the_other_seats_with_legal_actions(name, players):
    """out_of_turn_seats and actors are derived from legal_actions, after every action."""
    opts = PRESETS[name].with_values(hands=1)
    checked = 0
    for k in range(3):
        for g, _action, _events in random_game(opts, players, seed=players * 100 + k):
            seats = g.out_of_turn_seats()
            actors = g.actors()
            with_actions = [s for s in range(players) if g.legal_actions(s)]
            holder = g.current if g.phase != "beep" else None
            assert seats == [s for s in with_actions if s != holder], (g.phase, g.current)
            assert actors == with_actions
            if g.phase == "beep":
                assert seats == sorted(g.beep_waiting)
            checked += 1
    assert checked > 3 * players


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_game_nobody_listens_to_builds_no_events_and_plays_the_same(name):
    # Events are built only for a listener: a quiet twin given the same actions ends in the
    # same state after every action, with the same legal actions, and returns no events.
    opts = PRESETS[name]
    for players in ([4] if opts.partners else (2, 4)):
        quiet = None
        for g, action, _events in random_game(opts, players, seed=players + 11, max_actions=800):
            if quiet is None:
                quiet = Game(players, opts, seed=players + 11)
                quiet.listening = False
                assert quiet.start() == []
            elif action is None:
                assert quiet.start_hand() == []
            else:
                assert quiet.apply(action) == []
                assert quiet.played_how == g.played_how
            assert snapshot(quiet) | {"listening": True} == snapshot(g)
            for s in range(players):
                assert quiet.legal_actions(s) == g.legal_actions(s)

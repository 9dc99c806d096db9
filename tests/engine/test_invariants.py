"""The invariant checker reports each broken state by its code (a checker that found
nothing would fail here), and holds when the draw pile runs out at any moment."""

from __future__ import annotations

import random

import pytest

from uno_cli.engine import Game
from uno_cli.engine.invariants import check_invariants, find_problems
from uno_cli.engine.options import PRESETS
from tests.engine.helpers import make_game
from tests.engine.test_properties import random_options


def codes(g: Game, gains: list[int] | None = None) -> set[str]:
    return {code for code, _text in find_problems(g, gains)}


def base(**opts) -> Game:
    g = make_game([["r5", "g1", "b2"], ["g2", "g3"], ["b1", "b4"]], discard=["y7", "r3"], **opts)
    assert codes(g) == set()
    return g


def _lose_a_card(g):
    g.draw_pile.pop()


def _extra_card(g):
    g.hands[0].append("r5")


def _turn_holder_out(g):
    g.eliminated[0] = True


def _eliminated_holds(g):
    g.eliminated[1] = True


def _empty_hand(g):
    g.draw_pile.extend(g.hands[1])
    g.hands[1] = []


def _discard_empty(g):
    g.draw_pile.extend(g.discard)
    g.discard = []


def _negative(g):
    g.pending = -1


def _pending_in_play(g):
    g.pending, g.pending_kind = 2, "+2"


def _pending_on_wrong_card(g):
    # A Wild Draw Four penalty waiting on a Draw Two top card.
    g.discard[-1], g.draw_pile[0] = g.draw_pile[0], g.discard[-1]
    g.hands[0].remove("r5")
    g.discard.append("r5")
    g.draw_pile.remove("r+2")
    g.discard.append("r+2")
    g.draw_pile.append("r5")
    g.color = "r"
    g.phase, g.pending, g.pending_kind = "pending", 4, "w+4"


def _pending_total_odd(g):
    g.draw_pile.remove("r+2")
    g.discard.append("r+2")
    g.phase, g.pending, g.pending_kind = "pending", 3, "+2"


def _returned_uncovered(g):
    g.draw_pile.extend(g.discard)
    g.draw_pile.remove("w+4")
    g.discard = ["w+4"]
    g.color = "g"
    g.phase, g.pending, g.pending_kind, g.pending_cards = "pending", 4, "w+4", 1


def _drawn_not_held(g):
    g.phase, g.drawn = "drawn", "b9"


def _drawn_in_play(g):
    g.drawn = "r5"


def _color_phase_late(g):
    g.draw_pile.remove("w")
    g.discard.append("w")
    g.phase, g.color = "color", None


def _beep_disagrees(g):
    g.beep_waiting = [0, 1]


def _uno_window_wrong(g):
    g.uno_open = 0


def _sequence_for_holder(g):
    g.seq_seat = 0


def _no_color(g):
    g.color = None


def _wrong_color(g):
    g.color = "b"


def _scores_over(g):
    g.scores[1] = 600


def _eliminated_classic(g):
    g.hands[2], g.draw_pile = [], g.draw_pile + g.hands[2]
    g.eliminated[2] = True


def _match_won_with_nothing(g):
    g.phase, g.winners = "match_over", [0]


def _match_without_winner(g):
    g.phase, g.winners = "match_over", []


BROKEN = {
    "cards_not_accounted": [_lose_a_card, _extra_card],
    "turn_holder_out": [_turn_holder_out],
    "eliminated_holds_cards": [_eliminated_holds],
    "empty_hand": [_empty_hand],
    "discard_empty": [_discard_empty],
    "negative_pending": [_negative],
    "pending_out_of_phase": [_pending_in_play],
    "pending_on_wrong_card": [_pending_on_wrong_card],
    "pending_wrong_total": [_pending_total_odd],
    "returned_card_uncovered": [_returned_uncovered],
    "drawn_not_held": [_drawn_not_held],
    "drawn_out_of_phase": [_drawn_in_play],
    "color_phase_late": [_color_phase_late],
    "beep_waiting": [_beep_disagrees],
    "uno_window_wrong": [_uno_window_wrong],
    "sequence_for_turn_holder": [_sequence_for_holder],
    "no_color": [_no_color],
    "wrong_color": [_wrong_color],
    "score_over_target": [_scores_over],
    "eliminated_without_elimination": [_eliminated_classic],
    "match_not_over": [_match_won_with_nothing],
    "no_winner": [_match_without_winner],
}


@pytest.mark.parametrize(("code", "breaks"), [(c, b) for c, bs in BROKEN.items() for b in bs],
                         ids=[b.__name__.strip("_") for bs in BROKEN.values() for b in bs])
def test_checker_reports_each_broken_state_by_its_code(code, breaks):
    g = base(challenge_penalty="return")
    breaks(g)
    assert code in codes(g), find_problems(g)
    assert check_invariants(g)  # the texts too


def test_checker_reports_scores_that_do_not_add_up():
    g = base()
    assert "scores_do_not_add_up" in codes(g, [5, 0, 0])
    assert codes(g, [0, 0, 0]) == set()


def test_every_code_of_the_checker_has_a_broken_state_here():
    import inspect

    from uno_cli.engine import invariants

    source = inspect.getsource(invariants)
    import re

    found = set(re.findall(r'add\(\("([a-z_]+)"', source))
    assert found == set(BROKEN) | {"scores_do_not_add_up"}


# ------------------------------------------- the draw pile runs out at every kind of moment


def _empty_draw_pile(g: Game) -> None:
    """Put the whole draw pile under the discard pile (the next draw reshuffles)."""
    g.discard[:0] = g.draw_pile
    g.draw_pile.clear()
    g.version += 1  # cached legal lists may depend on the piles


@pytest.mark.parametrize("chunk", range(3))
def test_draw_pile_emptied_at_every_kind_of_moment_keeps_every_invariant(chunk):
    rng = random.Random(2900 + chunk)
    moments: set[str] = set()
    reshuffles = 0
    for i in range(60):
        players = rng.randint(2, 6)
        if i % 3 == 0:
            opts = random_options(rng, players)
        else:
            opts = PRESETS[rng.choice(["strict", "playroom_all", "house"])]
            if opts.partners and players != 4:
                continue
        opts = opts.with_values(hands=1, challenge_penalty=rng.choice(["return", "return", "six"]))
        g = Game(players, opts, seed=rng.getrandbits(32))
        g.start()
        gains = [0] * players
        for _ in range(600):
            if g.is_over or g.phase == "hand_over":
                break
            # Not while a first Wild's colour is chosen: the pile is that one card then.
            if rng.random() < 0.25 and g.draw_pile and g.phase != "color":
                moments.add(str(g.phase) + (" uno" if g.uno_open is not None else ""))
                _empty_draw_pile(g)
                assert check_invariants(g, gains) == []
            seats = [s for s in range(players) if g.legal_actions(s)]
            seat = rng.choice(seats)
            action = rng.choice(g.legal_actions(seat))
            events = g.apply(action)
            reshuffles += sum(e.type == "reshuffle" for e in events)
            for e in events:
                if e.type == "hand_end":
                    for s, v in e.data["gained"].items():
                        gains[s] += v
            assert check_invariants(g, gains) == [], (opts, action, check_invariants(g, gains))
            g.legal_actions(g.current)  # raised IndexError after a lost covered card
    assert reshuffles > 50
    assert {"play", "drawn", "pending", "beep"} <= {m.split()[0] for m in moments}, moments
    assert any(m.endswith("uno") for m in moments), moments

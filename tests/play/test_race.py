"""The one race rule: who acts first, in virtual time and for the simulator."""

from __future__ import annotations

import random

import pytest

from uno_cli.engine import Action, preset
from uno_cli.engine.actions import CATCH, DRAW, PLAY
from uno_cli.play.playconfig import BOT, PlayConfig, SeatSpec
from uno_cli.play.race import ANSWER_TIME, DEFAULT_PACE, Referee, Wait
from uno_cli.play.session import Session
from uno_cli.play.sim import game_seed, run_game
from tests.engine.helpers import make_game


class Fixed:
    """A bot that wants one action (out of turn: after a fixed reaction time)."""

    level = "test"

    def __init__(self, want: Action | None, reaction: float) -> None:
        self.want = want
        self.reaction = reaction
        self.asked = 0

    def observe(self, events) -> None:
        pass

    def choose(self, view):
        self.asked += 1
        if self.want is not None and self.want in view.legal:
            return self.want
        return next((a for a in view.legal if a.kind == DRAW), view.legal[0] if view.legal else None)

    def reaction_time(self) -> float:
        return self.reaction


def _uno_window_game():
    # Seat 0 just played down to one card without saying UNO; it is seat 1's turn.
    g = make_game([["r5"], ["g7", "g8"], ["b1", "b2"]], discard=("r3", "r4"), current=1)
    g.uno_open = 0
    g.version += 1
    return g


@pytest.mark.parametrize("reaction,catches", [(0.5, True), (DEFAULT_PACE - 0.1, True), (DEFAULT_PACE, False), (2.5, False)])
def test_bot_race_wins_only_before_the_turn_holder_plays(reaction, catches):
    g = _uno_window_game()
    catcher = Fixed(Action(CATCH, 2, target=0), reaction)
    turn = Fixed(None, 0)
    ref = Referee(g, {1: turn, 2: catcher}, auto_next_hand=False)
    first = ref.schedule()[0]
    assert first.offer is not None
    assert (first.offer.action.kind == CATCH) is catches
    ref.fire(first.offer)
    assert (g.uno_open is None and len(g.hands[0]) > 1) is catches


def test_scripted_seat_is_asked_at_answer_time_before_slower_bots():
    g = _uno_window_game()
    ref = Referee(g, {1: Fixed(None, 0), 2: Fixed(Action(CATCH, 2, target=0), ANSWER_TIME + 0.2)}, controlled=[0])
    # Seat 0 (scripted) may say its forgotten UNO: it is prompted first, as a race.
    assert ref.advance() == Wait(0, "race")
    ref.waive(0)
    # Then the bot's catch (before the turn holder's pace) comes.
    ref.advance()
    assert len(g.hands[0]) > 1


def test_bot_faster_than_answer_time_acts_before_the_scripted_seat_is_asked():
    g = _uno_window_game()
    ref = Referee(g, {1: Fixed(None, 0), 2: Fixed(Action(CATCH, 2, target=0), ANSWER_TIME - 0.5)}, controlled=[0])
    wait = ref.advance()
    assert len(g.hands[0]) > 1  # caught before seat 0 could say UNO
    assert wait is None or wait.seat == 0 and wait.kind != "race" or wait.seat != 0


def test_turn_waits_for_the_race_window_while_a_person_may_act():
    g = _uno_window_game()
    ref = Referee(g, {1: Fixed(None, 0)}, controlled=[0], pace=0.5, race_window=3.0)
    turn = [e for e in ref.schedule(virtual=False) if e.offer is not None and e.offer.in_turn]
    assert turn and turn[0].time == 3.0
    g.uno_open = None
    g.version += 1
    turn = [e for e in ref.schedule(virtual=False) if e.offer is not None and e.offer.in_turn]
    assert turn and turn[0].time == 0.5


def test_real_time_schedule_leaves_people_out():
    g = _uno_window_game()
    ref = Referee(g, {1: Fixed(None, 0)}, controlled=[0, 2])
    assert all(e.offer is not None for e in ref.schedule(virtual=False))
    assert any(e.offer is None for e in ref.schedule(virtual=True))


def test_offers_are_asked_once_per_state():
    g = _uno_window_game()
    bot, other = Fixed(None, 0), Fixed(None, 9)
    ref = Referee(g, {1: bot, 2: other})
    ref.schedule()
    ref.schedule()
    assert (bot.asked, other.asked) == (1, 1)  # seat 2 may catch seat 0
    ref.fire(ref.schedule()[0].offer)  # seat 1 draws; seat 2 is asked in its turn
    ref.schedule()
    assert (bot.asked, other.asked) == (1, 2)


@pytest.mark.parametrize("name,levels", [
    ("classic", ("hard", "normal")),
    ("classic", ("easy", "random", "hard", "normal")),
    ("playroom", ("hard", "easy", "normal")),
    ("house", ("random", "random", "random")),
])
def test_simulator_plays_the_same_game_as_script_mode(name, levels):
    """A simulated match and a script-mode match with the same seed and bots are the same match."""
    for run_seed in range(3):
        rec = run_game(0, len(levels), preset(name), run_seed, False, levels, False)
        config = PlayConfig(
            players=len(levels), seats=[SeatSpec(BOT, lv) for lv in levels], options=preset(name),
            preset=name, seed=game_seed(run_seed, 0),
        )
        session = Session(config)
        session.start()
        assert session.advance() is None
        g = session.game
        assert g.is_over
        assert (tuple(g.winners), tuple(g.scores), g.hand_number) == (rec.winners, rec.scores, rec.hands)


def test_random_bots_choose_alike_with_or_without_a_view():
    from uno_cli.bots.base import RandomBot

    g = make_game([["r5", "r6", "g1"], ["g7", "g8"]], discard=("r3",), current=0)
    a, b = RandomBot(0, random.Random(5)), RandomBot(0, random.Random(5))
    for _ in range(20):
        assert a.choose(g.view(0)) == b.choose_legal(g.legal_actions(0), True)
    assert any(x.kind == PLAY for x in g.legal_actions(0))


def test_settings_default_pace_is_the_race_pace():
    from uno_cli.play.race import RACE_WINDOW
    from uno_cli.play.settings import Settings

    assert (Settings().pace, Settings().race_window) == (DEFAULT_PACE, RACE_WINDOW)


def test_a_persons_thinking_time_plays_the_safe_default_in_real_time():
    from uno_cli.play.race import default_action

    g = make_game([["r5", "g1"], ["g7", "g8"]], discard=("b3",), current=0)
    ref = Referee(g, {1: Fixed(None, 0)}, controlled=[0])
    assert not [e for e in ref.schedule(virtual=False) if e.seat == 0]  # off: people are not timed
    ref.think_time = 10.0
    mine = [e for e in ref.schedule(virtual=False) if e.seat == 0]
    assert len(mine) == 1 and mine[0].time == 10.0 and mine[0].wait == Wait(0, "turn")
    assert mine[0].offer.action == default_action(g.view(0)) and mine[0].offer.action.kind == DRAW


def test_awaited_is_the_turn_holder_or_every_seat_still_to_answer_a_beep():
    g = _uno_window_game()
    ref = Referee(g, {2: Fixed(None, 0)}, controlled=[0, 1])
    assert g.awaited() == (1,) and ref.awaited() == 1
    assert ref.must_act(1) and not ref.must_act(0)
    assert g.view(1).must_act and not g.view(0).must_act
    beep = make_game([["beep", "r1"], ["g7", "g8"], ["b1", "b2"]], discard=("r3",), current=0, beep=True)
    beep.apply(Action(PLAY, 0, "beep"))
    assert beep.awaited() == (0, 1, 2)
    assert Referee(beep, {}, controlled=[2]).awaited() == 2


def test_races_are_catches_jump_ins_sequence_cards_and_a_forgotten_uno():
    from uno_cli.engine.actions import JUMP_IN, UNO
    from uno_cli.play.race import is_race

    g = _uno_window_game()
    assert is_race(g, Action(CATCH, 2, target=0))
    assert is_race(g, Action(UNO, 0))  # seat 0 has one card and has not said it
    assert not is_race(g, Action(DRAW, 1))
    assert not is_race(g, Action(PLAY, 1, "g7"))  # the turn holder's play
    assert is_race(g, Action(PLAY, 2, "b3"))  # a card out of turn (a sequence)
    assert not is_race(g, Action(PLAY, 2, "beep"))  # a Beep is owed by all, not raced
    assert is_race(g, Action(JUMP_IN, 2, "r4"))
    ref = Referee(g, {}, controlled=[0])
    assert ref.race_chances(0) == [Action(UNO, 0)] and ref.may_race(0)
    ref.waive(0)
    assert ref.waived(0) and not ref.may_race(0)


def test_the_one_timeout_default_keeps_a_drawn_card_under_draw_again():
    """Under draw_again a seat that lets its time run out keeps the card; it does not draw again."""
    from uno_cli.engine.actions import PASS
    from uno_cli.play.external import safe_default
    from uno_cli.play.race import default_action

    g = make_game([["g1", "g2"], ["y7", "y8"]], discard=("r3",), draw=("b9", "r5"), current=0, draw_again=True)
    g.apply(Action(DRAW, 0))
    assert g.phase == "drawn" and any(a.kind == DRAW for a in g.legal_actions(0))
    assert default_action(g.view(0)).kind == PASS
    assert safe_default(g.view(0)) == default_action(g.view(0))  # one rule for programs too
    assert default_action(g.view(1)) is None  # out of turn: nothing


def test_heard_delay_shifts_bot_entries_in_real_time_only():
    g = _uno_window_game()
    ref = Referee(g, {1: Fixed(None, 0), 2: Fixed(Action(CATCH, 2, target=0), 0.5)})
    before = {(e.seat, e.time) for e in ref.schedule(virtual=False)}
    ref.heard_delay = 1.25
    after = {(e.seat, e.time) for e in ref.schedule(virtual=False)}
    assert after == {(s, t + 1.25) for s, t in before}
    assert {(e.seat, e.time) for e in ref.schedule(virtual=True)} == before
    person = Referee(g, {1: Fixed(None, 0)}, controlled=[0])
    person.think_time = 10.0
    person.heard_delay = 0.5
    assert not person.awaited()  # seat 1's turn: no thinking time for seat 0
    g.current = 0
    g.version += 1
    mine = [e for e in person.schedule(virtual=False) if e.seat == 0]
    assert [e.time for e in mine] == [10.5]  # the thinking time counts from when it was heard


def test_bots_asked_on_a_worker_see_a_copy_and_stale_offers_are_dropped():
    g = _uno_window_game()
    seen = []
    bot = Fixed(Action(CATCH, 2, target=0), 0.5)
    ref = Referee(g, {1: Fixed(None, 0), 2: bot}, on_decision=lambda seat, game, b: seen.append(game))
    job = ref.offers_job()
    result = job()  # as a worker thread would run it
    assert seen and all(game is not g for game in seen)
    assert ref.keep_offers(result) and ref.offers_known()
    assert [o.action.kind for o in ref.offers()] == [DRAW, CATCH]
    stale = ref.offers_job()()
    ref.fire(ref.offers()[1])  # the game changes before the worker's answer is kept
    assert not ref.keep_offers(stale)


def test_bot_states_are_kept_only_where_a_person_can_stop_the_game():
    g = _uno_window_game()
    ref = Referee(g, {1: Fixed(None, 0), 2: Fixed(None, 9)}, remember_states=True)
    calls = []
    ref.bot_states = lambda: calls.append(1) or {}  # type: ignore[method-assign]
    ref.advance(limit=1)  # nobody to wait for: nothing kept
    assert calls == []


def test_a_random_bot_plays_alike_through_its_policy_and_through_choose_legal():
    """The referee calls a legal-only bot's policy directly; the game is the one choose_legal would play."""
    from uno_cli.bots.base import RandomBot

    class Asked(RandomBot):
        def choose_legal(self, legal, in_turn):  # the same choice, through the method
            return super().choose_legal(legal, in_turn)

    from uno_cli.engine import Game

    games = []
    for kind in (RandomBot, Asked):
        game = Game(4, preset("playroom"), seed=11)
        bots = {s: kind(s, random.Random(100 + s)) for s in range(4)}
        referee = Referee(game, bots)
        assert bool(referee._policies) is (kind is RandomBot)  # an override is asked through it
        referee.deal(game.start())
        referee.advance(limit=5000)
        games.append((game.version, tuple(game.scores), tuple(map(tuple, game.hands)), game.hand_number))
    assert games[0] == games[1] and games[0][0] > 50

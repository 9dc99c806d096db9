"""The engine hands out ``Seat``s and takes them (legal_actions, view, Action, team, next_seat), and so do the referee, the match, the tables and the parser: mypy tells a seat from a count."""

from __future__ import annotations


from uno_cli.engine import Game
from uno_cli.engine.seats import all_seats

from tests.test_lint import snippet_errors

#: Lines 11 to 15 and 28 to 32 give a count where a seat goes; the rest pass the engine's seats along.
SEAT_OR_COUNT = '''
from uno_cli.engine import Action, Game, View
from uno_cli.engine.seats import Seat, all_seats
from uno_cli.net.table import Table
from uno_cli.play.commands import parse
from uno_cli.play.race import Referee
from uno_cli.play.session import Match


def check(game: Game, match: Match, table: Table, referee: Referee) -> None:
    match.controlled(game.players)
    match.legal_commands(game.players - 1)
    table._must_act(len(game.hands))
    parse("draw", game.players)
    referee.default_action(game.players - 1)
    match.controlled(game.current)
    parse("draw", game.current)
    referee.default_action(referee.awaited() or game.current)
    match.legal_commands(game.next_seat(game.current))
    for seat in all_seats(game.players):
        match.hand_text(seat)
    for seat in game.awaited():
        table._must_act(seat)
    winners: list[Seat] = [*game.winners, *game.active, *game.team(game.current)]


def engine(game: Game, view: View) -> None:
    game.legal_actions(game.players - 1)
    Action("draw", game.players - 1)
    Action("catch", game.current, target=len(game.hands) - 1)
    game.team(game.players - 1)
    game.next_seat(len(game.hands))
    game.legal_actions(game.current)
    game.legal_actions(view.seat)
    Action("catch", view.seat, target=game.next_seat(view.current))
    for seat in all_seats(game.players):
        game.view(seat).legal
    for action in game.legal_actions(game.current):
        game.legal_actions(action.seat)
    game.view(len(game.hands) - 1)
'''


def test_mypy_tells_a_seat_from_a_count_at_the_engine_the_match_and_the_tables(tmp_path):
    errors = snippet_errors(tmp_path, SEAT_OR_COUNT)
    assert [e.split(":")[0] for e in errors] == ["11", "12", "13", "14", "15", "28", "29", "30", "31", "32", "40"], errors
    assert all('expected "Seat' in e for e in errors), errors


def test_all_seats_counts_every_seat_from_0_without_building_a_list():
    assert list(all_seats(4)) == [0, 1, 2, 3]
    assert isinstance(all_seats(2), range)
    game = Game(players=3, seed=1)
    game.start()
    assert game.current in all_seats(game.players) and game.next_seat(game.current) in all_seats(3)

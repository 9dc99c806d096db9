"""How the session says a run of events (issue 16, the Playroom's way of speaking)."""

from __future__ import annotations

import re

from uno_cli.words.describe import describe
from uno_cli.engine.events import Event
import pytest

from uno_cli.engine.options import PRESETS, preset
from uno_cli.words.i18n import use_language
from uno_cli.play.playconfig import BOT, PlayConfig, SeatSpec
from uno_cli.play.narrator import Message, said
from uno_cli.play.session import Session
from tests.engine.helpers import act, make_game


def _session(players: int = 2, name: str = "classic") -> tuple[Session, list[Message]]:
    out: list[Message] = []
    config = PlayConfig(players=players, seats=[SeatSpec(BOT, "normal")] * players, options=preset(name),
                        preset=name, seed=3, names=["Mia", "Ana", "Bruno"][:players])
    session = Session(config, output=out.append, viewer=0)
    session.start()
    out.clear()
    return session, out


def _said(out: list[Message], verbosity: str = "full") -> list[str]:
    return [m.text for m in out if said(m, verbosity)]  # type: ignore[misc]


def test_each_players_points_are_said_before_the_totals_and_no_points_say_nothing() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("hand_end", 0, {"gained": {0: 45, 1: 0}, "points": {0: 0, 1: 45}})])
    assert [m.type for m in out] == ["hand_end", "points", "points", "scores"]
    said = _said(out)
    assert said[:2] == ["You win the hand.", "You get 45 points."] and said[2].startswith("Scores: ")
    # Ana scored nothing: her points message stays (programs read it), with nothing to hear.
    assert [(m.data["seat"], m.data["points"], m.text) for m in out if m.type == "points"][1] == (2, 0, None)


def test_a_turn_that_stays_after_a_draw_is_not_said_again() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("turn", 1)])
        session.narrator.say([Event("draw", 1, {"count": 2}), Event("turn", 1)])
    assert _said(out) == ["Ana's turn.", "Ana draws 2 cards."]


def test_whose_turn_is_said_after_an_out_of_turn_card_even_at_short_verbosity() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("play", 1, {"card": "r7", "how": "jump_in"}), Event("turn", 1)])
    assert _said(out, "short") == ["Ana jumps in with red 7.", "Ana's turn."]


def test_whose_turn_is_said_after_a_straight_card_that_leaves_the_turn_where_it_was() -> None:
    with use_language("en"):
        session, out = _session()
        current = session.game.current
        session.narrator.say([Event("play", 1, {"card": "r7", "how": "sequence"})])
    assert [m.type for m in out] == ["play", "turn"]
    assert out[1].seat == current and out[1].brief


def test_an_opponents_turn_in_the_normal_order_is_left_out_at_short_verbosity() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("play", 0, {"card": "r7", "how": "turn"}), Event("turn", 1)])
    assert _said(out, "short") == ["You play red 7."]
    assert _said(out, "full") == ["You play red 7.", "Ana's turn."]


def test_with_two_players_a_reverse_is_said_as_the_turn_it_gives() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("play", 1, {"card": "rr", "how": "turn"}), Event("reverse", 1, {"direction": -1}),
                              Event("skip", 0), Event("turn", 1)])
    assert _said(out, "short") == ["Ana plays red Reverse.", "Ana's turn."]


def test_with_three_players_a_reverse_is_said_as_a_change_of_direction_in_the_cards_line() -> None:
    # One change, one line (issue 24: the lines of a change lag behind one another).
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 1, {"card": "rr", "how": "turn"}), Event("reverse", 1, {"direction": -1}),
                              Event("turn", 0)])
    assert _said(out) == ["Ana plays red Reverse; direction changes.", "Your turn."]
    assert [m.type for m in out] == ["play", "reverse", "turn"]  # each event keeps its message (JSON, sound)
    assert out[1].data["text"] == "Direction changes."


def test_a_skip_says_whom_it_skips_in_the_cards_line() -> None:
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 2, {"card": "rs", "how": "turn"}), Event("skip", 0), Event("turn", 1)])
    assert _said(out, "short") == ["Bruno plays red Skip; you're skipped."]
    assert _said(out, "full") == ["Bruno plays red Skip; you're skipped.", "Ana's turn."]


def test_a_skip_just_drawn_and_played_says_whom_it_skips_in_the_cards_line() -> None:
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 2, {"card": "gs", "how": "drawn"}), Event("skip", 0), Event("turn", 1)])
    assert _said(out, "short") == ["Bruno plays green Skip; you're skipped."]


def test_a_jump_in_with_a_skip_keeps_the_skip_in_its_own_line() -> None:
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 2, {"card": "rs", "how": "jump_in"}), Event("skip", 0)])
    assert _said(out, "short")[:2] == ["Bruno jumps in with red Skip.", "Your turn is skipped."]


def test_a_draw_two_s_victim_draws_and_is_skipped_in_one_line() -> None:
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 2, {"card": "b+2", "how": "turn"}), Event("draw", 1, {"count": 2}),
                              Event("skip", 1), Event("turn", 0)])
        # The turn would wait behind two lines: it is said as a sentence of the last.
        assert _said(out) == ["Bruno plays blue Draw Two.", "Ana draws 2, skipped. Your turn."]
        session.narrator.say([Event("play", 1, {"card": "g+2", "how": "turn"}),
                              Event("draw", 0, {"count": 2}, {"cards": ["r2", "y5"]}, secret_to=0), Event("skip", 0)])
    assert _said(out)[2:] == ["Ana plays green Draw Two.", "You draw red 2 and yellow 5, skipped."]


def test_a_turn_after_a_jump_in_and_the_penalty_waiting_are_one_line() -> None:
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 1, {"card": "r+2", "how": "jump_in"}), Event("turn", 2),
                              Event("pending", 2, {"total": 4})])
    # Only the player whose turn it is takes (or answers) a penalty: its line says whose turn.
    assert _said(out, "short") == ["Ana jumps in with red Draw Two.", "Bruno must take 4."]
    assert [m.type for m in out] == ["play", "turn", "pending"] and out[1].text == "Bruno must take 4."
    assert out[2].text is None and out[2].data["text"] == "Bruno must take 4."


def test_the_players_own_turn_to_take_a_penalty_is_the_penalty_s_line() -> None:
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 1, {"card": "r+2", "how": "stack"}), Event("turn", 0),
                              Event("pending", 0, {"total": 4})])
    assert _said(out, "short") == ["Ana stacks red Draw Two.", "You must take 4."]
    assert out[1].type == "turn" and out[2].text is None  # the turn keeps its place (its sound, its JSON)


def _draw_two_against(victim: int, name: str) -> tuple[Session, list[Message], list[str]]:
    """A real game under preset ``name``: the seat before ``victim`` plays red Draw Two on it."""
    session, out = _session(players=3, name=name)
    hands = [["g7", "y1", "r9"], ["r+2", "g4"], ["b8", "y2", "g9"]]
    hands[(victim - 1) % 3], hands[1] = hands[1], hands[(victim - 1) % 3]
    game = make_game(hands, discard=["r3"], draw=["b3", "r5"], options=preset(name), current=(victim - 1) % 3)
    session.game = game
    session.narrator.say(game.apply(act("play", (victim - 1) % 3, "r+2")))
    return session, out, list(_said(out, "short"))


def test_a_penalty_taken_that_keeps_the_turn_ends_with_the_players_turn() -> None:
    with use_language("en"):
        session, out, before = _draw_two_against(0, "playroom")  # draw_skips off
        assert before[-1] == "You must take 2."
        out.clear()
        events = session.game.apply(act("accept", 0))
        # A network table narrates the same events for each seat: the taker hears the same line.
        table, _ = session.narrator.narrate(events, 0)
        session.narrator.say(events)
        # The player pressed Space on "You must take 2.": the take says the turn is still theirs.
        assert _said(out, "short") == _said(out) == ["You draw 2 cards: red 5 and blue 3. Your turn."]
        assert _said(table, "short") == _said(out)


def test_a_lost_challenge_that_keeps_the_turn_says_the_players_turn_with_the_draw_before_the_cards() -> None:
    with use_language("en"):
        session, out = _session(players=2, name="playroom")  # draw_skips off
        game = make_game([["g7", "y1", "r9"], ["w+4", "g4"]], discard=["b3"], draw=["r5", "r6", "r7", "r8", "r9", "b3"],
                         options=preset("playroom"), current=1)
        session.game = game
        session.narrator.say(game.apply(act("play", 1, "w+4", "r")))
        out.clear()
        session.narrator.say(game.apply(act("challenge", 0)))
    # Six cards are listed in a line said only at full: the turn is said with the draw, before them
    # (not seconds late, after the list).
    assert _said(out, "short")[-1] == "You draw 6 cards. Your turn."
    assert _said(out)[-2:] == ["You draw 6 cards. Your turn.", "blue 3, red 9, red 8, red 7, red 6, and red 5."]


def test_a_penalty_that_skips_does_not_say_the_players_turn() -> None:
    with use_language("en"):
        _, out, said_short = _draw_two_against(0, "classic")  # draw_skips on: the take is at once
    assert said_short == ["Bruno plays red Draw Two.", "You draw red 5 and blue 3, skipped."]
    assert "Your turn." not in " ".join(_said(out))


def test_another_player_who_takes_a_penalty_and_keeps_the_turn_has_the_turn_said_at_full() -> None:
    with use_language("en"):
        session, out, before = _draw_two_against(2, "playroom")
        assert before[-1] == "Bruno must take 2."
        out.clear()
        session.narrator.say(session.game.apply(act("accept", 2)))
    assert _said(out) == ["Bruno draws 2 cards.", "Bruno's turn."]
    assert _said(out, "short") == ["Bruno draws 2 cards."]  # (a bot plays at once: its card says it)


def test_the_players_turn_after_a_one_line_move_is_a_line_of_its_own() -> None:
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 2, {"card": "r5", "how": "turn"}), Event("turn", 0)])
    assert _said(out, "short") == ["Bruno plays red 5.", "Your turn."]


def test_a_line_said_only_at_full_is_not_folded_into_one_said_at_short() -> None:
    with use_language("en"):
        session, out = _session(players=3)
        session.narrator.say([Event("play", 2, {"card": "r5", "how": "turn"}), Event("turn", 1)])
    assert _said(out, "short") == ["Bruno plays red 5."]


def test_a_caught_player_is_said_once_with_the_cards_drawn_in_the_draw_line() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("caught", 1, {"by": 0, "count": 2}), Event("draw", 1, {"count": 2})])
    assert _said(out) == ["You catch Ana without UNO.", "Ana draws 2 cards."]


def test_only_the_drawing_player_hears_that_the_drawn_card_can_be_played() -> None:
    with use_language("en"):
        assert describe(Event("playable_drawn", 1, {}, {"card": "r5"}), 0, ["You", "Ana"]) is None
        assert describe(Event("playable_drawn", 0, {}, {"card": "r5"}), 0, ["You", "Ana"]) == "You can play it."


def test_a_bluffers_hand_is_shown_in_a_line_of_its_own() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("challenge_result", 1, {"guilty": True, "challenger": 0},
                                    {"hand": ["b2", "r5"]}, secret_to=0)])
    assert _said(out) == ["Ana bluffed!", "Ana's cards: red 5 and blue 2."]


def test_a_draw_of_more_than_three_cards_says_the_count_then_the_cards_at_full_verbosity() -> None:
    with use_language("en"):
        session, out = _session()
        cards = ["r1", "y2", "g3", "b4"]
        session.narrator.say([Event("draw", 0, {"count": 4}, {"cards": cards})])
    assert _said(out) == ["You draw 4 cards.", "red 1, yellow 2, green 3, and blue 4."]
    assert _said(out, "short") == ["You draw 4 cards."]  # the cards: asked for with the hand command


def test_a_draw_of_three_cards_or_fewer_names_them_in_one_line() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("draw", 0, {"count": 2}, {"cards": ["r1", "y2"]})])
    assert _said(out, "short") == ["You draw 2 cards: red 1 and yellow 2."]


def test_a_wild_played_with_its_colour_says_the_colour_in_the_cards_line() -> None:
    with use_language("en"):
        session, out = _session()
        session.narrator.say([Event("play", 1, {"card": "w", "how": "turn", "color": "b"})])
    assert _said(out)[:1] == ["Ana plays Wild: blue."]
    assert [m.type for m in out] == ["play", "color_chosen"]


def test_the_match_start_at_short_says_only_the_first_card() -> None:
    out: list[Message] = []
    with use_language("en"):
        config = PlayConfig(players=2, seats=[SeatSpec(BOT, "normal")] * 2, options=preset("playroom"),
                            preset="playroom", seed=3)
        Session(config, output=out.append, viewer=0).start()
    short = _said(out, "short")
    # The first card begins the match: the rules and "Hand 1 begins." are for the full verbosity,
    # and so are the first cards sent back (what matters is the card that starts the pile; each
    # card sent back was 7 words heard before it, up to four of them in playroom_all).
    assert short[0] == "First card: blue 8."
    assert "First card: red Draw Two, sent back." in _said(out, "full")
    assert "Rules: Playroom; to 500 points." in _said(out, "full")
    full = _said(out, "full")
    # The dealer draw, the dealer, the deal and the cards dealt: at full, and by key (H, status) at short.
    assert full[0] == "The game starts with 2 players."
    assert any("to choose the dealer" in line for line in full)
    assert any(line.endswith("the dealer.") for line in full)
    assert not any("dealer" in line or "cards to each player" in line for line in short)


def _first_card_draw_two(name: str, viewer: int) -> tuple[list[Message], bool]:
    """A real match under preset ``name`` (its Draw Two kept as the first card) whose first card is a
    Draw Two, said to ``viewer``; and whether the first player has the turn after the draw."""
    options = preset(name).with_values(first_card_number=False)
    players = 4 if options.partners else 2
    for seed in range(200):
        out: list[Message] = []
        config = PlayConfig(players=players, seats=[SeatSpec(BOT, "normal")] * players, options=options,
                            preset=name, seed=seed)
        session = Session(config, output=out.append, viewer=viewer)
        session.start()
        first = [m for m in out if m.type == "first_card"]
        if first and "Draw Two" in (first[-1].text or ""):
            return out[out.index(first[-1]):], not options.draw_skips
    raise AssertionError("no seed turns up a Draw Two")


@pytest.mark.parametrize("verbosity", ["full", "short"])
@pytest.mark.parametrize("name", list(PRESETS))
def test_a_first_card_draw_two_says_the_draw_before_whose_turn_it_is(name: str, verbosity: str) -> None:
    for viewer in (0, 1):
        with use_language("en"):
            out, keeps_turn = _first_card_draw_two(name, viewer)
        lines = _said(out, verbosity)
        text = " ".join(lines)
        assert lines[0].startswith("First card:") and "turn" not in lines[0].lower(), lines
        draw = re.search(r"\bdraws?\b", text)
        assert draw is not None, lines
        turn = text.lower().find("turn")
        assert turn == -1 or draw.start() < turn, lines
        if keeps_turn and out[0].seat is None and any(m.type == "draw" and m.seat == viewer for m in out):
            # The player who drew keeps the turn (draw_skips off): it is said after the draw.
            assert text.endswith("Your turn."), lines


def test_changed_rules_are_said_as_changed() -> None:
    out: list[Message] = []
    with use_language("en"):
        config = PlayConfig(players=2, seats=[SeatSpec(BOT, "normal")] * 2,
                            options=preset("classic").with_values(hands=3), preset="classic", seed=3)
        Session(config, output=out.append, viewer=0).start()
    assert "Rules: Classic, changed; 3 hands." in _said(out)


def test_lines_put_on_a_given_list_leave_the_lines_before_them_as_they_were() -> None:
    session, _out = _session(4)
    narrator = session.narrator
    events = [Event("play", 0, {"card": "r5", "left": 6, "how": "turn"}), Event("turn", 1, {})]
    alone, state = narrator.lines(events, None, (), True)
    before = [("info", "Earlier.", None, None, False, True, None)]
    given = list(before)
    out, same_state = narrator.lines(events, None, (), True, given)
    assert out is given and given[:1] == before and given[1:] == alone and same_state == state
    assert [line[1] for line in alone] == [describe(e, None, session.names) for e in events]


def test_an_onlooker_gets_no_line_of_a_secret_and_the_drawer_does() -> None:
    session, _out = _session(4)
    draw = Event("draw", 2, {"count": 5, "reason": "draw_two", "left": 9}, {"cards": ["r1", "r2", "b3", "g4", "y5"]})
    onlooker, _ = session.narrator.lines([draw], None)
    drawer, _ = session.narrator.lines([draw], 2)
    assert [line[0] for line in onlooker] == ["draw"]
    assert [line[0] for line in drawer] == ["draw", "drawn_cards"] and drawer[1][1]

"""The summaries and prompts of uno_cli.words.describe, said the same by every interface."""

from __future__ import annotations

from types import SimpleNamespace

from uno_cli.words.describe import card_text, color_text, hand_text, pending_text, prompt_text, turn_text
from uno_cli.engine.game import Phase

NAMES = ["Mia", "Ana"]


def view(phase: Phase, current: int = 0, pending: int = 0) -> SimpleNamespace:
    return SimpleNamespace(phase=phase, current=current, pending=pending)


def test_hand_is_sorted_unless_the_order_is_the_players() -> None:
    assert hand_text(["w", "r5"]) == "You have 2 cards: red 5 and Wild."
    assert hand_text(["w", "r5"], sort=False) == "You have 2 cards: Wild and red 5."
    assert hand_text([]) == "You have no cards."


def test_turn_sentence_follows_the_phase() -> None:
    assert turn_text(view(Phase.PLAYING, 0), NAMES, 0) == "Your turn."
    # A turn to take a penalty is said as the game says it, with the penalty waiting.
    assert turn_text(view(Phase.PENDING, 1, 4), NAMES, 0) == "Ana must take 4."
    assert turn_text(view(Phase.PENDING, 0, 2), NAMES, 0) == "You must take 2."
    assert turn_text(view(Phase.BEEP_RACE), NAMES, 0) == "Everyone must answer the Beep."
    assert turn_text(view(Phase.HAND_OVER), NAMES, 0) == "The hand is over."
    assert turn_text(view(Phase.MATCH_OVER), NAMES, 0) == "The game is over."


def test_pending_penalty_names_who_takes_it() -> None:
    assert pending_text(view(Phase.PENDING, 0, 4), NAMES, 0) == "A penalty of 4 cards waits for you."
    assert pending_text(view(Phase.PENDING, 1, 2), NAMES, 0) == "A penalty of 2 cards waits for Ana."
    assert pending_text(view(Phase.PLAYING), NAMES, 0) == "No draw penalty is waiting."


def test_colour_in_play() -> None:
    assert color_text("b") == "The colour in play is blue."
    assert color_text(None) == "No colour is in play yet."


def test_card_under_the_focus_says_position_only_at_full_verbosity() -> None:
    assert card_text("r5", 1, 3, True) == "red 5, 1 of 3, playable"
    assert card_text("r5", 1, 3, False, full=False) == "red 5"


def test_prompt_says_whose_move_and_whether_it_is_a_race() -> None:
    assert prompt_text(["play", "draw"], False, 0, 0, NAMES) == "Your move: play, draw."
    assert prompt_text(["uno"], True, 0, 0, NAMES) == "You may act now: uno."
    assert prompt_text(["draw"], False, 1, 0, NAMES) == "Ana, your move: draw."
    assert prompt_text(["wait"], True, 1, None, NAMES) == "Ana, you may act now: wait."


# --- the player's own pronoun never fills a name slot (issue 17) ---------------------

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from uno_cli.words.describe import describe, scores_text  # noqa: E402
from uno_cli.engine.events import Event  # noqa: E402
from uno_cli.words.i18n import read_po, use_language  # noqa: E402

POT = Path(__file__).resolve().parent.parent.parent / "locales" / "uno_cli.pot"
THREE = ["Mia", "Ana", "Bruno"]


def test_no_message_is_a_bare_pronoun_to_put_in_a_name_slot() -> None:
    # "You" (capital) is the default name of the lone person at the table (session.py); the
    # sentences about that seat are always the "You ..." messages, so it never reaches a slot.
    msgids = {e.msgid.strip() for e in read_po(POT.read_text(encoding="utf-8")).entries}
    assert not msgids & {"you", "(you)", "yourself", "te", "you:"}


@pytest.mark.parametrize(("lang", "tie", "won", "scores", "penalty"), [
    ("en", "A tie between you and Ana: you draw again.", "You and Ana win the game!",
     "Scores: you 3, Ana 0, Bruno 1.", "A penalty of 4 cards waits for you."),
    ("pt", "Empate entre você e Ana: vocês tiram de novo.", "Você e Ana vencem a partida!",
     "Pontuação: você 3, Ana 0, Bruno 1.", "Você tem uma penalidade de 4 cartas."),
    ("it", "Pareggio tra te e Ana: si ripete la pesca.", "Tu e Ana vincete la partita!",
     "Punteggi: tu 3, Ana 0, Bruno 1.", "Ti aspetta una penalità di 4 carte."),
    ("ro", "Egalitate între tine și Ana: trageți din nou.", "Tu și Ana câștigați jocul!",
     "Scor: tu 3, Ana 0, Bruno 1.", "Te așteaptă o penalizare de 4 cărți."),
    ("sr_Latn", "Nerešeno: ti i Ana. Ponovo izvlačite.", "Ti i Ana pobeđujete u igri!",
     "Rezultat: ti 3, Ana 0, Bruno 1.", "Čeka te kazna od 4 karte."),
])
def test_sentences_about_the_player_have_their_own_message(lang: str, tie: str, won: str, scores: str,
                                                           penalty: str) -> None:
    with use_language(lang):
        assert describe(Event("dealer_tie", None, {"seats": [0, 1]}), 0, THREE) == tie
        assert describe(Event("match_end", None, {"winners": [0, 1]}), 0, THREE) == won
        assert scores_text([3, 0, 1], THREE, 0) == scores
        assert pending_text(view(Phase.PENDING, 0, 4), THREE, 0) == penalty


def test_a_seven_swapped_with_ones_own_seat_is_told_apart_from_no_seat_at_all() -> None:
    """Under seven_o, "play r7 1" by seat 1 named a seat (its own): the answer says so, not "add a seat number"."""
    from tests.engine.helpers import make_game
    from uno_cli.engine import Action
    from uno_cli.engine.actions import PLAY
    from uno_cli.engine.errors import IllegalAction
    from uno_cli.words.describe import describe_error

    g = make_game([["r7", "r5"], ["g1", "g2"]], discard=["r3"], seven_o=True)
    said = []
    for target in (0, None):
        with pytest.raises(IllegalAction) as info:
            g.apply(Action(PLAY, 0, "r7", None, target))
        with use_language("en"):
            said.append(describe_error(info.value, ["Mia", "Ana"]))
    assert said == ["A 7 swaps hands with someone else, not with you: add another seat number.",
                    "Say whose hand to swap with: add a seat number."]

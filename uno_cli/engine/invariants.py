"""Checks that hold after every action of every game (and that a loaded file must pass)."""

from __future__ import annotations

from collections import Counter

from uno_cli.engine.cards import BEEP, CARD_COLOR, CARD_RANK, WILD, WILD4, new_deck
from uno_cli.engine.seats import seat_number
from uno_cli.engine.game import (
    BEEP_RACE,
    CHOOSE_COLOR,
    DRAWN,
    HAND_OVER,
    LIVE_PHASES,
    MATCH_OVER,
    PENDING,
    SETUP,
    Game,
)


def find_problems(game: Game, hand_gains: list[int] | None = None) -> list[tuple[str, str]]:
    """Every broken invariant as ``(code, description)``; empty when all hold."""
    problems: list[tuple[str, str]] = []
    add = problems.append
    phase = game.phase
    opts = game.options
    if phase != SETUP:
        held: Counter[str] = Counter()
        for hand in game.hands:
            held.update(hand)
        held.update(game.draw_pile)
        held.update(game.discard)
        deck = Counter(new_deck(opts.beep))
        if held != deck:
            extra = held - deck
            missing = deck - held
            add(("cards_not_accounted", f"cards not accounted for: extra {dict(extra)}, missing {dict(missing)}"))
    live = phase in LIVE_PHASES
    if live:
        _live_problems(game, add)
    for s in range(game.players):
        if game.eliminated[s] and opts.scoring != "elimination":
            add(("eliminated_without_elimination", f"seat {seat_number(s)} is out, but scoring is {opts.scoring}"))
            break
    if phase == HAND_OVER or (live and opts.scoring == "winner_takes"):
        # The match ends as soon as a side reaches the target (missed jump-ins add points
        # during a hand only under the lowest-score modes).
        if opts.scoring == "elimination":
            over: list[int] = [s for s in game.active if game.scores[s] >= opts.target]
        else:
            over = [s for s, v in game.side_scores().items() if v >= opts.target]
        if over:
            add(("score_over_target", f"seat {over[0] + 1} has reached the target {opts.target} in a match still going"))
    if phase == MATCH_OVER:
        if not game.winners:
            add(("no_winner", "match over without a winner"))
        elif not _match_can_end(game):
            add(("match_not_over", "match over though no side reached the target and the hands are not all played"))
    if hand_gains is not None:
        expected = [g + p for g, p in zip(hand_gains, game.penalties)]
        if expected != game.scores:
            add(("scores_do_not_add_up", f"scores {game.scores} do not add up to {expected}"))
    return problems


def _live_problems(game: Game, add) -> None:  # type: ignore[no-untyped-def]
    """The invariants of a hand in play."""
    phase = game.phase
    if not 0 <= game.current < game.players or game.eliminated[game.current]:
        add(("turn_holder_out", f"turn holder {game.current} is not an active seat"))
        return
    for s in range(game.players):
        if game.eliminated[s] and game.hands[s]:
            add(("eliminated_holds_cards", f"eliminated seat {seat_number(s)} holds cards"))
        elif not game.eliminated[s] and not game.hands[s]:
            add(("empty_hand", f"seat {seat_number(s)} has no cards during a hand"))
    if not game.discard:
        add(("discard_empty", "no card on the discard pile"))
        return
    top = game.discard[-1]
    if game.pending < 0:
        add(("negative_pending", "negative pending draw"))
    # The phase a Beep race will return to is the one whose fields must hold.
    waiting_phase = game.beep_resume if phase == BEEP_RACE else phase
    if (waiting_phase == PENDING) != (game.pending > 0):
        add(("pending_out_of_phase", f"a penalty of {game.pending} in phase {waiting_phase}"))
    if waiting_phase == PENDING:
        kind = game.pending_kind
        under = _under_beeps(game.discard)
        step = 2 if kind == "+2" else 4
        want = "+2" if kind == "+2" else CARD_RANK[WILD4] if kind == WILD4 else None
        if under is None or CARD_RANK[game.discard[under]] != want:
            add(("pending_on_wrong_card", f"a {kind} penalty waits on {top}"))
        elif game.pending % step:
            add(("pending_wrong_total", f"a {kind} penalty of {game.pending} cards"))
        elif kind == WILD4 and game.options.challenge_penalty == "return" and under == 0:
            add(("returned_card_uncovered", "a Wild Draw Four that may be taken back covers no card"))
    elif game.pending_kind is not None:
        add(("pending_out_of_phase", f"a {game.pending_kind} penalty kind in phase {waiting_phase}"))
    if waiting_phase == DRAWN:
        if game.drawn is None or game.drawn not in game.hands[game.current]:
            add(("drawn_not_held", f"the drawn card {game.drawn} is not in the turn holder's hand"))
    elif game.drawn is not None:
        add(("drawn_out_of_phase", f"a drawn card {game.drawn} in phase {waiting_phase}"))
    if phase == CHOOSE_COLOR and (top != WILD or len(game.discard) != 1):
        add(("color_phase_late", "a first card's colour is chosen, but the pile is not a Wild turned up first"))
    if (phase == BEEP_RACE) != bool(game.beep_waiting):
        add(("beep_waiting", "the Beep race and its waiting list disagree"))
    if game.uno_open is not None and len(game.hands[game.uno_open]) != 1:
        add(("uno_window_wrong", f"seat {game.uno_open + 1} can be caught holding {len(game.hands[game.uno_open])} cards"))
    if game.seq_seat is not None and game.seq_seat == game.current and phase != BEEP_RACE:
        add(("sequence_for_turn_holder", "a sequence is open for the turn holder"))
    if game.color is None and top != BEEP and phase != CHOOSE_COLOR:
        add(("no_color", f"no colour in play on {top}"))
    if game.color is not None and top not in (WILD, WILD4, BEEP) and game.color != CARD_COLOR[top]:
        add(("wrong_color", f"colour {game.color} in play on {top}"))


def _under_beeps(discard: list[str]) -> int | None:
    """The index of the top card of ``discard`` that is not a Beep."""
    for i in range(len(discard) - 1, -1, -1):
        if discard[i] != BEEP:
            return i
    return None


def _match_can_end(game: Game) -> bool:
    """True if the match may be over: the hands are all played, or the target is reached."""
    opts = game.options
    if opts.hands > 0 and game.hand_number >= opts.hands:
        return True
    if opts.scoring == "elimination":
        return len(game.active) <= 1 or any(game.scores[s] >= opts.target for s in range(game.players))
    return max(game.side_scores().values()) >= opts.target


def check_invariants(game: Game, hand_gains: list[int] | None = None) -> list[str]:
    """Return a description of every broken invariant (empty when all hold)."""
    return [text for _code, text in find_problems(game, hand_gains)]

"""The command registry: each verb defined once, and everything that names it derived from it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_cli.words import i18n
from uno_cli.play.commands import (
    BY_NAME, GAME, INTERFACE, REGISTRY, Partial, action_to_command, help_lines, label, normalize, parse, resolve,
)
from uno_cli.engine import Action
from uno_cli.words.i18n import LANGUAGES
from uno_cli.engine.actions import ACCEPT, CATCH, DRAW, PASS, PLAY, UNO
from uno_cli.engine.errors import IllegalAction
from uno_cli.interactive.keys import GAME_KEYS
from tests.engine.helpers import make_game

ROOT = Path(__file__).resolve().parent.parent.parent
LANGS = tuple(LANGUAGES)


def test_every_key_names_a_registry_verb():
    for key in GAME_KEYS:
        assert key.verb in BY_NAME, key


def test_every_verb_of_the_game_is_in_the_protocol_table():
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    rows = {m.group(1) for m in re.finditer(r"^\| `([a-z ]+?)(?: [A-Z\[].*?)?` \|", text, re.M)}
    game_verbs = {v.name.replace("_", " ") for v in REGISTRY if v.scope == GAME}
    assert game_verbs <= rows, game_verbs - rows


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_word_calls_its_verb_in_every_language(lang):
    with i18n.use_language(lang):
        words = {v.name: label(v.name) for v in REGISTRY}
    for name, word in words.items():
        for other in LANGS:
            with i18n.use_language(other):
                assert parse(word, 0).verb == name, (lang, other, name, word)


def test_no_two_verbs_share_a_word():
    seen: dict[tuple[str, ...], str] = {}
    for verb in REGISTRY:
        for word in (verb.name, verb.label, *verb.words):
            key = tuple(normalize(word).split())
            assert seen.setdefault(key, verb.name) == verb.name, (word, verb.name, seen[key])


@pytest.mark.parametrize("lang", LANGS)
def test_no_verb_word_hides_a_card_or_colour_word(lang):
    from uno_cli.words.cards_text import card_name, color_name
    from uno_cli.engine.cards import ALL_CODES, COLORS

    with i18n.use_language(lang):
        for c in COLORS:
            for line in (f"{color_name(c)} 5", f"5 {color_name(c)}"):
                cmd = parse(line, 0)
                assert (cmd.verb, cmd.card) == ("play", c + "5"), (lang, line, cmd)
        for code in ALL_CODES:
            if code == "beep":
                continue  # the verb beep plays a Beep card when there is no race to answer
            cmd = parse(card_name(code), 0)
            assert (cmd.verb, cmd.card) == ("play", code), (lang, code, cmd)


@pytest.mark.parametrize("lang", LANGS)
def test_help_lists_every_verb_once_in_the_language(lang):
    with i18n.use_language(lang):
        game = help_lines(GAME)
        everything = help_lines(INTERFACE)
    assert len(game) == sum(1 for v in REGISTRY if v.scope == GAME)
    assert len(everything) == len(REGISTRY)


def test_action_to_command_round_trips_through_parse_and_resolve():
    g = make_game([["r5", "w", "w+4", "g2"], ["b1", "b2"]], discard=("r3",))
    for action in g.legal_actions(0):
        cmd = parse(action_to_command(action), 0, g)
        assert resolve(cmd, g, 0) == action, action


def test_draw_means_take_the_penalty_or_keep_the_drawn_card():
    g = make_game([["g2", "g3"], ["b1", "b2"]], discard=("r3",), draw=("y9", "r4"))
    assert resolve(parse("draw", 0, g), g, 0) == Action(DRAW, 0)
    g.apply(Action(DRAW, 0))  # draws the red 4, which can be played
    assert resolve(parse("draw", 0, g), g, 0) == Action(PASS, 0)
    g2 = make_game([["r+2", "g3"], ["b1", "b2", "b3"]], discard=("r3",), stacking=True)
    g2.apply(Action(PLAY, 0, "r+2"))
    assert resolve(parse("draw", 1, g2), g2, 1) == Action(ACCEPT, 1)


def test_uno_catches_a_player_who_forgot_and_otherwise_says_uno():
    g = make_game([["r5", "r6"], ["b1", "b2", "b4"]], discard=("r3",))
    assert resolve(parse("uno", 0, g), g, 0) == Action(UNO, 0)
    g.apply(Action(PLAY, 0, "r5"))  # one card left, UNO not said
    assert resolve(parse("uno", 1, g), g, 1) == Action(CATCH, 1, target=0)


def test_a_wild_without_colour_is_a_partial_play():
    g = make_game([["w", "g3"], ["b1", "b2"]], discard=("r3",))
    first = resolve(parse("play w", 0, g), g, 0)
    assert isinstance(first, Partial)
    assert resolve(parse("color blue", 0, g), g, 0, first.action) == Action(PLAY, 0, "w", "b")


def test_swap_without_a_seven_is_refused():
    g = make_game([["r5", "g3"], ["b1", "b2"]], discard=("r3",))
    with pytest.raises(IllegalAction) as err:
        resolve(parse("swap 2", 0, g), g, 0)
    assert err.value.code == "swap_without_seven"


#: The game's verbs that do not act on the game: the session carries them out itself.
SESSION_VERBS = frozenset({"save", "quit", "wait"})


def test_every_acting_verb_carries_its_handler_in_the_registry():
    acting = {v.name for v in REGISTRY if v.scope == GAME and not v.query and v.name not in SESSION_VERBS}
    assert acting == {"play", "draw", "pass", "accept", "challenge", "color", "swap", "uno", "catch", "jump", "beep"}
    for verb in REGISTRY:
        assert callable(verb.act) == (verb.name in acting), verb.name
        if verb.kinds:
            assert verb.name in acting, verb.name


def test_resolve_has_no_branch_of_its_own_for_any_verb():
    import ast
    import inspect

    from uno_cli.play import commands

    tree = ast.parse(inspect.getsource(commands.resolve))
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert not strings & set(BY_NAME), strings & set(BY_NAME)


def test_a_new_verb_in_a_copy_of_the_registry_resolves_without_editing_resolve(monkeypatch):
    from uno_cli.play import commands

    knock = commands.Verb("knock", "knock", (), "keep the drawn card by knocking", act=lambda r: Action(PASS, r.seat))
    monkeypatch.setattr(commands, "BY_NAME", {**BY_NAME, "knock": knock})
    g = make_game([["g2", "g3"], ["b1", "b2"]], discard=("r3",), draw=("y9", "r4"))
    assert resolve(commands.Command(verb="knock", seat=0), g, 0) == Action(PASS, 0)
    with pytest.raises(IllegalAction) as err:
        resolve(commands.Command(verb="hand", seat=0), g, 0)
    assert err.value.code == "not_now"


def test_a_handler_refuses_with_the_engines_neutral_error():
    g = make_game([["r5", "g3"], ["b1", "b2"]], discard=("r3",))
    for line, code in (("catch", "nobody_to_catch"), ("beep", "no_beep"), ("wait", "not_now")):
        with pytest.raises(IllegalAction) as err:
            resolve(parse(line, 0, g), g, 0)
        assert err.value.code == code, line


def test_multi_word_verbs_and_their_arguments():
    assert parse("in play", 0).verb == "in_play"
    assert parse("next playable", 0).verb == "next_playable"
    cmd = parse("save My Game.json", 0)
    assert (cmd.verb, cmd.arg) == ("save", "My Game.json")
    assert parse("red 5", 0).card == "r5"


# --- typed input understands every card and colour word the game says (issue 17) ------

from uno_cli.words.cards_text import FORMS  # noqa: E402


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_in_every_form_the_game_says_parses_to_that_card(lang):
    from uno_cli.words.cards_text import card_name
    from uno_cli.engine.cards import ALL_CODES

    with i18n.use_language(lang):
        names = {(code, form): card_name(code, form=form) for code in ALL_CODES for form in FORMS}
        play = label("play")
    for (code, form), name in names.items():
        for line in (f"{play} {name}", name, normalize(name)):
            cmd = parse(line, 0)
            if code == "beep" and not line.startswith(play):
                continue  # a lone "Beep" is the verb beep, which plays a Beep when no race waits
            assert (cmd.verb, cmd.card, cmd.error) == ("play", code, None), (lang, form, line, cmd)


@pytest.mark.parametrize("lang", LANGS)
def test_every_colour_word_the_game_says_chooses_that_colour(lang):
    from uno_cli.words.cards_text import card_name, color_name
    from uno_cli.engine.cards import ALL_CODES, CARD_COLOR, COLORS

    with i18n.use_language(lang):
        words = {c: {normalize(color_name(c))} for c in COLORS}
        for code in ALL_CODES:
            if CARD_COLOR.get(code):
                for form in FORMS:
                    twins = [set(normalize(card_name(o + code[1:], form=form)).split()) for o in COLORS if o != code[0]]
                    words[code[0]].update(w for w in normalize(card_name(code, form=form)).split()
                                          if all(w not in t for t in twins))
        color = label("color")
    for c, forms in words.items():
        for word in forms:
            cmd = parse(f"{color} {word}", 0)
            assert (cmd.verb, cmd.color) == ("color", c), (lang, word, cmd)


@pytest.mark.parametrize(("line", "card", "color"), [
    ("uno 0 rosso", "r0", None),
    ("Pesca due blu", "b+2", None),
    ("joacă cartea neagră +4 roșie", "w+4", "r"),
    ("jogar uma Inversão vermelha", "rr", None),
    ("jogar um cinco vermelho", "r5", None),
    ("igraj crvenu sedmicu", "r7", None),
    ("petica zuta", "y5", None),
    ("играј плаву шестицу", "b6", None),
    ("Salta il turno gialla", "ys", None),
    ("jogue um coringa azul", "w", "b"),
    ("jogar pular verde", "gs", None),
    ("gioca il 5 rosso", "r5", None),
    ("gioca lo 0 giallo", "y0", None),
])
def test_words_players_say_name_the_card(line, card, color):
    cmd = parse(line, 0)
    assert (cmd.verb, cmd.card, cmd.color, cmd.error) == ("play", card, color, None), cmd


def test_uno_alone_is_still_saying_uno():
    assert parse("uno", 0).verb == "uno"
    assert parse("UNO!", 0).verb == "uno"


@pytest.mark.parametrize(("line", "verb"), [
    ("denunciar", "catch"), ("intervieni r5", "jump"), ("intervin r5", "jump"), ("povuci", "draw"),
    ("pegar", "catch"), ("denuncia 2", "catch"), ("intervino r5", "jump"),
])
def test_command_words_the_messages_use_call_their_verb(line, verb):
    assert parse(line, 0).verb == verb


@pytest.mark.parametrize(("line", "target"), [
    ("uhvati Anu", 1), ("uhvati Bruna", 2), ("uhvati Ану", 1), ("catch ana", 1), ("uhvati Filipa", 3),
])
def test_a_seat_may_be_named_in_the_object_case(line, target):
    cmd = parse(line, 0, names=["Mia", "Ana", "Bruno", "Filip"])
    assert (cmd.verb, cmd.target, cmd.error) == ("catch", target, None), cmd


def test_draw_after_a_playable_draw_draws_again_under_draw_again_and_keeps_the_card_without():
    for on, expected in ((True, DRAW), (False, PASS)):
        g = make_game([["b1", "g2"], ["g3", "b4"]], discard=["r3"], draw=["y9", "r7"], draw_again=on)
        g.apply(Action(DRAW, 0))
        assert g.phase == "drawn" and g.drawn == "r7"
        action = resolve(parse("draw", 0, g), g, 0)
        assert action == Action(expected, 0)
        events = g.apply(action)
        if on:
            assert [e for e in events if e.type == "draw"] and "y9" in g.hands[0]
        else:
            assert g.current == 1 and "r7" in g.hands[0]


def test_turn_holders_jump_with_a_playable_card_is_a_play_not_a_missed_interception():
    for jump_in in (True, False):
        g = make_game([["r5", "g2"], ["g3", "r5"]], discard=["r3"], jump_in=jump_in)
        action = resolve(parse("jump r5", 0, g), g, 0)
        assert action == Action(PLAY, 0, "r5")
        g.apply(action)
        assert g.scores == [0, 0] and g.top == "r5"


def test_a_last_wild_is_played_at_once_without_asking_a_colour_and_an_earlier_one_asks():
    for card in ("w", "w+4"):
        g = make_game([[card], ["g3", "b4"]], discard=["r3"])
        g.said[0] = True
        action = resolve(parse(f"play {card}", 0, g), g, 0)
        assert action == Action(PLAY, 0, card)
        events = g.apply(action)
        assert any(e.type == "hand_end" for e in events)
        g2 = make_game([[card, "g1"], ["g3", "b4"]], discard=["b3"])
        assert isinstance(resolve(parse(f"play {card}", 0, g2), g2, 0), Partial)


def test_no_two_lobby_verbs_share_a_word_in_any_language() -> None:
    """A lobby word (a verb's own name, its label in any language or an alias) means one verb."""
    import collections

    from uno_cli.play.commands import LOBBY, MODERATION
    from uno_cli.words.i18n import LANGUAGES, get_translator
    from uno_cli.words.names import name_key

    meanings: dict[str, set[str]] = collections.defaultdict(set)
    for verb in {v.name: v for v in (*LOBBY, *MODERATION)}.values():
        words = {verb.name, *verb.words, *(get_translator(lang).pgettext("command", verb.label) for lang in LANGUAGES)}
        for word in words:
            meanings[name_key(word)].add(verb.name)
    assert {word: names for word, names in meanings.items() if len(names) > 1} == {}


SEAT_OR_COUNT = '''
from uno_cli.engine.seats import Seat, seat_index
from uno_cli.play.commands import Command, resolve

players = 3
Command(verb="catch", target=players)  # a count where a seat goes
resolve(Command(verb="draw"), None, players)  # a count where a seat goes
resolve(Command(verb="catch", target=seat_index(2)), None, Seat(0))
'''


def test_mypy_tells_a_seat_from_a_count_in_commands(tmp_path):
    from tests.test_lint import snippet_errors

    errors = snippet_errors(tmp_path, SEAT_OR_COUNT)
    assert [e.split(":")[0] for e in errors] == ["6", "7"], errors
    assert all('expected "Seat' in e for e in errors), errors


@pytest.mark.parametrize("line", ["play r7 9", "r7 0", "jump r7 3"])
def test_a_seven_with_a_seat_number_out_of_range_says_that_seat_does_not_exist(line: str):
    """Under seven_o, "play r7 9" at a table of 2 names seat 9 as the mistake, not the whole "r7 9"."""
    from uno_cli.engine.options import preset

    g = make_game([["r7", "r5"], ["g1", "g2"]], options=preset("classic").with_values(seven_o=True))
    cmd = parse(line, 0, g)
    assert cmd.error == "unknown_seat" and cmd.detail == {"text": line.split()[-1], "players": 2}
    assert parse("play r7 2", 0, g).target == 1 and parse("play r5 9", 0, g).error == "extra_words"


def test_a_tab_separates_words_as_a_space_does():
    """Scripts written with tabs (a spreadsheet's column, a careless printf) are read, not refused as unreadable."""
    assert (parse("play\tr5", 0).verb, parse("play\tr5", 0).card, parse("play\tr5", 0).error) == ("play", "r5", None)
    assert parse("@2\tdraw", 0).seat == 1
    cmd = parse("draw\tnow", 0)
    assert cmd.error == "extra_words" and "\t" not in cmd.detail["text"]
    assert parse("draw\x0bnow", 0).error == "invalid_text"  # other control characters stay refused

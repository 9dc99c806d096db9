"""What a listener hears: counts that agree with their noun, Uno said as a word, lists short
enough to hear, one informal register, words the player can type (issue 26).

The listening check itself is bench/heard.py; these tests run its fast parts: the catalog
checks, and eSpeak NG (one batched run per language) only on the lines it must hear.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path

import pytest

from uno_cli.play.commands import spoken_moves
from uno_cli.words.describe import hand_text, points_text, you_can_text
from uno_cli.words.i18n import COMPLETE_CATALOGS, COMPLETE_LANGUAGES, Translator, read_po, use_language

ROOT = Path(__file__).resolve().parent.parent.parent


def _load_heard():
    spec = importlib.util.spec_from_file_location("bench_heard", ROOT / "bench" / "heard.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_heard", module)
    spec.loader.exec_module(module)
    return module


heard = _load_heard()
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
SPOKEN_LANGUAGES = [lang for lang in COMPLETE_LANGUAGES if lang != "en"]


def _catalog(language: str):
    return read_po((ROOT / "locales" / language / "LC_MESSAGES" / "uno_cli.po").read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", [*COMPLETE_CATALOGS, "sr_Cyrl"])
def test_no_count_before_a_noun_is_left_a_digit_the_voice_reads_in_one_gender(language):
    """Every count of a plural message names a form of the catalog's number words ({count:f})
    or keeps digits on purpose ({count:d}), wherever the language lists number words."""
    _tr, _lines, bare, _templates = heard.render(language)
    assert not bare, "\n".join(bare)


@pytest.mark.parametrize(("language", "count", "hand", "points"), [
    ("pt", 1, "Você tem uma carta: ", "Você recebe 1 ponto."),
    ("pt", 2, "Você tem duas cartas: ", "Você recebe 2 pontos."),
    ("pt", 22, "Você tem vinte e duas cartas: ", "Você recebe 22 pontos."),
    ("sr_Latn", 1, "Imaš jednu kartu: ", "Dobijaš 1 poen."),
    ("sr_Latn", 2, "Imaš dve karte: ", "Dobijaš 2 poena."),
    ("sr_Latn", 21, "Imaš dvadeset jednu kartu: ", "Dobijaš 21 poen."),
    ("sr_Cyrl", 22, "Имаш двадесет две карте: ", "Добијаш 22 поена."),
    ("ro", 1, "Ai o carte: ", "Primești un punct."),
    ("ro", 2, "Ai două cărți: ", "Primești două puncte."),
    ("ro", 12, "Ai douăsprezece cărți: ", "Primești douăsprezece puncte."),
    ("ro", 22, "Ai douăzeci și două de cărți: ", "Primești douăzeci și două de puncte."),
    ("it", 1, "Hai una carta: ", "Prendi un punto."),
    ("it", 2, "Hai 2 carte: ", "Prendi 2 punti."),
])
def test_counts_agree_in_gender_with_their_noun(language, count, hand, points):
    with use_language(language):
        assert hand_text(["r5"] * count).startswith(hand)
        assert points_text(0, count, 0, ["Ana"]) == points


def test_number_words_are_the_catalogs_own():
    """A translator lists the words in the catalog; a form it does not list keeps digits."""
    po = 'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n' \
         'msgctxt "number words"\nmsgid "none"\nmsgstr "f: 1=una; 2=due\\nm:"\n\n' \
         'msgid "{count} card"\nmsgid_plural "{count} cards"\nmsgstr[0] "{count:f} carta"\nmsgstr[1] "{count:f} carte"\n'
    tr = Translator("it", po_text=po)
    assert tr.number_words == {"f": {1: "una", 2: "due"}, "m": {}}
    assert [tr.ngettext("{count} card", "{count} cards", n).format(count=n) for n in (1, 2, 3)] == \
        ["una carta", "due carte", "3 carte"]
    assert tr.count(2, "m") == "2"


@needs_espeak
@pytest.mark.parametrize("language", SPOKEN_LANGUAGES)
def test_every_number_word_a_catalog_lists_is_heard_otherwise_than_its_digit(language):
    """Each listed word corrects what eSpeak NG says from the digit ("2 cărți": "doi")."""
    tr = Translator(language)
    listed = sum(len(form) for form in tr.number_words.values())
    assert listed, f"{language} lists no number words"
    assert heard.digits_against_words(heard.VOICES[language], tr) == listed


@needs_espeak
@pytest.mark.parametrize("language", COMPLETE_LANGUAGES)
def test_no_word_of_a_spoken_line_is_spelled_letter_by_letter(language):
    """Lines with words in capitals sound the same as in lower case (only acronyms are spelled)."""
    _tr, lines, _bare, _templates = heard.render(language)
    assert not heard.spelled_words(heard.VOICES[language], lines)


@needs_espeak
def test_the_check_hears_uno_spelled_in_capitals():
    assert heard.spelled_words("pt-br", ["Ana diz UNO.", "Ana diz Uno."]) == ["UNO: Ana diz UNO."]


@pytest.mark.parametrize("language", COMPLETE_CATALOGS)
def test_uno_is_written_as_a_word_in_every_spoken_line(language):
    forms = [f for e in _catalog(language).entries if not e.obsolete and e.context not in heard.NOT_SPOKEN
             for f in e.msgstr]
    assert not [f for f in forms if re.search(r"\bUNO\b", f)]
    assert any("Uno" in f for f in forms)


def test_serbian_cyrillic_says_uno_in_cyrillic_and_keeps_the_program_latin():
    with use_language("sr_Cyrl"):
        from uno_cli.words.describe import describe
        from uno_cli.engine.events import Event

        assert describe(Event("uno", seat=1, data={}), 0, ["Ана", "Бруно"]) == "Бруно каже Уно!"
        tr = Translator("sr_Cyrl")
        assert "uno play --resume" in tr.gettext(
            "You quit. The game is saved in {file}; continue it with: uno play --resume {file}")


WORST_MOVES = [
    ["play r5", "play w r", "play w y", "play w g", "play w b", "play w+4 r", "play w+4 y", "play w+4 g",
     "play w+4 b", "draw"],
    ["play r5", "play r7", "play b7", "play g7", "play y7", "play rs", "play rr", "play r+2", "play w r",
     "play w y", "play w g", "play w b", "draw"],
    ["uno", "catch 2", "catch 3", "jump r5", "wait"],
    ["accept", "challenge", "play w+4 r", "play w+4 y", "play w+4 g", "play w+4 b"],
    ["color r", "color y", "color g", "color b"],
]


@pytest.mark.parametrize("language", COMPLETE_LANGUAGES)
@pytest.mark.parametrize("legal", WORST_MOVES, ids=["wilds", "many", "race", "challenge", "colour"])
def test_a_list_of_moves_is_under_15_words_and_says_a_wild_once(language, legal):
    from uno_cli.words.cards_text import card_name

    with use_language(language):
        line = you_can_text(spoken_moves(legal))
        each_colour = [card_name(wild, color) for wild in ("w", "w+4") for color in "rygb"]
    assert len(line.split()) < 15, line
    assert not [name for name in each_colour if name in line], line


def test_a_short_list_names_the_cards_and_a_long_one_the_command_for_all():
    with use_language("en"):
        assert spoken_moves(["play w r", "play w y", "play w g", "play w b", "draw"]) == \
            "play Wild and choose a colour; draw"
        assert spoken_moves(WORST_MOVES[1]) == "play one of 9 cards; draw; moves lists them all"


#: Words of the formal register or of European Portuguese, which the game never uses.
FORMAL = {
    "pt": r"Bem-vind|\bestá a \w+r\b|\bpartilh|\bvós\b|\bà espera de\b|\bespera por ele\b",
    "sr_Latn": r"\b(?:Vi|vas|vam|vaš\w*|Vaš\w*)\b|\b(?:otkucajte|prijavite|napišite|sačekajte|navedite|pokrenite|"
               r"proverite|obrišite|možete|pišete|niste|napustite)\b",
    "ro": r"\bdumneavoastră\b|\b(?:scrieți|intrați|așteptați|apăsați|porniți|verificați|ștergeți|puteți|sunteți|"
          r"părăsiți|plecați|urmăriți|jucați)\b",
    "it": r"Benvenut|\blo aspetta\b|\bè tornato\b|\bLei\b",
}


@pytest.mark.parametrize("language", COMPLETE_CATALOGS)
def test_lobby_and_game_speak_one_informal_gender_neutral_register(language):
    wrong = [f for e in _catalog(language).entries if not e.obsolete and e.context != "typed words"
             for f in e.msgstr if re.search(FORMAL[language], f)]
    assert not wrong, wrong


def test_romanian_names_get_no_gendered_pronoun():
    """ "Bruno îl contestă pe Ana": the game cannot know a player's gender."""
    wrong = [f for e in _catalog("ro").entries if not e.obsolete for f in e.msgstr
             if re.search(r"\b(?:îl|o|l-)\b[^.;]*\bpe \{(?:player|target|catcher|name)\}", f)]
    assert not wrong, wrong


def test_jump_in_command_and_messages_use_one_verb():
    for language, stem in (("ro", "interv"), ("it", "interv"), ("pt", "intercept"), ("sr_Latn", "usk")):
        tr = Translator(language)
        assert tr.pgettext("command", "jump").startswith(stem)
        assert stem in tr.gettext("{player} jumps in with {card}.")


@pytest.mark.parametrize(("language", "target", "said"), [
    ("ro", 1, "până la un punct."), ("ro", 15, "până la 15 puncte."), ("ro", 500, "până la 500 de puncte."),
    ("sr_Latn", 1, "do jednog poena."), ("pt", 1, "até 1 ponto."), ("it", 500, "a 500 punti."),
])
def test_the_target_score_agrees_with_its_number(language, target, said):
    """"până la 15 de puncte" was heard for a target under 20: the target is a plural message."""
    from uno_cli.words.describe import rules_text

    with use_language(language):
        assert rules_text("X", False, target, 0).endswith(said)


def _said(language: str, card: str, how: str = "turn") -> str:
    from uno_cli.words.describe import describe
    from uno_cli.engine.events import Event

    with use_language(language):
        return describe(Event("play", seat=1, data={"card": card, "how": how}), 0, ["Ana", "Bruno"])


@pytest.mark.parametrize(("language", "card", "how", "said"), [
    ("sr_Latn", "r5", "jump_in", "Bruno uskače crvenom peticom."),
    ("sr_Latn", "gs", "stack", "Bruno uzvraća zelenom kartom Preskoči."),
    ("sr_Latn", "b0", "sequence", "Bruno nastavlja niz plavom nulom."),
    ("sr_Cyrl", "r5", "jump_in", "Bruno ускаче црвеном петицом."),
    ("sr_Latn", "rs", "turn", "Bruno igra crvenu kartu Preskoči."),
    ("pt", "rs", "turn", "Bruno joga Pular vermelho."),
    ("ro", "r+2", "turn", "Bruno joacă o carte roșie „Ia două”."),
    ("ro", "ys", "jump_in", "Bruno intervine cu o carte galbenă „Stai o tură”."),
])
def test_a_card_takes_the_case_its_verb_asks_for(language, card, how, said):
    """Serbian "uskače crvenom peticom" (instrumental after jumping in, answering, continuing),
    "igra crvenu kartu Preskoči" (a verb-named card is not declined: its noun "kartu" is)."""
    assert _said(language, card, how) == said


def test_serbian_declines_no_adjective_before_a_card_named_by_a_verb():
    """ "crvenu Preskoči": an accusative or instrumental adjective needs a noun that declines."""
    forms = [(e.context, f) for e in _catalog("sr_Latn").entries if e.context in (
        "card as object", "card after with") for f in e.msgstr]
    wrong = [f for _c, f in forms if re.search(r"\b(?:crven|žut|zelen|plav)\w*\s+(?:Preskoči|Obrni|Vuci)", f)]
    assert len(forms) == 46
    assert not wrong, wrong


@pytest.mark.parametrize(("language", "command", "said"), [
    ("sr_Latn", "jump r5", "uskoči crvenom peticom"),
    ("sr_Latn", "play r5", "igraj crvenu peticu"),
    ("pt", "play rs", "jogar Pular vermelho"),
])
def test_a_command_is_said_with_the_card_in_the_case_its_verb_takes(language, command, said):
    from uno_cli.play.commands import localize_command, parse

    with use_language(language):
        assert localize_command(command) == said
        assert parse(said, 0, lang=language).card == command.split()[1]


@pytest.mark.parametrize(("language", "line", "card"), [
    ("pt", "jogar saltar vermelho", "rs"), ("pt", "jogar pular azul", "bs"),
    ("sr_Latn", "igraj crvenu Preskoči", "rs"), ("sr_Latn", "uskoči crvenu peticu", "r5"),
    ("ro", "joacă un ia două roșu", "r+2"), ("ro", "joacă „Stai o tură” roșie", "rs"),
    ("sr_Latn", "igraj plava Obrni smer", "br"), ("sr_Latn", "igraj Džokera crvenu", "w"),
    ("ro", "joacă carte neagră +4 roșu", "w+4"),
])
def test_the_old_names_of_a_card_are_still_understood(language, line, card):
    from uno_cli.play.commands import parse

    with use_language(language):
        assert parse(line, 0, lang=language).card == card


def test_romanian_action_cards_are_feminine_cards_in_every_form():
    """ "un „Ia două” roșu" mixed a masculine article and adjective with "două (cărți)", and
    "„Stai o tură” roșie" was heard as "a red turn": each action card is a "carte" with its
    colour before its name, "(o) carte roșie „Stai o tură”", in lists too."""
    forms = [f for e in _catalog("ro").entries if e.context and e.context.startswith("card")
             and any(rank in e.msgid for rank in ("Skip", "Reverse", "Draw Two")) for f in e.msgstr]
    assert len(forms) == 48
    assert not [f for f in forms if re.search(r"\bun\b|roșu|galben\b|albastru", f)], forms
    assert all(re.fullmatch(r"(o )?carte (roșie|galbenă|verde|albastră) „[^”]+”", f) for f in forms), forms


def test_serbian_names_a_card_named_by_a_verb_with_its_noun_in_a_list_too():
    """ "plava Obrni smer" in the hand was heard as "blue" and a command: the bare name (lists,
    the hand) keeps the noun, "plava karta Obrni smer", as the other forms do."""
    forms = [f for e in _catalog("sr_Latn").entries if e.context == "card"
             and any(rank in e.msgid for rank in ("Skip", "Reverse", "Draw Two")) for f in e.msgstr]
    assert len(forms) == 12
    assert all(re.fullmatch(r"(crvena|žuta|zelena|plava) karta (Preskoči|Obrni smer|Vuci dve)", f) for f in forms), forms


@pytest.mark.parametrize(("language", "command", "said"), [
    ("sr_Latn", "play w r", "igraj Džokera i izaberi crvenu"),
    ("sr_Cyrl", "play w+4 b", "играј карту Џокер вуци четири и изабери плаву"),
    ("ro", "play w y", "joacă carte neagră și alege galben"),
    ("pt", "play w g", "jogar Curinga verde"),
])
def test_a_wild_and_its_colour_are_typed_as_a_player_says_them(language, command, said):
    """ "igraj Džokera crvenu" was heard as "play the Joker red": the colour is chosen in words
    ("i izaberi crvenu"), and what is said is what may be typed."""
    from uno_cli.play.commands import localize_command, parse

    with use_language(language):
        assert localize_command(command) == said
        parsed = parse(said, 0, lang=language)
        assert (parsed.card, parsed.color, parsed.error) == tuple(command.split()[1:]) + (None,)


@pytest.mark.parametrize(("language", "word", "key"), [
    ("pt", "desligado", "off"), ("sr_Latn", "da", "on"), ("sr_Cyrl", "не", "off"), ("ro", "nu", "off"),
    ("it", "sì", "on"), ("it", "off", "off"),
])
def test_sound_and_panning_values_are_typed_in_the_players_language(language, word, key):
    from click.testing import CliRunner

    from uno_cli.cli import main

    with use_language(language):
        from uno_cli.words.clicktext import said_choice

        assert said_choice("switch").convert(word, None, None) == key
        helped = CliRunner().invoke(main, ["play", "--help"]).output
    assert "[on|off]" not in helped or language == "en"


@pytest.mark.parametrize("language", COMPLETE_LANGUAGES)
def test_no_spoken_line_says_a_word_twice_in_a_row(language):
    """ "u predvorju predvorju" was heard: a stutter left by a filled-in placeholder or an edit."""
    _tr, lines, _bare, _templates = heard.render(language)
    stutters = [line for line in set(lines) for m in re.finditer(r"\b(\w{3,})\s+\1\b", line, re.IGNORECASE)
                if m.group(1) != "Bruno"]
    assert not stutters, stutters


def test_a_preset_is_not_named_with_the_word_that_introduces_it():
    """ "Pravila: Klasična pravila": the rules line says the preset after "Rules:"."""
    from uno_cli.words.describe import rules_text
    from uno_cli.words.optioninfo import PRESET_INFO

    for language in COMPLETE_LANGUAGES:
        with use_language(language):
            from uno_cli.words.i18n import _

            line = rules_text(_(PRESET_INFO["classic"].label), False, 500, 0)
            head, _sep, rest = line.partition(":")
            assert head.split()[-1].lower() not in rest.lower().split(";")[0].split(), line


def test_serbian_cyrillic_keeps_program_and_format_names_in_latin():
    """ "Гит Басх" and "--format [текст|јсон]" were printed: a name the player types or sees
    on screen stays as it is written."""
    from uno_cli.words.translit import latin_to_cyrillic

    assert latin_to_cyrillic("(Git Bash, mintty); JSON Lines; json; OpenSSH") == \
        "(Git Bash, mintty); JSON Lines; json; OpenSSH"
    assert latin_to_cyrillic("Karte i jezik") == "Карте и језик"


@pytest.mark.parametrize("language", COMPLETE_LANGUAGES)
def test_a_setting_described_as_on_or_off_names_the_words_the_menu_says(language):
    """ "Govor ...: uključeno ili isključeno" was said of a setting the menu reads "da" / "ne"."""
    tr = Translator(language)
    for msgid in ("Speak through the screen reader or speech engine: automatic, on or off.",
                  "A short sound for each move, before the words: on or off."):
        said = tr.gettext(msgid)
        assert tr.gettext("on") in said and tr.gettext("off") in said, said


def test_serbian_rules_name_no_player_in_the_masculine():
    """ "igrač koji je izvukao", "za njegovu": a relative clause or a possessive after "igrač"
    says a man; the rules say "ko je izvukao", "onaj ko", "s kim" instead."""
    said = [f for e in _catalog("sr_Latn").entries for f in e.msgstr]
    wrong = [f for f in said if re.search(r"\bigrač(?:a|u|em)?,? (?:koji|kojeg|kome|čiji|čija|čije)\b|\bnjegov\w* (?:ruk|zbir|mest|kart)", f, re.IGNORECASE)]
    assert not wrong, wrong


@pytest.mark.parametrize(("language", "card_word"), [
    ("pt", "carta"), ("sr_Latn", "kartu"), ("ro", "carte"), ("it", "carta")])
def test_the_card_just_drawn_is_named_not_a_pronoun_of_one_gender(language, card_word):
    """ "Você compra um Curinga Mais Quatro. Você pode jogá-la.": a feminine pronoun after a
    masculine card; "you can play it" names the card instead ("jogar essa carta")."""
    said = Translator(language).gettext("You can play it.")
    assert card_word in re.findall(r"\w+", said) and not re.search(r"-la\b|\bla\.|\bje\b|^O ", said), said


@pytest.mark.parametrize("language", ["pt", "sr_Latn", "ro", "it"])
def test_the_deal_is_said_without_a_player_in_the_masculine(language):
    """ "Ana deli svakom igraču po 7 karata": the deal is heard at every hand; it says
    "svima", "tuturor", "a testa", "para todo mundo" instead of "each player"."""
    tr = Translator(language)
    for msgid, plural in (("You deal {count} card to each player.", "You deal {count} cards to each player."),
                          ("{player} deals {count} card to each player.", "{player} deals {count} cards to each player.")):
        for n in (1, 2, 7):
            said = tr.ngettext(msgid, plural, n)
            assert not re.search(r"igrač|jucător|giocator|jogador", said), said


def test_italian_says_what_you_chose_in_words_no_order_sounds_the_same():
    """ "Scegli il rosso." is heard as the order "choose red" right after "Scegli un colore.";
    "Il mazziere è Ana" says a woman with a masculine noun."""
    tr = Translator("it")
    assert tr.gettext("You choose {color}.") == "Hai scelto il {color}."
    assert "mazzier" not in tr.gettext("{player} is the dealer.") + tr.gettext("You are the dealer.")


def test_italian_says_the_beep_card_with_an_italian_word():
    """eSpeak NG's Italian voice switches to its English voice for "Beep" (a second voice in
    mid-sentence); the card is "Bip" and "Beep" is still understood when typed."""
    from uno_cli.play.commands import parse

    with use_language("it"):
        from uno_cli.words.cards_text import card_name

        assert card_name("beep") == "Bip"
        assert parse("gioca Beep", 0, lang="it").card == "beep"


def test_romanian_says_your_skipped_turn_otherwise_than_the_cards_name():
    """ "Ana joacă o carte roșie „Stai o tură”." then "Stai o tură.": the second line was heard
    as the card's name again; a skipped turn is "Îți pierzi rândul." ("pierzi o tură" still
    said "o tură" of the card again)."""
    tr = Translator("ro")
    for said in (tr.gettext("Your turn is skipped."), tr.gettext("{player}'s turn is skipped.")):
        assert "tură" not in said and said.endswith("rândul."), said


def _folded_lines(language: str) -> list[tuple[str, str, str]]:
    """Each line describe.fold makes of a move and its effect, in ``language``, as (line, what
    the line starts from: the move or the cards drawn, what the fold adds)."""
    from uno_cli.words.cards_text import cards_list
    from uno_cli.engine.events import Event
    from uno_cli.engine.options import preset
    from uno_cli.play.playconfig import BOT, PlayConfig, SeatSpec
    from uno_cli.play.narrator import said
    from uno_cli.play.session import Session

    changes: list[list[Event]] = []
    for c in "rgby":
        changes += [[Event("play", p, {"card": c + "r", "how": "turn"}), Event("reverse", p, {"direction": -1})]
                    for p in (0, 1)]
        changes.append([Event("first_card", None, {"card": c + "r", "color": c}), Event("reverse", None, {"direction": -1})])
        changes += [[Event("play", p, {"card": c + "s", "how": how}), Event("skip", s)]
                    for p, s in ((0, 1), (1, 0), (1, 2)) for how in ("turn", "drawn")]
        changes += [[Event("play", p, {"card": w, "how": "turn", "color": c})] for p in (0, 1) for w in ("w", "w+4")]
    changes += [[Event("draw", p, {"count": n}), Event("skip", p)] for p in (0, 1) for n in (1, 2, 4, 6, 12)]
    drawn = [["rs", "gs"], ["yr", "b+2"], ["w", "w+4"], ["r2", "r2"]]
    changes += [[Event("draw", 0, {"count": len(cs)}, {"cards": cs}, secret_to=0), Event("skip", 0)] for cs in drawn]
    names = ["Mia", "Ana", "Bruno"]
    found = []
    with use_language(language):
        config = PlayConfig(players=3, seats=[SeatSpec(BOT, "normal")] * 3, options=preset("classic"),
                            preset="classic", seed=3, names=names)
        session = Session(config, output=lambda m: None, viewer=0)
        session.start()
        for events in changes:
            out: list = []
            session.narrator.output = out.append
            session.narrator.say(events)
            lines = [m.text for m in out if said(m, "short")]
            assert len(lines) == 1, lines  # folded into one line
            line = lines[0]
            if events[0].secret:
                listed = cards_list(events[0].secret["cards"])
                assert listed in line, (line, listed)
                found.append((line, listed, line.replace(listed, " ")))
            elif events[0].type == "draw":
                found.append((line, "", line))
            else:
                cut = max(line.rfind("; "), line.rfind(": "))
                found.append((line, line[:cut], line[cut:]))
    return [(line, start, added) for line, start, added in found]


def _stems_shared(a: str, b: str, skip: set[str]) -> set[str]:
    """The words of ``a`` and ``b`` (four letters or more) that begin alike ("Inverti", "inverte")."""
    words = lambda s: {w.casefold() for w in re.findall(r"\w{4,}", s) if w not in skip}  # noqa: E731
    return {x for x in words(a) for y in words(b) if x[:min(5, len(x), len(y))] == y[:min(5, len(x), len(y))]}


@pytest.mark.parametrize("language", SPOKEN_LANGUAGES)
def test_a_folded_line_says_its_effect_in_words_the_move_did_not_say(language):
    """ "Ana gioca un Salta il turno rosso; salti il turno.", "„Schimbă direcția”; direcția de
    joc se schimbă", "Obrni smer; smer igre se menja": the effect a move's line goes on with
    (and a draw's own words around the cards it names) says no word of the card again."""
    names = {"Mia", "Ana", "Bruno"}
    heard_twice = []
    for line, start, added in _folded_lines(language):
        shared = _stems_shared(start, added, names) if start else set()
        if not start:  # a draw and its skipped turn: no word twice in the whole line
            said_words = [w.casefold() for w in re.findall(r"\w{4,}", line) if w not in names]
            shared = {w for w in said_words if said_words.count(w) > 1}
        if shared:
            heard_twice.append((line, shared))
    assert not heard_twice, heard_twice

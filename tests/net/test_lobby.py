"""The lobby in the member's language: its verbs come from the command registry, with the
words of every language, and ``create``'s settings read as the rule book says them."""

from __future__ import annotations

from uno_cli.play.commands import LOBBY, _catalog_phrases, lobby_verb, lobby_words, verb_words
from uno_cli.net.hub import ANSWER_STARTS, Hub, Member


def _member(hub: Hub, name: str, lang: str) -> tuple[Member, list[str]]:
    out: list[str] = []
    member = Member(name, out.append, lang=lang)
    hub.connect(member)
    return member, out


def test_lobby_words_take_no_game_verb_but_start_and_help_and_no_card_word():
    game, cards = verb_words(), _catalog_phrases()[0]
    shared = {lobby_words()[k] for k in lobby_words() if k in game}
    # ``top``: the leaderboard in the lobby, the top card during a match (the game's first, see hub._GAME_FIRST).
    assert shared == {"start", "help", "top"}
    assert not [k for k in lobby_words() if k in cards or k[:1] in cards]


def test_no_lobby_word_starts_as_a_programs_answer_so_the_hub_reads_answers_without_looking_for_one():
    assert lobby_words()
    assert not [k for k in lobby_words() if k[0].startswith(ANSWER_STARTS)]
    assert lobby_verb("#3 leave") is None and lobby_verb('{"id": 3, "cmd": "leave"}') is None


def test_every_lobby_verb_is_understood_in_english_and_by_its_word_in_each_language():
    from uno_cli.words.i18n import LANGUAGES, get_translator

    for verb in LOBBY:
        assert lobby_verb(verb.name + " 1") == (verb.name, "1")
        for lang in LANGUAGES:
            word = get_translator(lang).pgettext("command", verb.label)
            assert lobby_verb(word.upper() + " 1") == (verb.name, "1"), (lang, word)


def test_a_table_is_created_with_portuguese_keywords_levels_presets_and_rules():
    hub = Hub()
    ana, out = _member(hub, "Ana", "pt")
    hub.line(ana, "criar sexta jogadores=3 bots=difícil regras=Playroom Contra-ataque=não")
    table = hub.tables[1]
    assert (table.name, len(table.owners), table.bot_level, table.config.preset) == ("sexta", 3, "hard", "playroom")
    assert table.config.options.stacking is False
    hub.line(ana, "mesas")
    assert out[-1] == ("Mesa 1, sexta: Playroom, Contra-ataque: não; 1 de 3 lugares ocupados; bots de nível difícil; "
                       "esperando jogadores.")


def test_serbian_cyrillic_and_italian_members_open_and_join_tables_in_their_words():
    hub = Hub()
    mira, _out = _member(hub, "Mira", "sr_Cyrl")
    hub.line(mira, "отвори петак играчи=2 ботови=лак одговор-картом=да")
    table = hub.tables[1]
    assert (len(table.owners), table.bot_level, table.config.options.stacking) == (2, "easy", True)
    luca, out = _member(hub, "Luca", "it")
    hub.line(luca, "siediti 1")
    assert table.seat_of("Luca") == 1
    hub.line(luca, "alzati")
    assert table.seat_of("Luca") is None and luca.table is None


def test_english_words_still_work_for_a_member_of_another_language():
    hub = Hub()
    ana, out = _member(hub, "Ana", "ro")
    hub.line(ana, "create t players=2 bots=hard stacking=on")
    assert hub.tables[1].bot_level == "hard" and hub.tables[1].config.options.stacking is True
    hub.line(ana, "verbosity short")
    assert ana.verbosity == "short"


def test_verbosity_takes_the_members_words():
    hub = Hub()
    ana, out = _member(hub, "Ana", "pt")
    hub.line(ana, "detalhe curto")
    assert ana.verbosity == "short"
    hub.line(ana, "Detalhe completo")
    assert ana.verbosity == "full"
    assert out[-1] == "Detalhamento: completo."  # the change is said, as the options menu says it


def test_help_lists_the_lobby_commands_in_the_members_language():
    hub = Hub()
    ana, out = _member(hub, "Ana", "pt")
    assert out[0] == "Boas-vindas, Ana! Digite ajuda para ver os comandos."
    hub.line(ana, "ajuda")
    lines = out[-1].split("\n")
    assert len(lines) == len(LOBBY) + 1  # then the rule of typing and keys at a table
    assert lines[1] == ("criar NOME [jogadores=N] [bots=NÍVEL] [regras=NOME] [ritmo=S] [código=CÓDIGO] "
                        "[REGRA=VALOR ...]: abre uma mesa e senta nela")
    assert lines[-2].startswith("F1, ajuda: ")
    assert lines[-1].startswith("Numa mesa em jogo, as letras numa linha vazia são teclas")


def test_an_unknown_level_is_refused_with_the_levels_in_the_members_language():
    hub = Hub()
    ana, out = _member(hub, "Ana", "it")
    hub.line(ana, "apri t bot=geniale")
    assert out[-1] == ("Quel tavolo non si può aprire: Non esiste il livello di bot geniale. "
                       "Livelli: facile, normale, difficile, esperto e casuale.")
    assert hub.tables == {}


def test_a_tables_pace_is_set_in_the_members_words_and_the_bots_take_it():
    import asyncio

    from uno_cli.net.table import Clock

    async def go() -> float:
        hub = Hub(clock=Clock(pace=2.0))
        ana, _out = _member(hub, "Ana", "pt")
        hub.line(ana, "criar rápida jogadores=2 ritmo=0,5")
        table = hub.tables[1]
        assert table.pace == 0.5
        hub.line(ana, "começar")
        pace = table.session.referee.pace  # type: ignore[union-attr]
        table.close()
        return pace

    assert asyncio.run(go()) == 0.5
    assert Hub().tables == {}


def test_a_pace_out_of_range_is_refused_in_the_members_language():
    hub = Hub()
    ana, out = _member(hub, "Ana", "it")
    hub.line(ana, "apri t ritmo=99")
    assert out[-1] == ("Quel tavolo non si può aprire: Il ritmo è un numero di secondi da 0 a 60, "
                       "per esempio 1,5; hai scritto 99.")
    hub.line(ana, "apri t ritmo=nan")
    assert out[-1].endswith("hai scritto nan.")
    assert hub.tables == {}


def _after_a_started_table(lang: str, create: str, start: str, line: str) -> list[str]:
    """What a member of language ``lang`` is told after typing ``line`` at a two-seat table it started."""
    import asyncio

    async def go() -> list[str]:
        hub = Hub()
        ana, out = _member(hub, "Ana", lang)
        hub.line(ana, create)
        hub.line(ana, start)
        del out[:]
        hub.line(ana, line)
        hub.tables[1].close()
        return out

    return asyncio.run(go())


def test_quit_at_a_network_table_says_how_to_leave_in_the_members_words():
    out = _after_a_started_table("it", "apri t giocatori=2", "inizia", "esci")
    assert any(line.startswith("La partita continua per gli altri. Per lasciare il tavolo, scrivi alzati;")
               for line in out)


def test_an_unknown_language_or_verbosity_is_answered_with_what_may_be_typed():
    hub = Hub()
    ana, out = _member(hub, "Ana", "pt")
    hub.line(ana, "detalhe alto")
    assert out[-1] == "detalhe curto, detalhe completo."
    hub.line(ana, "idioma xx")
    assert out[-1].startswith('Idioma desconhecido: "xx". Idiomas disponíveis: en, pt')
    assert (ana.lang, ana.verbosity) == ("pt", "full")


def test_help_at_a_network_table_leaves_out_what_a_table_refuses():
    text = "\n".join(_after_a_started_table("en", "create t players=2", "start", "help"))
    assert "draw: " in text and "leave: " in text  # the game's commands, then the table's
    assert "save " not in text and "quit: " not in text and "@N" not in text

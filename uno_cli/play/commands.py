"""The command registry: every verb of the game defined once.

Each :class:`Verb` holds its canonical name, the words that call it in every language,
its argument, its help line, whether it only reads the game, and (for verbs that act) how
it resolves to an engine action for a seat. Everything else is derived from
:data:`REGISTRY`: the words typed commands understand (:func:`parse`), the canonical
command text of an engine action that prompts list and programs send back
(:func:`action_to_command`), the help (:func:`help_lines`), and the keys of the
interactive game, which name registry verbs (uno_cli.interactive.keys).

One command per line::

    [@SEAT] VERB [ARGUMENTS]

``@SEAT`` (1-based) says which seat the line is for; without it, the line is for the seat
the game is waiting for. A card is a code (``r5``, ``g+2``, ``bs``, ``yr``, ``w``,
``w+4``, ``beep``) or words in any of the languages, in any order ("red 5",
"5 vermelho", "rosu cinci", "Jolly pesca quattro"): every form of every card name the
game says (uno_cli.words.cards_text, read from the catalogs: "uno 0 rosso", "crvenu 5",
"cartea neagră +4"), the colour and rank words found in them, and the typed words each
catalog lists (cards_text.TYPED_WORDS: "vermelha", "sedmica"). A line that is only a card
plays it. Verbs in the other languages are always understood as well, diacritics
optional, Serbian in either script; a seat's name may be in the object case ("uhvati Anu").

:func:`parse` turns a line into a :class:`Command` (syntax only); :func:`resolve` turns a
command into the engine action it means for a seat (the engine decides whether it is
legal).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Sequence

from uno_cli.engine.actions import (
    ACCEPT,
    ANSWER,
    CATCH,
    CHALLENGE,
    COLOR,
    DRAW,
    JUMP_IN,
    MISSED_JUMP_IN,
    PASS,
    PLAY,
    UNO,
    Action,
)
from uno_cli.engine.cards import ALL_CODES, BEEP, COLORS, WILD, WILD4
from uno_cli.engine.errors import IllegalAction
from uno_cli.engine.game import Phase
from uno_cli.engine.seats import Seat, seat_index, seat_number
from uno_cli.words.i18n import N_, NP_, LANGUAGES, context_messages, get_translator, normalize, pgettext, typed_choice
from uno_cli.words import messagetypes as mt

__all__ = [
    "BY_NAME", "LOBBY", "Acting", "Answer", "Asking", "Command", "Partial", "PUBLIC_QUERIES", "QUERIES", "REGISTRY", "Verb",
    "action_to_command", "ask", "help_lines",
    "force_words", "lobby_usage", "lobby_verb", "localize_command", "normalize", "parse", "resolve",
    "save_force_command", "spoken_moves", "typed_choice",
    "verb_of",
    "verb_words",
]

#: Where a verb works: everywhere (typed, scripts, programs' answers, keys), or only in
#: the interactive game (keys and typed lines there); SERVER: the table server's lobby
#: (:data:`LOBBY`, apart from :data:`REGISTRY`).
GAME = "game"
INTERFACE = "interface"
SERVER = "server"


@dataclass(frozen=True)
class Answer:
    """What a query found, neutral of the front end that renders it: the message type
    programs read, the sentence in the current language, and the message's data."""

    type: str
    text: str
    data: dict[str, Any]


@dataclass(frozen=True)
class Asking:
    """Who asks a query, of which match."""

    session: Any
    """The match (uno_cli.play.session.Session): its game, names, referee and settings."""
    seat: Seat | None
    """The asker's seat (0-based); None for a watcher, who sees only what is public."""
    hand: Sequence[str] | None = None
    """The asker's hand in the order they chose (the interactive cursor's); None: sorted."""


def _hand(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    assert q.seat is not None
    hand = q.session.game.hands[q.seat]
    text = d.hand_text(q.hand, sort=False) if q.hand is not None else d.hand_text(hand)
    return Answer(mt.HAND, text, {"seat": seat_number(q.seat), "cards": list(hand if q.hand is None else q.hand)})


def _top(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    g = q.session.game
    return Answer(mt.TOP, d.top_text(g.top, g.color), {"card": g.top, "color": g.color})


def _in_play(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    return Answer(mt.IN_PLAY, d.color_text(q.session.game.color), {"color": q.session.game.color})


def _counts(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    g = q.session.game
    counts = [len(h) for h in g.hands]
    return Answer(mt.COUNTS, d.counts_text(counts, q.session.names, q.seat, g.eliminated), {"counts": counts})


def _view(q: Asking) -> Any:
    """What the asker sees (a watcher: what seat 1 sees of the others, only public facts are said)."""
    return q.session.game.view(q.seat if q.seat is not None else Seat(0))


def _deck(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    count = len(q.session.game.draw_pile)
    return Answer(mt.DECK, d.deck_text(count), {"count": count})


def _penalty(q: Asking) -> Answer:
    from uno_cli.words import describe as d
    from uno_cli.engine import Phase

    g = q.session.game
    return Answer(mt.PENALTY, d.pending_text(_view(q), q.session.names, q.seat),
                  {"total": g.pending if g.phase == Phase.PENDING else 0, "kind": g.pending_kind})


def _scores(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    g = q.session.game
    return Answer(mt.SCORES, d.scores_text(g.scores, q.session.names, q.seat, g.eliminated), {"scores": list(g.scores)})


def _turn(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    g = q.session.game
    return Answer(mt.WHOSE_TURN, d.turn_text(_view(q), q.session.names, q.seat),
                  {"current": seat_number(g.current), "phase": str(g.phase)})


def _status(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    return Answer(mt.STATUS, d.status_text(_view(q), q.session.names, q.seat),
                  {"seat": seat_number(q.seat)} if q.seat is not None else {})


def _moves(q: Asking) -> Answer:
    assert q.seat is not None
    s = q.session
    return Answer(mt.MOVES, s.moves_text(q.seat), {"seat": seat_number(q.seat), "legal": s.legal_commands(q.seat)})


def _help(q: Asking) -> Answer:
    from uno_cli.words import describe as d

    return Answer(mt.HELP, d.help_text(help_lines(skip=q.session.help_skip), q.session.seat_prefix), {})


def _rules(q: Asking) -> Answer:
    from uno_cli.words.rulebook import rule_book

    return Answer(mt.RULES, rule_book(q.session.config.preset, q.session.game.options).rstrip("\n"), {})


@dataclass(frozen=True)
class Acting:
    """A command to turn into an engine action: the parsed line, for which seat, of which game."""

    cmd: Command
    game: Any
    """The engine's game (uno_cli.engine.Game)."""
    seat: Seat
    """The acting seat (0-based)."""
    legal: Sequence[Action]
    """The seat's legal actions now."""
    partial: Action | None = None
    """The seat's half-made play (a :class:`Partial`'s), completed by ``color`` or ``swap``."""


def _play_or_jump(r: Acting, kind: str) -> Action | Partial:
    """A card played in turn (PLAY) or out of turn (JUMP_IN): its colour or seat asked for later
    when the line left it out (a :class:`Partial`)."""
    cmd, game, seat, legal = r.cmd, r.game, r.seat, r.legal
    card = cmd.card
    assert card is not None
    if kind == PLAY and card == BEEP:
        return Action(PLAY, seat, BEEP)
    if kind == PLAY and seat != game.current and any(a.kind == JUMP_IN and a.card == card for a in legal) and not any(
        a.kind == PLAY and a.card == card for a in legal
    ):
        kind = JUMP_IN  # "play r5" out of turn on a red 5 is an interception
    elif kind == JUMP_IN and seat == game.current and any(a.kind == PLAY and a.card == card for a in legal):
        kind = PLAY  # the turn holder's "jump r5" with a card it may play is a play
    action = Action(kind, seat, card, cmd.color, cmd.target)
    if action in legal:
        return action
    if card in (WILD, WILD4) and cmd.color is None and game.is_legal(Action(kind, seat, card)):
        return Action(kind, seat, card)  # a last Wild ends the hand: no colour to ask for
    variants = [a for a in legal if a.kind == kind and a.card == card]
    if variants and cmd.color is None and cmd.target is None and (
        any(a.color is not None for a in variants) or any(a.target is not None for a in variants)
    ):
        return Partial(Action(kind, seat, card))
    if kind == JUMP_IN:
        missed = Action(MISSED_JUMP_IN, seat, card)
        if game.is_legal(missed):
            return missed
    raise game.why_illegal(action)


def _play(r: Acting) -> Action | Partial:
    return _play_or_jump(r, PLAY)


def _jump(r: Acting) -> Action | Partial:
    return _play_or_jump(r, JUMP_IN)


def _color(r: Acting) -> Action:
    if r.partial is not None and r.partial.card in (WILD, WILD4):
        return Action(r.partial.kind, r.seat, r.partial.card, r.cmd.color)
    return Action(COLOR, r.seat, None, r.cmd.color)


def _swap(r: Acting) -> Action:
    if r.partial is not None and r.partial.card is not None and r.partial.card[1:] == "7":
        return Action(r.partial.kind, r.seat, r.partial.card, None, r.cmd.target)
    raise IllegalAction("swap_without_seven", None)


def _catch(r: Acting) -> Action:
    target = r.cmd.target if r.cmd.target is not None else r.game.uno_open
    if target is None:
        raise IllegalAction("nobody_to_catch", None)
    return Action(CATCH, r.seat, None, None, target)


def _beep(r: Acting) -> Action:
    if r.game.phase == Phase.BEEP_RACE:
        return Action(ANSWER, r.seat)
    if r.game.options.beep and BEEP in r.game.hands[r.seat]:
        return Action(PLAY, r.seat, BEEP)
    raise IllegalAction("no_beep", None)


def _draw(r: Acting) -> Action:
    game, seat = r.game, r.seat
    if seat == game.current:
        # One word for "take a card": the penalty waiting, another card (draw_again), or
        # keeping the card just drawn.
        if game.phase == Phase.PENDING:
            return Action(ACCEPT, seat)
        if game.phase == Phase.DRAWN and Action(DRAW, seat) not in r.legal:
            return Action(PASS, seat)
    return Action(DRAW, seat)


def _uno(r: Acting) -> Action:
    # Calling UNO on a player who forgot is how they are caught.
    for a in r.legal:
        if a.kind == CATCH:
            return a
    return Action(UNO, r.seat)


def _the_kind(kind: str) -> Callable[[Acting], Action]:
    """The handler of a verb that stands for one engine action kind of the seat's (pass, accept, challenge)."""
    def act(r: Acting) -> Action:
        return Action(kind, r.seat)

    return act


@dataclass(frozen=True)
class Verb:
    """One command, defined once; everything that names it is derived from here."""

    name: str
    """The canonical name (English), as scripts and programs write it."""
    label: str
    """The word players of each language type, marked with NP_("command", ...)."""
    words: tuple[str, ...]
    """Every other word that calls it, in every language (lower case, no diacritics)."""
    help: str
    """What it does (English source, marked with N_)."""
    arg: str = ""
    """Its argument: "" none, "card" (with a colour or a seat), "color", "seat", "seat?"
    (optional), "file" (the rest of the line); lobby verbs: "number", "text", "code",
    "verbosity", "table" (``create``'s name and settings)."""
    query: bool = False
    """True when it only reads the game."""
    scope: str = GAME
    """GAME, INTERFACE or SERVER (see above)."""
    kinds: tuple[str, ...] = ()
    """The engine action kinds it stands for, in prompts and answers."""
    answer: Callable[[Asking], Answer] | None = None
    """A query's handler: what it answers (every front end renders it: :func:`ask`)."""
    act: Callable[[Acting], Action | Partial] | None = None
    """An acting verb's handler: the engine action the command means for the seat now, a
    :class:`Partial` still missing a colour or a seat, or IllegalAction raised (its code is
    the neutral answer each front end says); :func:`resolve` only looks it up and calls it."""
    public: bool = False
    """A query a watcher may ask too (it tells nothing hidden)."""


#: Placeholders of arguments in the help, as players of each language read them.
ARG_NAMES: dict[str, str] = {
    "card": NP_("argument", "CARD"),
    "color": NP_("argument", "COLOUR"),
    "seat": NP_("argument", "SEAT"),
    "seat?": NP_("argument", "[SEAT]"),
    "file": NP_("argument", "FILE"),
    "number": NP_("argument", "NUMBER"),
    "text": NP_("argument", "TEXT"),
    "code": NP_("argument", "CODE"),
    "name": NP_("argument", "NAME"),
    "level": NP_("argument", "LEVEL"),
    "rule": NP_("argument", "RULE"),
    "value": NP_("argument", "VALUE"),
    "password": NP_("argument", "PASSWORD"),
    "password?": NP_("argument", "[PASSWORD]"),
    "key": NP_("argument", "PUBLIC-KEY"),
    "name?": NP_("argument", "[NAME]"),
    "count?": NP_("argument", "[NUMBER] [PRESET]"),
}

REGISTRY: tuple[Verb, ...] = (
    # Acting in the game.
    Verb("play", NP_("command", "play"),
         ("p", "pl", "jogar", "jogo", "joga", "jogue", "igraj", "igram", "odigraj", "igra", "igras", "joaca", "joc",
          "joci", "gioca", "gioco", "giochi"),
         N_("play a card; a wild takes a colour, a 7 under the 0 and 7 rule the seat to swap with"),
         arg="card", kinds=(PLAY,), act=_play),
    Verb("draw", NP_("command", "draw"),
         ("d", "dr", "comprar", "compro", "compra", "puxar", "puxo", "vuci", "vucem", "vuces", "povuci", "izvuci",
          "uzmi", "trage", "trag", "tragi", "pesca", "pesco", "peschi"),
         N_("draw a card; after drawing, keep it; with a penalty waiting, take it"), kinds=(DRAW,), act=_draw),
    Verb("pass", NP_("command", "pass"), ("passar", "passo", "passa", "dalje", "propusti", "pas", "paseste"),
         N_("keep the card you drew and end your turn"), kinds=(PASS,), act=_the_kind(PASS)),
    Verb("accept", NP_("command", "accept"),
         ("a", "ac", "aceitar", "aceito", "aceita", "prihvati", "prihvatam", "accepta", "accepti", "accetta",
          "accetto", "take"),
         N_("take the draw penalty"), kinds=(ACCEPT,), act=_the_kind(ACCEPT)),
    Verb("challenge", NP_("command", "challenge"),
         ("ch", "desafiar", "desafio", "desafia", "izazovi", "izazivam", "contesta", "contest", "sfida", "sfido"),
         N_("challenge a Wild Draw Four played on you"), kinds=(CHALLENGE,),
         act=_the_kind(CHALLENGE)),
    Verb("color", NP_("command", "color"), ("colour", "col", "cor", "boja", "culoare", "colore"),
         N_("choose the colour"), arg="color", kinds=(COLOR,), act=_color),
    Verb("swap", NP_("command", "swap"),
         ("sw", "trocar", "troca", "troco", "zameni", "menjaj", "schimba", "schimb", "scambia", "scambio"),
         N_("choose whose hand to take after a 7"), arg="seat", act=_swap),
    Verb("uno", NP_("command", "uno"), ("u", "uno!"),
         N_("say UNO, or catch a player who forgot to"), kinds=(UNO,), act=_uno),
    Verb("catch", NP_("command", "catch"),
         ("pegar", "pega", "pego", "apanhar", "denunciar", "denuncia", "denuncio", "uhvati", "hvataj", "prinde",
          "prind", "becca", "cogli", "prendi"),
         N_("catch a player who forgot to say UNO"), arg="seat?", kinds=(CATCH,), act=_catch),
    Verb("jump", NP_("command", "jump"),
         ("j", "interceptar", "intercepto", "intercepta", "cortar", "corta", "uskoci", "uskace", "uskaces",
          "presretni", "intercepteaza", "intervino", "intervin", "intervii", "intervine", "intercetta", "intercetto",
          "intervieni", "interviene", "intervengo"),
         N_("jump in out of turn with the same card as the top card"), arg="card",
         kinds=(JUMP_IN, MISSED_JUMP_IN), act=_jump),
    Verb("beep", NP_("command", "beep"), ("b", "bip"), N_("answer a Beep, or play a Beep card"), kinds=(ANSWER,), act=_beep),
    Verb("wait", NP_("command", "wait"), ("ok", "esperar", "espera", "cekaj", "asteapta", "aspetta", "attendi"),
         N_("let a chance to act out of turn go by")),
    # Reading the game.
    Verb("hand", NP_("command", "hand"),
         ("h", "cards", "mao", "cartas", "ruka", "karte", "mana", "carti", "mano", "carte"),
         N_("read your whole hand"), query=True, answer=_hand),
    Verb("top", NP_("command", "top"), ("t", "topo", "mesa", "vrh", "sus", "varf", "cima", "scarto"),
         N_("read the top card of the pile"), query=True, answer=_top, public=True),
    Verb("in_play", NP_("command", "in play"), ("colour in play", "color in play", "incolor"),
         N_("say the colour in play"), query=True, answer=_in_play, public=True),
    Verb("counts", NP_("command", "counts"), ("count", "contagem", "broj", "numar", "conteggio"),
         N_("everyone's number of cards"), query=True, answer=_counts, public=True),
    Verb("deck", NP_("command", "deck"), ("pile", "draw pile", "stock", "monte", "spil", "teanc", "mazzo"),
         N_("cards left in the draw pile"), query=True, answer=_deck, public=True),
    Verb("penalty", NP_("command", "penalty"), ("pending", "penalidade", "kazna", "penalizare", "penalita"),
         N_("the draw penalty waiting"), query=True, answer=_penalty, public=True),
    Verb("scores", NP_("command", "scores"),
         ("score", "sc", "points", "placar", "pontos", "pontuacao", "rezultat", "poeni", "bodovi", "scor",
          "puncte", "punteggi", "punteggio", "punti"),
         N_("the scores"), query=True, answer=_scores, public=True),
    Verb("turn", NP_("command", "turn"), ("vez", "rand", "turno"), N_("whose turn it is"), query=True, answer=_turn,
         public=True),
    Verb("status", NP_("command", "status"),
         ("st", "state", "estado", "situacao", "stanje", "stare", "stato", "situazione"),
         N_("the whole state of the game"), query=True, answer=_status, public=True),
    Verb("moves", NP_("command", "moves"), ("jogadas", "lances", "potezi", "mutari", "mosse"),
         N_("every move you can make now, in full"), query=True, answer=_moves),
    Verb("help", NP_("command", "help"), ("?", "ajuda", "pomoc", "ajutor", "aiuto", "keys"),
         N_("the commands and keys"), arg="file", query=True, answer=_help),
    Verb("rules", NP_("command", "rules"), ("regras", "pravila", "reguli", "regole", "rulebook"),
         N_("the rule book"), query=True, answer=_rules, public=True),
    Verb("save", NP_("command", "save"), ("salvar", "salva", "sacuvaj", "snimi", "salveaza"),
         N_("save the game"), arg="file"),
    Verb("quit", NP_("command", "quit"), ("q", "exit", "sair", "izadji", "izlaz", "kraj", "iesi", "iesire", "esci"),
         N_("leave the game; it is saved")),
    # The interactive game only.
    Verb("prev_card", NP_("command", "previous"), ("prev",), N_("previous card of your hand"), scope=INTERFACE),
    Verb("next_card", NP_("command", "next"), (), N_("next card of your hand"), scope=INTERFACE),
    Verb("first_card", NP_("command", "first"), (), N_("first card of your hand"), scope=INTERFACE),
    Verb("last_card", NP_("command", "last"), (), N_("last card of your hand"), scope=INTERFACE),
    Verb("play_focused", NP_("command", "play this"), (), N_("play the card you are on"), scope=INTERFACE),
    Verb("next_playable", NP_("command", "next playable"), (), N_("next card you can play"), scope=INTERFACE),
    Verb("prev_playable", NP_("command", "previous playable"), (), N_("previous card you can play"),
         scope=INTERFACE),
    Verb("sort_color", NP_("command", "sort"), ("sort colour", "sort color"), N_("sort your hand by colour"),
         scope=INTERFACE),
    Verb("sort_number", NP_("command", "sort numbers"), ("sort number",), N_("sort your hand by number"),
         scope=INTERFACE),
    Verb("repeat", NP_("command", "repeat"), ("again", "repetir", "ponovi", "repeta", "ripeti"),
         N_("repeat the last message"), scope=INTERFACE),
    Verb("history_back", NP_("command", "earlier"), (), N_("earlier message"), scope=INTERFACE),
    Verb("history_forward", NP_("command", "later"), (), N_("later message"), scope=INTERFACE),
    Verb("silence", NP_("command", "silence"), ("hush",), N_("stop speech"), scope=INTERFACE),
    Verb("pause", NP_("command", "pause"), ("pausa", "pauza", "pauză"), N_("pause or resume the game"),
         scope=INTERFACE),
    Verb("start", NP_("command", "start"), ("enter", "comecar", "iniciar", "pocni", "incepe", "inizia"),
         N_("start the match"), scope=INTERFACE),
    Verb("options", NP_("command", "options"), ("menu", "opcoes", "opcije", "optiuni", "opzioni"),
         N_("options (between hands and before the match)"), scope=INTERFACE),
)

#: Verbs by canonical name.
BY_NAME: dict[str, Verb] = {v.name: v for v in REGISTRY}
#: Read-only verbs: they never change the game.
QUERIES = frozenset(v.name for v in REGISTRY if v.query)
#: The queries a watcher may ask.
PUBLIC_QUERIES = frozenset(v.name for v in REGISTRY if v.public)


def ask(verb: str, asking: Asking) -> Answer:
    """The answer to the query ``verb`` (a watcher's: only a public one), in the current language."""
    handler = BY_NAME[verb].answer
    if handler is None or (asking.seat is None and verb not in PUBLIC_QUERIES):
        raise ValueError(f"{verb!r} is no query for this asker")
    return handler(asking)
#: For each engine action kind, the verb that stands for it.
_BY_KIND: dict[str, Verb] = {k: v for v in REGISTRY for k in v.kinds}


def _phrase_table(verbs: Sequence[Verb]) -> dict[tuple[str, ...], str]:
    """Every phrase that calls one of ``verbs`` (normalized words) -> its name.

    Built from the verbs and from every catalog's translation of each verb's label, so
    the word a prompt or a help line shows in any language is always understood, whatever
    the language.
    """
    table: dict[tuple[str, ...], str] = {}

    def add(word: str, name: str) -> None:
        key = tuple(normalize(word).split())
        if key:
            table.setdefault(key, name)

    for verb in verbs:
        for word in (verb.name, verb.name.replace("_", " "), verb.label, *verb.words):
            add(word, verb.name)
    for lang in LANGUAGES:
        if lang == "sr_Cyrl":
            # normalize() reads Cyrillic as Latin: its words are sr_Latn's (tests check it).
            continue
        # Only the command words of each catalog are read, not whole catalogs.
        words = context_messages(lang, "command")
        for verb in verbs:
            add(words.get(verb.label, verb.label), verb.name)
    return table


@lru_cache(maxsize=1)
def verb_words() -> dict[tuple[str, ...], str]:
    """Every phrase that calls a game verb (normalized words) -> its name."""
    return _phrase_table(REGISTRY)


def _match_verb(tokens: list[str], table: dict[tuple[str, ...], str] | None = None) -> tuple[str | None, int]:
    """The verb at the start of ``tokens`` (longest phrase first) and how many tokens it took."""
    table = verb_words() if table is None else table
    for size in (3, 2, 1):
        if len(tokens) >= size:
            name = table.get(tuple(tokens[:size]))
            if name is not None:
                return name, size
    return None, 0


def verb_of(word: str) -> str | None:
    """The verb one normalized word calls, or None (phrases of several words: :func:`verb_words`)."""
    return verb_words().get((word,))


_CODE_RE = re.compile(r"^([rygb])([0-9]|s|r|\+2)$")

@dataclass
class Command:
    """One parsed line. ``error`` is set (with ``detail``) when the line cannot be understood."""

    verb: str = ""
    seat: Seat | None = None
    """The seat the line is for (0-based): from ``@N``, else the default seat."""
    explicit_seat: bool = False
    card: str | None = None
    color: str | None = None
    target: Seat | None = None
    """A seat (0-based) named by the line: catch, swap, a 7's target."""
    arg: str = ""
    """The rest of the line as typed (file name for ``save``, topic for ``help``)."""
    error: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def is_query(self) -> bool:
        """True for read-only commands."""
        return self.verb in QUERIES


# ------------------------------------------------------------------------ phrases

def _split(words: str) -> list[str]:
    return [w for w in (x.strip() for x in words.split(",")) if w]


def _key(phrase: str) -> tuple[str, ...]:
    return tuple(normalize(phrase).split())


@lru_cache(maxsize=1)
def _catalog_phrases() -> tuple[dict[tuple[str, ...], tuple[str, Any]], frozenset[str]]:
    """Every card, colour and number word of every language -> what it means, and the
    article words ("um", "uno", "cartea") that may stand before a card.

    Generated from the catalogs: each card name in each of its forms (cards_text), the
    colour words that differ between the forms of one card in different colours, the
    rank words left when the colour is taken away ("Saltar", "stai o tura"), and the
    typed words each language lists (cards_text.TYPED_WORDS).
    """
    from uno_cli.words.cards_text import BARE, FORMS, TYPED_ARTICLES, TYPED_WORDS, card_name, color_name, typed_wild_color
    from uno_cli.engine.cards import CARD_COLOR, CARD_RANK

    table: dict[tuple[str, ...], tuple[str, Any]] = {}
    articles: set[str] = set()

    def add(phrase: str, item: tuple[str, Any]) -> None:
        key = _key(phrase)
        if key:
            table.setdefault(key, item)

    for code in ALL_CODES:
        add(code, ("card", code))
    for n in range(11):
        add(str(n), ("num", n))
    for c in COLORS:
        add(c, ("color", c))
    for lang in LANGUAGES:
        tr = get_translator(lang)
        try:
            for item, msgid in TYPED_WORDS.items():
                for word in _split(tr.pgettext("typed words", msgid)):
                    add(word, item)
            articles.update(w for word in _split(tr.pgettext("typed words", TYPED_ARTICLES))
                            for w in _key(word) if w != "-")
            colors = {c: set(_key(color_name(c, tr))) for c in COLORS}
            names = {(code, form): _key(card_name(code, form=form, translator=tr))
                     for code in ALL_CODES for form in FORMS}
        except Exception:  # noqa: BLE001 - a broken catalog must not break parsing
            continue
        for (code, form), key in names.items():
            table.setdefault(key, ("card", code))
            maybe_c, rank = CARD_COLOR.get(code), CARD_RANK.get(code)
            if maybe_c is None or rank is None:
                continue
            c = maybe_c
            # The words of this card that its other-colour twins do not have name the colour.
            twins = [names[(o + code[1:], form)] for o in COLORS if o != c]
            own = [w for w in key if all(w not in t for t in twins)]
            for w in own:
                table.setdefault((w,), ("color", c))
            colors[c].update(own)
        for c in COLORS:
            table.setdefault(_key(typed_wild_color(c, tr)), ("color", c))  # "i izaberi crvenu"
        all_colors = set().union(*colors.values())
        for code in ALL_CODES:
            rank = CARD_RANK.get(code)
            bare = names[(code, BARE)]
            if CARD_COLOR.get(code) is not None and rank is not None and not rank.isdigit():
                # What is left of the bare name without its colour is the rank ("Saltar").
                rest = tuple(w for w in bare if w not in all_colors)
                if rest:
                    table.setdefault(rest, ("rank", rank))
            for form in FORMS:
                # Words a form adds to the bare name, other than colours, are articles.
                articles.update(w for w in names[(code, form)]
                                if w not in bare and w not in all_colors and not w[:1].isdigit())
    return table, frozenset(articles)


def _object_forms(name: str) -> list[str]:
    """The forms a name takes as the object of a verb in Serbian ("uhvati Anu", "uhvati
    Bruna"), so a seat can be named the way a sentence would say it."""
    if name.endswith("a"):
        return [name[:-1] + "u"]
    if name.endswith("o"):
        return [name[:-1] + "a"]
    if name[-1:].isalpha() and name[-1:] not in "eiu":
        return [name + "a"]
    return []


@lru_cache(maxsize=1)
def _base_longest() -> int:
    return max(len(k) for k in _catalog_phrases()[0])


@lru_cache(maxsize=1024)
def _name_phrases(names_key: tuple[str, ...]) -> tuple[dict[tuple[str, ...], tuple[str, Any]], int]:
    """The players' names (and their object forms) -> seats; apart from the catalog words,
    so a server with many tables does not rebuild the whole table for each."""
    base = _catalog_phrases()[0]
    table: dict[tuple[str, ...], tuple[str, Any]] = {}
    for seat, name in enumerate(names_key):
        key = _key(name)
        if key and key not in base:
            table.setdefault(key, ("seat", seat))
    for seat, name in enumerate(names_key):
        key = _key(name)
        if len(key) == 1:
            for form in _object_forms(key[0]):
                if (form,) not in base:
                    table.setdefault((form,), ("seat", seat))
    return table, max((len(k) for k in table), default=0)


def _items(tokens: list[str], lang: str, names: Sequence[str]) -> list[tuple[str, Any]]:
    base = _catalog_phrases()[0]
    named, name_longest = _name_phrases(tuple(names))
    longest = max(_base_longest(), name_longest)
    out: list[tuple[str, Any]] = []
    i = 0
    while i < len(tokens):
        for size in range(min(longest, len(tokens) - i), 0, -1):
            phrase = tuple(tokens[i:i + size])
            item = base.get(phrase) or named.get(phrase)
            if item is not None:
                out.append(item)
                i += size
                break
        else:
            tok = tokens[i]
            m = re.fullmatch(r"(?:seat|#|p)?(\d{1,2})", tok)
            if m:
                out.append(("num", int(m.group(1))))
            else:
                out.append(("unknown", tok))
            i += 1
    return out


def _card_in(tokens: list[str], lang: str, names: Sequence[str]) -> tuple[str | None, list[tuple[str, Any]]]:
    """The card ``tokens`` start with and the items after it; an article before the card
    ("um cinco vermelho") is skipped."""
    items = _items(tokens, lang, names)
    card, rest = _card_from(items)
    if card is None and len(tokens) > 1 and tokens[0] in _catalog_phrases()[1]:
        card2, rest2 = _card_from(_items(tokens[1:], lang, names))
        if card2 is not None:
            return card2, rest2
    return card, rest


def _card_from(items: list[tuple[str, Any]]) -> tuple[str | None, list[tuple[str, Any]]]:
    if not items:
        return None, items
    first = items[0]
    if first[0] == "card":
        return first[1], items[1:]
    if len(items) >= 2:
        a, b = items[0], items[1]
        if a[0] == "color" and b[0] in ("num", "rank"):
            rank = str(b[1]) if b[0] == "num" else b[1]
            code = a[1] + rank
            if code in ALL_CODES:
                return code, items[2:]
        if a[0] in ("num", "rank") and b[0] == "color":
            rank = str(a[1]) if a[0] == "num" else a[1]
            code = b[1] + rank
            if code in ALL_CODES:
                return code, items[2:]
    return None, items


def _seat_from(item: tuple[str, Any], players: int) -> Seat | None:
    if item[0] == "seat":
        return Seat(int(item[1]))
    if item[0] == "num" and 1 <= int(item[1]) <= players:
        return seat_index(int(item[1]))
    return None


_NOT_TEXT = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def parse(
    line: str,
    seat: Seat | None,
    game: Any = None,
    lang: str = "en",
    names: Sequence[str] = (),
) -> Command:
    """Parse one line for ``seat`` (0-based; ``@N`` overrides it). Never raises."""
    players = getattr(game, "players", 10)
    # A tab separates words as a space does; a byte-order mark some editors put first is dropped.
    text = line.replace("\t", " ").strip().removeprefix("\ufeff")
    cmd = Command(seat=seat)
    if "\ufffd" in text:
        cmd.error = "invalid_text"
        return cmd
    # Control and format characters (bidi overrides such as U+202E, zero-width ones) are
    # refused, never echoed back.
    if any(unicodedata.category(ch) in _NOT_TEXT for ch in text):
        cmd.error = "invalid_text"
        return cmd
    if not text:
        cmd.error = "empty"
        return cmd
    if len(text) > 500:
        cmd.error = "too_long"
        return cmd
    if text.startswith("@"):
        head, _sep, text_after = text[1:].partition(" ")
        if not (head.isascii() and head.isdigit()) or not 1 <= int(head) <= players:
            cmd.error = "bad_seat_prefix"
            cmd.detail = {"text": "@" + head, "players": players}
            return cmd
        cmd.seat = seat_index(int(head))
        cmd.explicit_seat = True
        text = text_after.strip()
        if not text:
            cmd.error = "empty"
            return cmd
    raw_verb = text.split()[0]
    tokens = normalize(text).replace(",", " ").split()
    verb, size = _match_verb(tokens)
    if verb is None:
        # A line that is only a card plays it ("r5", "red 5").
        card, rest = _card_in(tokens, lang, names)
        if card is not None:
            cmd.verb = "play"
            return _card_args(cmd, card, rest, players)
        cmd.error = "unknown_verb"
        cmd.detail = {"word": raw_verb}
        return cmd
    arg = BY_NAME[verb].arg
    if arg != "card" and len(tokens) > size:
        # A card whose name starts with a verb's word ("Pesca due rosso") is that card.
        card, rest = _card_in(tokens, lang, names)
        if card is not None:
            cmd.verb = "play"
            return _card_args(cmd, card, rest, players)
    cmd.verb = verb
    # What follows the verb's words, as typed (a file name keeps its case).
    cmd.arg = text.split(None, size)[size].strip() if len(text.split(None, size)) > size else ""
    args = tokens[size:]
    if arg == "file":
        return cmd
    if arg == "card":
        if not args:
            cmd.error = "missing_card"
            return cmd
        card, rest = _card_in(args, lang, names)
        if card is None:
            cmd.error = "unknown_card"
            cmd.detail = {"text": cmd.arg}
            return cmd
        return _card_args(cmd, card, rest, players)
    if arg == "color":
        items = _items(args, lang, names)
        if not items:
            cmd.error = "missing_color"
            return cmd
        if len(items) != 1 or items[0][0] != "color":
            cmd.error = "unknown_color"
            cmd.detail = {"text": cmd.arg}
            return cmd
        cmd.color = items[0][1]
        return cmd
    if arg in ("seat", "seat?"):
        items = _items(args, lang, names)
        if not items:
            if arg == "seat":
                cmd.error = "missing_seat"
            return cmd
        target = _seat_from(items[0], players) if len(items) == 1 else None
        if target is None:
            cmd.error = "unknown_seat"
            cmd.detail = {"text": cmd.arg, "players": players}
            return cmd
        cmd.target = target
        return cmd
    if args:
        cmd.error = "extra_words"
        cmd.detail = {"text": cmd.arg}
    return cmd


def _card_args(cmd: Command, card: str, rest: list[tuple[str, Any]], players: int) -> Command:
    cmd.card = card
    if not rest:
        return cmd
    if len(rest) == 1:
        item = rest[0]
        if card in (WILD, WILD4) and item[0] == "color":
            cmd.color = item[1]
            return cmd
        if card not in (WILD, WILD4, BEEP):
            target = _seat_from(item, players)
            if target is not None:
                cmd.target = target
                return cmd
            if item[0] == "num" and card[1:] == "7":  # a seven's seat that is not at the table
                cmd.error = "unknown_seat"
                cmd.detail = {"text": str(item[1]), "players": players}
                return cmd
    cmd.error = "extra_words"
    cmd.detail = {"text": cmd.arg}
    return cmd


# ------------------------------------------------------------------ canonical text

#: The verbs of commands that act, with their labels (for prompts; derived from the registry).
COMMAND_VERBS: dict[str, str] = {v.name: v.label for v in REGISTRY if v.scope == GAME and not v.query
                                 and v.name not in ("save", "quit")}


def label(name: str) -> str:
    """The word for verb ``name`` in the current language (``play`` -> ``jogar``)."""
    verb = BY_NAME.get(name) or LOBBY_BY_NAME.get(name)
    return pgettext("command", verb.label) if verb is not None else name


def localize_command(command: str) -> str:
    """A canonical command as the player types it in the current language, cards and colours
    by name: ``play r5`` -> ``jogar 5 vermelho``, ``play w+4 r`` -> ``jogar Curinga +4 vermelho``."""
    from uno_cli.words.cards_text import BARE, card_name, color_name, form_after_verb, typed_wild

    prefix = ""
    if command.startswith("@"):
        prefix, _sep, command = command.partition(" ")
        prefix += " "
    verb, *args = command.split()
    words = [label(verb)]
    takes_card = BY_NAME[verb].arg == "card" if verb in BY_NAME else False
    for i, arg in enumerate(args):
        if i == 0 and takes_card and arg in ALL_CODES:
            words.append(card_name(arg, form=form_after_verb(verb=verb)))
        elif arg in COLORS and takes_card and len(words) == 2:
            words[-1] = typed_wild(words[-1], arg)  # "igraj Džokera i izaberi crvenu"
        elif arg in COLORS:
            words.append(color_name(arg, form=BARE))
        else:
            words.append(arg)
    return prefix + " ".join(words)


# TRANSLATORS: the word a player adds after "save FILE" to replace a file that is not a
# saved game ("save notes.txt force"); one word, typed as it is.
SAVE_FORCE = NP_("keyword", "force")


def force_words() -> frozenset[str]:
    """The words that consent to replacing a file after ``save FILE``, in every language."""
    words = {"force", "--force"}
    for lang in LANGUAGES:
        words.add(normalize(get_translator(lang).pgettext("keyword", SAVE_FORCE)))
    return frozenset(words)


def save_force_command(file: str) -> str:
    """``save FILE force`` in the current language, as the player types it."""
    return f"{label('save')} {file} {pgettext('keyword', SAVE_FORCE)}"


#: A list of moves a player hears stays under this many words; longer, it is said as a count.
HEARD_WORDS = 15


def spoken_moves(legal: Sequence[str]) -> str:
    """What a seat may do, short enough to hear: the plays grouped, a wild once ("play Wild
    and choose a colour"), colours and seats as one choice; when that is still long, the
    cards as a count and the command for the whole list (``moves``)."""
    from uno_cli.words import moves
    from uno_cli.words.cards_text import card_name, color_name, form_after_verb
    from uno_cli.words.describe import you_can_text
    from uno_cli.words.i18n import get_translator

    tr = get_translator()
    form = form_after_verb(tr)
    cards: list[str] = []
    wilds: list[str] = []
    by_verb: dict[str, list[str]] = {}
    for command in legal:
        verb, *args = command.split()
        if verb == "play" and args and args[0] in ALL_CODES:
            target = wilds if args[0] in (WILD, WILD4) and len(args) > 1 and args[1] in COLORS else cards
            if args[0] not in target:
                target.append(args[0])
        else:
            by_verb.setdefault(verb, []).extend(args[:1] if args else [])

    def others() -> list[str]:
        out = []
        for verb, args in by_verb.items():
            if not args:
                out.append(label(verb))
            elif verb in ("color", "play"):
                out.append(label(verb) + " " + tr.format_list([color_name(a) if a in COLORS else a for a in args], "or"))
            else:
                names = [card_name(a, form=form_after_verb(tr, verb)) if a in ALL_CODES else a
                         for a in dict.fromkeys(args)]
                out.append(label(verb) + " " + tr.format_list(names, "or"))
        return out

    def joined(parts: list[str]) -> str:
        return "; ".join(parts)  # each group its own pause: "play red 3, red 4 or red 6; draw"

    play = label("play")
    listed = []
    if cards or wilds:
        names = tr.format_list([card_name(c, form=form) for c in cards + wilds], "or")
        listed = [moves.play_and_choose(play, names) if wilds else play + " " + names]
    text = joined(listed + others()) if listed or by_verb else ""
    if len(you_can_text(text).split()) < HEARD_WORDS:
        return text
    n = len(cards) + len(wilds)
    short = joined(([_play_count(n)] if n else []) + others())
    return moves.some_moves(short, label("moves"))


def _play_count(n: int) -> str:
    """ "play one of 6 cards", said when the cards themselves would be too long to hear."""
    from uno_cli.words import moves

    return moves.play_count(label("play"), n)


def help_lines(scope: str = GAME, skip: frozenset[str] = frozenset()) -> list[str]:
    """One line per verb: its word in the current language, its argument, what it does.

    ``scope`` GAME lists what scripts and typed lines use; INTERFACE adds the interactive
    game's own verbs. ``skip``: verbs (by name) that do not work where the help is asked.
    """
    from uno_cli.words.i18n import _
    from uno_cli.words.interactive import key_line as help_line

    lines = []
    for verb in REGISTRY:
        if (verb.scope == INTERFACE and scope != INTERFACE) or verb.name in skip:
            continue
        word = label(verb.name)
        if verb.arg and verb.name != "help":
            word += " " + pgettext("argument", ARG_NAMES[verb.arg])
        lines.append(help_line(word, _(verb.help)))
    return lines


# ------------------------------------------------------------------ the table server's lobby

#: The lobby's verbs (uno_cli.net.hub carries them out). A line is a lobby command when it
#: starts with one of their words, in any language; otherwise it goes to the game.
LOBBY: tuple[Verb, ...] = (
    Verb("tables", NP_("command", "tables"), ("list", "mesas", "stolovi", "mese", "tavoli"),
         N_("list the tables"), scope=SERVER),
    Verb("create", NP_("command", "create"),
         ("new", "criar", "crie", "abrir", "napravi", "otvori", "creeaza", "deschide", "crea", "apri"),
         N_("open a table and sit at it"), arg="table", scope=SERVER),
    Verb("join", NP_("command", "join"), ("sit", "entrar", "sentar", "sedi", "intra", "entra", "siediti"),
         N_("sit at a table"), arg="number", scope=SERVER),
    Verb("watch", NP_("command", "watch"), ("assistir", "gledaj", "priveste", "guarda"),
         N_("watch a table without playing"), arg="number", scope=SERVER),
    Verb("leave", NP_("command", "leave"), ("levantar", "ustani", "pleaca", "lascia", "alzati"),
         N_("leave the table"), scope=SERVER),
    Verb("start", BY_NAME["start"].label, BY_NAME["start"].words,
         N_("begin the match (the table's creator); empty seats are bots"), scope=SERVER),
    Verb("who", NP_("command", "who"), ("quem", "ko", "cine", "chi"), N_("who is here"), scope=SERVER),
    Verb("say", NP_("command", "say"), ("dizer", "diga", "reci", "kazi", "spune", "scrivi", "dici"),
         N_("write a line to the table, or in the lobby to the lobby"), arg="text", scope=SERVER),
    Verb("mute", NP_("command", "mute"), ("silenciar", "utisaj", "opreste chat", "silenzia"),
         N_("chat off"), scope=SERVER),
    Verb("unmute", NP_("command", "unmute"), ("reativar", "pojacaj", "porneste chat", "riattiva"),
         N_("chat on"), scope=SERVER),
    Verb("lang", NP_("command", "language"), ("idioma", "lingua", "jezik", "limba"),
         N_("your language"), arg="code", scope=SERVER),
    Verb("verbosity", NP_("command", "verbosity"), ("detalhe", "opsirnost", "detaliu", "dettaglio"),
         N_("how much is said"), arg="verbosity", scope=SERVER),
    Verb("invite", NP_("command", "invite"), ("convidar", "convide", "pozovi", "invita"),
         N_("invite a player to your table (its creator); they sit without the code"), arg="name", scope=SERVER),
    Verb("remove", NP_("command", "remove"), ("remover", "ukloni", "rimuovi"),
         N_("remove a player from your table before its match (its creator)"), arg="name", scope=SERVER),
    Verb("address", NP_("command", "address"), ("endereco", "adresa", "indirizzo"),
         N_("the line to give a friend: address, port and the server's key"), scope=SERVER),
    Verb("register", NP_("command", "register"), ("registrar", "cadastrar", "registruj", "inregistreaza", "registrati"),
         N_("keep your name for good, with the key you logged in with or a password"), arg="password?",
         scope=SERVER),
    Verb("password", NP_("command", "password"), ("senha", "lozinka", "parola", "parola noua"),
         N_("change your password"), arg="password", scope=SERVER),
    Verb("my_keys", NP_("command", "my keys"), ("minhas chaves", "moji kljucevi", "cheile mele", "le mie chiavi"),
         N_("the keys that open your account"), scope=SERVER),
    Verb("add_key", NP_("command", "add key"), ("adicionar chave", "dodaj kljuc", "adauga cheie", "aggiungi chiave"),
         N_("let one more key open your account: paste the line of its .pub file"), arg="key", scope=SERVER),
    Verb("remove_key", NP_("command", "remove key"),
         ("remover chave", "ukloni kljuc", "sterge cheie", "elimina chiave", "rimuovi chiave"),
         N_("a key no longer opens your account"), arg="number", scope=SERVER),
    Verb("stats", NP_("command", "stats"), ("estatisticas", "statistika", "statistici", "statistiche"),
         N_("games, wins, points and rating"), arg="name?", scope=SERVER),
    Verb("top", NP_("command", "leaderboard"), ("ranking", "classificacao", "rang lista", "clasament", "classifica"),
         N_("the best ratings of a rule preset"), arg="count?", scope=SERVER),
    Verb("history", NP_("command", "history"), ("historico", "istorija", "istoric", "storico", "partite"),
         N_("your last matches"), scope=SERVER),
    Verb("help", BY_NAME["help"].label, ("f1", *BY_NAME["help"].words),
         N_("the commands; during a match the game's commands work too"), scope=SERVER),
)

#: The verbs of the server's moderators and operators (uno_cli.net.moderation carries them out;
#: ``mute NAME`` and ``unmute NAME`` are the lobby's ``mute`` and ``unmute`` with a name).
MODERATION: tuple[Verb, ...] = (
    Verb("kick", NP_("command", "kick"), ("expulsar", "izbaci", "elimina", "espelli"),
         N_("send a player off the server"), scope=SERVER),
    Verb("unseat", NP_("command", "unseat"), ("tirar", "skloni", "indeparteaza", "togli"),
         N_("take a player off their table; a bot plays their seat"), scope=SERVER),
    Verb("close", NP_("command", "close"), ("fechar", "zatvori", "inchide", "chiudi"),
         N_("close a table; everyone at it goes back to the lobby"), scope=SERVER),
    Verb("ban", NP_("command", "ban"), ("banir", "zabrani", "interzice", "bandisci"),
         N_("ban a name, or an address or network (192.0.2.7, 192.0.2.0/24), for a time (30m, 2h, 7d) or for good"),
         scope=SERVER),
    Verb("unban", NP_("command", "unban"), ("desbanir", "dozvoli", "permite", "riammetti"),
         N_("lift a ban"), scope=SERVER),
    Verb("broadcast", NP_("command", "broadcast"), ("anunciar", "objavi", "anunta", "annuncia"),
         N_("a message to everyone on the server"), scope=SERVER),
    Verb("shutdown", NP_("command", "shutdown"), ("desligar", "ugasi", "oprire", "spegni"),
         N_("tell everyone, then save every table and stop the server (after 60 seconds unless told)"), scope=SERVER),
)

#: Lobby verbs by canonical name.
LOBBY_BY_NAME: dict[str, Verb] = {v.name: v for v in (*LOBBY, *MODERATION)}

#: The keywords of ``create``'s settings (``players=3``), as players of each language type them.
TABLE_KEYWORDS: dict[str, str] = {
    "players": NP_("keyword", "players"),
    "bots": NP_("keyword", "bots"),
    "preset": NP_("keyword", "preset"),
    "pace": NP_("keyword", "pace"),
    "code": NP_("keyword", "code"),
}


@lru_cache(maxsize=1)
def lobby_words() -> dict[tuple[str, ...], str]:
    """Every phrase that calls a lobby verb (normalized words) -> its name."""
    return _phrase_table((*LOBBY, *MODERATION))


def lobby_verb(text: str) -> tuple[str, str] | None:
    """(lobby verb, the rest of the line as typed) when ``text`` starts with a lobby word, else None."""
    verb, size = _match_verb(normalize(text).split(), lobby_words())
    if verb is None:
        return None
    parts = text.split(None, size)
    return verb, parts[size].strip() if len(parts) > size else ""


def lobby_usage(verb: Verb) -> str:
    """How a lobby verb is typed, in the current language: ``join NUMBER``, ``create NAME [players=N] ...``."""
    word = pgettext("command", verb.label)

    def arg(kind: str) -> str:
        return pgettext("argument", ARG_NAMES[kind])

    if verb.arg == "table":
        def kw(key: str) -> str:
            return pgettext("keyword", TABLE_KEYWORDS[key])

        return (f"{word} {arg('name')} [{kw('players')}=N] [{kw('bots')}={arg('level')}] "
                f"[{kw('preset')}={arg('name')}] [{kw('pace')}=S] [{kw('code')}={arg('code')}] "
                f"[{arg('rule')}={arg('value')} ...]")
    if verb.arg == "text":
        return f"{word} {arg('text')}, '{arg('text')}"
    if verb.arg == "verbosity":
        from uno_cli.words.i18n import _
        from uno_cli.words.optioninfo import VERBOSITY_NAMES

        return ", ".join(f"{word} {_(VERBOSITY_NAMES[v])}" for v in ("short", "full"))
    if verb.name == "help":
        return f"F1, {word}"
    if verb.name in ("join", "watch"):  # a private table's code after its number
        return f"{word} {arg('number')} [{arg('code')}]"
    return f"{word} {arg(verb.arg)}" if verb.arg else word


def action_to_command(action: Action, names: Sequence[str] | None = None) -> str:
    """The canonical command for ``action``: ``play r5``, ``play w r``, ``play r7 2``,
    ``draw``, ``color r``, ``catch 2``, ``jump r5``, ``beep`` (seats 1-based)."""
    kind = action.kind
    verb = _BY_KIND.get(kind)
    name = verb.name if verb is not None else kind
    parts = [name]
    if action.card is not None and not (kind == ANSWER):
        parts.append(action.card)
    if action.color is not None:
        parts.append(action.color)
    if action.target is not None:
        parts.append(str(seat_number(action.target)))
    return " ".join(parts)


# ------------------------------------------------------------------ resolving

@dataclass(frozen=True)
class Partial:
    """A play still missing its colour (a wild) or its seat (a 7 under seven_o)."""

    action: Action


def resolve(cmd: Command, game: Any, seat: Seat, partial: Action | None = None) -> Action | Partial:
    """The engine action ``cmd`` means for ``seat`` now; raises IllegalAction if none.

    ``partial`` is the seat's half-made play (from an earlier :class:`Partial`), completed
    by ``color`` or ``swap``. Only verbs with a handler (:attr:`Verb.act`) act; the engine
    judges legality.
    """
    verb = BY_NAME.get(cmd.verb)
    if verb is None or verb.act is None:
        raise IllegalAction("not_now", None)
    return verb.act(Acting(cmd, game, seat, game.legal_actions(seat), partial))

"""The command language, shared by script mode and the interactive game's command line.

One command per line::

    [@SEAT] VERB [ARGUMENTS]

``@SEAT`` (1-based) says which seat the line is for; without it, the line is for the seat
the game is waiting for. Verbs (with short aliases; the same verbs in Portuguese,
Serbian, Romanian and Italian are always understood as well, diacritics optional)::

    play CARD [COLOUR|SEAT]   p      play a card; a wild takes a colour, a 7 (seven_o) a seat
    draw                      d      draw a card
    pass                             keep the card just drawn
    accept                    a      take the pending draw penalty
    challenge                 ch     challenge a Wild Draw Four
    color COLOUR              col    name the colour (after "play w", or for a first Wild)
    swap SEAT                 sw     the seat to swap hands with (after "play r7")
    uno                       u      say UNO
    catch [SEAT]                     catch the player who has not said UNO
    jump CARD [COLOUR|SEAT]   j      jump in (interception) with CARD
    beep                      b      answer a Beep race; otherwise play a Beep card
    wait                             let a race chance go by
    save FILE, quit           q
    hand h, top t, status st, scores sc, counts, help ?, rules   (read-only)

A card is a code (``r5``, ``g+2``, ``bs``, ``yr``, ``w``, ``w+4``, ``beep``) or words
in any of the five languages, in any order ("red 5", "5 vermelho", "rosu cinci",
"Jolly pesca quattro"). A line that is only a card plays it.

:func:`parse` turns a line into a :class:`Command` (syntax only: the session decides,
with the engine, whether it is legal); :func:`action_to_command` writes an engine
action as the canonical command text listed in prompts.
"""

from __future__ import annotations

import re
import unicodedata
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
from uno_cli.i18n import NP_, pgettext

__all__ = ["Command", "VERBS", "action_to_command", "normalize", "parse"]

#: Every verb, canonical name first.
VERB_WORDS: dict[str, tuple[str, ...]] = {
    "play": ("play", "p", "pl", "jogar", "jogo", "joga", "jogue", "igraj", "igram", "odigraj",
             "joaca", "joc", "gioca", "gioco"),
    "draw": ("draw", "d", "dr", "comprar", "compro", "compra", "puxar", "puxo", "vuci", "vucem", "uzmi",
             "trage", "trag", "pesca", "pesco"),
    "pass": ("pass", "passar", "passo", "passa", "dalje", "propusti", "pas", "paseste"),
    "accept": ("accept", "a", "ac", "aceitar", "aceito", "aceita", "prihvati", "prihvatam", "accepta",
               "accepti", "accetta", "accetto", "take"),
    "challenge": ("challenge", "ch", "desafiar", "desafio", "desafia", "izazovi", "izazivam", "contesta",
                  "contest", "sfida", "sfido"),
    "color": ("color", "colour", "col", "cor", "boja", "culoare", "colore"),
    "swap": ("swap", "sw", "trocar", "troca", "troco", "zameni", "menjaj", "schimba", "schimb", "scambia",
             "scambio"),
    "uno": ("uno", "u", "uno!"),
    "catch": ("catch", "pegar", "pega", "pego", "apanhar", "uhvati", "hvataj", "prinde", "prind", "becca",
              "cogli", "prendi"),
    "jump": ("jump", "j", "interceptar", "intercepto", "cortar", "corta", "uskoci", "presretni",
             "intercepteaza", "intercetta", "intercetto"),
    "beep": ("beep", "b", "bip"),
    "wait": ("wait", "ok", "esperar", "espera", "cekaj", "asteapta", "aspetta", "attendi"),
    "save": ("save", "salvar", "salva", "sacuvaj", "snimi", "salveaza"),
    "quit": ("quit", "q", "exit", "sair", "izadji", "izlaz", "kraj", "iesi", "iesire", "esci"),
    "hand": ("hand", "h", "cards", "mao", "cartas", "ruka", "karte", "mana", "carti", "mano", "carte"),
    "top": ("top", "t", "topo", "mesa", "vrh", "sus", "varf", "cima", "scarto"),
    "status": ("status", "st", "state", "estado", "situacao", "stanje", "stare", "stato", "situazione"),
    "scores": ("scores", "score", "sc", "points", "placar", "pontos", "pontuacao", "rezultat", "poeni",
               "bodovi", "scor", "puncte", "punteggi", "punteggio", "punti"),
    "counts": ("counts", "count", "contagem", "broj", "numar", "conteggio"),
    "help": ("help", "?", "ajuda", "pomoc", "ajutor", "aiuto"),
    "rules": ("rules", "regras", "pravila", "reguli", "regole"),
}
VERBS: dict[str, str] = {word: verb for verb, words in VERB_WORDS.items() for word in words}

#: Read-only verbs: they never change the game.
QUERIES = frozenset({"hand", "top", "status", "scores", "counts", "help", "rules"})

_COLOR_WORDS: dict[str, tuple[str, ...]] = {
    "r": ("r", "red", "vermelho", "vermelha", "crvena", "crveni", "crveno", "crvenu", "rosu", "rosie", "rosso", "rossa"),
    "y": ("y", "yellow", "amarelo", "amarela", "zuta", "zuti", "zuto", "zutu", "galben", "galbena", "giallo", "gialla"),
    "g": ("g", "green", "verde", "zelena", "zeleni", "zeleno", "zelenu"),
    "b": ("b", "blue", "azul", "plava", "plavi", "plavo", "plavu", "albastru", "albastra", "blu"),
}
_NUMBER_WORDS: tuple[tuple[str, ...], ...] = (
    ("zero", "nula", "nulu"),
    ("one", "um", "uma", "jedan", "jedna", "unu", "una", "uno"),
    ("two", "dois", "duas", "dva", "dve", "doi", "doua", "due"),
    ("three", "tres", "tri", "trei", "tre"),
    ("four", "quatro", "cetiri", "patru", "quattro"),
    ("five", "cinco", "pet", "cinci", "cinque"),
    ("six", "seis", "sest", "sase", "sei"),
    ("seven", "sete", "sedam", "sapte", "sette"),
    ("eight", "oito", "osam", "opt", "otto"),
    ("nine", "nove", "devet", "noua"),
    ("ten", "dez", "deset", "zece", "dieci"),
)
_RANK_PHRASES: dict[str, tuple[str, ...]] = {
    "s": ("skip", "saltar", "salto", "pula", "bloqueio", "bloqueia", "preskoci", "preskok", "stai o tura",
          "stai", "salta il turno", "salta", "stop"),
    "r": ("reverse", "rev", "inversao", "inverter", "inverte", "obrni", "obrni smer", "schimba directia",
          "schimba sensul", "inverti", "inversione", "cambio giro"),
    "+2": ("+2", "draw two", "draw 2", "d2", "mais dois", "mais 2", "compra dois", "vuci dve", "vuci 2",
           "ia doua", "ia 2", "ia doua carti", "pesca due", "pesca 2"),
}
_CARD_PHRASES: dict[str, tuple[str, ...]] = {
    WILD: ("wild", "curinga", "coringa", "dzoker", "dzhoker", "joker", "carte neagra", "jolly"),
    WILD4: ("+4", "w4", "wd4", "wild draw four", "wild draw 4", "wild +4", "curinga mais quatro", "curinga +4",
            "coringa mais quatro", "dzoker vuci cetiri", "dzoker +4", "joker +4", "carte neagra +4",
            "jolly pesca quattro", "jolly pesca 4", "jolly +4"),
    BEEP: ("beep", "bip"),
}
_CODE_RE = re.compile(r"^([rygb])([0-9]|s|r|\+2)$")

_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "dj", "е": "e", "ж": "z", "з": "z", "и": "i",
    "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "ћ": "c", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "c", "џ": "dz", "ш": "s",
}
_SPECIAL = str.maketrans({"đ": "dj", "ß": "ss", "ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "ı": "i"})


def normalize(text: str) -> str:
    """Lower case, Serbian Cyrillic in Latin letters, diacritics removed: "Roșu" -> "rosu"."""
    text = text.lower().translate(_SPECIAL)
    if any("\u0400" <= ch <= "\u04ff" for ch in text):
        text = "".join(_CYRILLIC.get(ch, ch) for ch in text)
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


@dataclass
class Command:
    """One parsed line. ``error`` is set (with ``detail``) when the line cannot be understood."""

    verb: str = ""
    seat: int | None = None
    """The seat the line is for (0-based): from ``@N``, else the default seat."""
    explicit_seat: bool = False
    card: str | None = None
    color: str | None = None
    target: int | None = None
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

@lru_cache(maxsize=16)
def _phrases(lang: str, names_key: tuple[str, ...]) -> tuple[dict[tuple[str, ...], tuple[str, Any]], int]:
    table: dict[tuple[str, ...], tuple[str, Any]] = {}

    def add(phrase: str, item: tuple[str, Any]) -> None:
        key = tuple(normalize(phrase).split())
        if key and key not in table:
            table[key] = item

    for code in ALL_CODES:
        add(code, ("card", code))
    for code, words in _CARD_PHRASES.items():
        for w in words:
            add(w, ("card", code))
    for rank, words in _RANK_PHRASES.items():
        for w in words:
            add(w, ("rank", rank))
    for n, words in enumerate(_NUMBER_WORDS):
        add(str(n), ("num", n))
        for w in words:
            add(w, ("num", n))
    for c, words in _COLOR_WORDS.items():
        for w in words:
            add(w, ("color", c))
    # The card and colour names of the current language, as the game says them.
    try:
        from uno_cli.cards_text import card_name, color_name

        for code in ALL_CODES:
            add(card_name(code), ("card", code))
        for c in COLORS:
            add(color_name(c), ("color", c))
    except Exception:  # noqa: BLE001 - a broken catalog must not break parsing
        pass
    for seat, name in enumerate(names_key):
        if name:
            key = tuple(normalize(name).split())
            if key:
                table.setdefault(key, ("seat", seat))
    longest = max(len(k) for k in table)
    return table, longest


def _items(tokens: list[str], lang: str, names: Sequence[str]) -> list[tuple[str, Any]]:
    table, longest = _phrases(lang, tuple(names))
    out: list[tuple[str, Any]] = []
    i = 0
    while i < len(tokens):
        for size in range(min(longest, len(tokens) - i), 0, -1):
            item = table.get(tuple(tokens[i:i + size]))
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


def _seat_from(item: tuple[str, Any], players: int) -> int | None:
    if item[0] == "seat":
        return int(item[1])
    if item[0] == "num" and 1 <= int(item[1]) <= players:
        return int(item[1]) - 1
    if item[0] == "color" and item[1] == "b" and False:  # pragma: no cover - kept simple
        return None
    return None


def parse(
    line: str,
    seat: int | None,
    game: Any = None,
    lang: str = "en",
    names: Sequence[str] = (),
) -> Command:
    """Parse one line for ``seat`` (0-based; ``@N`` overrides it). Never raises."""
    players = getattr(game, "players", 10)
    text = line.strip()
    cmd = Command(seat=seat)
    if "\ufffd" in text:
        cmd.error = "invalid_text"
        return cmd
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        cmd.error = "invalid_text"
        return cmd
    if not text:
        cmd.error = "empty"
        return cmd
    if len(text) > 500:
        cmd.error = "too_long"
        return cmd
    if text.startswith("@"):
        head, _sep, rest = text[1:].partition(" ")
        if not head.isdigit() or not 1 <= int(head) <= players:
            cmd.error = "bad_seat_prefix"
            cmd.detail = {"text": "@" + head, "players": players}
            return cmd
        cmd.seat = int(head) - 1
        cmd.explicit_seat = True
        text = rest.strip()
        if not text:
            cmd.error = "empty"
            return cmd
    raw_verb, _sep, raw_rest = text.partition(" ")
    cmd.arg = raw_rest.strip()
    tokens = normalize(text).replace(",", " ").split()
    verb = VERBS.get(tokens[0])
    if verb is None:
        # A line that is only a card plays it ("r5", "red 5").
        items = _items(tokens, lang, names)
        card, rest = _card_from(items)
        if card is not None:
            cmd.verb = "play"
            return _card_args(cmd, card, rest, players)
        cmd.error = "unknown_verb"
        cmd.detail = {"word": raw_verb}
        return cmd
    cmd.verb = verb
    args = tokens[1:]
    if verb in ("save", "help"):
        return cmd
    if verb in ("play", "jump"):
        items = _items(args, lang, names)
        if not items:
            cmd.error = "missing_card"
            return cmd
        card, rest = _card_from(items)
        if card is None:
            cmd.error = "unknown_card"
            cmd.detail = {"text": cmd.arg}
            return cmd
        return _card_args(cmd, card, rest, players)
    if verb == "color":
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
    if verb in ("swap", "catch"):
        items = _items(args, lang, names)
        if not items:
            if verb == "swap":
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
    cmd.error = "extra_words"
    cmd.detail = {"text": cmd.arg}
    return cmd


# ------------------------------------------------------------------ canonical text

#: The verbs of commands, as players of each language type them (translated in the
#: "command" context; every translation must be one of the words :data:`VERB_WORDS` accepts).
COMMAND_VERBS: dict[str, str] = {
    "play": NP_("command", "play"),
    "draw": NP_("command", "draw"),
    "pass": NP_("command", "pass"),
    "accept": NP_("command", "accept"),
    "challenge": NP_("command", "challenge"),
    "color": NP_("command", "color"),
    "swap": NP_("command", "swap"),
    "catch": NP_("command", "catch"),
    "jump": NP_("command", "jump"),
    "beep": NP_("command", "beep"),
    "wait": NP_("command", "wait"),
}


def localize_command(command: str) -> str:
    """A canonical command with its verb in the current language: ``play r5`` -> ``jogar r5``."""
    prefix = ""
    if command.startswith("@"):
        prefix, _sep, command = command.partition(" ")
        prefix += " "
    verb, sep, rest = command.partition(" ")
    if verb in COMMAND_VERBS:
        verb = pgettext("command", COMMAND_VERBS[verb])
    return prefix + verb + sep + rest


def action_to_command(action: Action, names: Sequence[str] | None = None) -> str:
    """The canonical command for ``action``: ``play r5``, ``play w r``, ``play r7 2``,
    ``draw``, ``color r``, ``catch 2``, ``jump r5``, ``beep`` (seats 1-based)."""
    kind = action.kind
    if kind == PLAY:
        if action.card == BEEP:
            return "play beep"
        return _with_args("play", action)
    if kind in (JUMP_IN, MISSED_JUMP_IN):
        return _with_args("jump", action)
    if kind == COLOR:
        return f"color {action.color}"
    if kind == CATCH:
        return f"catch {(action.target or 0) + 1}"
    if kind == ANSWER:
        return "beep"
    return {DRAW: "draw", PASS: "pass", ACCEPT: "accept", CHALLENGE: "challenge", UNO: "uno"}.get(kind, kind)


def _with_args(verb: str, action: Action) -> str:
    parts = [verb, action.card or ""]
    if action.color is not None:
        parts.append(action.color)
    if action.target is not None:
        parts.append(str(action.target + 1))
    return " ".join(parts)

"""Card and colour names in the current language, in the grammatical form a sentence needs.

Every card name is a whole template ("red {number}", "red Skip", "Wild Draw Four"), so each
language orders colour and rank its own way ("5 vermelho", "Salta il turno rosso"). Each
template exists in three forms, told apart by the message context, so translators write
each form whole and the sentence chooses the form:

- :data:`BARE` (context ``card``): the name alone, for lists, the hand and labels ("red 5").
- :data:`ARTICLE` (context ``card with article``): the card as the subject or complement of
  a sentence, with the indefinite article where the language uses one ("a red 5"; pt "um 5
  vermelho", it "uno 0 rosso", Serbian the nominative "crvena 5").
- :data:`OBJECT` (context ``card as object``): the card as the direct object of a verb, as
  players name a card in play, without an article ("plays red 5"; Serbian the accusative
  "crvenu peticu").
- :data:`WITH` (context ``card after with``): the card a player acts with ("jumps in with
  red 5", "continues the sequence with ..."); Serbian the instrumental "crvenom peticom".

The 0 has templates of its own in the forms with an article (Italian "uno 0", not "un 0").
Colour names alone have the context ``color``.
"""

from __future__ import annotations

from uno_cli.engine.cards import BEEP, CARD_COLOR, CARD_RANK, WILD, WILD4
from uno_cli.words.i18n import NP_, Translator, get_translator

BARE = "bare"
ARTICLE = "article"
OBJECT = "object"
WITH = "with"
#: Every form, in the order the parser reads them.
FORMS = (BARE, ARTICLE, OBJECT, WITH)


def color_name(color: str | None, translator: Translator | None = None, form: str = BARE) -> str:
    """The colour ``r``/``y``/``g``/``b`` as a word ("red"), in the current language or
    ``translator``'s; ``form`` OBJECT: as the object of a verb ("chooses red": Serbian
    "bira crvenu boju")."""
    tr = translator or get_translator()
    if form == OBJECT and color in _COLORS_AS_OBJECT:
        return tr.pgettext("color as object", _COLORS_AS_OBJECT[color])
    return tr.pgettext("color", _COLORS.get(color or "", _ANY_COLOUR))


_COLORS = {
    "r": NP_("color", "red"),
    "y": NP_("color", "yellow"),
    "g": NP_("color", "green"),
    "b": NP_("color", "blue"),
}
_ANY_COLOUR = NP_("color", "any colour")
# TRANSLATORS: the colour a player chooses, as the object of "chooses" ("Ana chooses red.");
# Serbian the accusative before "boju" ("Ana bira crvenu boju").
_COLORS_AS_OBJECT = {
    "r": NP_("color as object", "red"),
    "y": NP_("color as object", "yellow"),
    "g": NP_("color as object", "green"),
    "b": NP_("color as object", "blue"),
}

# One table per form: every template is written out whole, so translators see each.
# Keys: (colour, rank), rank "n" for the numbers 1-9 (and 0 in the bare form).
_BARE = {
    ("r", "n"): NP_("card", "red {number}"),
    ("y", "n"): NP_("card", "yellow {number}"),
    ("g", "n"): NP_("card", "green {number}"),
    ("b", "n"): NP_("card", "blue {number}"),
    ("r", "s"): NP_("card", "red Skip"),
    ("y", "s"): NP_("card", "yellow Skip"),
    ("g", "s"): NP_("card", "green Skip"),
    ("b", "s"): NP_("card", "blue Skip"),
    ("r", "r"): NP_("card", "red Reverse"),
    ("y", "r"): NP_("card", "yellow Reverse"),
    ("g", "r"): NP_("card", "green Reverse"),
    ("b", "r"): NP_("card", "blue Reverse"),
    ("r", "+2"): NP_("card", "red Draw Two"),
    ("y", "+2"): NP_("card", "yellow Draw Two"),
    ("g", "+2"): NP_("card", "green Draw Two"),
    ("b", "+2"): NP_("card", "blue Draw Two"),
    (None, WILD): NP_("card", "Wild"),
    (None, WILD4): NP_("card", "Wild Draw Four"),
    (None, BEEP): NP_("card", "Beep"),
}
_ARTICLE = {
    # TRANSLATORS: the card as the subject or complement of a sentence ("The top card is
    # a red 5."), with the indefinite article where your language uses one.
    ("r", "n"): NP_("card with article", "a red {number}"),
    ("y", "n"): NP_("card with article", "a yellow {number}"),
    ("g", "n"): NP_("card with article", "a green {number}"),
    ("b", "n"): NP_("card with article", "a blue {number}"),
    ("r", "0"): NP_("card with article", "a red 0"),
    ("y", "0"): NP_("card with article", "a yellow 0"),
    ("g", "0"): NP_("card with article", "a green 0"),
    ("b", "0"): NP_("card with article", "a blue 0"),
    ("r", "s"): NP_("card with article", "a red Skip"),
    ("y", "s"): NP_("card with article", "a yellow Skip"),
    ("g", "s"): NP_("card with article", "a green Skip"),
    ("b", "s"): NP_("card with article", "a blue Skip"),
    ("r", "r"): NP_("card with article", "a red Reverse"),
    ("y", "r"): NP_("card with article", "a yellow Reverse"),
    ("g", "r"): NP_("card with article", "a green Reverse"),
    ("b", "r"): NP_("card with article", "a blue Reverse"),
    ("r", "+2"): NP_("card with article", "a red Draw Two"),
    ("y", "+2"): NP_("card with article", "a yellow Draw Two"),
    ("g", "+2"): NP_("card with article", "a green Draw Two"),
    ("b", "+2"): NP_("card with article", "a blue Draw Two"),
    (None, WILD): NP_("card with article", "a Wild"),
    (None, WILD4): NP_("card with article", "a Wild Draw Four"),
    (None, BEEP): NP_("card with article", "a Beep"),
}
_OBJECT = {
    # TRANSLATORS: the card as the direct object of a verb ("Ana plays red 5."), in the case
    # your language uses there; no article, as players name a card in play (pt "5 vermelho").
    ("r", "n"): NP_("card as object", "red {number}"),
    ("y", "n"): NP_("card as object", "yellow {number}"),
    ("g", "n"): NP_("card as object", "green {number}"),
    ("b", "n"): NP_("card as object", "blue {number}"),
    ("r", "0"): NP_("card as object", "red 0"),
    ("y", "0"): NP_("card as object", "yellow 0"),
    ("g", "0"): NP_("card as object", "green 0"),
    ("b", "0"): NP_("card as object", "blue 0"),
    ("r", "s"): NP_("card as object", "red Skip"),
    ("y", "s"): NP_("card as object", "yellow Skip"),
    ("g", "s"): NP_("card as object", "green Skip"),
    ("b", "s"): NP_("card as object", "blue Skip"),
    ("r", "r"): NP_("card as object", "red Reverse"),
    ("y", "r"): NP_("card as object", "yellow Reverse"),
    ("g", "r"): NP_("card as object", "green Reverse"),
    ("b", "r"): NP_("card as object", "blue Reverse"),
    ("r", "+2"): NP_("card as object", "red Draw Two"),
    ("y", "+2"): NP_("card as object", "yellow Draw Two"),
    ("g", "+2"): NP_("card as object", "green Draw Two"),
    ("b", "+2"): NP_("card as object", "blue Draw Two"),
    (None, WILD): NP_("card as object", "Wild"),
    (None, WILD4): NP_("card as object", "Wild Draw Four"),
    (None, BEEP): NP_("card as object", "Beep"),
}
_WITH = {
    # TRANSLATORS: the card a player acts with ("Ana jumps in with red 5.", "continues the
    # sequence with red 5"), in the case your language uses after "with", no article, as
    # players name a card in play (Serbian the instrumental "crvenom peticom").
    ("r", "n"): NP_("card after with", "red {number}"),
    ("y", "n"): NP_("card after with", "yellow {number}"),
    ("g", "n"): NP_("card after with", "green {number}"),
    ("b", "n"): NP_("card after with", "blue {number}"),
    ("r", "0"): NP_("card after with", "red 0"),
    ("y", "0"): NP_("card after with", "yellow 0"),
    ("g", "0"): NP_("card after with", "green 0"),
    ("b", "0"): NP_("card after with", "blue 0"),
    ("r", "s"): NP_("card after with", "red Skip"),
    ("y", "s"): NP_("card after with", "yellow Skip"),
    ("g", "s"): NP_("card after with", "green Skip"),
    ("b", "s"): NP_("card after with", "blue Skip"),
    ("r", "r"): NP_("card after with", "red Reverse"),
    ("y", "r"): NP_("card after with", "yellow Reverse"),
    ("g", "r"): NP_("card after with", "green Reverse"),
    ("b", "r"): NP_("card after with", "blue Reverse"),
    ("r", "+2"): NP_("card after with", "red Draw Two"),
    ("y", "+2"): NP_("card after with", "yellow Draw Two"),
    ("g", "+2"): NP_("card after with", "green Draw Two"),
    ("b", "+2"): NP_("card after with", "blue Draw Two"),
    (None, WILD): NP_("card after with", "Wild"),
    (None, WILD4): NP_("card after with", "Wild Draw Four"),
    (None, BEEP): NP_("card after with", "Beep"),
}
_FORMS = {BARE: ("card", _BARE), ARTICLE: ("card with article", _ARTICLE), OBJECT: ("card as object", _OBJECT),
          WITH: ("card after with", _WITH)}

# The number on a card as the {number} of the templates above. Keep the digit where your
# language says the card by its numeral ("5 vermelho"); a language that names number cards
# with nouns writes the noun (Serbian "petica").
_NUMBERS = {
    "subject": (
        # TRANSLATORS: the number of a card in a card's name, as the subject ("the top card is
        # a red 5"; Serbian "crvena petica"). Keep the digit unless your language names the card.
        NP_("card number", "0"), NP_("card number", "1"), NP_("card number", "2"),
        NP_("card number", "3"), NP_("card number", "4"), NP_("card number", "5"),
        NP_("card number", "6"), NP_("card number", "7"), NP_("card number", "8"),
        NP_("card number", "9")),
    "object": (
        # TRANSLATORS: the number of a card in a card's name, as the direct object ("plays a
        # red 5"; Serbian the accusative "crvenu peticu"). Keep the digit unless your language
        # names the card.
        NP_("card number as object", "0"), NP_("card number as object", "1"),
        NP_("card number as object", "2"), NP_("card number as object", "3"),
        NP_("card number as object", "4"), NP_("card number as object", "5"),
        NP_("card number as object", "6"), NP_("card number as object", "7"),
        NP_("card number as object", "8"), NP_("card number as object", "9")),
    "with": (
        # TRANSLATORS: the number of a card in a card's name after "with" ("jumps in with a
        # red 5"; Serbian the instrumental "crvenom peticom"). Keep the digit unless your
        # language names the card.
        NP_("card number after with", "0"), NP_("card number after with", "1"),
        NP_("card number after with", "2"), NP_("card number after with", "3"),
        NP_("card number after with", "4"), NP_("card number after with", "5"),
        NP_("card number after with", "6"), NP_("card number after with", "7"),
        NP_("card number after with", "8"), NP_("card number after with", "9")),
}
_NUMBER_CONTEXTS = {"subject": "card number", "object": "card number as object", "with": "card number after with"}


def _number(rank: str, form: str, tr: Translator) -> str:
    """The card's number as the language says it in a card's name in ``form``."""
    case = {OBJECT: "object", WITH: "with"}.get(form, "subject")
    return tr.pgettext(_NUMBER_CONTEXTS[case], _NUMBERS[case][int(rank)])


# TRANSLATORS: which form of a card's name follows a command word in a move the player may
# type ("play red 5"): "bare" (the name alone, "5 vermelho"), "object" (the form "card as
# object", Serbian "igraj crvenu peticu") or "with" (the form "card after with"). Write one
# of these three words.
_AFTER_VERB = NP_("card form", "bare")
# TRANSLATORS: the same choice for the card after the jump-in command ("jump in red 5"):
# "bare", "object" or "with" (Serbian "uskoči crvenom peticom": "with").
_AFTER_JUMP = NP_("card form after jump", "bare")


def form_after_verb(translator: Translator | None = None, verb: str = "play") -> str:
    """The form of a card's name after the command word ``verb`` ("play", "jump"), as the language writes it."""
    tr = translator or get_translator()
    key = ("form after verb", verb == "jump")
    known = tr.memo.get(key)  # worked out once per language (every card of every prompt asks)
    if known is None:
        known = tr.memo[key] = _form_after_verb(tr, verb == "jump")
    return known


def _form_after_verb(tr: Translator, jump: bool) -> str:
    from uno_cli.words.translit import latin_to_cyrillic

    form = tr.pgettext("card form after jump", _AFTER_JUMP) if jump else tr.pgettext("card form", _AFTER_VERB)
    # The Cyrillic catalog is transliterated whole, this word too.
    for known in (OBJECT, WITH):
        if form in (known, latin_to_cyrillic(known)):
            return known
    return BARE


# TRANSLATORS: a Wild and the colour chosen for it in a move the player may type ("play
# Wild red"): {card} is the card as it follows "play", {color} the colour as the object of a
# verb ("choose red"). Words you add around {color} are understood when typed too (Serbian
# "{card} i izaberi {color}": "igraj Džokera i izaberi crvenu").
_TYPED_WILD = NP_("typed wild colour", "{card} {color}")


def typed_wild(card: str, color: str, translator: Translator | None = None) -> str:
    """A Wild named ``card`` and its colour ``color`` as a move is typed ("igraj Džokera i izaberi crvenu")."""
    tr = translator or get_translator()
    return tr.pgettext("typed wild colour", _TYPED_WILD).format(card=card, color=color_name(color, tr, OBJECT))


def typed_wild_color(color: str, translator: Translator | None = None) -> str:
    """What a typed move says after a Wild to choose ``color`` ("i izaberi crvenu"), as the parser reads it."""
    return typed_wild("", color, translator).strip(" ,")


def card_name(code: str, color: str | None = None, form: str = BARE,
              translator: Translator | None = None) -> str:
    """The card ``code`` in words, in ``form`` ("red 5", "a red 5"), in the current language
    or ``translator``'s; ``color`` names the colour chosen for a wild ("Wild Draw Four, red")."""
    tr = translator or get_translator()
    key = (code, color, form)
    name = tr.memo.get(key)  # made once per language (every play is said with one)
    if name is None:
        name = tr.memo[key] = _card_name(code, color, form, tr)
    return name


def _card_name(code: str, color: str | None, form: str, tr: Translator) -> str:
    context, table = _FORMS[form]
    if code in (WILD, WILD4, BEEP):
        base = tr.pgettext(context, table[(None, code)])
        if color and code != BEEP:
            return tr.pgettext("card", "{card}, {color}").format(card=base, color=color_name(color, tr))
        return base
    c = CARD_COLOR.get(code)
    rank = CARD_RANK.get(code)
    if c is None or rank is None:
        return code
    key = (c, rank if (c, rank) in table else "n")
    return tr.pgettext(context, table[key]).format(number=_number(rank, form, tr) if rank.isdigit() else rank)


# What players type besides the names the game says (the parser reads every form of every
# card name above as well). Keys are what the parser makes of a word: a colour, a number,
# an action rank or a whole card.
TYPED_WORDS: dict[tuple[str, object], str] = {
    # TRANSLATORS: words a player may type for this colour, separated by commas: every
    # form your language gives it (feminine, plural, object case), besides the colour
    # names above. Diacritics are optional when typing.
    ("color", "r"): NP_("typed words", "red"),
    ("color", "y"): NP_("typed words", "yellow"),
    ("color", "g"): NP_("typed words", "green"),
    ("color", "b"): NP_("typed words", "blue"),
    # TRANSLATORS: words a player may type for this number on a card or a seat, separated
    # by commas: the numeral in each gender and the card's own noun if your language has
    # one (Serbian "sedam, sedmica, sedmicu").
    ("num", 0): NP_("typed words", "zero"),
    ("num", 1): NP_("typed words", "one"),
    ("num", 2): NP_("typed words", "two"),
    ("num", 3): NP_("typed words", "three"),
    ("num", 4): NP_("typed words", "four"),
    ("num", 5): NP_("typed words", "five"),
    ("num", 6): NP_("typed words", "six"),
    ("num", 7): NP_("typed words", "seven"),
    ("num", 8): NP_("typed words", "eight"),
    ("num", 9): NP_("typed words", "nine"),
    ("num", 10): NP_("typed words", "ten"),
    # TRANSLATORS: words or phrases a player may type for this card, separated by commas,
    # besides the card names above (other names players use for it, short forms).
    ("rank", "s"): NP_("typed words", "skip, stop"),
    ("rank", "r"): NP_("typed words", "reverse, rev"),
    ("rank", "+2"): NP_("typed words", "draw two, draw 2, d2, +2"),
    ("card", WILD): NP_("typed words", "wild"),
    ("card", WILD4): NP_("typed words", "wild draw four, wild draw 4, wild +4, wd4, w4, +4"),
    ("card", BEEP): NP_("typed words", "beep"),
}


# TRANSLATORS: words a player may type before a card, separated by commas: the articles
# ("play the red 5"; Italian "il, lo, la, un, uno, una"). Write "-" if your language has none.
TYPED_ARTICLES = NP_("typed words", "the, a, an")


def cards_list(codes: list[str] | tuple[str, ...]) -> str:
    """Several cards joined the way the language joins a list."""
    names = [card_name(c) for c in codes]
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return get_translator().format_list(names)


SORT_ORDER = {code: i for i, code in enumerate(
    [c + r for c in "rygb" for r in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "s", "r", "+2")]
    + [WILD, WILD4, BEEP]
)}


def sort_hand(hand: list[str] | tuple[str, ...]) -> list[str]:
    """The hand sorted by colour, then number, then action cards, wilds last."""
    return sorted(hand, key=lambda c: SORT_ORDER.get(c, 999))

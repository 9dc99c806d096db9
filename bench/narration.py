"""How much the game says: words per message at short verbosity, next to the Playroom's.

Plays whole bot matches through the Session (the same messages a person hears), for every
preset and language, collects every message the player of seat 1 would hear at the short
verbosity, and prints the mean number of words per message and the share of messages over
8 words. The Playroom's figures come from its real transcripts, counted the same way.

    python3 bench/narration.py                  # 5 matches per preset and language
    python3 bench/narration.py --games 20 --show 20   # and the 20 longest English messages
    python3 bench/narration.py --check          # exit status 1 if a target is missed

Counting rule (both sides): a message is one non-empty line (a Session message, or a line
of a transcript); its words are the whitespace-separated pieces. In the transcripts, lines
that are only a card or a colour ("green 5", "blue": the player reading their hand or the
colour prompt) are not messages of the game and are left out; a transcript kept twice is
counted once.

Targets (issue 16): mean words per message at most 4.14 and at most 2% of messages over 8
words, in English. Other languages in proportion: each language's factor is the words of
all its catalog translations over the words of their English originals
(locales/<lang>/LC_MESSAGES/uno_cli.po); its mean target is 4.14 times the factor and its
long-message threshold 8 times the factor (the share stays 2%).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_cli.words import i18n  # noqa: E402
from uno_cli.engine.options import PRESETS, preset  # noqa: E402
from uno_cli.play.playconfig import BOT, PlayConfig, SeatSpec  # noqa: E402
from uno_cli.play.narrator import Message, said  # noqa: E402
from uno_cli.play.session import Session  # noqa: E402

#: The issue's targets for English.
TARGET_MEAN = 4.14
TARGET_LONG = 2.0
LONG = 8
LANGUAGES = ("en", "pt", "sr_Latn", "ro", "it")
TRANSCRIPTS = ROOT.parent / "shared" / "reference" / "qc-transcripts"
#: A transcript line that is only a card or a colour: the player reading, not the game speaking.
_READING = re.compile(r"^(red|yellow|green|blue|wild)\b[\w +]*$", re.IGNORECASE)


def words(text: str) -> int:
    """The words of one message."""
    return len(text.split())


def figures(counts: list[int], long: float = LONG) -> tuple[int, float, float]:
    """Messages, mean words per message, percent of messages over ``long`` words."""
    if not counts:
        return 0, 0.0, 0.0
    return len(counts), sum(counts) / len(counts), 100.0 * sum(1 for n in counts if n > long) / len(counts)


def playroom_counts(folder: Path) -> list[int]:
    """Words per message of the Playroom's transcripts (each distinct file once)."""
    seen: set[str] = set()
    out: list[int] = []
    for path in sorted(folder.glob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        for line in text.splitlines():
            line = line.strip()
            if line and not _READING.match(line):
                out.append(words(line))
    return out


def language_factor(lang: str) -> float:
    """Words of a language's catalog translations over the words of their English msgids."""
    if lang == "en":
        return 1.0
    po = i18n.read_po(i18n.catalog_text(lang) or "")
    source = target = 0
    for entry in po.entries:
        if not entry.msgid or not entry.usable:
            continue
        source += words(entry.msgid)
        target += words(entry.msgstr[0])
    return target / source if source else 1.0


def heard(name: str, lang: str, seed: int, verbosity: str = "short") -> list[Message]:
    """Every message seat 1 hears in one bot match of preset ``name``."""
    i18n.set_language(lang)
    players = 4 if PRESETS[name].partners else 2
    messages: list[Message] = []
    config = PlayConfig(players=players, seats=[SeatSpec(BOT, "normal")] * players,
                        options=preset(name), preset=name, seed=seed, lang=lang, verbosity=verbosity)
    session = Session(config, output=messages.append, viewer=0)
    session.start()
    while session.advance() is not None:
        pass
    session.close()
    return [m for m in messages if said(m, verbosity)]


def main(argv: list[str] | None = None) -> int:
    """Print the table; with --check, exit 1 if a language misses its targets."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5, help="matches per preset and language")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--transcripts", type=Path, default=TRANSCRIPTS)
    ap.add_argument("--show", type=int, default=0, help="print the N longest English messages")
    ap.add_argument("--lang", action="append", choices=LANGUAGES, help="only this language (repeatable)")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)

    if args.transcripts.is_dir():
        n, mean, long = figures(playroom_counts(args.transcripts))
        print(f"Playroom transcripts: {n} messages, {mean:.2f} words/message, {long:.1f}% over {LONG} words")
    else:
        print(f"Playroom transcripts not found in {args.transcripts}")
    print(f"Targets (English): at most {TARGET_MEAN} words/message, at most {TARGET_LONG}% over {LONG} words\n")
    print(f"{'language':9} {'preset':13} {'messages':>8} {'words/msg':>9} {'% long':>7}  long means")
    failed = False
    longest: list[tuple[int, str]] = []
    for lang in args.lang or LANGUAGES:
        factor = language_factor(lang)
        limit = LONG * factor
        total: list[int] = []
        for name in PRESETS:
            counts: list[int] = []
            for g in range(args.games):
                for m in heard(name, lang, args.seed + g):
                    counts.append(words(m.text or ""))
                    if lang == "en" and args.show:
                        longest.append((counts[-1], m.text or ""))
            total += counts
            n, mean, long = figures(counts, limit)
            print(f"{lang:9} {name:13} {n:8} {mean:9.2f} {long:6.1f}%  over {limit:.1f} words")
        n, mean, long = figures(total, limit)
        ok = mean <= TARGET_MEAN * factor and long <= TARGET_LONG
        failed |= not ok
        print(f"{lang:9} {'ALL':13} {n:8} {mean:9.2f} {long:6.1f}%  target {TARGET_MEAN * factor:.2f} words, "
              f"{TARGET_LONG}% over {limit:.1f}: {'met' if ok else 'MISSED'}\n")
    if args.show:
        i18n.set_language("en")
        seen: set[str] = set()
        for n, text in sorted(longest, key=lambda x: -x[0]):
            key = re.sub(r"\d+", "N", text)
            if key not in seen and len(seen) < args.show:
                seen.add(key)
                print(n, text)
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Heard, not read: every spoken line template of every language through eSpeak NG.

Renders each message of the catalogs (every plural form with counts 1, 2, 5, 12, 21, 22
filled in, names and cards as a game fills them) and checks what a listener hears:

- **counts left as digits** where the language needs agreement: a count field of a
  plural message that names no form of the catalog's number words ("{count}" where
  "{count:f}" is needed), in a language whose digits a voice reads in one gender only;
- **words spelled letter by letter**: a line whose capitals eSpeak NG reads otherwise
  than the same line in lower case ("UNO" heard "u-ene-ó"), apart from real acronyms;
- **digits said in the wrong gender**: for each number a catalog lists, the digit as
  eSpeak NG reads it against the catalog's word (how many lines the words fix).

eSpeak NG is run once per language (``espeak-ng -q -x``), the lines separated by a marker
sentence, so the whole check takes a few seconds. The test suite runs the same check on
the game's messages (tests/words/test_heard.py); this script prints the figures::

    python3 bench/heard.py            # every language, every message
    python3 bench/heard.py --json     # the same figures as JSON
    python3 bench/heard.py --show 10  # and up to 10 examples of each finding per language
    python3 bench/heard.py --quick    # only the lines the checks need (a few seconds)
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import string
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from uno_cli.words.i18n import LANGUAGES, Translator, _CountFormatter, read_po  # noqa: E402

#: The eSpeak NG voice of each language.
VOICES = {"en": "en-us", "pt": "pt-br", "sr_Latn": "sr", "sr_Cyrl": "sr", "ro": "ro", "it": "it"}
#: Counts a plural message is rendered with: 1, 2, 21 and 22 change with gender; 12 in Romanian.
COUNTS = (1, 2, 5, 12, 21, 22)
#: Message contexts that are not sentences a player hears (typed words, placeholders, keys).
NOT_SPOKEN = frozenset({"typed words", "number words", "argument", "keyword", "key", "command", "bot name"})
#: Fields that hold a count (the others hold names, cards or words).
COUNT_FIELDS = frozenset({"count", "seconds", "nargs", "seats", "n", "total", "points", "score", "games",
                          "number", "position", "taken", "players", "deck", "pile", "target", "hand",
                          "seat", "rate", "low", "high", "id", "prompt", "port"})
#: Words written in capitals that are acronyms, rightly said letter by letter.
ACRONYMS = frozenset({"JSON", "CSV", "SSH", "PDF", "URL", "IP", "IPV6", "CPU", "TCP", "UTF", "ASCII", "ID", "OK",
                      "NVDA", "JAWS", "SAPI", "PATH", "POSIX", "CLI", "II", "III", "IV", "TTS", "PIN"})
_CAPS = re.compile(r"(?<![\w{])[A-ZÀ-ÞА-ЯЂЈЉЊЋЏ]{2,}(?![\w}])")
MARK = "Xqxq."


@dataclass
class Finding:
    """What the check found in one language."""

    language: str
    templates: int = 0
    lines: int = 0
    bare_counts: list[str] = field(default_factory=list)
    spelled: list[str] = field(default_factory=list)
    fixed_by_words: int = 0
    counts_as_words: int = 0
    seconds: float = 0.0


class _Filler(_CountFormatter):
    """Fills a template as a game would: counts with ``n``, names, anything else with a word."""

    def __init__(self, translator: Translator, n: int) -> None:
        super().__init__(translator)
        self.n = n

    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        name = str(key)
        if name in COUNT_FIELDS or name.endswith(("count", "_n")):
            return self.n
        if name in ("player", "catcher", "target", "name", "players", "names"):
            return "Bruno"
        return "Bruno"

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        return self.get_value(field_name.split(".")[0].split("[")[0].split("!")[0], args, kwargs), field_name

    def format_field(self, value: Any, format_spec: str) -> str:
        try:
            return super().format_field(value, format_spec)
        except (ValueError, TypeError):
            return str(value)

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value


def _entries() -> list[Any]:
    return [e for e in read_po((ROOT / "locales" / "uno_cli.pot").read_text(encoding="utf-8")).entries
            if e.context not in NOT_SPOKEN]


def _count_fields(text: str) -> list[tuple[str, str]]:
    """(name, spec) of the count fields in ``text``."""
    out = []
    for _lit, name, spec, _conv in string.Formatter().parse(text):
        if name is not None and (name in ("count", "seconds", "nargs", "seats")):
            out.append((name, spec or ""))
    return out


def render(language: str) -> tuple[Translator, list[str], list[str], int]:
    """Every spoken line of ``language``: (translator, lines, bare-count findings, templates)."""
    tr, lines, bare, templates, _words = _render(language)
    return tr, lines, bare, templates


def _render(language: str) -> tuple[Translator, list[str], list[str], int, int]:
    """render(), and how many count lines say their count in words (digits before)."""
    tr = Translator(language)
    words = tr.number_words
    sensitive = set().union(*(set(w) for w in words.values())) if words else set()
    lines: list[str] = []
    bare: list[str] = []
    templates = 0
    as_words = 0
    for entry in _entries():
        if entry.msgid_plural is None:
            text = tr.pgettext(entry.context, entry.msgid) if entry.context else tr.gettext(entry.msgid)
            templates += 1
            lines.append(_fill(tr, text, 2))
            continue
        seen = set()
        for n in COUNTS:
            text = (tr.npgettext(entry.context, entry.msgid, entry.msgid_plural, n) if entry.context
                    else tr.ngettext(entry.msgid, entry.msgid_plural, n))
            if text not in seen:
                seen.add(text)
                templates += 1
            if sensitive and n in sensitive:
                for name, spec in _count_fields(text):
                    if not spec:
                        bare.append(f"{{{name}}} bare in: {text}")
            line = _fill(tr, text, n)
            as_words += line != _fill(tr, re.sub(r"\{(\w+):[A-Za-z_]\w*\}", r"{\1}", text), n)
            lines.append(line)
    return tr, lines, sorted(set(bare)), templates, as_words


def _fill(tr: Translator, text: str, n: int) -> str:
    try:
        return _Filler(tr, n).format(text)
    except (ValueError, KeyError, IndexError):
        return text


def espeak(voice: str, lines: list[str]) -> list[str]:
    """The phonemes (``-x``) of each line, in one eSpeak NG run."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        raise RuntimeError("espeak-ng is not installed")
    marker = _phonemes(exe, voice, MARK)
    text = "\n".join(f"{MARK}\n{_sentence(line)}" for line in lines) + f"\n{MARK}\n"
    out = subprocess.run([exe, "-q", "-x", "-v", voice], input=text, capture_output=True, text=True,
                         check=True).stdout
    chunks: list[list[str]] = []
    for row in out.splitlines():
        if row.strip() == marker:
            chunks.append([])
        elif chunks:
            chunks[-1].append(row.strip())
    said = [" ".join(c) for c in chunks[:-1]]
    if len(said) != len(lines):
        raise RuntimeError(f"espeak-ng answered {len(said)} lines for {len(lines)}")
    return said


def _phonemes(exe: str, voice: str, text: str) -> str:
    return subprocess.run([exe, "-q", "-x", "-v", voice], input=text, capture_output=True, text=True,
                          check=True).stdout.strip()


def _sentence(line: str) -> str:
    """One line as one paragraph for eSpeak NG (its own line breaks removed, a full stop at the end)."""
    flat = " ".join(line.split())
    return flat if flat.endswith((".", "!", "?")) else flat + "."


def spelled_words(voice: str, lines: list[str]) -> list[str]:
    """Lines whose capitalized words eSpeak NG says otherwise than in lower case (spelled out)."""
    suspects = []
    for line in lines:
        caps = [w for w in _CAPS.findall(line) if w.upper() not in ACRONYMS]
        if caps:
            lowered = _CAPS.sub(lambda m: m.group().lower() if m.group().upper() not in ACRONYMS else m.group(), line)
            suspects.append((line, lowered, caps))
    if not suspects:
        return []
    said = espeak(voice, [s for line, low, _caps in suspects for s in (line, low)])
    found = []
    for i, (line, _low, caps) in enumerate(suspects):
        if said[2 * i] != said[2 * i + 1]:
            found.append(f"{'/'.join(caps)}: {line}")
    return found


def digits_against_words(voice: str, tr: Translator) -> int:
    """How many listed number words eSpeak NG would have said otherwise from the digit."""
    pairs = [(str(n), w) for form in tr.number_words.values() for n, w in form.items()]
    if not pairs:
        return 0
    said = espeak(voice, [p for pair in pairs for p in pair])
    return sum(1 for i in range(len(pairs)) if said[2 * i] != said[2 * i + 1])


def check(language: str, everything: bool = True) -> Finding:
    """The whole listening check of one language (``everything``: every line through eSpeak NG too)."""
    start = time.perf_counter()
    tr, lines, bare, templates, as_words = _render(language)
    voice = VOICES[language]
    finding = Finding(language, templates=templates, lines=len(lines), bare_counts=bare, counts_as_words=as_words)
    finding.spelled = spelled_words(voice, lines)
    finding.fixed_by_words = digits_against_words(voice, tr)
    if everything:
        espeak(voice, lines)
    finding.seconds = time.perf_counter() - start
    return finding


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--show", type=int, default=0, help="examples of each finding per language")
    parser.add_argument("--lang", action="append", help="only these languages (repeatable)")
    parser.add_argument("--quick", action="store_true",
                        help="send eSpeak NG only the lines the checks need, not every line")
    args = parser.parse_args(argv)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    results = [check(lang, everything=not args.quick) for lang in (args.lang or LANGUAGES)]
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    if args.json:
        print(json.dumps({"languages": [{**r.__dict__, "bare_counts": len(r.bare_counts),
                                          "spelled": len(r.spelled)} for r in results],
                          "wall_seconds": round(wall, 2), "cpu_seconds": round(cpu, 2)}, indent=2))
        return 0
    print(f"{'language':9} {'templates':>9} {'lines':>6} {'bare counts':>11} {'spelled':>7} "
          f"{'counts as words':>15} {'words fix digit':>15} {'seconds':>7}")
    for r in results:
        print(f"{r.language:9} {r.templates:9d} {r.lines:6d} {len(r.bare_counts):11d} {len(r.spelled):7d} "
              f"{r.counts_as_words:15d} {r.fixed_by_words:15d} {r.seconds:7.2f}")
        for kind in ("bare_counts", "spelled"):
            for example in getattr(r, kind)[:args.show]:
                print(f"    {kind}: {example[:160]}")
    print(f"wall {wall:.2f} s, this process's CPU {cpu:.2f} s (eSpeak NG runs in child processes)")
    return 1 if any(r.bare_counts or r.spelled for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())

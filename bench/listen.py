"""What a listener hears, and when: the real game in a pseudo-terminal against a timing speech daemon.

A private Speech Dispatcher whose only output module renders each message with espeak-ng
at the chosen rate and waits as long as the sound lasts, writing "start" and "end" times
to a timeline (a cut message has a start and no end). The real program (``uno --speech
on``) plays in a pseudo-terminal, every printed line timestamped. A model player acts only
on what it has heard to the end, 0.7 s after hearing it: Enter to start, Z then Enter or
Space in its turn, 1 for a colour, B for a Beep, Space for a Wild Draw Four.

    nice -n 10 python3 bench/listen.py                  # every preset and verbosity, 250 and 450 wpm
    nice -n 10 python3 bench/listen.py --preset playroom --verbosity short --rate 250 --seconds 60
    nice -n 10 python3 bench/listen.py --preset classic --verbosity short --rate 250 --lang sr_Cyrl
    nice -n 10 python3 bench/listen.py --preset classic --verbosity full --rate 250 --dump   # every line's lag

Per run it prints: lag (when a line starts to be heard minus when it was printed) median,
p90 and max; the same from when the game produced the line (the change it tells: from the
game's clock log, ``UNO_CLI_CLOCK_LOG``; a line waits to be printed while the ones before it
are being heard) median, p90 and max; lines printed and never heard to the end; the share of the bots' cards heard
to the end at least 1 s before the next change (the time a player has to race them);
words per heard message and the share over 8 words. Targets at 250 words a minute (issue
24): lag p90 under 2 s, 0 lines lost, at least 90% of cards heard in time, at most 4.5
words per heard message and at most 3% over 8 words.

Needs Linux with speech-dispatcher, espeak-ng and the speechd client (python3-speechd).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.speechd_fixture import SpeechDaemon  # noqa: E402

#: A person's reaction after hearing something to the end (SPEECH.md).
REACTION = 0.7
#: Seconds within which a second call for the same answer (a colour, a Beep) is the same question heard again.
SAME_QUESTION = 3.0
#: Seconds after Z without the card it found: its answer was something else (the turn is asked for again).
Z_ANSWER = 5.0
#: A bot's card heard this long before the next change could be raced by ear.
RACE_MARGIN = 1.0
LONG = 8
#: Lines printed this close together belong to one change (each waits its turn to be printed).
SAME_CHANGE = 0.3
PRESETS = ("classic", "playroom", "playroom_all")
VERBOSITIES = ("short", "full")
RATES = (250, 450)

# sd_generic runs this once per message: render, note the start, wait the sound's length, note
# the end. A cut message is killed during the wait: it has a start and no end.
TIMING_SCRIPT = r"""#!/bin/sh
d="$1"; rate="$2"; voice="$3"
text=$(printf '%s' "$4" | tr '\n\t' '  ')
wav="$d/t$$.wav"
espeak-ng -v "$voice" -s "$rate" -w "$wav" "$text" 2>/dev/null
bytes=$(wc -c < "$wav")
rm -f "$wav"
printf '%s\tS\t%s\n' "$(date +%s.%N)" "$text" >> "$d/timeline.txt"
sleep "$(awk "BEGIN{printf \"%.3f\", ($bytes-44)/44100}")"
printf '%s\tE\t%s\n' "$(date +%s.%N)" "$text" >> "$d/timeline.txt"
"""

CAPTURE_CONF = (
    'GenericExecuteSynth "sh {d}/timing.sh {d} {rate} $VOICE \\\'$DATA\\\'"\n'
    'GenericCmdDependency "espeak-ng"\n'
    'GenericMaxChunkLength 100000\n'
    'GenericDelimiters ""\n'
    "{voices}\n"
    'DefaultVoice "en"\n'
)

_ESCAPES = re.compile(r"\x1b\[[?0-9;]*[a-zA-Z]|\x1b[()][0-9A-Za-z]|[\r\x08\x07]")


def _clean(text: str) -> str:
    return " ".join(text.split())


class TimingDaemon(SpeechDaemon):
    """The private speech daemon of the test suite with a capture module that keeps time."""

    def __init__(self, directory: Path, rate: int) -> None:
        super().__init__(directory)
        from tests.speechd_fixture import VOICES

        d = str(directory)
        (directory / "timing.sh").write_text(TIMING_SCRIPT, encoding="utf-8")
        voices = "\n".join(
            f'AddVoice "{lang}" "MALE1" "{voice}"\nGenericLanguage "{lang}" "{voice}" "utf-8"'
            for lang, voice in VOICES.items()
        )
        (directory / "conf" / "modules" / "capture.conf").write_text(
            CAPTURE_CONF.format(d=d, rate=rate, voices=voices), encoding="utf-8"
        )
        self.timeline_file = directory / "timeline.txt"

    def timeline(self) -> list[tuple[float, str, str]]:
        """(time, "S" or "E", text) of every message so far, in order."""
        return _timed_lines(self.timeline_file)


def available() -> str | None:
    """Why the bench cannot run here, or None."""
    from uno_cli.interactive.speech import load_speechd

    if not sys.platform.startswith("linux"):
        return "a private Speech Dispatcher needs Linux"
    for program in ("speech-dispatcher", "espeak-ng"):
        if shutil.which(program) is None:
            return f"{program} is not installed"
    if load_speechd() is None:
        return "the speechd Python module is not installed"
    return None


@dataclass
class Run:
    """One game listened to: what was printed and what was heard, with times."""

    printed: list[tuple[float, str]] = field(default_factory=list)
    timeline: list[tuple[float, str, str]] = field(default_factory=list)
    keys: list[tuple[float, str, str]] = field(default_factory=list)
    """(time, key sent, the heard line it answered)."""
    produced: list[tuple[float, str, str]] = field(default_factory=list)
    """(time, kind, text) of every message the game put on its listener's clock: when the game
    produced it, which is earlier than its printing when it waited for the lines before it."""
    over: bool = False
    lang: str = "en"


class Screen(threading.Thread):
    """Reads the pseudo-terminal and timestamps every whole line printed."""

    def __init__(self, child) -> None:
        super().__init__(daemon=True)
        self.child = child
        self.lines: list[tuple[float, str]] = []
        self._buffer = ""
        self.alive = True

    def run(self) -> None:
        import pexpect

        while self.alive:
            try:
                chunk = self.child.read_nonblocking(4096, timeout=0.2)
            except pexpect.TIMEOUT:
                continue
            except (pexpect.EOF, OSError, ValueError):
                break
            now = time.time()
            self._buffer += chunk
            while "\n" in self._buffer:
                line, self._buffer = self._buffer.split("\n", 1)
                visible = _clean(_ESCAPES.sub("", line.rsplit("\x1b[J", 1)[-1]))
                if visible and visible != ">":
                    self.lines.append((now, visible))


def play(daemon: TimingDaemon, home: Path, rate: int, preset: str, verbosity: str, seconds: float,
         seed: int = 3, players: int = 3, hands: int = 1, extra: tuple[str, ...] = ()) -> Run:
    """Play one match (or ``seconds`` of it) by ear; what was printed and heard."""
    import pexpect

    env = dict(os.environ)
    env.update(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1", UNO_CLI_HOME=str(home),
               PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""), COLUMNS="200", LINES="50",
               SPEECHD_ADDRESS=daemon.address, SPEECHD_CMD="/bin/false",
               UNO_CLI_CLOCK_LOG=str(home.parent / "clock.txt"))
    # Sound off: this bench measures speech (and the null audio device's library complaints
    # on the terminal would count as lines).
    args = ["-m", "uno_cli", "--speech", "on", "--sound", "off", "--speech-rate", str(rate), "--verbosity", verbosity,
            "--preset", preset, "--players", str(players), "--rule", f"hands={hands}", "--seed", str(seed),
            *extra]
    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=10, dimensions=(50, 200))
    screen = Screen(child)
    screen.start()
    run = Run()
    run.lang = extra[extra.index("--lang") + 1] if "--lang" in extra else "en"
    model = Listener(child, run, run.lang)
    end = time.time() + seconds
    try:
        while time.time() < end and child.isalive() and not run.over:
            model.step(daemon.timeline())
            time.sleep(0.05)
        time.sleep(0.5)
    finally:
        stopped = time.time()
        child.sendcontrol("c")
        time.sleep(0.3)
        child.send("y")
        time.sleep(0.5)
        screen.alive = False
        child.close(force=True)
    run.printed = [(t, line) for t, line in screen.lines if t < stopped]
    run.timeline = daemon.timeline()
    run.produced = _timed_lines(home.parent / "clock.txt")  # the game's clock log (UNO_CLI_CLOCK_LOG)
    return run


def _timed_lines(path: Path) -> list[tuple[float, str, str]]:
    """(time, kind, text) of each line "TIME<TAB>KIND<TAB>TEXT" of a log (the daemon's or the game's)."""
    out: list[tuple[float, str, str]] = []
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return out
    for line in text.splitlines():
        parts = line.split("\t", 2)
        if len(parts) == 3:
            try:
                out.append((float(parts[0]), parts[1], _clean(parts[2])))
            except ValueError:
                pass
    return out


def production_times(run: Run) -> list[float]:
    """When the game produced each printed line (its printing time when the game kept no log)."""
    waiting: dict[str, list[float]] = {}
    for t, kind, text in run.produced:
        if kind == "withdrawn":  # left out before it was printed (a stale turn line): never printed
            made = waiting.get(text)
            if made:
                made.pop()
            continue
        waiting.setdefault(text, []).append(t)
    times = []
    for printed_at, line in run.printed:
        candidates = waiting.get(line, [])
        if candidates and candidates[0] <= printed_at + 0.1:
            times.append(candidates.pop(0))
        else:
            times.append(printed_at)
    return times


@dataclass
class Phrases:
    """What the model player listens for, in the game's language (from its own catalog)."""

    over: str
    start: str
    challenge: str
    must_take: str
    color_menu: str
    beeps: tuple[str, ...]
    take_it: tuple[str, ...]
    playable: str
    cards: frozenset[str]
    """Every card's name alone: Z answers with the card it goes to (only cards that play)."""
    nothing: tuple[str, ...]
    wilds: frozenset[str]
    """The wild cards' names: Enter on one of them opens the colour question."""
    your_turn: str
    meanwhile: str
    bot_card: re.Pattern[str]
    """A bot's card: a play, a jump-in or a stack."""


def phrases(lang: str = "en") -> Phrases:
    """The fragments of the game's sentences the model reacts to, in ``lang``."""
    from uno_cli.words import i18n
    from uno_cli.words.i18n import _, ngettext
    from uno_cli.words import interactive as words
    from uno_cli.words.cards_text import card_name
    from uno_cli.words.interactive import COLOR_MENU

    mark = "\x00"

    def part(text: str) -> str:
        """The longest piece of a sentence around its placeholder (a name or a number)."""
        return max((p.strip(" ") for p in text.split(mark)), key=len)

    with i18n.use_language(lang):
        return Phrases(
            # Its last sentence: the daemon says (and reports) a message sentence by sentence.
            over=_(words.OVER_PROMPT),
            start=_(words.START_PROMPT),
            challenge=part(ngettext("Wild Draw Four on you: Space takes {count} card, F challenges.",
                                    "Wild Draw Four on you: Space takes {count} cards, F challenges.", 4).format(count=mark)),
            must_take=part(ngettext("You must take {count} card.", "You must take {count}.", 4).format(count=mark)),
            color_menu=_(COLOR_MENU),
            beeps=(part(_("{player} plays a Beep!").format(player=mark)), _(words.ANSWER_BEEP),
                   _("Beep! Everyone must answer."), _("Everyone must answer the Beep.")),
            take_it=(part(_(words.SWAP_WHOM)), _("You can play it.")),
            playable=part(_("{card}, playable").format(card=mark)),
            cards=frozenset(card_name(code) for code in _all_cards()),
            nothing=(_(words.NOTHING_PLAYABLE_DRAW), _(words.NOTHING_PLAYABLE)),
            wilds=frozenset(card_name(code) for code in ("w", "w+4")),
            your_turn=_("Your turn."),
            meanwhile=part(words.meanwhile([mark])),
            bot_card=_bot_card(),
        )


def _all_cards() -> list[str]:
    """The code of every card (numbers, actions, wilds, the Beep)."""
    from uno_cli.engine.cards import BEEP, WILD, WILD4

    ranks = [str(n) for n in range(10)] + ["s", "r", "+2"]
    return [c + r for c in "rygb" for r in ranks] + [WILD, WILD4, BEEP]


def _bot_card() -> re.Pattern[str]:
    """The lines of a bot's card in the current language: a name, then the verb before the card."""
    from uno_cli.words.i18n import _, pgettext
    from uno_cli.words.names import BOT_NAMES

    names = [pgettext("bot name", name) for name in BOT_NAMES]
    verbs = [_(t).format(player="\x00", card="\x01").split("\x00", 1)[1].split("\x01")[0]
             for t in ("{player} plays {card}.", "{player} jumps in with {card}.", "{player} stacks {card}.")]
    return re.compile("^(" + "|".join(map(re.escape, names)) + ")(" + "|".join(map(re.escape, verbs)) + ")")


class Listener:
    """The model player: acts only on lines heard to the end, a reaction time after each."""

    def __init__(self, child, run: Run, lang: str = "en") -> None:
        self.child = child
        self.run = run
        self.seen = 0
        self.todo: list[tuple[float, str, str]] = []
        self.awaiting_card = False
        self.asked_card = 0.0
        #: A colour question is open (Enter played a wild): "Your turn." then answers it, not Z.
        self.color_open = False
        self.colored = 0.0
        self.beeped = 0.0
        self.says = phrases(lang)

    def step(self, timeline: list[tuple[float, str, str]]) -> None:
        now = time.time()
        for t, kind, text in timeline[self.seen:]:
            if kind == "E":
                key = self.react(text)
                if key:
                    self.todo.append((t + REACTION, key, text))
        self.seen = len(timeline)
        due = [item for item in self.todo if item[0] <= now]
        self.todo = [item for item in self.todo if item[0] > now]
        for _t, key, text in due:
            self.child.send(key)
            self.run.keys.append((time.time(), key, text))

    def react(self, text: str) -> str | None:
        """The key a player presses on hearing ``text`` to the end, or None."""
        says = self.says
        if says.over in text:
            self.run.over = True
            return "\r"
        if says.start in text:
            return "\r"
        if says.challenge in text or says.must_take in text:
            return " "
        if says.color_menu in text:  # the colour menu, heard to its end
            return self._color()
        if any(beep in text for beep in says.beeps):
            if time.time() - self.beeped < 3:
                return None  # answered this Beep already
            self.beeped = time.time()
            return "b"
        if any(phrase in text for phrase in says.take_it):
            return "\r"
        if any(phrase in text for phrase in says.nothing):
            self.awaiting_card = False
            return " "
        if self.awaiting_card and (text in says.cards or says.playable in text) and says.meanwhile not in text:
            # The answer to Z: the card it found (Z names only playable cards, or says there is none).
            self.awaiting_card = False
            self.color_open = text in says.wilds
            return "\r"
        if text.endswith(says.your_turn):  # also at the end of a "Meanwhile"
            if self.color_open:
                # The turn said again (a card on top meanwhile) while the wild's colour is still asked.
                return self._color()
            if self.awaiting_card and time.time() - self.asked_card < Z_ANSWER:
                return None  # Z's answer is on its way
            self.awaiting_card = True
            self.asked_card = time.time()
            return "z"
        return None

    def _color(self) -> str | None:
        """1 (red) for the colour question, once: it may be heard twice (the turn, the menu said again)."""
        self.color_open = False
        self.awaiting_card = False
        if time.time() - self.colored < SAME_QUESTION:
            return None
        self.colored = time.time()
        return "1"


# ---------------------------------------------------------------- figures


def figures(run: Run) -> dict[str, float]:
    """Lag median/p90/max, lines never heard, cards heard in time, words per heard message."""
    starts = [(t, text) for t, kind, text in run.timeline if kind == "S"]
    ends = [(t, text) for t, kind, text in run.timeline if kind == "E"]
    heard_text = " ".join(text for _t, text in ends)
    lags: list[float] = []
    change_lags: list[float] = []
    lost: list[str] = []
    long_lines: list[str] = []
    # Lines still waiting to be spoken when the run stopped are not lost: only those speech
    # went past (a line of a later change was heard) without them. Lines of one change may
    # reach the screen in another order than they are said.
    heard_index = [i for i, (_t, line) in enumerate(run.printed) if line in heard_text]
    last_heard = heard_index[-1] if heard_index else -1
    heard_until = run.printed[last_heard][0] - SAME_CHANGE if heard_index else 0.0
    heard_words: list[int] = []
    rows: list[tuple[float, float | None, float | None, int, str]] = []
    cards = in_time = heard_first = 0
    key_times = [t for t, _key, _heard in run.keys]
    late_cards: list[str] = []
    cut_by_key: list[str] = []
    made = production_times(run)
    bot_card = phrases(run.lang).bot_card
    for index, (printed_at, line) in enumerate(run.printed):
        # Speech Dispatcher says (and reports) a line of several sentences sentence by sentence:
        # the line starts with its first sentence and ends with its last.
        start = next((t for t, text in starts if (line in text or line.startswith(text + " "))
                      and t >= printed_at - 0.2), None)
        end = next((t for t, text in ends if (line in text or line.endswith(" " + text))
                    and t >= printed_at - 0.2), None)
        if line not in heard_text:
            if printed_at < heard_until:
                lost.append(line)
        else:
            heard_words.append(len(line.split()))
            if len(line.split()) > LONG:
                long_lines.append(line)
        if start is not None:
            lags.append(start - printed_at)
            change_lags.append(start - made[index])
        rows.append((made[index], None if start is None else start - printed_at,
                     None if start is None else start - made[index], len(line.split()) if line in heard_text else 0, line))
        if bot_card.match(line):
            # The next change of the game: not this change's other lines, not the player's own keys.
            later = [t for t in made[index + 1:] if t > made[index] + SAME_CHANGE
                     and not any(k <= t <= k + SAME_CHANGE for k in key_times)]
            next_change = later[0] if later else None
            if end is None and next_change is None:
                continue  # still being said when the run stopped: neither in time nor late
            cards += 1
            if end is not None and (next_change is None or next_change - end >= RACE_MARGIN):
                in_time += 1
            if end is not None and (next_change is None or next_change >= end):
                heard_first += 1
            else:
                late_cards.append(line)
                # Cut by the player's own key (an answer to a question said before the card, as
                # the Wild Draw Four's choice is): heard after the answer, in its "Meanwhile".
                cut_at = end if end is not None else next_change
                if start is not None and any(start <= k <= cut_at for k in key_times):
                    cut_by_key.append(line)
    lags.sort()
    change_lags.sort()

    def pct(q: float, values: list[float] = lags) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0

    return {
        "lines": last_heard + 1,
        "lag_median": statistics.median(lags) if lags else 0.0,
        "lag_p90": pct(0.9),
        "lag_max": lags[-1] if lags else 0.0,
        "change_median": statistics.median(change_lags) if change_lags else 0.0,
        "change_p90": pct(0.9, change_lags),
        "change_max": change_lags[-1] if change_lags else 0.0,
        "lost": len(lost),
        "cards": cards,
        "cards_in_time": 100.0 * in_time / cards if cards else 100.0,
        "cards_heard_first": 100.0 * heard_first / cards if cards else 100.0,
        "late_cards": late_cards,  # type: ignore[dict-item]
        "late_cut_by_key": cut_by_key,  # type: ignore[dict-item]
        "words": sum(heard_words) / len(heard_words) if heard_words else 0.0,
        "long": 100.0 * sum(1 for n in heard_words if n > LONG) / len(heard_words) if heard_words else 0.0,
        "lost_lines": lost,  # type: ignore[dict-item]
        "long_lines": long_lines,  # type: ignore[dict-item]
        "rows": rows,  # type: ignore[dict-item]
    }


def listen(rate: int, preset: str, verbosity: str, seconds: float, seed: int = 3, players: int = 3,
           hands: int = 1, extra: tuple[str, ...] = ()) -> Run:
    """One run with its own daemon and home folder."""
    base = "/tmp" if os.path.isdir("/tmp") else None
    directory = Path(tempfile.mkdtemp(prefix="ls", dir=base))
    daemon = TimingDaemon(directory, rate)
    binary = shutil.which("speech-dispatcher")
    assert binary is not None
    try:
        try:
            daemon.start(binary)
        except BaseException as exc:  # the fixture fails through pytest
            raise RuntimeError("the private speech-dispatcher did not start") from exc
        return play(daemon, directory / "home", rate, preset, verbosity, seconds, seed, players, hands, extra)
    finally:
        daemon.stop()
        shutil.rmtree(directory, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", choices=PRESETS, action="append")
    parser.add_argument("--verbosity", choices=VERBOSITIES, action="append")
    parser.add_argument("--rate", type=int, action="append")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of play per run (default 60)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--lang", default="en", help="the game's language (default en)")
    parser.add_argument("--show-lost", action="store_true", help="print the lines never heard")
    parser.add_argument("--show-long", action="store_true", help="print the heard lines over 8 words")
    parser.add_argument("--dump", action="store_true",
                        help="print every line: when the game made it, lag from printing and from the change, words")
    args = parser.parse_args()
    why = available()
    if why:
        print(f"cannot run: {why}")
        return 2
    print(f"{'preset':13} {'verb':5} {'wpm':>4} {'lines':>5} {'lag med':>7} {'p90':>5} {'max':>5} "
          f"{'chg med':>7} {'p90':>5} {'max':>5} {'lost':>4} {'cards':>5} {'in time':>7} {'words':>5} {'>8w':>5} {'cpu s':>5}")
    for preset in args.preset or PRESETS:
        for verbosity in args.verbosity or VERBOSITIES:
            for rate in args.rate or RATES:
                cpu = time.process_time()
                children = os.times().children_user + os.times().children_system
                run = listen(rate, preset, verbosity, args.seconds, args.seed, extra=("--lang", args.lang))
                cpu_used = time.process_time() - cpu + os.times().children_user + os.times().children_system - children
                f = figures(run)
                print(f"{preset:13} {verbosity:5} {rate:4d} {f['lines']:5d} {f['lag_median']:7.2f} {f['lag_p90']:5.2f} "
                      f"{f['lag_max']:5.1f} {f['change_median']:7.2f} {f['change_p90']:5.2f} {f['change_max']:5.1f} {f['lost']:4d} {f['cards']:5d} {f['cards_in_time']:6.0f}% "
                      f"{f['words']:5.2f} {f['long']:4.1f}% {cpu_used:5.1f}", flush=True)
                if args.show_lost:
                    for line in f["lost_lines"]:  # type: ignore[union-attr]
                        print("    lost:", line)
                if args.show_long:
                    for line in f["long_lines"]:  # type: ignore[union-attr]
                        print("    long:", line)
                if args.dump:
                    rows = f["rows"]  # type: ignore[assignment]
                    first = rows[0][0] if rows else 0.0
                    for made_at, lag, chg, words, line in rows:  # type: ignore[union-attr]
                        shown = "    -" if lag is None else f"{lag:5.2f}"
                        shown_chg = "    -" if chg is None else f"{chg:5.2f}"
                        print(f"    {made_at - first:6.2f} lag {shown} chg {shown_chg} {words:2d}w  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

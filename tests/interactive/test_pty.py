"""The real program in a pseudo-terminal: whole games, the bytes on screen, resuming after kill -9."""

from __future__ import annotations

import json
import re
import signal
from pathlib import Path

import pexpect
import pytest

from tests.interactive.helpers import child_env, uno_command



TURN = "Your turn."
#: The player's turn to take or answer a penalty is said as the penalty ("You must take 4.").
PENALTY_TURN = "You must take"


#: The answer to Z: a card's name alone on its line (no full stop: a game line ends with one).
Z_CARD = (r"(?:(?:red|yellow|green|blue) (?:\d|Skip|Reverse|Draw Two)|Wild Draw Four|Wild|Beep)"
          r"(?:\x1b\[[0-9;?]*[A-Za-z])*\r?\n")

def spawn(home: Path, *args: str, **env: str) -> pexpect.spawn:
    if "--speech-rate" not in args and args[:1] != ("join",) and args[:1] != ("serve",):
        # These tests check rules, keys and bytes: bots need not wait for a listener's ears
        # (tests/interactive/test_listening.py checks that they do).
        args = (*args, "--speech-rate", "0")
    cmd, argv = uno_command(*args)
    child = pexpect.spawn(cmd, argv, env=child_env(home, **env), encoding="utf-8", timeout=20,
                          dimensions=(50, 200))
    return child


def play_until_over(child: pexpect.spawn, max_turns: int = 400) -> int:
    """Play by keys until the match is over: Z then Enter, Space when nothing fits."""
    turns = 0
    patterns = [
        TURN,
        "1 red, 2 yellow",
        "You can play it",
        "options to play again",  # the end of the match (said once: the final scores, then this)
        "Next hand in",
        "Everyone must answer",
        "Answer the Beep with B",
        "Swap hands with whom",
        r"You draw (?![^\r\n]*(dealer|again))",  # not the draws that choose the dealer
        "Space takes",  # a Wild Draw Four on the player: the choice is said instead of the turn
        PENALTY_TURN,
    ]
    ask_turn = False
    while turns < max_turns:
        if ask_turn:
            # A turn kept after a draw is not said again: ask whose turn it is, if nothing else comes.
            ask_turn = False
            try:
                i = child.expect(patterns, timeout=2)
            except pexpect.TIMEOUT:
                child.send("t")
                continue
        else:
            i = child.expect(patterns, timeout=30)
        if i in (0, 10):
            turns += 1
            child.send("z")
            # Z names the card it goes to, alone on its line (only cards that play), or says there is none.
            j = child.expect([Z_CARD, "Nothing to play", "You can't", "turn"])
            if j == 0:
                child.send("u")  # say UNO (or catch someone) first: harmless when not allowed
                child.expect(["UNO", "catch", "can't", "Too late", "Nobody"])
                child.send("\r")
            else:
                child.send(" ")
        elif i == 1:
            child.send("1")
        elif i == 2:
            child.send("\r")
        elif i == 3:
            child.send("\r")
            child.expect(pexpect.EOF)
            return turns
        elif i == 4:
            child.send("\r")
        elif i == 5:
            child.send("b")
        elif i == 6:
            child.send("b")
        elif i == 7:
            child.send("\r")  # the player the choice starts on
        elif i == 8:
            ask_turn = True
        elif i == 9:
            child.send(" ")  # take the cards
    raise AssertionError("the match did not end")


def test_whole_match_against_bots_by_keys(uno_home: Path) -> None:
    child = spawn(uno_home, "--speech", "off", "--pace", "0", "--players", "3", "--rule", "hands=2", "--seed", "11")
    child.expect("F1: keys")
    child.expect("Enter starts")
    child.send("\r")
    child.expect("First card: ")
    turns = play_until_over(child)
    assert turns > 0
    child.close()
    assert child.exitstatus == 0
    # A finished match leaves nothing to resume.
    assert not (uno_home / "data" / "autosave.json").exists()


def test_whole_match_with_house_rules(uno_home: Path) -> None:
    child = spawn(uno_home, "--speech", "off", "--pace", "0", "--preset", "playroom", "--rule", "hands=1",
                  "--rule", "beep=on", "--seed", "5", "--bots", "hard")
    child.expect("Enter starts")
    child.send("\r")
    play_until_over(child)
    child.close()
    assert child.exitstatus == 0


# Screen-reader safety: between two messages only the prompt line may be redrawn.
FORBIDDEN = [
    (re.compile(r"\x1b\[\d*A"), "cursor up"),
    (re.compile(r"\x1b\[\d*;\d*[Hf]"), "absolute cursor position"),
    (re.compile(r"\x1b\[2J"), "clear screen"),
    (re.compile(r"\x1b\[\?1049h"), "alternate screen"),
    (re.compile(r"\x1b\[\d*(;\d+)*m"), "colour or attributes other than reset"),
    (re.compile(r"\x1b\[\d*[EFGSTd]"), "line jumps or scrolling"),
]


def test_bytes_between_two_messages_only_touch_the_prompt_line(uno_home: Path) -> None:
    child = spawn(uno_home, "--speech", "off", "--pace", "0.2", "--seed", "3")
    child.expect("Enter starts")
    child.send("\r")
    child.expect("First card: ")
    child.expect(r"\r\n")
    child.expect(TURN, timeout=30)
    raw = child.before
    child.send("c")
    child.expect(r"The top card[^\r\n]*\r\n")
    raw += child.before + child.after
    child.send("\x03")
    child.expect("Quit the game")
    child.send("y")
    child.expect(pexpect.EOF)
    lines = [ln for ln in raw.split("\n")]
    assert len(lines) > 3
    for chunk in lines:
        for pattern, what in FORBIDDEN:
            for m in pattern.finditer(chunk):
                if what.startswith("colour") and m.group(0) == "\x1b[0m":
                    continue
                raise AssertionError(f"{what}: {m.group(0)!r} in {chunk!r}")
    # Each message is a whole line of its own, written after the prompt line was erased.
    shown = []
    for line in raw.split("\n"):
        visible = line.rsplit("\x1b[J", 1)[-1]
        shown.append(re.sub(r"\x1b\[[?0-9;]*[a-zA-Z]|[\r\x08]", "", visible))
    assert any(line.endswith("'s turn.") for line in shown), shown
    assert any(line.startswith("The top card") for line in shown), shown


def test_resize_changes_nothing(uno_home: Path) -> None:
    child = spawn(uno_home, "--speech", "off", "--pace", "30", "--seed", "3")
    child.expect("Enter starts")
    child.send("\r")
    child.expect("First card: ")
    child.setwinsize(30, 100)
    child.kill(signal.SIGWINCH)
    child.send("t")
    child.expect("turn")
    child.send("\x04")
    child.expect("Quit the game")
    child.send("y")
    child.expect(pexpect.EOF)


def _game_part(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "comment"}


def test_killed_mid_turn_resumes_exactly(uno_home: Path) -> None:
    child = spawn(uno_home, "--speech", "off", "--pace", "0", "--seed", "21")
    child.expect("Enter starts")
    child.send("\r")
    child.expect(TURN, timeout=30)
    child.send("p")  # pause: nothing moves while the file is read
    child.expect("Paused")
    save = uno_home / "data" / "autosave.json"
    before = json.loads(save.read_text())
    child.kill(signal.SIGKILL)
    child.close(force=True)
    child = spawn(uno_home, "--speech", "off", "--pace", "30")
    child.expect("A game was interrupted in hand 1")
    child.send("y")
    child.expect("The game continues")
    child.expect(TURN)
    child.send("\x13")
    child.expect("Game saved")
    after = json.loads(save.read_text())
    assert _game_part(after) == _game_part(before)
    child.send("h")
    child.expect("You have")
    child.send("\x03")
    child.expect("Quit the game")
    child.send("y")
    child.expect(pexpect.EOF)


def test_sighup_leaves_the_game_to_resume(uno_home: Path) -> None:
    child = spawn(uno_home, "--speech", "off", "--pace", "0", "--seed", "4")
    child.expect("Enter starts")
    child.send("\r")
    child.expect(TURN, timeout=30)
    child.kill(signal.SIGHUP)
    child.expect(pexpect.EOF)
    child = spawn(uno_home, "--speech", "off", "--pace", "30")
    child.expect("A game was interrupted")
    child.send("\x1b")  # Escape stops speech and deletes nothing
    child.send("n")
    child.expect("Delete the saved game")
    child.send("y")
    child.expect("deleted")
    child.send("\x03")
    child.send("y")
    child.expect(pexpect.EOF)


def test_term_dumb_falls_back_to_plain_lines(uno_home: Path) -> None:
    child = spawn(uno_home, "--speech", "off", "--pace", "0", "--seed", "3", TERM="dumb", LANG="C")
    child.expect("Type one key name or command per line")
    child.expect("Enter starts")
    child.sendline("")
    child.expect(TURN, timeout=30)
    child.sendline("/status")
    child.expect("The top card")
    child.sendline("quit")
    child.expect("Quit the game")
    child.sendline("y")
    child.expect(pexpect.EOF)
    assert "\x1b[" not in (child.before or "")


def test_command_line_options_and_saved_settings(uno_home: Path) -> None:
    (uno_home / "config").mkdir(parents=True)
    (uno_home / "config" / "settings.json").write_text(json.dumps({"players": 2, "bots": "easy", "speech": "off"}))
    child = spawn(uno_home, "--pace", "30")
    child.expect("Against 1 bot.")
    child.send("\x03")
    child.send("y")
    child.expect(pexpect.EOF)
    child = spawn(uno_home, "--players", "3", "--bots", "hard", "--preset", "playroom", "--lang", "en", "--pace", "30")
    child.expect("Against 2 bots.")
    child.send("\r")
    child.expect("First card: ")
    child.send("\x03")
    child.send("y")
    child.expect(pexpect.EOF)


def test_the_options_menu_shows_the_command_line_s_values_and_a_change_keeps_them(uno_home: Path) -> None:
    # Started with --players 3 and --sound off over saved settings of 4 players with sound: the menu
    # said "Players: 4", and changing only the volume made the match 4 players and turned sound on.
    (uno_home / "config").mkdir(parents=True)
    (uno_home / "config" / "settings.json").write_text(json.dumps({"players": 4, "sound": "on", "sound_volume": 80}))
    child = spawn(uno_home, "--players", "3", "--sound", "off", "--speech", "off", "--pace", "30", "--seed", "3")
    child.expect("Against 2 bots.")
    child.send("o")
    child.expect("Options.")
    child.send("\x1b[B")
    child.expect("Players: 3")
    for _ in range(7):  # bots, language, speech, speech rate, verbosity, braille, sound
        child.send("\x1b[B")
    child.expect("Sound: off")
    child.send("\x1b[B")
    child.expect("Sound volume: 80")
    child.send("\x1b[D")
    child.expect("Sound volume: ")
    child.send("\x1b")
    child.expect("Options saved")
    child.send("\r")
    child.expect("First card: ")
    child.send("e")
    child.expect(r"Bruno: \d+ cards?\.")
    assert "Carla" not in child.before + child.after  # still 3 players
    saved = json.loads((uno_home / "config" / "settings.json").read_text())
    assert saved["players"] == 4 and saved["sound"] == "on" and saved["sound_volume"] != 80  # only the change saved
    child.send("\x03")
    child.send("y")
    child.expect(pexpect.EOF)


LANG_SETUP = {
    "players": 2,
    "hands": [["r5", "r7", "w", "g3", "b+2"], ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]],
    "discard": ["r1"],
    "current": 1,
    "dealer": 2,
    "hand": 1,
}
#: English key words that each language names otherwise (see tests/interactive/test_key_names.py).
OTHER_KEY_WORDS = {"pt": ("Escape", "Space"), "ro": ("Escape", "Space"), "sr_Latn": ("Escape", "Space"),
                   "sr_Cyrl": ("Escape", "Space"), "it": ("Enter", "Escape", "Space", "Shift")}


@pytest.mark.parametrize("lang", sorted(OTHER_KEY_WORDS))
def test_a_game_in_each_language_says_its_own_keys_and_moves(uno_home: Path, tmp_path: Path, lang: str) -> None:
    from tests.interactive.helpers import write_setup
    from uno_cli.words import i18n
    from uno_cli.play.commands import localize_command
    from uno_cli.words.i18n import _
    from uno_cli.words import interactive as words
    from uno_cli.words.interactive import yes_no

    with i18n.use_language(lang):
        start, turn = _(words.START_PROMPT), _("Your turn.")
        play_r5, quit_question, yes = localize_command("play r5"), words.question(words.QUIT_QUESTION), yes_no()["yes"]
    setup = write_setup(tmp_path / "setup.json", LANG_SETUP)
    child = spawn(uno_home, "--lang", lang, "--speech", "off", "--pace", "30", "--setup", setup)
    child.expect(re.escape(start))
    child.send("\r")
    child.expect(re.escape(turn))
    child.send("/xyzzy\r")
    child.expect(r"xyzzy[^\r\n]*\r\n")
    error = child.after
    assert play_r5 in error and not re.search(r"\b(r5|r7|g3|b\+2|w)\b", error), error
    said = child.before + child.after
    child.send("\x1bOP")  # F1: the keys that matter now
    child.expect(r"F1[^\r\n]*\r\n")
    said += child.before + child.after
    child.send("\x1bOP")  # F1 again: every key
    child.expect(re.escape("/uno"))
    child.expect(r"[^\r\n]*\r\n")
    said += child.before + child.after
    for word in OTHER_KEY_WORDS[lang]:
        assert not re.search(rf"\b{word}\b", said), (lang, word)
    child.send("\x03")
    child.expect(re.escape(quit_question))
    assert not re.search(r"\bY\b", quit_question)
    child.send(yes.lower())
    child.expect(pexpect.EOF)

"""The local game's keys at a network table: over plain SSH with a terminal, and with ``uno join``."""

from __future__ import annotations

import asyncio
import inspect
import json

import asyncssh
import pexpect

from tests.net.helpers import PASSCODE, Client, beside_a_server, join_in_terminal, open_server
from uno_cli.words.cards_text import sort_hand
from uno_cli.net import client as client_module

#: Key bytes as a terminal sends them.
RIGHT, HOME, END, F1, F1_PUTTY, F2, PAGE_UP, CTRL_C = "\x1b[C", "\x1b[H", "\x1b[F", "\x1bOP", "\x1b[11~", "\x1bOQ", \
    "\x1b[5~", "\x03"
#: Never a bot's move for a player who thinks (the tests' clock is fast).
NO_LIMIT = 1e9


def run(coro):
    return asyncio.run(coro)


async def _seated(port: int, name: str = "Ana", lang: str | None = None) -> Client:
    """A plain SSH session with a terminal, at a two-player table in play."""
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password=PASSCODE, known_hosts=None,
                                  client_keys=None, agent_path=None, config=None)
    process = await conn.create_process(term_type="xterm", term_size=(120, 40),
                                        env={"UNO_LANG": lang} if lang else None)
    c = Client(conn, process, json_lines=False)
    await c.read_until(lambda line: line.startswith("Welcome") or name in line)
    c.process.stdin.write("create t players=2 hands=1\r")  # in the lobby letters type
    await c.read_until(lambda line: " 1" in line and name in line and "help" not in line)
    c.process.stdin.write("start\r")
    return c


def _press(c: Client, key: str) -> int:
    """Press one key; the number of lines read so far (what comes after it is the answer)."""
    mark = len(c.lines)
    c.process.stdin.write(key)
    return mark


async def _after(c: Client, mark: int, predicate, timeout: float = 20.0) -> str:
    """The first line after ``mark`` for which ``predicate`` holds."""
    async def go() -> str:
        while True:
            for line in c.lines[mark:]:
                if predicate(line):
                    return line
            await c.next()

    return await asyncio.wait_for(go(), timeout)


def test_plain_ssh_keys_move_in_the_hand_read_it_draw_play_and_f1_lists_the_keys_with_typed_equivalents(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        c = await _seated(port)
        await c.read_until(lambda line: line.endswith("Your turn."))  # alone, or joined to the line before it
        table = hub.tables[1]
        hand = sort_hand(table.session.game.hands[0])  # the hand keys walk it sorted by colour
        got = {}
        got["h"] = await _after(c, _press(c, "h"), lambda line: line.startswith("You have 7 cards: "))
        got["right"] = await _after(c, _press(c, RIGHT), lambda line: " 2 of 7" in line)
        got["end"] = await _after(c, _press(c, END), lambda line: " 7 of 7" in line)
        got["home"] = await _after(c, _press(c, HOME), lambda line: " 1 of 7" in line)
        got["f1"] = await _after(c, _press(c, F1), lambda line: line.startswith("Right arrow, or type /next"))
        await _after(c, _press(c, F1_PUTTY), lambda line: line.startswith("Keys, while the input line is empty"))
        got["ctrl_c"] = await _after(c, _press(c, CTRL_C), lambda line: line.startswith("Ctrl+C"))
        # Q is no key at a network table: it begins a typed line, said as in the local game.
        got["typing"] = await _after(c, _press(c, "q"), lambda line: "not a key" in line)
        _press(c, "\x15")  # Ctrl+U: the line is empty again, and letters are keys
        got["page_up"] = await _after(c, _press(c, PAGE_UP), lambda line: line.startswith("Ctrl+C"))
        mark = _press(c, " ")  # Space draws
        got["space"] = await _after(c, mark, lambda line: line.startswith("You draw "))
        await _after(c, _press(c, F2), lambda line: line == "About these rules")
        still = hub.members.get("Ana") is not None and table.seat_of("Ana") == 0
        server.close()
        return hand, got, still

    hand, got, still = run(go())
    from uno_cli.words.describe import card_text, hand_text

    assert got["h"] == hand_text(hand, sort=False)
    assert got["right"].startswith(card_text(hand[1], 2, 7, False).split(",")[0] + ", 2 of 7")
    assert got["end"].startswith(card_text(hand[6], 7, 7, False).split(",")[0] + ", 7 of 7")
    assert got["home"].startswith(card_text(hand[0], 1, 7, False).split(",")[0] + ", 1 of 7")
    assert got["f1"] == "Right arrow, or type /next: next card of your hand."  # letters are keys here
    assert got["ctrl_c"].startswith("Ctrl+C does not leave the table.")
    assert still  # Ctrl+C kept the seat
    assert got["typing"] == "q: not a key; you are typing a command. Enter sends it, Backspace erases it."
    assert got["page_up"] == got["ctrl_c"]  # Page Up says the message before the newest
    assert got["space"].startswith("You draw ")


def test_plain_ssh_enter_plays_the_focused_card_and_the_answers_come_in_the_joiners_language(tmp_path):
    from uno_cli.words.cards_text import card_name
    from uno_cli.words.i18n import use_language

    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        c = await _seated(port, lang="pt")
        await c.read_until(lambda line: line.endswith("Sua vez."))
        game = hub.tables[1].session.game
        playable = {a.card for a in game.legal_actions(0) if a.kind == "play"}
        right = await _after(c, _press(c, RIGHT), lambda line: ", 2 de 7" in line)
        f1 = await _after(c, _press(c, F1), lambda line: line.startswith("Seta para a direita"))
        # Z: the next card that can be played; Enter plays it (a wild asks for its colour; 1 is red).
        with use_language("pt"):  # Z names the card it goes to, alone (only cards that play)
            names = {card_name(code) for code in {a.card for a in game.legal_actions(0) if a.card}}
        await _after(c, _press(c, "z"), lambda line: line in names)
        card = hub.members["Ana"].keys.cursor.focused()
        mark = _press(c, "\r")
        if card in ("w", "w+4"):
            await _after(c, mark, lambda line: line.startswith("Escolha uma cor"))
            mark = _press(c, "1")
        played = await _after(c, mark, lambda line: line.startswith("Você joga "))
        server.close()
        return playable, card, right, f1, played

    playable, card, right, f1, played = run(go())
    assert right.endswith((", 2 de 7", ", 2 de 7, jogável"))
    assert f1.startswith("Seta para a direita, ou digite /próxima: ")
    assert card in playable
    from uno_cli.words.describe import card_text

    with use_language("pt"):
        assert card_text(card, 1, 1, False, full=False) in played  # the focused card was played


def test_uno_join_in_a_terminal_presses_keys_and_hears_the_answers(tmp_path):
    home = tmp_path / "home"
    home.mkdir()

    def drive(port: int, hub) -> dict[str, str]:
        child = join_in_terminal(home, port, "--speech", "off", "--lang", "it")
        got = {}
        try:
            child.expect("Ciao, Ana")
            child.send("create t players=2 hands=1\r")
            child.expect("tavolo 1")
            child.send("start\r")
            child.expect("Tocca a te.")
            child.send("h")
            child.expect(r"Hai 7 carte: [^\r\n]+")
            got["h"] = child.after
            got["hand"] = list(hub.tables[1].session.game.hands[0])  # the player's turn: it stays
            child.send(RIGHT)
            child.expect(r"[^\r\n>]+, 2 di 7")
            got["right"] = child.after
            child.send(F1)
            child.expect(r"Esc[^\r\n]+")
            got["escape"] = child.after
            child.send("\x04")  # Ctrl+D on the empty line: the session ends
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        return got

    got = beside_a_server(tmp_path / "server", drive, turn_limit=NO_LIMIT)
    from uno_cli.words.describe import hand_text
    from uno_cli.words.i18n import use_language

    with use_language("it"):
        assert got["h"].strip() == hand_text(got["hand"])
    assert ", 2 di 7" in got["right"]
    assert "Esc" in got["escape"]  # with speech here, Escape stops it (listed in the help)


def test_the_short_verbosity_is_decided_on_the_server_alone(tmp_path):
    """uno join keeps no list of its own: the server leaves out what the short verbosity leaves out."""
    source = inspect.getsource(client_module)
    assert "SHORT_SKIP" not in source and "IMPORTANT" not in source and "ANSWERS" not in source

    async def go():
        server, _hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        said: list[str] = []
        frames = []
        for verbosity in ("short", "full"):
            conn, process = await client_module.connect(
                "127.0.0.1", port, f"P{verbosity}", PASSCODE, None, client_module.KnownHosts(tmp_path / "kh"),
                said.append, channel=client_module.KEYS_CHANNEL, verbosity=verbosity)
            process.stdin.write(json.dumps({"line": "create t players=2 hands=1"}) + "\n")
            process.stdin.write(json.dumps({"line": "start"}) + "\n")
            got = []
            while not any(f.get("type") == "prompt" for f in got):
                got.append(json.loads(await asyncio.wait_for(process.stdout.readline(), 20)))
            frames.append(got)
            conn.close()
        server.close()
        return frames

    short, full = run(go())
    assert "deal" in {f["type"] for f in full}
    assert "deal" not in {f["type"] for f in short}  # left out at the short verbosity, by the server
    prompt = next(f for f in short if f["type"] == "prompt")
    assert prompt["important"] is True and prompt["keys"] is True


def test_plain_ssh_the_colour_choice_takes_arrows_and_the_colour_letters_of_the_joiners_language(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        c = await _seated(port, lang="ro")
        await c.read_until(lambda line: line.endswith("Rândul tău."))
        game = hub.tables[1].session.game
        only = {a.card for a in game.legal_actions(0) if a.kind == "play"}
        await _after(c, _press(c, "z"), lambda line: line == "carte neagră +4")  # Z names the card alone
        asked = await _after(c, _press(c, "\r"), lambda line: line.startswith("Alege o culoare"))
        right = await _after(c, _press(c, RIGHT), lambda line: line == "galben")
        chose = await _after(c, _press(c, "a"), lambda line: line.startswith("Joci "))  # a: albastru
        server.close()
        return only, asked, right, chose

    only, asked, right, chose = run(go())
    assert only == {"w+4"}  # the deal of this seed: the Wild Draw Four is the one card to play
    assert right == "galben"  # Right arrow: the next colour, not the next card
    assert chose == "Joci o carte neagră +4: albastru."  # the card and its colour, one line


def test_plain_ssh_keys_that_would_wait_for_more_are_said_and_never_swallow_the_next_input(tmp_path):
    """Ctrl+R (search), Ctrl+X (a prefix), Ctrl+Z, Meta (Alt) keys and PuTTY's SCO F1 (ESC [M, read as a
    mouse report) each get an answer, and the line typed next arrives whole: in the lobby and at a table."""
    keys = {"c-r": "\x12", "c-x": "\x18", "c-z": "\x1a", "meta-x": "\x1bx", "meta-b": "\x1bb"}

    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        results = {}
        c = await Client.open(port, "Ana", json_lines=False, term="xterm")
        await c.read_until(lambda line: line.startswith("Welcome"))
        for where in ("lobby", "table"):
            if where == "table":
                c.process.stdin.write("create t players=2 hands=0\r")
                await c.read_until(lambda line: "sits at table 1" in line)
                c.process.stdin.write("start\r")
                await c.read_until(lambda line: line.endswith("Your turn."))  # alone, or joined to the line before it
            for name, seq in keys.items():
                mark = _press(c, seq)
                answer = await _after(c, mark, lambda line: "does nothing" in line)
                mark = _press(c, "/who\r")
                results[(where, name)] = (answer, await _after(c, mark, lambda line: line.startswith("Here: ")))
            mark = _press(c, "\x1b[M")  # PuTTY's F1 in its SCO mode: the help
            results[(where, "sco-f1")] = await _after(c, mark, lambda line: line.startswith(("Keys, while",
                                                                                             "who: ", "help")))
        server.close()
        return results

    results = run(go())
    for (where, name), got in results.items():
        if name == "sco-f1":
            assert got.startswith("Keys, while") or got.startswith("who: ")  # the keys, or the lobby's help
        else:
            answer, who = got
            assert answer.strip().startswith("That key does nothing"), (where, name)
            assert who.strip() == "Here: Ana.", (where, name)


def _typed_after(presses: list[tuple[float, str]], letter: str, at: float, monkeypatch) -> str:
    """What KeyRun makes of key letters pressed at the given seconds, then ``letter`` (no key) at ``at``."""
    from uno_cli.net import keys

    clock = [0.0]
    monkeypatch.setattr(keys.time, "monotonic", lambda: clock[0])
    run = keys.KeyRun()
    for when, name in presses:
        clock[0] = when
        run.press(name)
    clock[0] = at
    return run.begin_typing(None, letter)


def test_a_quick_run_of_key_letters_is_typing_whatever_it_spells(monkeypatch):
    assert _typed_after([(10.0, "s")], "a", 10.2, monkeypatch) == "sa"
    assert _typed_after([(10.0, "x"), (10.3, "z")], "q", 10.5, monkeypatch) == "xzq"
    assert _typed_after([(10.0, "h"), (11.5, "s")], "a", 11.7, monkeypatch) == "sa"  # the H a while before acted


def test_a_slow_run_of_key_letters_is_typing_only_when_it_begins_a_command_word(monkeypatch):
    assert _typed_after([(10.0, "s")], "a", 11.5, monkeypatch) == "sa"  # "say", typed slowly
    assert _typed_after([(10.0, "S")], "a", 11.5, monkeypatch) == "Sa"
    assert _typed_after([(10.0, "s"), (11.0, "t")], "a", 12.5, monkeypatch) == "sta"  # "start"
    assert _typed_after([(10.0, "h")], "x", 11.5, monkeypatch) == "x"  # no command begins "hx": H was a key
    assert _typed_after([(10.0, "s")], "a", 13.0, monkeypatch) == "a"  # too long ago: S was a key
    assert _typed_after([(10.0, "s")], "/", 10.1, monkeypatch) == "/"  # a slash begins its own line


def test_key_letters_from_a_cyrillic_layout_begin_the_word_in_cyrillic(monkeypatch):
    # С on a Cyrillic layout is the S key (bound as "s"); the А after it is no key: the word is "са", not "sа".
    assert _typed_after([(10.0, "s")], "а", 10.2, monkeypatch) == "са"
    assert _typed_after([(10.0, "S"), (10.2, "t")], "а", 10.4, monkeypatch) == "Ста"


def test_plain_ssh_cyrillic_layout_keys_act_and_escape_clears_a_typed_line(tmp_path):
    """Х and Ц (the H and C keys of a Cyrillic layout) act as H and C at a table; Alt+Q on a typed line
    says it does nothing and keeps the line; Escape on a typed line empties it and says so, and the line
    typed next arrives whole."""
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        c = await _seated(port)
        await c.read_until(lambda line: line.endswith("Your turn."))
        hand = await _after(c, _press(c, "х"), lambda line: line.startswith("You have") or "not a key" in line)
        top = await _after(c, _press(c, "ц"), lambda line: "top card" in line or "not a key" in line)
        mark = _press(c, "/wh")
        await asyncio.sleep(0.3)
        c.process.stdin.write("\x1bq")  # Alt+Q: a key that does nothing, and the line stays
        alt = await _after(c, mark, lambda line: "does nothing" in line or "cleared" in line)
        await asyncio.sleep(1.0)  # no key for a while: the lone Escape below is not held back for more
        c.process.stdin.write("\x1b")
        cleared = await _after(c, mark, lambda line: "cleared" in line)
        await asyncio.sleep(0.3)
        who = await _after(c, _press(c, "/who\r"), lambda line: line.startswith("Here: ") or "who" in line.lower())
        server.close()
        return hand, top, alt, cleared, who

    hand, top, alt, cleared, who = run(go())
    assert "does nothing" in alt, alt
    assert hand.startswith("You have"), hand
    assert "top card" in top and "not a key" not in top, top
    assert cleared.strip().endswith("Typed line cleared."), cleared
    assert who.strip().startswith("Here: "), who  # not "/wh/who"


def test_uno_join_cyrillic_layout_keys_act_and_escape_clears_a_typed_line(tmp_path):
    home = tmp_path / "home"
    home.mkdir()

    def drive(port: int, hub) -> None:
        import time

        child = join_in_terminal(home, port, "--speech", "off", "--lang", "it")
        try:
            child.expect("Ciao, Ana")
            child.send("create t players=2 hands=1\r")
            child.expect("tavolo 1")
            child.send("start\r")
            child.expect("Tocca a te.")
            child.send("х")  # the H key of a Cyrillic layout, in an Italian game
            child.expect(r"Hai 7 carte: [^\r\n]+")
            child.send("/chi")
            time.sleep(0.3)
            child.send("\x1bq")  # Alt+Q: a key that does nothing; the typed line stays
            i = child.expect(["Quel tasto non fa niente.", "Riga scritta cancellata."])
            assert i == 0, child.after
            time.sleep(0.3)
            child.send("\x1b")
            child.expect("Riga scritta cancellata.")
            time.sleep(0.8)
            child.send("\x1b")  # Escape on the empty line stops what is being said...
            time.sleep(0.8)
            child.send("\x1b")  # ...and then has nothing to stop, and says so
            child.expect("Niente da fermare. R ripete l'ultimo messaggio.")
            child.send("\x04")  # the line is empty again: Ctrl+D ends the session
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)

    beside_a_server(tmp_path / "server", drive, turn_limit=NO_LIMIT)

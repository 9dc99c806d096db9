"""Private tables and invitations, the line to give a friend, coming back, idle moves, the pause
between hands, and typing at a table: the real server, real SSH clients (asyncssh, OpenSSH)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys

import asyncssh
import pytest

from tests.net.helpers import (PASSCODE, Client, beside_a_server, join_in_terminal, lobby, open_server, open_table,
                               private_key_file, system_ssh)
from uno_cli.net.client import KnownHosts, connect, join_line, split_join_line
from uno_cli.net.hub import Hub, Member
from uno_cli.net.table import Clock

#: Never a bot's move for a player who thinks (the tests' clock is fast).
NO_LIMIT = 1e9


def run(coro):
    return asyncio.run(coro)


def _after(c: Client, mark: int, predicate, timeout: float = 20.0):
    """The first object (or line) after the ``mark``-th for which ``predicate`` holds."""
    async def go():
        while True:
            items = c.objects if c.json else c.lines
            for item in items[mark:]:
                if predicate(item):
                    return item
            await c.next()

    return asyncio.wait_for(go(), timeout)


def _mark(c: Client) -> int:
    return len(c.objects if c.json else c.lines)


def test_a_private_table_seats_the_invited_and_the_code_refuses_a_stranger_and_its_creator_removes_a_player(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        ana, bo, cy = await lobby(port, "Ana", "Bo", "Cy")
        ana.send("create friday players=3 code=Dragon")
        made = await ana.read_until(lambda o: o.get("code") == "Dragon")
        got = {"made": made["text"]}
        m = _mark(cy)
        cy.send("tables")
        got["listed"] = (await _after(cy, m, lambda o: o["type"] == "table"))
        for line in ("join 1", "join 1 tiger", "watch 1"):
            m = _mark(cy)
            cy.send(line)
            got[line] = await _after(cy, m, lambda o: o["type"] == "error")
        m = _mark(bo)
        ana.send("invite bo")  # the name as a friend types it
        got["invited"] = await _after(bo, m, lambda o: o["type"] == "invited")
        bo.send("join 1")  # no code: invited
        got["bo_sits"] = await _after(bo, m, lambda o: o["type"] == "joined" and o.get("name") == "Bo")
        m = _mark(cy)
        cy.send("join 1 dragon")  # the code, in any case
        await _after(cy, m, lambda o: o["type"] == "joined" and o.get("name") == "Cy")
        m = _mark(bo)
        bo.send("remove Cy")  # only the creator may
        got["not_creator"] = await _after(bo, m, lambda o: o["type"] == "error")
        m, m_bo = _mark(cy), _mark(bo)
        ana.send("remove Cy")
        got["removed"] = await _after(cy, m, lambda o: o["type"] == "removed")
        got["bo_hears"] = await _after(bo, m_bo, lambda o: o["type"] == "removed")
        m = _mark(cy)
        cy.send("join 1 dragon")
        got["back"] = await _after(cy, m, lambda o: o["type"] == "error")
        table = hub.tables[1]
        seats = list(table.owners)
        server.close()
        return got, seats

    got, seats = run(go())
    assert got["made"] == ("Table 1 is private. Friends sit with join 1 Dragon, or when you invite them: "
                           "invite NAME.")
    listed = got["listed"]
    assert listed["text"] == "Table 1: private; 1 of 3 seats taken; waiting for players."
    assert listed["private"] is True and "name" not in listed  # neither its name nor its rules
    needs = "Table 1 is private: type its code after the number (join 1 CODE), or ask its creator to invite you."
    assert got["join 1"]["text"] == got["join 1 tiger"]["text"] == got["watch 1"]["text"] == needs
    assert got["invited"]["text"] == "Ana invites you to table 1, friday. To sit there, type join 1."
    assert got["not_creator"]["text"] == "Only Ana, who opened the table, can do that."
    assert got["removed"]["text"] == got["bo_hears"]["text"] == "Ana removed Cy from table 1."
    assert got["back"]["text"] == ("You were removed from table 1; only an invitation from its creator seats "
                                   "you there again.")
    assert seats == ["Ana", "Bo", None]


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed")
def test_the_system_ssh_client_needs_the_code_of_a_private_table(tmp_path):
    key, key_file = private_key_file(tmp_path)
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(key.export_public_key())

    async def go():
        server, hub, port = await open_server(tmp_path, authorized_keys=str(auth), turn_limit=NO_LIMIT)
        (ana,) = await lobby(port, "Ana")
        ana.send("create secret code=owl")
        await ana.read_until(lambda o: o.get("code") == "owl")
        out = await system_ssh(port, "Cy", b"watch 1\njoin 1\njoin 1 OWL\n", tmp_path, key_file)
        seats = list(hub.tables[1].owners)
        server.close()
        return out, seats

    out, seats = run(go())
    assert out.count("Table 1 is private: type its code after the number") == 2  # watch and join
    assert "Cy sits at table 1." in out  # with the code (its end of input then frees the seat)
    assert seats[0] == "Ana"


def test_the_line_to_give_a_friend_is_accepted_by_uno_join_and_a_wrong_fingerprint_is_refused(tmp_path):
    said: list[str] = []

    async def go():
        server, hub, port = await open_server(tmp_path / "server")
        (ana,) = await lobby(port, "Ana")
        ana.send("address")
        line = (await ana.read_until(lambda o: o["type"] == "address"))["line"]
        host, got_port, fingerprint = split_join_line(line)
        # The right key: no first-use question, and remembered.
        conn, process = await connect(host, got_port, "Bo", PASSCODE, None, KnownHosts(tmp_path / "kh"),
                                      said.append, fingerprint=fingerprint)
        welcome = await process.stdout.readline()
        conn.close()
        # The same line with another key's fingerprint: stopped before anything is sent.
        other = asyncssh.generate_private_key("ssh-ed25519").get_fingerprint()
        with pytest.raises((asyncssh.Error, OSError)):
            await connect(host, got_port, "Cy", PASSCODE, None, KnownHosts(tmp_path / "kh2"), said.append,
                          fingerprint=other)
        # The command line, given the line as it was pasted.
        env = dict(os.environ, UNO_CLI_HOME=str(tmp_path / "home"), UNO_CLI_IGNORE_SETTINGS="1",
                   PYTHONPATH=os.getcwd())
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "uno_cli", "join", *f"127.0.0.1:{port} {other}".split(), "--name", "Dee",
            "--passcode", PASSCODE, "--speech", "off", "--lang", "en", env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out, _err = await asyncio.wait_for(proc.communicate(b""), 60)
        members = set(hub.members)
        server.close()
        return line, port, hub.fingerprint, welcome, other, proc.returncode, out.decode(), members

    line, port, fingerprint, welcome, other, status, out, members = run(go())
    assert line == f"uno join 127.0.0.1:{port} {fingerprint}"
    assert '"type": "welcome"' in welcome
    assert not any("First connection" in s for s in said)  # the line vouched for the key
    where = f"[127.0.0.1]:{port}"
    refusal = (f"The host key of {where} is {fingerprint}, not {other} as your line says. Nothing was sent: ask "
               f"the server's owner for the line again.")
    assert said[-1] == refusal
    assert status == 1 and refusal in out.replace("\n", " ")
    assert "Cy" not in members and "Dee" not in members


def test_the_line_to_give_a_friend_is_read_whole_or_in_two_and_a_malformed_fingerprint_is_refused():
    fp = "SHA256:" + "A" * 42 + "b"
    assert split_join_line(f"uno join example.org:2200 {fp}") == ("example.org", 2200, fp)
    assert split_join_line("example.org:2200", fp) == ("example.org", 2200, fp)
    assert split_join_line("[::1]:2200") == ("::1", 2200, None)
    assert join_line("::1", 2200, fp) == f"uno join [::1]:2200 {fp}"
    for bad in (f"example.org {fp[:-1]}", "example.org MD5:aa", f"example.org {fp} extra"):
        with pytest.raises(ValueError):
            split_join_line(bad)


def test_a_returning_player_hears_where_the_game_stands_at_once(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        ana, bo = await lobby(port, "Ana", "Bo")
        await open_table(ana, "players=3 bots=easy", bo)
        bo.close()
        await ana.read_until(lambda o: o["type"] == "info" and "lost the connection" in o["text"])
        bo2 = await Client.open(port, "Bo")
        status = await bo2.read_until(lambda o: o["type"] == "status")
        order = [o["type"] for o in bo2.objects]
        g = hub.tables[1].session.game
        facts = (g.top, g.color, g.current + 1, len(g.hands[1]))
        from uno_cli.words import describe as d

        top = d.top_text(g.top, g.color)
        server.close()
        return status, order, facts, top

    status, order, facts, top = run(go())
    assert order[:3] == ["welcome", "hello", "status"]  # at once, before anything else
    assert status["text"].startswith("Back at table 1. " + top)
    assert status["text"].endswith("H says your hand.")
    assert (status["card"], status["color"], status["current"], status["cards"]) == facts


def test_an_idle_players_move_is_named_with_the_reason_in_each_listeners_language(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=1.0)  # 2 ms of real time
        ana, bo = await lobby(port, "Ana", "Bo")
        bo.send("lang pt")
        await bo.read_until(lambda o: o["type"] == "welcome" and "Boas-vindas" in o["text"])
        await open_table(ana, "players=2 hands=1")
        bo.send("watch 1")
        en = await ana.read_until(lambda o: o.get("code") == "idle")  # Ana never answers
        pt = await bo.read_until(lambda o: o.get("code") == "idle")
        server.close()
        return en, pt

    en, pt = run(go())
    assert en["text"] == "Ana was idle: the server moves for Ana."
    assert pt["text"] == "Ana ficou sem jogar: o servidor joga por Ana."


def test_a_turn_limit_counts_from_the_last_change_of_the_table_not_from_the_first():
    async def go():
        loop = asyncio.get_running_loop()
        hub = Hub(Clock(pace=2.0, race_window=2.0, away_timeout=1e6, scale=1.0, turn_limit=0.3), seed=11)
        hub.lang = "en"
        idle: list[float] = []
        members = []
        for name in ("Ana", "Bo"):
            def write(line: str) -> None:
                if '"idle"' in line and not idle:
                    idle.append(loop.time())
            member = Member(name, write, json_lines=True, lang="en")
            hub.connect(member)
            members.append(member)
        hub.line(members[0], "create t players=2 hands=0 target=100000")
        hub.line(members[1], "join 1")
        hub.line(members[0], "start")
        table = members[0].table
        for _wait in range(1000):  # the deal after its pause
            if table.session is not None and table.session.game.awaited():
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        again = loop.time()
        table.after_change()  # a change that is not a move (a member back): the limit counts again
        await asyncio.sleep(1.0)
        hub.close()
        return again, idle

    again, idle = asyncio.run(go())
    assert idle and idle[0] >= again + 0.3 - 0.002


def test_a_finished_hand_pauses_before_the_next_as_in_the_local_game(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        (ana,) = await lobby(port, "Ana")
        await open_table(ana, "players=2 hands=2")
        ana.send("leave")  # a bot plays the seat after the away time; the hands go on
        await ana.read_until(lambda o: o["type"] == "left")
        ana.send("watch 1")
        pause = await ana.read_until(lambda o: o.get("code") == "next_hand", timeout=60)
        after = ana.objects.index(pause)
        await ana.read_until(lambda o: o["type"] == "hand_start" and ana.objects.index(o) > after, timeout=60)
        types = [o["type"] for o in ana.objects[after - 1:after + 2]]
        server.close()
        return pause, types

    pause, types = run(go())
    assert pause["text"] == "Next hand in 5 seconds."
    assert types == ["scores", "info", "hand_start"]  # the scores of the hand, the pause, then the deal


def _fast_typing(process, text: str) -> asyncio.Future:
    """Type ``text`` a key at a time, as quickly as a person types (60 ms between keys)."""
    async def go():
        for ch in text:
            process.stdin.write(ch)
            await asyncio.sleep(0.06)

    return asyncio.ensure_future(go())


async def _terminal(port: int, name: str) -> Client:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password=PASSCODE, known_hosts=None,
                                  client_keys=None, agent_path=None, config=None)
    process = await conn.create_process(term_type="xterm", term_size=(200, 40))
    c = Client(conn, process, json_lines=False)
    await c.read_until(lambda line: line.startswith("Welcome"))
    return c


def test_typing_say_hello_at_a_table_in_play_reaches_chat_and_a_single_key_still_acts(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        c = await _terminal(port, "Ana")
        (bo,) = await lobby(port, "Bo")
        c.process.stdin.write("create t players=2 hands=1\r")  # in the lobby letters type
        await c.read_until(lambda line: line.startswith("Ana sits at table 1"))
        bo.send("watch 1")
        c.process.stdin.write("start\r")
        await c.read_until(lambda line: line.endswith("Your turn."))  # alone, or joined to the line before it
        m = _mark(c)
        await _fast_typing(c.process, "say hello\r")
        typing = await _after(c, m, lambda line: "not a key" in line)
        own = await _after(c, m, lambda line: line.startswith("Ana says:"))
        heard = await bo.read_until(lambda o: o["type"] == "chat")
        m = _mark(c)
        c.process.stdin.write("s")  # typed slowly: S acts, and a second later A begins "sa", as "say" begins
        await _after(c, m, lambda line: line.startswith("Scores: "))
        await asyncio.sleep(1.0)
        await _fast_typing(c.process, "ay slowly\r")
        slowly = await _after(c, m, lambda line: line.startswith("Ana says:"))
        m = _mark(c)
        c.process.stdin.write("say again\r")  # pasted, or sent by a client that edits the line itself
        pasted = await _after(c, m, lambda line: line.startswith("Ana says:"))
        m = _mark(c)
        c.process.stdin.write("h")  # a single key on the empty line still acts
        hand = await _after(c, m, lambda line: line.startswith("You have "))
        m = _mark(c)
        await _fast_typing(c.process, "/scores\r")  # a slash begins a typed line too, right after a key
        scores = await _after(c, m, lambda line: line.startswith("Scores: "))
        server.close()
        return typing, own, heard, hand, scores, pasted, slowly

    typing, own, heard, hand, scores, pasted, slowly = run(go())
    assert slowly == "Ana says: slowly"  # not "ay slowly"
    assert pasted == "Ana says: again"
    assert typing == "sa: not a key; you are typing a command. Enter sends it, Backspace erases it."  # S acted, then A began the line
    assert own == "Ana says: hello"
    assert heard["text"] == "Ana says: hello"
    assert hand.startswith("You have 7 cards: ")
    assert scores.startswith("Scores: you 0, ")


def test_a_watcher_has_no_card_keys_and_the_key_help_lists_only_what_a_watcher_can_do(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=NO_LIMIT)
        (ana,) = await lobby(port, "Ana")
        await open_table(ana, "players=2 hands=1")
        c = await _terminal(port, "Cy")
        c.process.stdin.write("watch 1\r")
        await c.read_until(lambda line: line.startswith("Cy watches table 1"))
        got = {"state": await c.read_until(lambda line: line.startswith("The top card is "))}  # at once
        for key, name, done in (("t", "turn", lambda line: "turn" in line.lower()),
                                (" ", "space", lambda line: "watching" in line),
                                ("\x1bOP", "f1", lambda line: line.startswith("F1, help: ")),
                                ("\x1bOQ", "f2", lambda line: line == "About these rules"),
                                ("h", "h", lambda line: "not a key" in line)):
            m = _mark(c)
            c.process.stdin.write(key)
            got[name] = await _after(c, m, done)
            got[name + " lines"] = c.lines[m:]
        server.close()
        return got

    got = run(go())
    assert got["space"] == "You are watching: that key is for the players."
    f1 = got["f1 lines"]
    assert "S, or type /scores: the scores." in f1 or any(line.startswith("S, or type /scores") for line in f1)
    assert not any(line.startswith(("Space,", "Enter,", "Left arrow,", "U or 1,", "H,")) for line in f1)
    assert not any(line.startswith("Choose a colour") for line in f1)
    assert got["h"] == "h: not a key; you are typing a command. Enter sends it, Backspace erases it."  # H is a player's key


def test_a_private_tables_code_invitations_and_removals_survive_a_restart(tmp_path):
    from uno_cli.net.hub import Hub, Member

    hub = Hub(save_dir=tmp_path)
    ana = Member("Ana", lambda line: None)
    hub.connect(ana)
    hub.line(ana, "create t players=3 code=owl")
    hub.line(ana, "invite Ana")  # nobody else here: refused, nothing invited
    table = hub.tables[1]
    table.invited.add("Bo")
    table.removed.add("Cy")
    hub.mark_changed(1)
    hub.close()
    again = Hub(save_dir=tmp_path)
    assert again.resume() == 1
    table = again.tables[1]
    assert (table.code, table.invited, table.removed) == ("owl", {"Bo"}, {"Cy"})
    assert table.admits("Bo") and not table.admits("Cy", "owl") and table.admits("Dee", "OWL")
    assert not table.admits("Dee", "")
    again.close()


def test_uno_join_in_a_terminal_types_a_chat_line_at_a_table_in_play_and_a_key_still_acts(tmp_path):
    got = _join_and_type(tmp_path, "off")
    from uno_cli.words.i18n import use_language
    from uno_cli.words import interactive as words

    with use_language("it"):
        assert got["typing"].strip() == words.typing_started("sa")  # said here, in the joiner's language
    assert got["chat"].strip() == "Ana dice: ciao"


def test_uno_join_speaks_the_typing_rule_and_the_chat_line_through_the_speech_daemon(tmp_path, speech_daemon):
    _join_and_type(tmp_path, "on")
    assert speech_daemon.wait_for("non è un tasto", timeout=30), speech_daemon.spoken_text()
    assert speech_daemon.wait_for("Ana dice: ciao", timeout=30), speech_daemon.spoken_text()


def _join_and_type(tmp_path, speech: str) -> dict[str, str]:
    """``uno join`` in a pseudo-terminal, in Italian, at a table in play: types "say ciao", then presses H."""
    import time

    import pexpect

    home = tmp_path / "home"
    home.mkdir()

    def drive(port: int, _hub) -> dict[str, str]:
        child = join_in_terminal(home, port, "--speech", speech, "--lang", "it")
        got = {}
        try:
            child.expect("Ciao, Ana")
            child.send("create t players=2 hands=1\r")
            child.expect("tavolo 1")
            child.send("start\r")
            child.expect("Tocca a te.")
            for ch in "say ciao\r":  # S is a key; A is none: the line begins with "sa"
                child.send(ch)
                time.sleep(0.06)
            child.expect(r"sa: non [^\r\n]+")
            got["typing"] = child.after
            child.expect(r"Ana dice: [^\r\n]+")
            got["chat"] = child.after
            child.send("h")
            child.expect(r"Hai 7 carte")
            got["h"] = child.after
            child.send("\x04")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        return got

    return beside_a_server(tmp_path / "server", drive, turn_limit=NO_LIMIT)


def test_uno_join_takes_the_servers_rule_for_keys_a_watcher_has_no_card_keys_and_a_colour_choice_takes_letters():
    from uno_cli.interactive.screens import Mode
    from uno_cli.net.client import _Remote

    remote = _Remote(process=None, announcer=None)
    assert remote.takes_key("h") and remote.takes_key("s") and remote.takes_key("space")
    assert not remote.takes_key("p") and not remote.takes_key("w")  # no keys at a network table: they type
    remote.watching = True
    assert remote.takes_key("s") and remote.takes_key("left")  # named keys always answer
    assert not remote.takes_key("h") and not remote.takes_key("u")
    remote.watching, remote.mode = False, Mode.COLOR
    assert remote.takes_key("y")  # the colour choice's letters


def test_the_help_says_how_to_give_a_private_tables_code():
    from uno_cli.play.commands import LOBBY_BY_NAME, lobby_usage

    assert lobby_usage(LOBBY_BY_NAME["join"]) == "join NUMBER [CODE]"
    assert lobby_usage(LOBBY_BY_NAME["watch"]) == "watch NUMBER [CODE]"


def test_no_bot_is_given_the_name_of_a_player_of_the_server(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        _ana, _bruno = await Client.open(port, "ana"), await Client.open(port, "Bruno")  # the first two bot names
        rui = await Client.open(port, "Rui")
        await open_table(rui, "players=3")
        names = list(hub.tables[1].session.names)
        server.close()
        return names

    names = run(go())
    assert names[0] == "Rui" and not {"Ana", "ana", "Bruno"} & set(names)
    assert names[1:] == ["Carla", "Dario"]

"""The table server over real SSH connections on 127.0.0.1 (asyncssh clients, and OpenSSH where installed)."""

from __future__ import annotations

import asyncio
import shutil

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, Client, open_server, play_to_the_end, private_key_file, system_ssh
from uno_cli.net import ssh as net_ssh

SECRET_KEYS = ("cards", "card_drawn", "hand")


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def _table(port: int, names: list[str], spec: str = "t players=4 bots=easy hands=1"):
    clients = [await Client.open(port, n) for n in names]
    clients[0].send("create " + spec)
    await clients[0].read_until(lambda o: o["type"] == "joined")
    for c in clients[1:]:
        c.send("join 1")
        await c.read_until(lambda o: o["type"] == "joined")
    return clients


def test_whole_match_three_remote_players_and_a_bot_and_a_spectator_sees_only_public_events(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        players = await _table(port, ["Ana", "Bo", "Cy"])
        watcher = await Client.open(port, "Dee")
        watcher.send("watch 1")
        await watcher.read_until(lambda o: o["type"] == "watching")
        watcher.send("hand")  # a watcher has no hand to ask for
        await watcher.read_until(lambda o: o.get("code") == "unknown_command")
        players[1].send("start")  # not the creator
        await players[1].read_until(lambda o: o.get("code") == "not_creator")
        players[0].send("start")
        await watcher.read_until(lambda o: o["type"] == "hand_dealt")
        watcher.send("counts")
        await watcher.read_until(lambda o: o["type"] == "counts")
        results = await asyncio.gather(*(play_to_the_end(c) for c in players),
                                       watcher.read_until(lambda o: o["type"] == "game_over", 60))
        server.close()
        return players, watcher, results

    players, watcher, results = run(go())
    assert len({tuple(r["winners"]) for r in results}) == 1
    assert results[0]["names"][:3] == ["Ana", "Bo", "Cy"]
    hello = next(o for o in players[1].objects if o["type"] == "hello")
    assert hello["seat"] == 2 and hello["players"] == 4
    # The watcher never gets a prompt nor anybody's cards.
    assert not any(o["type"] == "prompt" for o in watcher.objects)
    for o in watcher.objects:
        if o["type"] in ("draw", "deal", "hand_dealt"):
            assert not any(k in o for k in SECRET_KEYS), o
    # A player sees their own dealt cards but not another seat's.
    dealt = [o for o in players[0].objects if o["type"] == "hand_dealt"]
    assert any("cards" in o for o in dealt if o.get("seat") == 1)
    assert not any("cards" in o for o in dealt if o.get("seat") != 1)


def test_chat_reaches_the_table_with_the_senders_name_cleaned_and_mute_stops_it(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        a, b, c = await _table(port, ["Ana", "Bo", "Cy"])
        c.send("mute")
        await c.read_until(lambda o: o["type"] == "info")
        a.send("'hi \x1b[31mthere\u202e friends")
        got = await b.read_until(lambda o: o["type"] == "chat")
        c.send("who")
        await c.read_until(lambda o: o["type"] == "who")
        server.close()
        return got, c

    got, c = run(go())
    assert got["from"] == "Ana" and got["message"] == "hi there friends"
    assert got["text"] == "Ana says: hi there friends"
    assert not any(o["type"] == "chat" for o in c.objects)


def test_a_chat_line_with_nothing_after_its_apostrophe_says_how_to_chat_and_sends_nothing(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        a = await Client.open(port, "Ana")
        b = await Client.open(port, "Bo")
        for line in ("'", "'   ", "say"):
            a.send(line)
        a.send("who")
        await a.read_until(lambda o: o["type"] == "who")
        b.send("who")
        await b.read_until(lambda o: o["type"] == "who")
        server.close()
        return a, b

    a, b = run(go())
    errors = [o for o in a.objects if o.get("code") == "empty_chat"]
    assert len(errors) == 3 and errors[0]["text"].startswith("Nothing to send")
    assert not any(o["type"] == "chat" for o in a.objects + b.objects)


def test_start_during_the_match_says_it_is_under_way_not_that_it_works_only_in_the_interactive_game(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        (a,) = await _table(port, ["Ana"], "t players=2 bots=easy hands=1")
        a.send("start")
        await a.read_until(lambda o: o["type"] == "match_start")
        a.send("start")
        got = await a.read_until(lambda o: o["type"] == "error")
        server.close()
        return got

    got = run(go())
    assert got["code"] == "started" and got["text"] == "Your match is already under way."


def test_chat_rate_is_limited(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        a = await Client.open(port, "Ana")
        for i in range(8):
            a.send(f"say line {i}")
        err = await a.read_until(lambda o: o.get("code") == "chat_rate")
        server.close()
        return a, err

    a, err = run(go())
    assert sum(1 for o in a.objects if o["type"] == "chat") == 5


def test_names_with_escape_sequences_are_cleaned_before_anyone_sees_them():
    # SSH clients refuse such user names themselves (SASLprep); a hostile one may not: the hub cleans.
    from uno_cli.net.hub import Hub, Member

    lines: list[str] = []
    other: list[str] = []
    hub = Hub()
    hub.connect(Member("Bo", other.append))  # members speak English unless told otherwise
    hub.connect(Member("Eve\x1b]0;pwned\x07\u202eX\x1b[2J", lines.append))
    hub.line(hub.members["EveX"], "say hi")
    assert lines[0] == "Welcome, EveX. Type help for the commands."
    assert other[-1] == "EveX says: hi"


def test_a_dropped_player_gets_the_seat_back_on_reconnecting(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        a, b = await _table(port, ["Ana", "Bo"], "t players=3 bots=easy hands=1")
        a.send("start")
        await b.read_until(lambda o: o["type"] == "hello")
        b.close()
        await a.read_until(lambda o: o["type"] == "info" and "lost the connection" in o["text"])
        b2 = await Client.open(port, "Bo")
        hello = await b2.read_until(lambda o: o["type"] == "hello")
        await a.read_until(lambda o: o["type"] == "info" and "is back" in o["text"])
        results = await asyncio.gather(play_to_the_end(a), play_to_the_end(b2))
        server.close()
        return hello, results

    hello, results = run(go())
    assert hello["seat"] == 2
    assert results[0]["winners"] == results[1]["winners"]


def test_a_bot_plays_the_seat_of_a_player_who_does_not_come_back(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, away=1.0)  # 2 ms of real time
        a, b = await _table(port, ["Ana", "Bo"], "t players=2 hands=1")
        a.send("start")
        await b.read_until(lambda o: o["type"] == "hello")
        b.close()
        await a.read_until(lambda o: o["type"] == "info" and "a bot plays their seat" in o["text"])
        result = await play_to_the_end(a)
        server.close()
        return result

    assert run(go())["type"] == "game_over"


def test_a_wrong_passcode_is_refused_and_an_address_failing_often_is_blocked(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        refused = 0
        for _ in range(net_ssh.MAX_FAILURES):
            try:
                await Client.open(port, "Mal", passcode="wrong")
            except asyncssh.PermissionDenied:
                refused += 1
        blocked = False
        try:
            await Client.open(port, "Mal", passcode=PASSCODE)
        except (asyncssh.Error, OSError):
            blocked = True
        server.close()
        return refused, blocked

    refused, blocked = run(go())
    assert refused == net_ssh.MAX_FAILURES
    assert blocked


def test_a_client_that_never_reads_does_not_stall_the_others(tmp_path, monkeypatch):
    monkeypatch.setattr(net_ssh, "MAX_BUFFER", 4096)

    async def go():
        server, hub, port = await open_server(tmp_path)
        a, b = await _table(port, ["Ana", "Bo"], "t players=4 bots=easy hands=1")
        sleeper = await Client.open(port, "Zz", window=2048)
        sleeper.send("join 1")
        await sleeper.read_until(lambda o: o["type"] == "joined")
        # Zz never reads again: its window fills up, then its buffer; it is dropped, a bot plays.
        sleeper.process.stdout.channel.pause_reading()
        a.send("start")
        results = await asyncio.gather(play_to_the_end(a), play_to_the_end(b))
        server.close()
        return results

    results = run(go())
    assert results[0]["winners"] == results[1]["winners"]


def test_garbage_input_gets_errors_and_nothing_reads_or_writes_files(tmp_path):
    target = tmp_path / "stolen.json"

    async def go():
        server, hub, port = await open_server(tmp_path)
        a, b = await _table(port, ["Ana", "Bo"], "t players=2 hands=1")
        a.send("start")
        prompt = await a.read_until(lambda o: o["type"] == "prompt") if True else None
        raw = a.process.stdin
        raw.write("\x00\x01\x02 \x1b[2J\n")
        raw.write("{not json\n")
        raw.write("x" * 5000 + "\n")
        raw.write("@2 draw\n")
        raw.write(f"save {target}\n")
        raw.write("join 99\n")
        a.send("who")
        await a.read_until(lambda o: o["type"] == "who")
        b.send("who")
        await b.read_until(lambda o: o["type"] == "who")
        server.close()
        return a, prompt

    a, prompt = run(go())
    codes = [o.get("code") for o in a.objects if o["type"] == "error"]
    assert "too_long" in codes and "no_files" in codes and "not_your_seat" in codes and "no_table" in codes
    assert not target.exists()


def test_a_plain_text_session_f1_says_the_commands_and_f2_the_rules(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        c = await Client.open(port, "Ana", json_lines=False, term="xterm")
        await c.read_until(lambda line: line.startswith("Welcome, Ana."))
        c.process.stdin.write("\x1bOP")
        await c.read_until(lambda line: line.startswith("tables:"))
        c.send("create fun players=2 stacking=on")
        c.send("tables")
        line = await c.read_until(lambda line: line.startswith("Table 1"))
        c.send("start")
        await c.read_until(lambda line: line.startswith("Your move:") or line.startswith("Bruno's turn."))
        c.process.stdin.write("\x1bOQ")  # F2: the rule book
        await c.read_until(lambda line: line == "About these rules")
        server.close()
        return line

    line = run(go())
    assert line == "Table 1, fun: Classic, Stacking: on; 1 of 2 seats taken; bots normal; waiting for players."


def test_the_joiners_language_is_used_for_their_lines(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        c = await Client.open(port, "Ana")
        c.send("lang pt")
        c.send("tables")
        got = await c.read_until(lambda o: o["type"] == "tables")
        server.close()
        return got

    assert run(go())["text"] == "Ainda não há mesas. Abra uma com: criar NOME"


def test_tables_in_progress_are_saved_and_resumed_after_a_restart(tmp_path):
    async def first():
        server, hub, port = await open_server(tmp_path)
        a, b = await _table(port, ["Ana", "Bo"], "t players=3 bots=easy hands=1 pace=1.5")
        a.send("start")
        await a.read_until(lambda o: o["type"] == "hello")
        hub.close()
        server.close()

    async def second():
        server, hub, port = await open_server(tmp_path)
        resumed = hub.resume()
        a = await Client.open(port, "Ana")
        b = await Client.open(port, "Bo")
        hello = await a.read_until(lambda o: o["type"] == "hello")
        pace = next(iter(hub.tables.values())).pace
        results = await asyncio.gather(play_to_the_end(a), play_to_the_end(b))
        server.close()
        return resumed, hello, results, pace

    run(first())
    assert (tmp_path / "tables" / "tables.sqlite3").is_file()
    resumed, hello, results, pace = run(second())
    assert resumed == 1 and hello["seat"] == 1 and pace == 1.5
    assert results[0]["winners"] == results[1]["winners"]


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed")
def test_the_system_ssh_client_joins_with_a_key(tmp_path):
    key, key_file = private_key_file(tmp_path)
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(key.export_public_key())

    async def go():
        server, hub, port = await open_server(tmp_path, passcode=None, authorized_keys=str(auth))
        out = await system_ssh(port, "Ana", b"create fun\ntables\n", tmp_path, key_file)
        server.close()
        return out

    out = run(go())
    assert "Welcome, Ana." in out
    assert "Table 1, fun: Classic; 1 of 4 seats taken; bots normal; waiting for players." in out


def test_when_the_creator_leaves_before_the_start_the_next_player_may_start():
    from uno_cli.net.hub import Hub, Member

    out: dict[str, list[str]] = {"Ana": [], "Bo": []}
    hub = Hub()
    ana, bo = Member("Ana", out["Ana"].append), Member("Bo", out["Bo"].append)
    hub.connect(ana)
    hub.connect(bo)
    hub.line(ana, "create t players=2")
    hub.line(bo, "join 1")
    hub.line(ana, "leave")
    assert hub.tables[1].creator == "Bo"
    assert out["Bo"][-1] == "Ana leaves table 1."


def test_a_plain_text_player_plays_with_the_game_words_of_any_language_and_sees_only_their_cards(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        c = await Client.open(port, "Ana", json_lines=False)
        c.send("create t players=2 hands=1")
        c.send("start")
        await c.read_until(lambda line: line.startswith("Your move:"))
        c.send("mão")  # "hand" in Portuguese
        hand = await c.read_until(lambda line: line.startswith("You have ") and " cards: " in line)
        c.send("comprar")  # "draw"
        drew = await c.read_until(lambda line: line.startswith("You draw "))
        server.close()
        return c, hand, drew

    c, hand, drew = run(go())
    assert " cards: " in hand
    assert not any(line.startswith("Bruno has ") for line in c.lines)


def test_a_table_with_impossible_options_is_refused_with_the_reason():
    from uno_cli.net.hub import Hub, Member

    out: list[str] = []
    hub = Hub()
    ana = Member("Ana", out.append)
    hub.connect(ana)
    hub.line(ana, "create t players=11")
    hub.line(ana, "create t bots=genius")
    hub.line(ana, "create t stacking=maybe")
    hub.line(ana, "create t preset=nosuch")
    assert out[1] == "That table cannot be opened: A game needs 2 to 10 players, not 11."
    assert out[2].startswith("That table cannot be opened: There is no bot level genius.")
    assert all(line.startswith("That table cannot be opened: ") for line in out[3:5])
    assert hub.tables == {}

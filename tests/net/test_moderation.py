"""Moderators and operators over real SSH connections: kick, unseat, mute, close, ban (name and
address, kept in the store), broadcast, a shutdown with notice of a real ``uno serve`` that
comes back with every table, roles refused to those without them, the passcode from a file
and the environment, keys read again on SIGHUP, and the operators' log."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, Client, open_server, private_key_file, open_table, system_ssh
from uno_cli.net import oplog
from uno_cli.net.moderation import RolesError, parse_duration, parse_roles, read_roles
from uno_cli.net.ssh import JSON_CHANNEL

ROOT = Path(__file__).resolve().parents[2]
POSIX = hasattr(signal, "SIGHUP")


def run(coro, timeout: float = 120):
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def keyed(port: int, name: str, key: asyncssh.SSHKey) -> Client:
    """A JSON client logged in with ``key`` (a personal credential: roles count)."""
    conn = await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[key], known_hosts=None,
                                  agent_path=None, config=None, password=None)
    return Client(conn, await conn.create_process(JSON_CHANNEL), True)


def keys_file(tmp_path: Path, *keys: asyncssh.SSHKey) -> Path:
    path = tmp_path / "authorized_keys"
    path.write_bytes(b"".join(k.export_public_key() for k in keys))
    return path


async def staff_server(tmp_path: Path):
    """A server where Op (operator) and Mo (moderator) log in with keys; players with the passcode."""
    op_key, mo_key = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    server, hub, port = await open_server(tmp_path, authorized_keys=str(keys_file(tmp_path, op_key, mo_key)))
    hub.moderation.roles = read_roles(operators=("Op",), moderators=("Mo",))
    op, mo = await keyed(port, "Op", op_key), await keyed(port, "Mo", mo_key)
    return server, hub, port, op, mo


def code(c: str):
    return lambda o: o.get("code") == c


def test_a_moderator_mutes_unseats_closes_and_kicks_and_a_player_without_a_role_is_refused(tmp_path):
    async def go():
        server, hub, port, op, mo = await staff_server(tmp_path)
        ana, bo = await Client.open(port, "Ana"), await Client.open(port, "Bo")
        ana.send("kick Bo")  # no role
        refused = await ana.read_until(code("not_allowed"))
        mo.send("ban Ana")  # a moderator does not ban
        mo_refused = await mo.read_until(code("not_allowed"))
        mo.send("mute Ana 30m")
        told = await ana.read_until(code("muted"))
        ana.send("say hello")
        silenced = await ana.read_until(lambda o: o.get("code") == "muted" and o["type"] == "error")
        mo.send("unmute Ana")
        await ana.read_until(code("unmuted"))
        ana.send("say hello again")
        chat = await bo.read_until(lambda o: o["type"] == "chat")
        await open_table(ana, "players=3", bo, start=False)
        mo.send("unseat Bo")
        unseated = await ana.read_until(lambda o: "taken off table 1" in (o.get("text") or ""))
        bo.send("join 1")
        barred = await bo.read_until(code("barred"))
        mo.send("close 1")
        closed = await ana.read_until(code("closed"))
        mo.send("kick Bo")
        kicked = await bo.read_until(code("kicked"))
        await mo.read_until(lambda o: o.get("text") == "Bo is off the server.")
        mo.send("kick Op")  # nobody acts against a role as high as their own
        protected = await mo.read_until(code("protected"))
        mo.send("help")
        helped = await mo.read_until(lambda o: o["type"] == "help" and o["text"].startswith("kick"))
        gone = hub.members.get("Bo") is None
        tables = dict(hub.tables)
        server.close()
        return refused, mo_refused, told, silenced, chat, unseated, barred, closed, kicked, protected, helped, gone, \
            tables

    (refused, mo_refused, told, silenced, chat, unseated, barred, closed, kicked, protected, helped, gone,
     tables) = run(go())
    assert refused["text"] == "Only the server's moderators and operators can do that."
    assert mo_refused["text"] == "Only the server's operators can do that."
    assert told["text"] == "Mo mutes your chat for 30 minutes."
    assert silenced["text"] == "A moderator muted your chat; nobody reads what you write."
    assert chat["message"] == "hello again"  # the muted line reached nobody; the one after unmute did
    assert unseated["text"] == "Bo is taken off table 1 by a moderator."
    assert barred["text"] == "You cannot sit at table 1 again: a moderator took you off it."
    assert closed["text"] == "Mo closes table 1; you are back in the lobby." and tables == {}
    assert kicked["text"] == "Mo sends you off the server." and gone
    assert protected["text"] == "You cannot do that to Op."
    assert "ban" not in helped["text"]  # a moderator hears the moderators' commands only
    assert "unseat NAME: take a player off their table; a bot plays their seat" in helped["text"]


def test_an_operators_name_with_the_shared_passcode_has_no_role(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        hub.moderation.roles = read_roles(operators=("Op",))
        fake = await Client.open(port, "Op")  # anyone holding the passcode could take this name
        fake.send("broadcast hello")
        got = await fake.read_until(code("role_needs_key"))
        server.close()
        return got

    assert run(go())["text"] == ("Your role here counts only when you log in with your own key, not with the shared "
                                 "passcode.")


def test_an_unseated_player_in_a_match_is_replaced_by_a_bot_at_once(tmp_path):
    async def go():
        server, hub, port, op, mo = await staff_server(tmp_path)
        ana, bo = await Client.open(port, "Ana"), await Client.open(port, "Bo")
        await open_table(ana, "players=2 hands=1", bo)
        mo.send("unseat Bo")
        bot = await ana.read_until(lambda o: "a bot plays their seat" in (o.get("text") or ""))
        owners = list(hub.tables[1].owners)
        hub.close()
        server.close()
        return bot, owners

    async def after_restart():
        server, hub, port = await open_server(tmp_path)
        hub.resume()
        hub.moderation.load(hub.store, hub.tables)
        bo = await Client.open(port, "Bo")
        await bo.read_until(lambda o: o["type"] == "welcome")
        bo.send("join 1")
        barred = await bo.read_until(code("barred"))
        seated = [m.name for m in hub.tables[1].members]
        server.close()
        return barred, seated

    bot, owners = run(go())
    assert bot["text"] == "Bo did not come back; a bot plays their seat."
    assert owners == ["Ana", None]
    barred, seated = run(after_restart())  # the saved match still names Bo's seat: Bo does not get it back
    assert barred["code"] == "barred" and seated == []


def test_a_player_whose_seat_waits_after_a_drop_can_be_unseated_and_a_bot_plays_it_at_once(tmp_path):
    async def go():
        server, hub, port, op, mo = await staff_server(tmp_path)
        ana, bo = await Client.open(port, "Ana"), await Client.open(port, "Bo")
        await open_table(ana, "players=2 hands=1", bo)
        bo.close()
        await ana.read_until(lambda o: "Bo" in (o.get("text") or "") and o["type"] != "joined")
        mo.send("unseat Bo")
        told = await mo.read_until(code("unseated"))
        bot = await ana.read_until(lambda o: "a bot plays their seat" in (o.get("text") or ""))
        owners = list(hub.tables[1].owners)
        again = await Client.open(port, "Bo")
        await again.read_until(lambda o: o["type"] == "welcome")
        again.send("join 1")
        barred = await again.read_until(code("barred"))
        server.close()
        return told, bot, owners, barred

    told, bot, owners, barred = run(go())
    assert told["text"] == "Bo is taken off table 1 by a moderator."
    assert bot["text"] == "Bo did not come back; a bot plays their seat."
    assert owners == ["Ana", None] and barred["code"] == "barred"


def test_a_banned_name_and_a_banned_address_are_refused_at_login_and_the_bans_survive_a_restart(tmp_path):
    async def first():
        server, hub, port, op, mo = await staff_server(tmp_path)
        ana = await Client.open(port, "Ana")
        op.send("ban Ana 2h")
        told = await ana.read_until(code("banned"))
        await op.read_until(lambda o: o.get("text") == "Ana is banned for 2 hours.")
        again = await Client.open(port, "ANA")  # the name as names are compared
        refused = await again.read_until(code("banned"))
        op.send("ban 127.0.0.0/8 1d")
        await op.read_until(lambda o: o.get("text") == "127.0.0.0/8 is banned for 1 day.")
        try:
            await Client.open(port, "Cy")
            address_refused = False
        except (asyncssh.Error, OSError):
            address_refused = True
        hub.close()
        server.close()
        return told, refused, address_refused

    async def second():
        server, hub, port = await open_server(tmp_path)
        hub.resume()
        hub.moderation.load(hub.store)
        bans = sorted(hub.moderation.bans)
        del hub.moderation.bans[("address", "127.0.0.0/8")]  # as "unban 127.0.0.0/8" does
        ana = await Client.open(port, "Ana")
        refused = await ana.read_until(code("banned"))
        server.close()
        return bans, refused

    told, refused, address_refused = run(first())
    assert told["text"].startswith("You are banned from this server until ")
    assert refused["text"] == told["text"]
    assert address_refused
    bans, refused_again = run(second())
    assert bans == [("address", "127.0.0.0/8"), ("name", "ana")]
    assert refused_again["code"] == "banned"


def test_unban_lifts_a_ban_and_an_unreadable_time_is_refused(tmp_path):
    async def go():
        server, hub, port, op, mo = await staff_server(tmp_path)
        op.send("ban Eve 2weeks")
        bad = await op.read_until(code("bad_time"))
        op.send("ban Eve")
        await op.read_until(lambda o: o.get("text") == "Eve is banned.")
        op.send("unban eve")
        lifted = await op.read_until(code("unbanned"))
        eve = await Client.open(port, "Eve")
        welcome = await eve.read_until(lambda o: o["type"] == "welcome")
        rows = hub.store.bans()
        server.close()
        return bad, lifted, welcome, rows

    bad, lifted, welcome, rows = run(go())
    assert bad["text"] == "2weeks is not a time: write minutes, or a number with m, h or d (30m, 2h, 7d)."
    assert lifted["text"] == "eve is no longer banned."
    assert welcome["name"] == "Eve" and rows == []


def test_a_broadcast_reaches_everyone_at_tables_and_in_the_lobby_in_their_language(tmp_path):
    async def go():
        server, hub, port, op, mo = await staff_server(tmp_path)
        ana, bo = await Client.open(port, "Ana"), await Client.open(port, "Bo")
        await open_table(ana, "players=2 hands=1")
        bo.send("lang pt")
        await bo.read_until(lambda o: o["type"] == "welcome" and o["text"].startswith("Boas-vindas"))
        op.send("broadcast the server \x1b[2Jrestarts tonight")
        return await asyncio.gather(*(c.read_until(lambda o: o["type"] == "broadcast") for c in (ana, bo, mo)))

    at_table, in_portuguese, moderator = run(go())
    assert at_table["text"] == "Announcement from Op: the server restarts tonight"
    assert in_portuguese["message"] == "the server restarts tonight" and in_portuguese["text"] != at_table["text"]
    assert moderator["text"] == at_table["text"]


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed")
def test_an_operator_on_the_system_ssh_client_broadcasts(tmp_path):
    key, key_file = private_key_file(tmp_path)

    async def go():
        server, hub, port = await open_server(tmp_path, authorized_keys=str(keys_file(tmp_path, key)))
        hub.moderation.roles = read_roles(operators=("Op",))
        ana = await Client.open(port, "Ana")
        out = await system_ssh(port, "Op", b"broadcast tea is ready\n", tmp_path, key_file)
        heard = await ana.read_until(lambda o: o["type"] == "broadcast")
        server.close()
        return heard, out

    heard, out = run(go())
    assert heard["text"] == "Announcement from Op: tea is ready"
    assert "Announcement from Op: tea is ready" in out


# ------------------------------------------------------------------ a real ``uno serve``


def _serve(home: Path, *args: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen, int, list[str]]:
    """A real ``uno serve`` process, its port, and the lines it printed at start."""
    full = dict(os.environ, UNO_CLI_HOME=str(home), PYTHONPATH=str(ROOT), UNO_CLI_IGNORE_SETTINGS="1", **(env or {}))
    full.pop("UNO_PASSCODE", None) if env is None or "UNO_PASSCODE" not in env else None
    proc = subprocess.Popen([sys.executable, "-m", "uno_cli", "serve", "--listen", "127.0.0.1:0", "--lang", "en",
                             "--speech", "off", "--pace", "0.2", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=full, text=True)
    assert proc.stdout is not None
    lines = []
    for _ in range(8):
        line = proc.stdout.readline()
        lines.append(line)
        match = re.search(r"Join with: ssh -p (\d+)", line)
        if match:
            return proc, int(match.group(1)), lines
    proc.kill()
    raise AssertionError("the server did not start: " + "".join(lines))


def test_a_shutdown_with_notice_tells_everyone_saves_and_every_table_is_back_after_the_restart(tmp_path):
    op_key = asyncssh.generate_private_key("ssh-ed25519")
    auth = keys_file(tmp_path, op_key)
    secret = tmp_path / "passcode"
    secret.write_text("  " + PASSCODE + "\n", encoding="utf-8")
    home = tmp_path / "home"

    async def first(port: int) -> list[dict]:
        op = await keyed(port, "Op", op_key)
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.open(port, "Mal", passcode="wrong guess")
        ana, bo, cy = await Client.open(port, "Ana"), await Client.open(port, "Bo"), await Client.open(port, "Cy")
        ana.send("create friday players=3")
        await ana.read_until(lambda o: o["type"] == "joined")
        cy.send("create quiet players=2")  # table 2; Bo watches it, and Cy leaves: nobody is seated
        await cy.read_until(lambda o: o["type"] == "joined" and o["number"] == 2)
        bo.send("watch 2")
        await bo.read_until(lambda o: o["type"] == "watching")
        cy.send("leave")
        await bo.read_until(lambda o: o["type"] == "left")
        op.send("shutdown 1")
        notices = await asyncio.gather(*(c.read_until(lambda o: o["type"] == "shutdown" and o["seconds"] == 1)
                                         for c in (op, ana, bo)))
        finals = await asyncio.gather(*(c.read_until(lambda o: o["type"] == "shutdown" and o["seconds"] == 0, 30)
                                        for c in (ana, bo)))
        return [*notices, *finals]

    async def second(port: int) -> tuple[dict, list[dict]]:
        ana = await Client.open(port, "Ana")
        seat = await ana.read_until(lambda o: o["type"] == "joined")
        ana.send("tables")
        await ana.read_until(lambda o: o["type"] == "table" and o["number"] == 2)
        return seat, [o for o in ana.objects if o["type"] == "table"]

    proc, port, started = _serve(home, "--operator", "Op", "--authorized-keys", str(auth), "--passcode-file",
                                 str(secret))
    try:
        told = run(first(port))
        status = proc.wait(30)
        rest = proc.stdout.read()
        proc, port, again = _serve(home, "--operator", "Op", "--authorized-keys", str(auth),
                                   env={"UNO_PASSCODE": PASSCODE})
        seat, tables = run(second(port))
    finally:
        proc.kill()
        proc.wait(10)
    assert told[0]["text"] == ("The server restarts in 1 second. Every table is saved; log in again afterwards and "
                               "your seat is waiting.")
    assert all(t["text"] == told[0]["text"] for t in told[:3])
    assert told[3]["text"] == "The server is restarting now. Every table is saved; log in again in a moment."
    assert status == 0, rest
    assert not any(PASSCODE in line for line in started + again)  # a passcode from a file or the environment
    assert f"Passcode: the one in {secret}.\n" in started and "Passcode: the one in UNO_PASSCODE.\n" in again
    assert seat["number"] == 1 and seat["seat"] == 1
    assert [(t["number"], t["name"], t["taken"]) for t in tables] == [(1, "friday", 1), (2, "quiet", 0)]
    log = next(home.rglob("server.log")).read_text(encoding="utf-8")
    assert re.search(r"^\S+Z INFO login: Op from 127\.0\.0\.1 with key SHA256:\S+ \(operator\)$", log, re.MULTILINE)
    assert re.search(r"INFO shutdown in 1s by Op$", log, re.MULTILINE)
    assert re.search(r"INFO server stopping: 2 tables saved$", log, re.MULTILINE)
    assert "INFO table 1 opened by Ana" in log and PASSCODE not in log
    assert "INFO failed login: Mal from 127.0.0.1 (passcode refused)" in log and "wrong guess" not in log


@pytest.mark.skipif(not POSIX, reason="SIGHUP is POSIX")
def test_the_authorized_keys_are_read_again_on_sighup(tmp_path):
    old, new = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    auth = keys_file(tmp_path, old)
    home = tmp_path / "home"

    async def login(port: int, key: asyncssh.SSHKey) -> bool:
        try:
            client = await keyed(port, "Ana", key)
        except asyncssh.PermissionDenied:
            return False
        await client.read_until(lambda o: o["type"] == "welcome")
        client.close()
        return True

    roles = tmp_path / "roles.txt"
    roles.write_text("operator Ana\n", encoding="utf-8")
    proc, port, _lines = _serve(home, "--authorized-keys", str(auth), "--roles", str(roles))
    try:
        before = run(login(port, new))
        roles.write_text("operator Ana\nmoderator Bo\n", encoding="utf-8")
        stamp = os.stat(auth)
        auth.write_bytes(new.export_public_key())  # as long as the old key: only the signal tells
        os.utime(auth, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        unchanged = run(login(port, new))
        proc.send_signal(signal.SIGHUP)
        after = False
        for _ in range(50):
            after = run(login(port, new))
            if after:
                break
        old_refused = not run(login(port, old))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    assert (before, unchanged, after, old_refused) == (False, False, True, True)
    log = next(home.rglob("server.log")).read_text(encoding="utf-8")
    assert "INFO authorized keys read again from " in log
    assert "INFO roles read again: 2 names" in log


def test_a_changed_authorized_keys_file_counts_from_the_next_login_without_a_signal(tmp_path):
    old, new = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-rsa", key_size=2048)
    auth = keys_file(tmp_path, old)

    async def go():
        server, hub, port = await open_server(tmp_path, authorized_keys=str(auth))
        auth.write_bytes(old.export_public_key() + new.export_public_key())  # another size: a change
        client = await keyed(port, "Bo", new)
        welcome = await client.read_until(lambda o: o["type"] == "welcome")
        server.close()
        return welcome

    assert run(go())["name"] == "Bo"


# ------------------------------------------------------------------ the log, the store, the roles file


def test_the_operators_log_is_one_line_per_event_cleaned_rotated_by_size_and_reopened(tmp_path):
    path = tmp_path / "server.log"
    handler = oplog.open_log(path, max_bytes=400, backups=2)
    try:
        oplog.event("login: %s from %s", oplog.safe("Eve\x1b]0;pwned\x07\nX"), "192.0.2.1")
        try:
            raise ValueError("broken\nin two")
        except ValueError:
            oplog.log.exception("a table failed")
        first = path.read_text(encoding="utf-8").splitlines()
        for i in range(20):
            oplog.event("kick: player %d by Mo", i)
        rotated = sorted(p.name for p in tmp_path.iterdir())
        path.rename(tmp_path / "moved.log")  # what logrotate does, then SIGHUP: reopen
        handler.reopen()
        oplog.event("after the move")
        moved_on = path.read_text(encoding="utf-8")
    finally:
        oplog.close_log(handler)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ INFO login: Eve X from 192\.0\.2\.1", first[0])
    assert first[1].split(" ", 1)[1].startswith("ERROR a table failed | Traceback (most recent call last):")
    assert first[1].endswith("ValueError: broken | in two") and len(first) == 2
    assert rotated == ["server.log", "server.log.1", "server.log.2"]
    assert moved_on.endswith("INFO after the move\n") and moved_on.count("\n") == 1


def test_a_version_1_store_holding_tables_migrates_to_version_2_with_bans(tmp_path):
    from uno_cli.net.store import SCHEMA_VERSION, TableStore

    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(str(path))
    db.execute("CREATE TABLE tables (number INTEGER PRIMARY KEY, data TEXT NOT NULL)")
    db.execute("INSERT INTO tables VALUES (3, '{\"net\": {}}')")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    store = TableStore(path)
    store.put_ban("name", "eve", None, "Op")
    tables, bans = store.tables(), store.bans()
    store.backup(tmp_path / "copy.sqlite3")
    store.close()
    copy = sqlite3.connect(str(tmp_path / "copy.sqlite3"))
    assert SCHEMA_VERSION == 4 and copy.execute("PRAGMA user_version").fetchone()[0] == 4
    assert list(copy.execute("SELECT kind, target FROM bans")) == [("name", "eve")]
    copy.close()
    assert tables == [(3, '{"net": {}}')] and bans == [("name", "eve", None, "Op")]


def test_the_roles_file_is_validated_with_the_line_and_the_reason():
    roles = parse_roles("# staff\noperator Ana\n\nmoderator Bo\nmoderator ANA\n", "roles.txt")
    assert roles == {"ana": "operator", "bo": "moderator"}
    problems = {
        "admin Ana": "Line 1 of the roles file roles.txt: admin is not a role; write operator or moderator, then "
                     "the name.",
        "operator": "Line 1 of the roles file roles.txt gives no name after the role.",
        "moderator Eve\x1b[2J": "Line 1 of the roles file roles.txt: the name Eve has characters a name cannot "
                                "have, or is longer than 24 characters.",
    }
    for text, message in problems.items():
        with pytest.raises(RolesError) as caught:
            parse_roles(text, "roles.txt")
        assert str(caught.value) == message


def test_roles_and_passcode_files_are_refused_with_a_sentence_before_the_server_starts(tmp_path):
    from click.testing import CliRunner

    from uno_cli.cli import main

    (tmp_path / "empty").write_text("\n\n", encoding="utf-8")
    (tmp_path / "roles").write_bytes(b"operator \xff\n")
    runner = CliRunner()
    empty = runner.invoke(main, ["serve", "--passcode-file", str(tmp_path / "empty")])
    binary = runner.invoke(main, ["serve", "--roles", str(tmp_path / "roles")])
    folder = runner.invoke(main, ["serve", "--roles", str(tmp_path)])
    both = runner.invoke(main, ["serve", "--passcode", "x", "--passcode-file", str(tmp_path / "empty")])
    helped = runner.invoke(main, ["serve", "--help"], env={"UNO_CLI_HOME": str(tmp_path)})
    unwritable = runner.invoke(main, ["serve", "--log", str(tmp_path / "empty" / "server.log")])
    assert empty.exit_code == 2 and f"The passcode file {tmp_path / 'empty'} holds no passcode." in empty.output
    assert binary.exit_code == 2 and "must be a regular file of UTF-8 text, at most 1000 kB" in binary.output
    assert folder.exit_code == 2 and "must be a regular file" in folder.output
    assert both.exit_code == 2 and "Give the passcode one way: --passcode or --passcode-file." in both.output
    assert unwritable.exit_code == 2 and f"Cannot write the log file {tmp_path / 'empty' / 'server.log'}: " in (
        unwritable.output)
    flat = " ".join(helped.output.split())
    assert str(tmp_path / "server" / "tables" / "tables.sqlite3") in flat.replace(" ", "") or "tables.sqlite3" in flat
    assert "server.log" in flat and "host_key" in flat


def test_durations_are_minutes_or_a_number_with_m_h_or_d():
    assert [parse_duration(t) for t in ("45", "30m", "2h", "7D")] == [2700.0, 1800.0, 7200.0, 604800.0]
    for bad in ("0", "-5", "2w", "1.5h", "99999999d", ""):
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_every_moderation_verb_is_understood_in_english_and_by_its_word_in_each_language():
    from uno_cli.play.commands import MODERATION, lobby_verb, verb_words
    from uno_cli.words.i18n import LANGUAGES, get_translator

    game = verb_words()
    for verb in MODERATION:
        assert lobby_verb(verb.name + " Ana") == (verb.name, "Ana")
        for lang in LANGUAGES:
            word = get_translator(lang).pgettext("command", verb.label)
            assert lobby_verb(word.upper() + " Ana") == (verb.name, "Ana"), (lang, word)
            assert tuple(word.lower().split()) not in game, (lang, word)


def test_a_moderator_types_the_commands_in_their_language_and_hears_the_answers_in_it():
    from uno_cli.net.hub import Hub, Member

    hub = Hub()
    hub.moderation.roles = read_roles(moderators=("Mo",))
    said: list[str] = []
    mo = Member("Mo", said.append, lang="it")
    hub.connect(mo)
    eve = Member("Eve", [].append)
    hub.connect(eve)
    hub.connect(Member("Ana Maria", [].append))
    hub.line(mo, "silenzia Eve 2h")
    hub.line(mo, "silenzia ana maria")
    hub.line(mo, "espelli Eve")
    hub.line(mo, "bandisci Eve")
    assert said[1:] == ["La chat di Eve è silenziata per 2 ore.", "La chat di Ana Maria è silenziata.",
                        "Eve è fuori dal server.", "Solo gli operatori del server possono farlo."]


def test_a_version_1_server_folder_keeps_its_waiting_table_after_the_upgrade(tmp_path):
    from uno_cli.net.hub import Hub, Member
    from uno_cli.net.store import SCHEMA_VERSION

    hub = Hub(save_dir=tmp_path / "tables")
    ana = Member("Ana", [].append)
    hub.connect(ana)
    hub.line(ana, "create friday players=3")
    hub.close()
    db = sqlite3.connect(str(tmp_path / "tables" / "tables.sqlite3"))  # as version 1 left it
    for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'tables'").fetchall():
        db.execute(f"DROP TABLE {name}")  # every table of version 2 (bans, accounts, records)
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    again = Hub(save_dir=tmp_path / "tables")
    resumed = again.resume()
    again.moderation.load(again.store)
    table = again.tables[1]
    version = again.store._db.execute("PRAGMA user_version").fetchone()[0]
    again.close()
    assert (resumed, table.name, table.owners, version) == (1, "friday", ["Ana", None, None], SCHEMA_VERSION)


def test_uno_serve_backup_copies_the_store_of_a_server_and_never_overwrites(tmp_path):
    from click.testing import CliRunner

    from uno_cli.cli import main
    from uno_cli.net.hub import Hub, Member
    from uno_cli.net.server import server_dir

    env = {"UNO_CLI_HOME": str(tmp_path / "home")}
    runner = CliRunner()
    nothing = runner.invoke(main, ["serve", "--backup", str(tmp_path / "none.sqlite3")], env=env)
    os.environ["UNO_CLI_HOME"] = env["UNO_CLI_HOME"]
    try:
        hub = Hub(save_dir=server_dir() / "tables")
    finally:
        del os.environ["UNO_CLI_HOME"]
    ana = Member("Ana", [].append)
    hub.connect(ana)
    hub.line(ana, "create friday")
    hub.commit()  # the server still runs: the store is open and written
    copied = runner.invoke(main, ["serve", "--backup", str(tmp_path / "copy.sqlite3")], env=env)
    again = runner.invoke(main, ["serve", "--backup", str(tmp_path / "copy.sqlite3")], env=env)
    hub.close()
    db = sqlite3.connect(str(tmp_path / "copy.sqlite3"))
    rows = [n for (n,) in db.execute("SELECT number FROM tables")]
    db.close()
    assert nothing.exit_code == 2 and "there is no store in " in nothing.output
    assert copied.exit_code == 0 and copied.output == f"The store is copied to {tmp_path / 'copy.sqlite3'}.\n"
    assert rows == [1]
    assert again.exit_code == 2 and "already exists; give a new file." in again.output


def test_a_terminal_session_hears_the_notice_and_the_announcement_as_lines(tmp_path):
    async def go():
        server, hub, port, op, mo = await staff_server(tmp_path)
        ana = await Client.open(port, "Ana", json_lines=False, term="xterm")
        await ana.read_until(lambda line: line.startswith("Welcome, Ana."))
        op.send("broadcast tables close at ten")
        said = await ana.read_until(lambda line: "Announcement" in line)
        op.send("shutdown 120")
        notice = await ana.read_until(lambda line: "restarts" in line)
        server.close()
        return said, notice

    said, notice = run(go())
    assert said == "Announcement from Op: tables close at ten"
    assert notice == ("The server restarts in 2 minutes. Every table is saved; log in again afterwards and your seat "
                      "is waiting.")


def test_uno_join_speaks_the_announcement_and_the_notice_through_speech_dispatcher(tmp_path, speech_daemon):
    import pexpect

    op_key = asyncssh.generate_private_key("ssh-ed25519")
    auth = keys_file(tmp_path, op_key)
    proc, port, _lines = _serve(tmp_path / "server", "--operator", "Op", "--authorized-keys", str(auth),
                                "--passcode", PASSCODE)
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path / "player"), PYTHONPATH=str(ROOT), TERM="xterm",
               PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1", UNO_CLI_IGNORE_SETTINGS="1")
    child = pexpect.spawn(sys.executable, ["-m", "uno_cli", "join", f"127.0.0.1:{port}", "--name", "Ana",
                                           "--passcode", PASSCODE, "--speech", "on", "--lang", "en"],
                          env=env, encoding="utf-8", timeout=30, dimensions=(50, 200))

    async def operate() -> tuple[bool, bool]:
        op = await keyed(port, "Op", op_key)
        op.send("broadcast the tea is ready")
        await op.read_until(lambda o: o["type"] == "broadcast")
        said = await asyncio.to_thread(speech_daemon.wait_for, "Announcement from Op: the tea is ready", 30)
        op.send("shutdown 2")
        notice = await asyncio.to_thread(speech_daemon.wait_for, "The server restarts in 2 seconds.", 30)
        return said, notice

    try:
        child.expect("Welcome, Ana.")
        said, notice = run(operate())
        status = proc.wait(30)
        child.expect(pexpect.EOF, timeout=30)
    finally:
        child.terminate(force=True)
        proc.kill()
        proc.wait(10)
    assert said and notice, speech_daemon.spoken_text()
    assert speech_daemon.wait_for("The server is restarting now.", 10), speech_daemon.spoken_text()
    assert status == 0


def test_a_mute_is_kept_in_the_store_and_holds_after_a_restart_until_unmuted(tmp_path):
    async def first():
        server, hub, port, op, mo = await staff_server(tmp_path)
        mo.send("mute Ana 2h")
        await mo.read_until(code("muted"))
        hub.close()
        server.close()

    async def after_restart():
        server, hub, port = await open_server(tmp_path)
        hub.resume()
        hub.moderation.load(hub.store, hub.tables)
        ana, _bo = await Client.open(port, "Ana"), await Client.open(port, "Bo")
        ana.send("'still here")
        silenced = await ana.read_until(lambda o: o.get("code") == "muted" and o["type"] == "error")
        kept = dict(hub.moderation.muted)
        hub.close()
        server.close()
        return silenced, kept

    run(first())
    silenced, kept = run(after_restart())
    assert silenced["text"] == "A moderator muted your chat; nobody reads what you write."
    assert list(kept) == ["ana"] and kept["ana"] is not None


def test_an_operator_calls_off_a_pending_shutdown_and_everyone_hears_it(tmp_path):
    async def go():
        server, hub, port, op, mo = await staff_server(tmp_path)
        stopped: list[int] = []
        hub.moderation.stop = lambda: stopped.append(1)
        ana = await Client.open(port, "Ana")
        op.send("shutdown cancel")
        nothing = await op.read_until(code("no_shutdown"))
        op.send("shutdown 1")
        await ana.read_until(lambda o: o["type"] == "shutdown")
        op.send("shutdown cancel")
        heard = await ana.read_until(code("cancelled"))
        await asyncio.sleep(1.5)
        server.close()
        return nothing, heard, stopped

    nothing, heard, stopped = run(go())
    assert nothing["text"] == "No shutdown is pending."
    assert heard["text"] == "Op called off the restart; the server keeps running."
    assert stopped == []


def test_a_changed_roles_file_counts_from_the_next_command_without_a_signal(tmp_path):
    roles = tmp_path / "roles.txt"
    roles.write_text("operator Op\n", encoding="utf-8")

    async def go():
        server, hub, port, op, mo = await staff_server(tmp_path)
        hub.moderation.watch_roles(lambda: read_roles(path=str(roles)), str(roles))
        mo.send("mute Ana")
        refused = await mo.read_until(code("not_allowed"))
        roles.write_text("operator Op\nmoderator Mo\n", encoding="utf-8")
        mo.send("mute Ana")
        done = await mo.read_until(code("muted"))
        server.close()
        return refused, done

    refused, done = run(go())
    assert refused["text"] == "Only the server's moderators and operators can do that."
    assert done["text"] == "The chat of Ana is muted."

"""The host key's fingerprint: printed exactly, and said group by group, the same way by
``uno serve`` at start and by ``uno join`` when it first meets the server."""

from __future__ import annotations

import asyncio

from click.testing import CliRunner

from tests.net.helpers import PASSCODE
from uno_cli.cli import main
from uno_cli.words import net as net_words
from uno_cli.net.client import KnownHosts, connect
from uno_cli.net.server import serve
from uno_cli.net.ssh import host_key
from uno_cli.net.table import Clock

FINGERPRINT = "SHA256:aB3d+/Xy0123456789abcdefGHIJKLMNOPQRSTUVWxy"


def _unspell(spoken: str) -> str:
    """The characters a listener writes down from the spoken groups."""
    out = []
    for group in spoken.split("; "):
        parts = group.split(" ")
        i = 0
        while i < len(parts):
            if parts[i] == "capital":
                out.append(parts[i + 1])
                i += 2
            else:
                out.append(parts[i])
                i += 1
    return "".join(out)


def test_the_spoken_fingerprint_gives_back_every_character_and_its_case():
    groups = net_words.fingerprint_groups(FINGERPRINT)
    assert groups[0] == "aB3d" and len(groups) == 11
    assert _unspell(net_words.spelled_fingerprint(FINGERPRINT)) == FINGERPRINT.split(":", 1)[1]
    assert net_words.fingerprint_aloud(FINGERPRINT).startswith("Host key fingerprint, group by group: a capital B 3 d; ")


def test_serve_prints_the_exact_fingerprint_and_says_it_group_by_group_as_join_says_it(tmp_path):
    said: list[str] = []
    shown: list[str] = []
    joined: list[str] = []

    async def go():
        stop = asyncio.Event()
        ready = asyncio.Event()
        port: list[int] = []

        def on_ready(p: int) -> None:
            port.append(p)
            ready.set()

        task = asyncio.create_task(serve("127.0.0.1", 0, PASSCODE, None, tmp_path, Clock(), said.append,
                                         on_ready, stop, show=shown.append))
        await asyncio.wait_for(ready.wait(), 20)
        conn, _process = await connect("127.0.0.1", port[0], "Ana", PASSCODE, None,
                                       KnownHosts(tmp_path / "known_hosts"), joined.append)
        conn.close()
        stop.set()
        await asyncio.wait_for(task, 20)

    asyncio.run(go())
    exact = host_key(tmp_path / "host_key").get_fingerprint()
    # Printed, to copy: the exact fingerprint, and the line to give a friend (host, port and key in one).
    assert shown == [f"Host key fingerprint: {exact}", f"Join with: uno join 127.0.0.1:{_port_of(said)} {exact}"]
    spelled = net_words.spelled_fingerprint(exact)
    assert f"Host key fingerprint, group by group: {spelled}." in said
    assert said[0].startswith("The server is listening on 127.0.0.1, port ")
    assert any(line.startswith("Passcode: ") for line in said)
    assert "Players may keep their name: once in, they type register." in said  # accounts are on by default
    assert joined == [f"First connection to [127.0.0.1]:{_port_of(said)}. Its host key fingerprint, group by group: "
                      f"{spelled}. It is remembered now."]


def _port_of(said: list[str]) -> str:
    return said[0].rsplit(" ", 1)[1].rstrip(".")


def test_serve_has_a_speech_option_like_the_other_commands():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0 and "--speech" in result.output

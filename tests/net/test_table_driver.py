"""A table on the one real-time driver: searching bots think on a worker, the table's own timers go on."""

from __future__ import annotations

import asyncio
import threading

from tests.net.helpers import Client, open_server
from uno_cli.bots.expert import ExpertBot


def test_experts_at_a_table_think_off_the_servers_loop_and_a_silent_player_is_still_moved_for(tmp_path, monkeypatch):
    """The worker's answer puts every timer on again, the turn limit of a player who never
    answers too: the match ends with the server moving for them."""
    threads: list[str] = []
    search = ExpertBot.search

    def recording(self, view, options):
        threads.append(threading.current_thread().name)
        return search(self, view, options)

    monkeypatch.setattr(ExpertBot, "search", recording)

    async def go():
        server, hub, port = await open_server(tmp_path, turn_limit=5.0)  # 10 ms of real time
        ana = await Client.open(port, "Ana")
        ana.send("create t players=3 bots=expert preset=playroom_all hands=1")
        await ana.read_until(lambda o: o["type"] == "joined")
        ana.send("start")
        over = await ana.read_until(lambda o: o["type"] == "game_over", 90)
        server.close()
        return over

    over = asyncio.run(asyncio.wait_for(go(), 120))
    assert over["type"] == "game_over"
    assert threads and all(name.startswith("uno-bot") for name in threads)

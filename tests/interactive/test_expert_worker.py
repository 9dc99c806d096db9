"""An expert bot searches on a worker thread in the interactive game, so keys never wait."""

from __future__ import annotations

import threading
import time

from uno_cli.bots.expert import ExpertBot
from uno_cli.engine import preset
from uno_cli.play import settings
from uno_cli.play.playconfig import PlayConfig

from tests.interactive.helpers import PipeGame


def test_expert_turns_are_searched_off_the_event_loop_thread(monkeypatch) -> None:
    threads: list[str] = []
    search = ExpertBot.search

    def recording(self, view, options):
        threads.append(threading.current_thread().name)
        return search(self, view, options)

    monkeypatch.setattr(ExpertBot, "search", recording)
    settings.save(settings.Settings(bots="expert", players=4))
    game = PipeGame(PlayConfig(speech="off", pace=0.0, seed=3, players=4, options=preset("classic"), speech_rate=0))
    try:
        game.wait_for("Enter starts")
        game.press("\r", "Your turn.", timeout=30)
        # Space draws, and again keeps a playable card drawn; then the three experts play.
        for _ in range(12):
            if threads:
                break
            mark = game.mark()
            game.press(" ")
            line = game.wait_for(".", since=mark, timeout=30)
            if "or pass" in line:
                game.press(" ")
            time.sleep(0.5)
    finally:
        game.close()
    assert threads and all(name.startswith("uno-bot") for name in threads)


def test_the_expert_worker_never_reads_the_live_game(monkeypatch) -> None:
    """The worker asks the bots on copies made on the loop thread: no engine call from it
    touches the game the keys change (nor can a legal-action list come from a half-made move)."""
    from uno_cli.engine import Game

    live_reads: list[str] = []
    worker_reads: list[str] = []
    games: list[Game] = []
    for name in ("view", "legal_actions", "actors", "is_legal", "apply"):
        original = getattr(Game, name)

        def watched(self, *args, _original=original, _name=name):
            if threading.current_thread().name.startswith("uno-bot"):
                worker_reads.append(_name)
                if games and self is games[0]:
                    live_reads.append(_name)
            return _original(self, *args)

        monkeypatch.setattr(Game, name, watched)
    settings.save(settings.Settings(bots="expert", players=4))
    game = PipeGame(PlayConfig(speech="off", pace=0.0, seed=3, players=4, options=preset("classic"), speech_rate=0))
    try:
        game.wait_for("Enter starts")
        games.append(game.controller.game)
        game.press("\r", "Your turn.", timeout=30)
        for _ in range(12):
            if len(worker_reads) > 20:
                break
            mark = game.mark()
            game.press(" ")  # keys arrive while the experts think
            line = game.wait_for(".", since=mark, timeout=30)
            if "or pass" in line:
                game.press(" ")
            time.sleep(0.5)
    finally:
        game.close()
    assert worker_reads  # the experts did think on the worker
    assert live_reads == []

"""Queries: each is one handler in the command registry, and every front end says its answer.

The script and JSON game, the interactive game (keys and typed words), a seat at a network
table (through the script's session) and a watcher (public queries only) all render the
one :class:`uno_cli.play.commands.Answer` the registry's handler gives.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from uno_cli.play.commands import PUBLIC_QUERIES, QUERIES, REGISTRY, Asking, ask, label
from uno_cli.play.session import Session

from tests.script.helpers import config

ANSWERED = sorted(v.name for v in REGISTRY if v.answer is not None)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("UNO_CLI_IGNORE_SETTINGS", "1")


def _session() -> tuple[Session, list[Any]]:
    said: list[Any] = []
    session = Session(config(players=3, kinds="sns", seed=4))
    session.narrator.output = said.append
    session.start()
    return session, said


def test_every_query_has_its_handler_in_the_registry():
    assert set(ANSWERED) == set(QUERIES)
    assert PUBLIC_QUERIES <= QUERIES and {"top", "counts", "scores", "turn", "status"} <= PUBLIC_QUERIES
    assert "hand" not in PUBLIC_QUERIES and "moves" not in PUBLIC_QUERIES


@pytest.mark.parametrize("verb", ANSWERED)
def test_a_typed_query_says_the_registry_answer(verb: str):
    session, said = _session()
    expected = ask(verb, Asking(session, 0))
    said.clear()
    result = session.dispatcher.handle_line(label(verb), 0)
    assert result.ok and not result.changed
    message = said[-1]
    assert (message.type, message.text) == (expected.type, expected.text)
    assert {k: v for k, v in message.data.items() if k not in ("type", "text")} == expected.data


@pytest.mark.parametrize("verb", sorted(PUBLIC_QUERIES))
def test_a_watcher_hears_every_public_query(verb: str):
    from contextlib import nullcontext

    from uno_cli.net.table import Table

    session, _said = _session()
    sent: list[tuple[str, str, dict[str, Any]]] = []
    member = SimpleNamespace(lang="en", language=nullcontext, send=lambda *m: sent.append(m))
    assert Table.watcher_line(SimpleNamespace(session=session), member, label(verb))  # type: ignore[arg-type]
    expected = ask(verb, Asking(session, None))
    assert sent == [(expected.type, expected.text, expected.data)]
    json.dumps(expected.data)  # what a watcher's client reads is JSON


def test_a_watcher_asks_no_private_query():
    session, _said = _session()
    for verb in sorted(QUERIES - PUBLIC_QUERIES):
        with pytest.raises(ValueError):
            ask(verb, Asking(session, None))


@pytest.mark.parametrize("verb", [v for v in ANSWERED if v not in ("help", "rules")])
def test_the_interactive_game_says_every_query(verb: str):
    """help and rules open the interactive game's own screens (F1, the rule book)."""
    from uno_cli.engine.options import PRESETS
    from uno_cli.interactive import build_controller
    from uno_cli.play.playconfig import PlayConfig

    lines: list[str] = []
    controller = build_controller(PlayConfig(speech="off", sound="off", seed=1, options=PRESETS["classic"]),
                                  lines.append)
    controller.table.start()
    lines.clear()
    controller.command(verb)
    expected = ask(verb, Asking(controller.table, 0, hand=controller.cursor.hand()))
    assert expected.text in "\n".join(lines)


def test_deck_says_how_many_cards_are_left_in_the_draw_pile():
    session, _said = _session()
    g = session.game
    answer = ask("deck", Asking(session, None))
    left = 108 - sum(len(h) for h in g.hands) - len(g.discard)
    assert answer.data == {"count": left} and len(g.draw_pile) == left
    assert answer.text == f"{left} cards left in the draw pile."

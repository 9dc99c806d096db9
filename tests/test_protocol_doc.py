"""docs/protocol.md documents every phase, event kind, query answer and action kind the game
emits; the lists come from the enums and the command registry, not from this file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_cli.play.commands import REGISTRY, Asking
from uno_cli.engine import ActionKind, EventKind, Phase
from uno_cli.play.session import Session

from tests.script.helpers import config

DOC = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    """From the heading ``title`` to the next heading of its level or above."""
    start = DOC.index(title)
    level = title.split()[0]
    ends = [DOC.find("\n" + "#" * n + " ", start + len(title)) for n in range(2, len(level) + 1)]
    ends = [e for e in ends if e >= 0]
    return DOC[start:min(ends) if ends else None]


def _row(section: str, first_cell: str) -> str:
    """The table row of ``section`` whose first cell names ``first_cell`` in backticks."""
    for line in section.splitlines():
        cells = line.strip().strip("|").split("|")
        if len(cells) > 1 and f"`{first_cell}`" in cells[0]:
            return line
    raise AssertionError(f"no row for {first_cell!r}")


@pytest.mark.parametrize("phase", [str(p) for p in Phase])
def test_every_phase_is_documented_in_the_prompts_phase_field(phase: str):
    assert f"`{phase}`" in _row(_section("## Prompts"), "phase")


@pytest.mark.parametrize("kind", [str(k) for k in EventKind])
def test_every_event_kind_has_its_row(kind: str):
    _row(_section("### Events"), kind)


def test_every_event_row_is_an_event_kind_or_the_sessions_scores():
    rows = re.findall(r"^\| `([a-z_]+)` \|", _section("### Events"), re.M)
    assert set(rows) == {str(k) for k in EventKind} | {"scores"}


@pytest.mark.parametrize("verb", [v.name for v in REGISTRY if v.answer is not None])
def test_every_query_answer_type_has_its_row(verb: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    monkeypatch.setenv("UNO_CLI_IGNORE_SETTINGS", "1")
    session = Session(config(players=2, seed=3))
    session.narrator.output = lambda message: None
    session.start()
    answer = REGISTRY[[v.name for v in REGISTRY].index(verb)].answer(Asking(session, 0))  # type: ignore[misc]
    section = _section("### Other objects")
    assert f"`{answer.type}`" in section, answer.type
    assert f"| `{verb.replace('_', ' ')}`" in _section("## Commands") or verb == "in_play" and "| `in play`" in DOC


@pytest.mark.parametrize("kind", [str(k) for k in ActionKind if k not in ("jump_in", "missed_jump_in", "answer")])
def test_every_action_kind_is_a_documented_command(kind: str):
    """Action kinds are sent as commands of the same name (jumps as ``jump``, answers as ``beep``)."""
    assert re.search(rf"^\| `{kind}\b", _section("## Commands"), re.M), kind


def test_the_schema_knows_exactly_the_event_kinds_and_phases():
    """docs/protocol.schema.json: one event definition per EventKind (no event the engine
    never emits, such as uno_missed), and the prompt's phases are the Phase values."""
    import json

    schema = json.loads((Path(__file__).resolve().parent.parent / "docs" / "protocol.schema.json").read_text("utf-8"))
    events = {name.removeprefix("event_") for name in schema["$defs"] if name.startswith("event_")}
    assert events == {str(k) for k in EventKind} | {"scores"}  # the session adds scores
    assert set(schema["$defs"]["prompt"]["properties"]["phase"]["enum"]) == {str(p) for p in Phase}

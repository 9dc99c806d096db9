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


def _first_cells(section: str) -> set[str]:
    """The names in backticks in the first cell of each table row of ``section``."""
    names: set[str] = set()
    for line in section.splitlines():
        cells = line.strip().strip("|").split("|")
        if line.startswith("|") and len(cells) > 1:
            names |= set(re.findall(r"`([a-z_]+)`", cells[0]))
    return names


def test_every_json_object_type_is_a_message_type_constant_and_documented():
    """The types of uno-json's objects in docs/protocol.md ("Events" and "Other objects") are
    exactly uno_cli/words/messagetypes.py's: the protocol's vocabulary is those constants."""
    from uno_cli.words import messagetypes as mt

    assert mt.EVENTS == {str(k) for k in EventKind}
    documented = _first_cells(_section("### Events")) | _first_cells(_section("### Other objects"))
    assert documented == mt.JSON_TYPES, documented ^ mt.JSON_TYPES
    assert f"`{mt.ANSWER}`" in _row(_section("### The `uno-keys` channel"), "type")


def test_each_message_type_constant_is_spelled_once():
    """Every constant of messagetypes.py is one of its sets' members and no two names share a string."""
    from uno_cli.words import messagetypes as mt

    constants = {name: value for name, value in vars(mt).items() if name.isupper() and isinstance(value, str)}
    assert len(set(constants.values())) == len(constants)
    assert set(constants.values()) == mt.ALL_TYPES
    assert {name for name, value in constants.items() if value in mt.EVENTS} == {k.name for k in EventKind}


def test_the_external_programs_section_says_which_lines_a_program_does_not_read():
    """An outside program reads hello, the engine's events and prompts, not the narration's
    own lines (uno_cli/play/external.py sends event_json only): the doc names each of them."""
    from uno_cli.words import messagetypes as mt

    reads = _section("## External programs as players").split("**What it writes**")[0]
    root = Path(__file__).resolve().parent.parent
    for text in (reads, (root / "examples" / "README.md").read_text("utf-8"),
                 (root / "examples" / "external_player.py").read_text("utf-8")):
        assert not re.search(r"exactly\s+(what|as)\s+``?uno play", text)
    missing = {t for t in mt.NARRATION if f"`{t}`" not in reads}
    assert not missing, missing


#: Bad lines for two scripted seats (seat 2 moves first with seed 7): each error's details.
BAD_LINES = ["@3 draw", "frobnicate", "play x9", "draw now please", "@1 draw", "@2 play y9", "uno", "#99 draw",
             "jump r4", "save", "save /", "swap 1", "challenge", "catch 1"]


def test_every_detail_of_an_error_object_is_named_in_the_error_row(tmp_path, monkeypatch):
    """A program reading an error finds each of its fields in docs/protocol.md (the "error" row)."""
    import io
    import json

    from uno_cli.play import script
    from tests.script.helpers import Output

    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    out = Output()
    script.run(config(kinds="ss", seed=7), io.BytesIO("".join(line + "\n" for line in BAD_LINES).encode()), out)
    errors = [o for o in map(json.loads, out.lines()) if o["type"] == "error"]
    assert len(errors) == len(BAD_LINES)
    row = _row(_section("### Other objects"), "error")
    keys = {key for error in errors for key in error} - {"type", "text"}
    assert {k for k in keys if f"`{k}`" not in row} == set()


def test_every_error_code_of_the_parser_the_dispatcher_and_script_mode_is_documented():
    """The codes written as literals there (the engine's own are its exceptions' codes)."""
    root = Path(__file__).resolve().parent.parent / "uno_cli" / "play"
    codes = set(re.findall(r'cmd\.error = "([a-z_]+)"', (root / "commands.py").read_text("utf-8"))) - {"empty"}
    for name in ("dispatcher.py", "script.py"):
        codes |= set(re.findall(r'\.error\(\s*"([a-z_]+)"', (root / name).read_text("utf-8")))
    assert len(codes) > 15
    assert {c for c in codes if f"`{c}`" not in DOC} == set()

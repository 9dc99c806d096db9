"""Every event the engine emits has the fields its schema (EVENT_FIELDS) names, and the docs agree."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from uno_cli.engine.events import EVENT_FIELDS, Event
from uno_cli.engine.options import PRESETS
from tests.engine.helpers import preset_setups, random_game

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _public(e: Event) -> set[str]:
    return set(e.data) | ({"seat"} if e.seat is not None else set())


def _problems(e: Event) -> list[str]:
    schema = EVENT_FIELDS.get(e.type)
    if schema is None:
        return [f"{e.type}: not in EVENT_FIELDS"]
    p = []
    public = _public(e)
    if missing := set(schema.required) - public:
        p.append(f"{e.type}: missing {sorted(missing)}")
    if extra := public - set(schema.required) - set(schema.optional):
        p.append(f"{e.type}: undocumented {sorted(extra)}")
    if extra := set(e.secret or ()) - set(schema.secret):
        p.append(f"{e.type}: undocumented secret {sorted(extra)}")
    return p


def test_every_emitted_event_matches_its_schema():
    """A few hundred random games, every preset, 2-10 players: every event checked."""
    seen: Counter[str] = Counter()
    games = 0
    for name, players in preset_setups():
        opts = PRESETS[name].with_values(hands=1)
        for k in range(2 if not opts.partners else 10):
            for _g, _action, events in random_game(opts, players, seed=1000 * players + k):
                for e in events:
                    assert _problems(e) == [], e
                    seen[e.type] += 1
            games += 1
    assert games >= 100
    # Only a whole match under elimination eliminates anyone (next test); a false UNO call is
    # never listed as legal, so random games make none (tests/engine/test_rule_gaps.py does).
    assert set(EVENT_FIELDS) - set(seen) <= {"eliminated", "false_uno"}


def test_whole_matches_emit_documented_elimination_and_match_events():
    seen: set[str] = set()
    for name in ("elimination", "playroom", "classic"):
        opts = PRESETS[name].with_values(target=100)
        for k in range(3):
            for _g, _action, events in random_game(opts, 3, seed=k, max_actions=20000):
                for e in events:
                    assert _problems(e) == [], e
                    seen.add(e.type)
    assert {"eliminated", "match_end"} <= seen


def test_event_schema_entries_are_well_formed():
    for kind, f in EVENT_FIELDS.items():
        names = f.required + f.optional + f.secret
        assert len(names) == len(set(names)), kind
        assert f.doc and "\n" not in f.doc, kind


# ------------------------------------------------------------------ docs

def _section(path: Path, heading: str) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.startswith("| `"):
            rows.append(line)
    return rows


def _names(cell: str) -> list[str]:
    return re.findall(r"`([a-z_]+)`", cell)


def test_engine_doc_lists_exactly_the_schema_fields():
    """docs/engine.md: | `type` | required | optional | secret | meaning |, names in backticks."""
    rows = _section(DOCS / "engine.md", "## Events")
    documented = {}
    for row in rows:
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        (kind,) = _names(cells[0])
        documented[kind] = (_names(cells[1]), _names(cells[2]), _names(cells[3]))
    assert list(documented) == list(EVENT_FIELDS)
    for kind, f in EVENT_FIELDS.items():
        assert documented[kind] == (list(f.required), list(f.optional), list(f.secret)), kind


def test_protocol_doc_lists_exactly_the_schema_fields():
    """docs/protocol.md "### Events": the fields are the names in backticks before the first
    colon, leaving out what is in parentheses; public and secret ones alike (a scripted seat
    sees its secrets). The session adds the `scores` line; JSON adds `type` and `text`."""
    rows = _section(DOCS / "protocol.md", "### Events")
    documented = {}
    for row in rows:
        kind_cell, fields_cell = [c.strip() for c in row.strip().strip("|").split("|", 1)]
        (kind,) = _names(kind_cell)
        text = fields_cell
        while re.search(r"\([^()]*\)", text):
            text = re.sub(r"\([^()]*\)", "", text)
        documented[kind] = set(_names(text.split(":")[0]))
    assert set(documented) == set(EVENT_FIELDS) | {"scores"}
    for kind, f in EVENT_FIELDS.items():
        assert documented[kind] == set(f.required + f.optional + f.secret), kind


@pytest.mark.parametrize("kind", ["shuffle", "uno_missed"])
def test_events_never_emitted_are_not_documented(kind):
    assert kind not in EVENT_FIELDS
    assert f"`{kind}`" not in (DOCS / "protocol.md").read_text(encoding="utf-8")
    assert f"`{kind}`" not in (DOCS / "engine.md").read_text(encoding="utf-8")

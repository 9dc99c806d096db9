"""The JSON Lines protocol as a contract: every object script mode writes matches docs/protocol.schema.json."""

from __future__ import annotations

import json
import os
import random

import pytest

from uno_cli import script as script_mode
from uno_cli.engine import PRESETS, Game, preset
from uno_cli.wire import PROTOCOL, answer_parts, prompt_json, prompt_legal

from tests.schema_subset import load_schema, validate
from tests.script.helpers import Input, Output, config

SCHEMA = load_schema()
#: Games per preset (UNO_SCHEMA_GAMES=1000 for a longer run).
GAMES = int(os.environ.get("UNO_SCHEMA_GAMES", "80"))
QUERIES = ["hand", "top", "status", "scores", "counts", "in play", "penalty", "turn", "help"]


def chooser(rng: random.Random, limit: int = 4000):
    """A random player for every scripted seat that mostly plays, now and then errs or asks."""
    state = {"n": 0}

    def answer(prompt: dict | None) -> bytes | None:
        state["n"] += 1
        if prompt is None or state["n"] > limit:
            return None
        legal = prompt["legal"]
        roll = rng.random()
        if roll < 0.02:
            line = rng.choice(QUERIES + ["play x9", "draw draw", "#999 draw", "{bad", "wait"])
        elif roll < 0.04:
            line = "#%d %s" % (prompt["id"], rng.choice(legal))
        else:
            plays = [c for c in legal if c.startswith(("play", "uno", "catch", "beep", "challenge"))]
            line = rng.choice(plays if plays and rng.random() < 0.9 else legal)
            line = "@%d %s" % (prompt["seat"], line)
        return line.encode()

    return answer


def run_game(name: str, seed: int) -> list[dict]:
    """The objects of one random script-mode game of preset ``name`` with several scripted seats."""
    rng = random.Random(seed)
    players = 4 if PRESETS[name].partners else rng.choice([2, 3, 4, 5])
    kinds = "s" + "".join(rng.choice("ssn") for _ in range(players - 1))
    cfg = config(kinds=kinds, preset_name=name, seed=seed)
    # Short matches: one or two hands; under elimination a low target, so seats drop out.
    if name == "elimination":
        cfg.options = preset(name).with_values(target=60)
    else:
        cfg.options = preset(name).with_values(hands=1 + seed % 2)
    out = Output()
    script_mode.run(cfg, Input(out, chooser(rng)), out)
    return [json.loads(line) for line in out.lines()]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_object_of_random_games_matches_the_schema(name, monkeypatch, tmp_path):
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    seen: set[str] = set()
    for seed in range(GAMES):
        objects = run_game(name, seed)
        assert objects[0]["type"] == "hello" and objects[0]["protocol"] == PROTOCOL
        ids = [o["id"] for o in objects if o["type"] == "prompt"]
        assert ids == list(range(1, len(ids) + 1))
        for obj in objects:
            problems = validate(obj, SCHEMA)
            assert not problems, (name, seed, obj, problems[:5])
            seen.add(obj["type"])
    assert {"hello", "prompt", "turn", "play", "draw", "error", "game_over"} <= seen


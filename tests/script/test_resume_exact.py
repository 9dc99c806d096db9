"""A game stopped by the end of input and resumed goes on exactly as the unbroken game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ARGS = ["play", "--players", "3", "--seed", "14", "--seat", "1=script", "--seat", "2=bot:hard",
        "--seat", "3=bot:normal", "--format", "json", "--lang", "en"]


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, UNO_CLI_HOME=str(home), UNO_CLI_IGNORE_SETTINGS="1")
    env.pop("LANGUAGE", None)
    return env


def _answers(home: Path) -> tuple[list[str], list[dict]]:
    """Play the whole game, answering each prompt with its first legal command."""
    proc = subprocess.Popen([sys.executable, "-m", "uno_cli", *ARGS], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=_env(home))
    assert proc.stdin is not None and proc.stdout is not None
    lines: list[str] = []
    objects: list[dict] = []
    for raw in proc.stdout:
        obj = json.loads(raw)
        objects.append(obj)
        if obj["type"] == "prompt":
            command = "wait" if obj.get("kind") == "race" else obj["legal"][0]
            lines.append(command)
            proc.stdin.write(command + "\n")
            proc.stdin.flush()
        if obj["type"] == "game_over":
            break
    proc.stdin.close()
    proc.wait(timeout=60)
    return lines, objects


def test_resume_after_end_of_input_continues_like_the_unbroken_game(tmp_path: Path) -> None:
    lines, whole = _answers(tmp_path / "a")
    _check_resume_at(len(lines) // 2, lines, whole, tmp_path)


def test_resume_at_a_race_prompt_lets_the_bots_choose_as_before(tmp_path: Path) -> None:
    # The bots have already drawn their choices and reaction times for this moment when the
    # input ends; the save keeps their generators from before, so they draw the same again.
    lines, whole = _answers(tmp_path / "a")
    prompts = [o for o in whole if o["type"] == "prompt"]
    races = [i for i, o in enumerate(prompts) if o.get("kind") == "race"]
    assert races, "no race prompt in this game"
    _check_resume_at(races[len(races) // 2], lines, whole, tmp_path)


def _check_resume_at(cut: int, lines: list[str], whole: list[dict], tmp_path: Path) -> None:
    """End the input after ``cut`` answers, resume with the rest: the game must go on as before."""
    half = cut
    first = subprocess.run([sys.executable, "-m", "uno_cli", *ARGS], input="\n".join(lines[:half]) + "\n",
                           capture_output=True, text=True, env=_env(tmp_path / "b"), timeout=120)
    ended = json.loads(first.stdout.splitlines()[-1])
    assert ended["type"] == "input_ended"
    second = subprocess.run([sys.executable, "-m", "uno_cli", *ARGS, "--resume", ended["file"]],
                            input="\n".join(lines[half:]) + "\n", capture_output=True, text=True,
                            env=_env(tmp_path / "b"), timeout=120)
    resumed = [json.loads(x) for x in second.stdout.splitlines()]
    texts_whole = [o.get("text") for o in whole if o["type"] != "prompt"]
    texts_resumed = [o.get("text") for o in resumed if o["type"] != "prompt"]
    # After its opening summary, the resumed game says exactly what the unbroken one said.
    same = 0
    for a, b in zip(reversed(texts_whole), reversed(texts_resumed)):
        if a != b:
            break
        same += 1
    assert same >= len(texts_resumed) - 5, (same, len(texts_resumed))
    assert resumed[-1] == whole[-1] and resumed[-1]["type"] == "game_over"

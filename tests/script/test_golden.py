"""Golden transcripts: fixed seeds, setups and input give exactly the stored output.

Each case has an input file ``tests/golden/<case>.input`` and one output file per
language and format, ``<case>.<lang>.txt`` / ``<case>.<lang>.jsonl``; languages whose file
is absent fail, unless the language is partial (uno_cli.words.i18n.Language.complete). ``UPDATE_GOLDEN=1 pytest tests/script/test_golden.py`` rewrites the
English files (``UPDATE_GOLDEN=all``: every language's; and creates a missing input by answering each prompt with its first legal
command, after a few fixed lines that exercise errors and queries).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from uno_cli.words import i18n

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
LANGS = tuple(i18n.LANGUAGES)
UPDATE = os.environ.get("UPDATE_GOLDEN") in ("1", "all")
#: Languages whose golden files UPDATE_GOLDEN rewrites: English, or every one with "all".
UPDATE_LANGS = LANGS if os.environ.get("UPDATE_GOLDEN") == "all" else ("en",)

CASES: dict[str, tuple[list[str], list[str]]] = {
    # name: (arguments, lines sent before the first-legal answers when the input is made)
    "classic-2p": (
        ["--players", "2", "--bots", "normal", "--seed", "7", "--rule", "hands=1", "--names", "Mia,Ana"],
        ["hand", "top", "status", "frobnicate", "play g9", "play 42", "@2 draw", "@7 draw", "scores", "counts"],
    ),
    "playroom-3p": (
        ["--preset", "playroom", "--players", "3", "--seat", "2=bot:hard", "--seat", "3=bot:easy", "--seed", "11",
         "--rule", "hands=1"],
        ["status", "jump r5", "catch", "challenge", "color blue"],
    ),
    "setup-wild-seven": (
        ["--setup", "SETUP", "--seat", "3=bot:normal", "--seed", "5", "--rule", "hands=1"],
        ["play w", "color red", "@2 play r5", "@1 play r7", "swap 3", "@2 draw"],
    ),
}

SETUP = {
    "players": 3,
    "names": ["Zoë", "Ștefan", "Bo"],
    "options": {"seven_o": True, "jump_in": True},
    "hands": [["w", "r7", "r5", "g5", "bs", "y2"], ["r5", "y3", "g7", "b8"], None],
    "discard": ["r1"],
    "current": 1,
}


def _args(case: str, fmt: str, lang: str, tmp: Path) -> list[str]:
    args = list(CASES[case][0])
    if "SETUP" in args:
        path = tmp / "setup.json"
        path.write_text(json.dumps(SETUP, ensure_ascii=False), encoding="utf-8")
        args[args.index("SETUP")] = str(path)
    return ["play", "--script", "--format", fmt, "--lang", lang, *args]


def run_cli(args: list[str], data: bytes) -> tuple[int, bytes]:
    """Run ``uno`` in-process with ``data`` on stdin; the exit status and stdout bytes."""
    from uno_cli.cli import main

    try:
        result = CliRunner().invoke(main, args, input=data, catch_exceptions=False)
    finally:
        i18n.set_language("en")
    return result.exit_code, result.stdout_bytes


def _make_input(case: str, tmp: Path) -> list[str]:
    lines = list(CASES[case][1])
    for _ in range(2000):
        code, out = run_cli(_args(case, "json", "en", tmp), ("\n".join(lines) + "\n").encode())
        if code == 0:
            return lines
        prompts = [json.loads(x) for x in out.decode().splitlines() if x.startswith('{"type": "prompt"')]
        p = prompts[-1]
        lines.append("@%d %s" % (p["seat"], p["legal"][0]))
    raise AssertionError("the golden game does not end")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("UNO_CLI_IGNORE_SETTINGS", "1")


@pytest.mark.parametrize("fmt", ["txt", "jsonl"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_golden(case: str, lang: str, fmt: str, tmp_path: Path) -> None:
    input_file = GOLDEN / f"{case}.input"
    out_file = GOLDEN / f"{case}.{lang}.{fmt}"
    update = UPDATE and lang in UPDATE_LANGS
    if UPDATE and lang == "en":
        if not input_file.exists():
            input_file.write_text("\n".join(_make_input(case, tmp_path)) + "\n", encoding="utf-8")
    assert input_file.exists(), f"no input {input_file.name}: UPDATE_GOLDEN=1 makes it"
    if not out_file.exists() and not update:
        if not i18n.BY_CODE[lang].complete:
            pytest.skip(f"{lang} is partial: no golden file {out_file.name}")
        pytest.fail(f"no golden file {out_file.name}: UPDATE_GOLDEN=all writes it")
    code, out = run_cli(_args(case, "json" if fmt == "jsonl" else "text", lang, tmp_path), input_file.read_bytes())
    if update:
        out_file.write_bytes(out)
    assert code == 0
    expected = out_file.read_bytes()
    if fmt == "jsonl":
        out = _without_new_default_options(out, expected)
    assert out == expected


def _without_new_default_options(out: bytes, expected: bytes) -> bytes:
    """``out`` without the options of ``match_start`` that the golden file does not list and
    that are at their default: a new rule option, off, rewrites no golden file."""
    from dataclasses import fields

    from uno_cli.engine.options import RuleOptions

    defaults = {f.name: f.default for f in fields(RuleOptions)}
    known = next((json.loads(line)["options"] for line in expected.decode().splitlines()
                  if line.startswith('{"type": "match_start"')), None)
    if known is None:
        return out
    lines = out.decode().split("\n")
    for i, line in enumerate(lines):
        if line.startswith('{"type": "match_start"'):
            obj = json.loads(line)
            kept = {k: v for k, v in obj["options"].items() if k in known or v != defaults.get(k, object())}
            if kept != obj["options"]:
                obj["options"] = kept
                lines[i] = json.dumps(obj, ensure_ascii=False)
    return "\n".join(lines).encode()


def test_a_new_rule_option_at_its_default_rewrites_no_golden_file():
    """A match_start with an option the golden file does not list compares equal while the
    option is at its default, and differs once it is not."""
    expected = b'{"type": "match_start", "options": {"jump_in": true}}\n'
    at_default = b'{"type": "match_start", "options": {"jump_in": true, "seven_o": false}}\n'
    changed = b'{"type": "match_start", "options": {"jump_in": true, "seven_o": true}}\n'
    assert _without_new_default_options(at_default, expected) == expected
    assert _without_new_default_options(changed, expected) != expected


"""The engine is a pure library: importing it loads no interface layer."""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = (
    "click",
    "prompt_toolkit",
    "babel",
    "gettext",
    "curses",
    "readline",
    "uno_cli.words.i18n",
    "uno_cli.cli",
    "uno_cli.interactive.speech",
    "uno_cli.words.translit",
    "uno_cli.play.sim",
    "uno_cli.bots",
    "uno_cli.words.describe",
    "uno_cli.words.cards_text",
    "uno_cli.play.external",
    "uno_cli.interactive",
)

_PROBE = """
import json, sys
before = set(sys.modules)
import uno_cli.engine
import uno_cli.engine.game, uno_cli.engine.options, uno_cli.engine.cards
import uno_cli.engine.actions, uno_cli.engine.events, uno_cli.engine.errors
import uno_cli.engine.invariants
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_engine_imports_no_interface_layer():
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    bad = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert bad == []
    ours = [m for m in loaded if m.startswith("uno_cli")]
    assert all(m == "uno_cli" or m.startswith("uno_cli.engine") for m in ours), ours

"""No module reaches into another's private names: what one module offers another is public."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "uno_cli"


def test_no_module_imports_a_private_name_of_another():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("uno_cli"):
                found += [f"{path.relative_to(PACKAGE)}: {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and a.name != "_" and not a.name.startswith("__")]
    assert not found, found


def test_the_network_layer_calls_no_private_method_of_a_session():
    found = []
    for path in sorted((PACKAGE / "net").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and isinstance(node.value, ast.Name) and node.value.id == "session"):
                found.append(f"{path.name}:{node.lineno}: session.{node.attr}")
    assert not found, found


def test_human_names_only_the_kind_of_seat():
    """``HUMAN`` is playconfig's kind of seat; the interactive player's seat is ``PLAYER_SEAT``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "HUMAN" for t in node.targets):
                found.append(str(path.relative_to(PACKAGE)))
    assert found == ["playconfig.py"], found

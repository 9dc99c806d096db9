"""The layers' rules: no private names across modules, one meaning per name, seats converted in one place."""

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


def _names_in(node: ast.AST) -> list[str]:
    return [n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute))]


def test_seats_are_numbered_from_1_only_by_seat_number_and_seat_index():
    """No hand-written ``seat + 1`` or ``int(...) - 1`` for a seat: engine/seats.py converts.

    Found: an expression adding 1 to something named ``*seat*`` or ``current`` (a modulo
    around it is the next seat, not a conversion), and 1 taken from a number parsed where a
    seat number is read (``@2``, ``catch 2``, ``--seat 2=...``, a save's seat keys).
    """
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).as_posix() == "engine/seats.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub))
                    and isinstance(node.right, ast.Constant) and node.right.value == 1
                    and isinstance(node.left, (ast.Name, ast.Attribute, ast.Subscript, ast.Call))):
                continue
            parent = parents.get(node)
            if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mod):
                continue
            names = _names_in(node.left)
            seatish = any("seat" in n.lower() for n in names) or "current" in names
            if seatish or (isinstance(node.op, ast.Sub) and "seat" in ast.unparse(parent or node).lower()
                           and isinstance(node.left, ast.Call) and _names_in(node.left.func) == ["int"]):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, found

"""CONTRIBUTING.md's checklists and docs/design-audit.md name the tests that enforce them: each named test exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "CONTRIBUTING.md"
AUDIT = ROOT / "docs" / "design-audit.md"


def named_tests(text: str, under: str = "") -> list[tuple[str, str]]:
    """(test file, function) for each test the guide names, in order: ``tests/x.py::name``, or
    ``::name`` and a bare ``test_name`` after it, which are in the last test file named.
    ``under``: a folder the text's test paths are written from ("tests/")."""
    out, current = [], None
    for item in re.findall(r"`([^`]+)`", text):
        file, _sep, name = item.partition("::")
        file = under + file if file.endswith(".py") and (ROOT / under / file).is_file() else file
        if file.startswith("tests/") and file.endswith(".py"):
            current = file
        elif file or not name:
            if re.fullmatch(r"test_\w+", item) and current is not None:
                out.append((current, item))
            continue
        if name:
            assert current is not None, item
            out.append((current, name))
    return out


def test_every_test_the_guide_and_the_audit_name_exists():
    found = named_tests(GUIDE.read_text(encoding="utf-8"))
    assert len(found) > 30  # the checklists' and the layers' tests
    audited = named_tests(AUDIT.read_text(encoding="utf-8"), under="tests/")
    assert len(audited) > 40
    found += audited
    missing = []
    for file, name in found:
        path = ROOT / file
        tree = ast.parse(path.read_text(encoding="utf-8")) if path.is_file() else ast.Module(body=[], type_ignores=[])
        defined = {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        if name not in defined:
            missing.append(f"{file}::{name}")
    assert not missing, missing


def test_every_path_the_guide_names_exists():
    text = GUIDE.read_text(encoding="utf-8")
    paths = {m.partition("::")[0] for m in re.findall(r"`([^`\s]+)`", text)
             if m.startswith(("uno_cli/", "tests/", "docs/", "bench/", "scripts/"))}
    missing = sorted(p for p in paths if "<" not in p and not (ROOT / p).exists())
    assert not missing, missing

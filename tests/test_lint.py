"""The code passes ruff, and mypy finds no error beyond the baseline (which only shrinks).

The baseline (tests/mypy_baseline.txt) lists each known mypy error once per line, as
``path: message  [code]`` without its line number, so editing a file does not move it.
A new error, or one more of a known kind in a file, fails; a fixed error should leave the
baseline: rewrite it with ``python3 tests/test_lint.py`` (the file may only get shorter).
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tests" / "mypy_baseline.txt"
_ERROR = re.compile(r"^(?P<path>[^:]+):\d+(?::\d+)?: error: (?P<message>.*)$")


def _needs(module: str) -> None:
    """Skip without the tool, except in CI, where the test extra installs it."""
    if importlib.util.find_spec(module) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{module} is not installed; CI installs it with the test extra")
        pytest.skip(f"{module} is not installed (pip install -e '.[test]')")


def snippet_errors(tmp_path: Path, source: str) -> list[str]:
    """mypy's errors in a snippet of code that uses the package, each as "LINE: message"."""
    _needs("mypy")
    snippet = tmp_path / "snippet.py"
    snippet.write_text(source, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
                           "--cache-dir", str(tmp_path / "cache"), str(snippet)],
                          cwd=ROOT, capture_output=True, text=True)
    return [line.split(":", 1)[1] for line in done.stdout.splitlines() if ": error:" in line]


def mypy_errors() -> Counter[str]:
    """Every mypy error of uno_cli (settings in pyproject.toml), without line numbers."""
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    errors: Counter[str] = Counter()
    for line in done.stdout.splitlines():
        match = _ERROR.match(line)
        if match:
            errors[f"{match['path']}: {match['message']}"] += 1
    if done.returncode not in (0, 1) or (done.returncode == 1 and not errors):
        raise RuntimeError(f"mypy did not run:\n{done.stdout}\n{done.stderr}")
    return errors


def baseline() -> Counter[str]:
    """The known errors, as the baseline file lists them."""
    lines = BASELINE.read_text(encoding="utf-8").splitlines()
    return Counter(line for line in lines if line.strip() and not line.startswith("#"))


def test_ruff_finds_nothing():
    _needs("ruff")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_no_error_beyond_the_baseline():
    _needs("mypy")
    found, known = mypy_errors(), baseline()
    new = found - known
    assert not new, "new mypy errors (fix them; the baseline only shrinks):\n" + "\n".join(sorted(new.elements()))
    assert sum(found.values()) <= sum(known.values())


def test_baseline_is_sorted_and_has_no_stale_kind():
    """Each line names a file that exists, so a moved or deleted module leaves the baseline."""
    known = baseline()
    assert list(known.elements()) == sorted(known.elements())
    for entry in known:
        assert (ROOT / entry.split(":", 1)[0]).is_file(), entry


if __name__ == "__main__":
    errors = mypy_errors()
    old = baseline() if BASELINE.exists() else None
    if old is not None and (errors - old):
        sys.exit("new errors: fix them before rewriting the baseline:\n" + "\n".join(sorted((errors - old).elements())))
    header = "# mypy errors still to fix (tests/test_lint.py); this file only shrinks.\n"
    BASELINE.write_text(header + "".join(f"{e}\n" for e in sorted(errors.elements())), encoding="utf-8")
    print(f"{sum(errors.values())} errors in the baseline")

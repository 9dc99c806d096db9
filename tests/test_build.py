"""setup.py: pure Python unless UNO_CLI_COMPILE=1 asks for the compiled engine and it can be built.

The compiled build itself (mypyc, a minute of C compiling) is checked by
``python3 bench/compiled.py --check``, not here.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import uno_cli.engine.game

ROOT = Path(__file__).resolve().parent.parent


def load_setup():
    spec = importlib.util.spec_from_file_location("uno_cli_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() itself runs only as __main__
    return module


def build(tmp_path: Path, **env: str) -> tuple[str, Path]:
    """``setup.py build`` of this checkout into tmp_path with UNO_CLI_COMPILE=1: its lines, its lib folder."""
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path), "build", "--build-base",
         str(tmp_path / "build")],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "UNO_CLI_COMPILE": "1", **env},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    libs = list((tmp_path / "build").glob("lib*"))
    assert len(libs) == 1, libs
    return done.stdout + done.stderr, libs[0]


def assert_pure(lib: Path) -> None:
    assert (lib / "uno_cli" / "engine" / "game.py").is_file()
    assert (lib / "uno_cli" / "play" / "sim.py").is_file()
    assert [p for p in lib.rglob("*") if p.suffix in (".so", ".pyd")] == []


def our_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("uno-cli:")]


def test_without_mypyc_the_build_is_pure_python_and_says_why(tmp_path):
    hidden = tmp_path / "hide" / "mypyc"
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text('raise ImportError("hidden by the test")\n', encoding="utf-8")
    output, lib = build(tmp_path, PYTHONPATH=str(hidden.parent))
    assert our_lines(output) == [
        "uno-cli: pure Python engine: UNO_CLI_COMPILE=1 asked for the compiled one, but mypyc is not installed "
        "(hidden by the test); it comes with mypy"]
    assert_pure(lib)


@pytest.mark.skipif(os.name == "nt", reason="CC names the compiler of Unix-like systems only")
def test_without_a_c_compiler_the_build_is_pure_python_and_says_why(tmp_path):
    if importlib.util.find_spec("mypyc") is None:
        pytest.skip("mypyc is not installed (it comes with mypy, in the test extra)")
    output, lib = build(tmp_path, CC=str(tmp_path / "no-such-cc"))
    [line] = our_lines(output)
    assert line.startswith("uno-cli: pure Python engine: UNO_CLI_COMPILE=1 asked for the compiled one, "
                           "but no working C compiler with Python's headers (")
    assert "no-such-cc" in line
    assert_pure(lib)


def test_only_an_asked_for_non_editable_build_compiles():
    setup = load_setup()
    assert setup.why_pure(["setup.py", "bdist_wheel"], {}) == ""
    assert setup.why_pure(["setup.py", "bdist_wheel"], {"UNO_CLI_COMPILE": "0"}) == ""
    for command in ("editable_wheel", "develop"):
        assert "editable install" in setup.why_pure(["setup.py", command], {"UNO_CLI_COMPILE": "1"})


def test_the_compiled_modules_are_there_to_compile():
    setup = load_setup()
    for path in setup.COMPILED:
        assert (ROOT / path).is_file(), path


def test_the_tests_run_the_engine_from_its_source_files():
    # A compiled module left beside its source would shadow every edit of it.
    assert Path(uno_cli.engine.game.__file__).suffix == ".py"

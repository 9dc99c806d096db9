"""The build: pure Python; with UNO_CLI_COMPILE=1, the engine compiled with mypyc where it can be.

Everything else (name, dependencies, packages) is in pyproject.toml. ``UNO_CLI_COMPILE=1
python3 -m pip install .`` compiles the hot modules (COMPILED) when mypyc and a working C
compiler are there; otherwise, and always for an editable install, it installs pure Python
and says why in one line (``pip install -v`` shows the build's lines).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: The engine with its actions, the referee, the simulator and the random policy: where a
#: game spends its time. The events and the bots' classes stay interpreted (the engine makes
#: events without __init__, and the bots are subclassed, which a compiled class refuses).
COMPILED = ("uno_cli/engine/game.py", "uno_cli/engine/cards.py", "uno_cli/engine/actions.py", "uno_cli/play/race.py",
            "uno_cli/play/sim.py", "uno_cli/bots/policy.py")
#: mypyc's shared library for them, inside the package: uno_cli/compiled__mypyc.<platform tag>.
GROUP = "uno_cli.compiled"
#: Only the compiled modules must type-check; the modules they import stay interpreted.
MYPY_FLAGS = ("--follow-imports=silent", "--ignore-missing-imports")
SWITCH = "UNO_CLI_COMPILE"


def say(text: str) -> None:
    """One line of the build's own, on standard error."""
    print(f"uno-cli: {text}", file=sys.stderr, flush=True)


def compiler_problem() -> str | None:
    """None if the C compiler builds a file that includes Python.h here; else what went wrong."""
    import setuptools  # noqa: F401  (its distutils, as mypyc's build uses)
    from distutils import ccompiler, sysconfig
    from distutils.errors import CCompilerError, DistutilsError

    try:
        compiler = ccompiler.new_compiler()
        sysconfig.customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as folder:
            probe = Path(folder) / "probe.c"
            probe.write_text("#include <Python.h>\nint uno_cli_probe(void) { return 0; }\n", encoding="ascii")
            compiler.compile([str(probe)], output_dir=folder, include_dirs=[sysconfig.get_python_inc()])
    except (CCompilerError, DistutilsError, OSError) as error:
        lines = str(error).strip().splitlines()
        return lines[0] if lines else type(error).__name__
    return None


def why_pure(argv: list[str], environ: dict[str, str] | os._Environ[str]) -> str | None:
    """None if this build compiles the engine; else why it is pure Python ("" if nobody asked)."""
    if environ.get(SWITCH, "") in ("", "0"):
        return ""
    if "editable_wheel" in argv or "develop" in argv:
        return "an editable install runs the source files, so it is never compiled"
    missing = [path for path in COMPILED if not (ROOT / path).is_file()]
    if missing:
        return f"no module {', '.join(missing)} to compile"
    try:
        import mypyc.build  # noqa: F401
    except ImportError as error:
        return f"mypyc is not installed ({error}); it comes with mypy"
    problem = compiler_problem()
    if problem:
        return f"no working C compiler with Python's headers ({problem})"
    return None


#: Decided once per run of this file, quietly: the egg_info and dist_info runs say nothing.
WHY_PURE = why_pure(sys.argv, os.environ)


def pure_line(why: str) -> str:
    return f"pure Python engine: {SWITCH}=1 asked for the compiled one, but {why}"


def remove_compiled(build_lib: str) -> None:
    """Drop compiled modules a former build left in build_lib (a pure build must not ship them)."""
    package = Path(build_lib) / "uno_cli"
    if package.is_dir():
        for path in [*package.rglob("*.so"), *package.rglob("*.pyd")]:
            path.unlink()


class BuildPy(build_py):
    """build_py that leaves no compiled module of an earlier build, and says why a build is pure."""

    def run(self) -> None:
        remove_compiled(self.build_lib)
        super().run()
        if WHY_PURE:
            say(pure_line(WHY_PURE))


class BuildExt(build_ext):
    """Compiles COMPILED with mypyc; if that fails, the build goes on pure Python and says why."""

    def finalize_options(self) -> None:
        #: Why this build_ext compiles nothing after all (None: it compiles).
        self.why_pure = WHY_PURE
        if self.why_pure is None and (self.inplace or getattr(self, "editable_mode", False)):
            # A compiled module beside its source would shadow the edited source.
            self.why_pure = "an in-place build would put compiled files beside the sources"
        if self.why_pure is None:
            try:
                from mypyc.build import mypycify

                # The extensions must be known before setuptools finalizes them.
                self.distribution.ext_modules = mypycify(
                    [*MYPY_FLAGS, *COMPILED], group_name=GROUP, target_dir=os.path.join("build", "mypyc"))
            except (Exception, SystemExit) as error:  # mypyc exits on a type error
                self.why_pure = f"mypyc failed ({last_line(error)})"
        if self.why_pure is not None:
            self.distribution.ext_modules = []
        super().finalize_options()

    def run(self) -> None:
        if self.why_pure is not None:
            if WHY_PURE is None:  # else build_py said it
                say(pure_line(self.why_pure))
            return
        try:
            super().run()
        except (Exception, SystemExit) as error:  # the C compiler failed
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            say(pure_line(f"compiling failed ({last_line(error)})"))
            return
        say(f"engine compiled with mypyc: {', '.join(COMPILED)}")


def last_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[-1] if lines else type(error).__name__


if __name__ == "__main__":
    # A stand-in until build_ext asks mypyc for the real extensions: it makes this a
    # platform wheel, which a compiled build is.
    setup(
        cmdclass={"build_py": BuildPy, "build_ext": BuildExt},
        ext_modules=[] if WHY_PURE is not None else [Extension(f"{GROUP}__mypyc", sources=[])],
    )

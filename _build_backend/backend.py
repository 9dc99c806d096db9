"""setuptools' build backend, which also fetches mypy for a build asked to compile (UNO_CLI_COMPILE=1).

setuptools documents this way to add build requirements that depend on the build; setup.py
decides what is compiled and falls back to pure Python.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every other hook unchanged)

#: The test extra's mypy (mypyc comes with it).
MYPY = "mypy>=1.8"


def get_requires_for_build_wheel(config_settings: dict | None = None) -> list[str]:
    """setuptools' requirements, and mypy when the build is asked to compile."""
    requires = _setuptools.get_requires_for_build_wheel(config_settings)
    if os.environ.get("UNO_CLI_COMPILE", "") not in ("", "0"):
        requires = [*requires, MYPY]
    return requires

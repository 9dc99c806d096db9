"""The language the program starts in, chosen before anything is said (even usage errors)."""

from __future__ import annotations

import os


def early_language(argv: list[str]) -> str:
    """The language from ``--lang`` in ``argv``, else the saved setting, else the environment."""
    from uno_cli.words import i18n

    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None:
            try:
                return i18n.parse_language(value)
            except ValueError:
                break  # the command reports the unknown language itself
    if "UNO_CLI_IGNORE_SETTINGS" not in os.environ:
        try:
            from uno_cli.play.settings import load

            saved = load().lang
            if saved:
                return i18n.parse_language(saved)
        except (ImportError, ValueError, OSError):
            pass
    return i18n.negotiate()

"""The ``uno`` program: choose the language first, so even usage errors and help are localized."""

from __future__ import annotations

import errno
import sys

from uno_cli.startlang import early_language

__all__ = ["early_language", "main"]

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a program stopped by Ctrl+C
EXIT_OUTPUT_FAILED = 5  # as script mode: standard output cannot be written
#: Errors of a write to standard output that is full, closed or gone (not the program's fault).
_OUTPUT_ERRNOS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EPIPE", "EIO", "EDQUOT", "EFBIG", "EBADF")
                           if hasattr(errno, name))


def main() -> None:
    """Run the ``uno`` command; Ctrl+C before a game exists ends it quietly with status 130."""
    try:
        _main()
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRNOS:
            raise
        # uno rules >/dev/full, a closed pipe: say it on stderr, never a traceback.
        from uno_cli.play.script import silence_stdout
        from uno_cli.words.errtext import output_failed

        try:
            sys.stderr.write(output_failed(exc.strerror or exc) + "\n")
        except (OSError, ValueError):
            pass
        silence_stdout()
        sys.exit(EXIT_OUTPUT_FAILED)


def _main() -> None:
    from uno_cli.words import i18n

    i18n.set_language(early_language(sys.argv[1:]))
    import click

    from uno_cli.words.clicktext import localize_click

    localize_click()
    from uno_cli.cli import main as cli_main

    # Not click's standalone mode, which turns Ctrl+C into "Aborted!" and status 1.
    try:
        result = cli_main(prog_name="uno", standalone_mode=False)
    except click.exceptions.Abort:
        sys.exit(EXIT_INTERRUPTED)
    except click.exceptions.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    sys.exit(result if isinstance(result, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()

"""Run the game with ``python -m uno_cli``."""

from uno_cli.cli import main

if __name__ == "__main__":
    main()

"""Run the game with ``python -m uno_cli``."""

from uno_cli.entry import main

if __name__ == "__main__":
    main()

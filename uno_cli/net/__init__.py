"""The table server: friends join a game over SSH (``uno serve``, ``uno join``); see docs/server.md."""

#: The port ``uno serve`` listens on unless told otherwise ("UNO" on a phone keypad: 8 6 6, then 2).
DEFAULT_PORT = 8662

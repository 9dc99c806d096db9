"""The server's limits, one record: connections, logins, tables and the bots' work (``uno serve`` options)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one server allows at once; the defaults are safe for a community on one machine."""

    #: Logged-in connections at once.
    connections: int = 1000
    #: Logged-in connections from one address (one stranger never fills the room; a household or a
    #: school behind one address still fits).
    connections_per_address: int = 50
    #: Connections still logging in, in all (a stranger's idle connections never fill the room).
    logins: int = 64
    #: Connections still logging in from one address; a new one ends the oldest of them.
    logins_per_address: int = 8
    #: Seconds a connection may take to log in.
    login_timeout: float = 15.0
    #: Tables on the server.
    tables: int = 300
    #: Tables one player may have created that are not over.
    tables_per_player: int = 2
    #: Bots' moves per second, at most, over all the tables nobody is at (a table with people
    #: is never held back by them).
    unattended_moves: float = 40.0

"""The server's limits, one record: connections, logins, tables and the bots' work (``uno serve`` options)."""

from __future__ import annotations

from dataclasses import dataclass
import functools
import ipaddress


@dataclass(frozen=True)
class Limits:
    """What one server allows at once; the defaults are safe for a community on one machine."""

    #: Logged-in connections at once.
    connections: int = 1000
    #: Logged-in connections from one address (one stranger never fills the room; a household or a
    #: school behind one address still fits). Every per-address limit counts an IPv6 address's /64
    #: as one address (:func:`address_share`).
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


@functools.lru_cache(maxsize=4096)
def address_share(address: str) -> str:
    """What the per-address limits count ``address`` as: an IPv6 address as its /64 (one client is
    commonly given a whole /64, billions of addresses), an IPv4-mapped IPv6 address as its IPv4
    address; an IPv4 address, or a text that is no address ("": no transport said), as itself."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])  # a link-local address may carry "%zone"
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)

"""Finished matches, players' statistics and skill ratings (openskill's Plackett-Luce model).

Every finished match at the server is one row of ``matches`` with its seats (who: an
account, a guest by name, or a bot by level; the final score; won or not; the place) and
each hand's points. Each identity (``account N``, ``bot LEVEL``) has one rating per rule
preset; guests are rated in the match (their opponents' ratings move) but their rating is
not kept, since a guest's name is nobody's for good.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from uno_cli.engine.events import EventKind
from uno_cli.words import messagetypes as mt
from uno_cli.net.accounts import BOT, GUEST

#: A rating is said as 1000 + 40 x (mu - 3 sigma): a newcomer is 1000, and it only rises with evidence.
BASE, SCALE = 1000, 40
_MODEL = PlackettLuce()


def shown(mu: float, sigma: float) -> int:
    """The rating as said to players."""
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass
class SeatResult:
    """One seat of a finished match."""

    name: str
    kind: str  # "account", "guest" or "bot"
    identity: str
    score: int
    won: bool


@dataclass
class MatchResult:
    """A finished match, as recorded."""

    preset: str
    options: dict[str, Any]
    seats: list[SeatResult]
    #: Each hand's points gained, one list per hand (one number per seat).
    hands: list[list[int]] = field(default_factory=list)
    #: Seats playing together (partners): lists of seats; None: each seat alone.
    teams: list[list[int]] | None = None
    #: True when a higher score is better (the winner takes the points).
    high_wins: bool = False


def places(match: MatchResult) -> list[int]:
    """Each seat's place (1 = won); the others by score, ties sharing a place."""
    def key(s: int) -> tuple[int, int]:
        seat = match.seats[s]
        return (0 if seat.won else 1, -seat.score if match.high_wins else seat.score)

    order = sorted(range(len(match.seats)), key=key)
    result = [0] * len(match.seats)
    for i, s in enumerate(order):
        prev = order[i - 1] if i else None
        result[s] = result[prev] if prev is not None and key(prev) == key(s) else i + 1
    return result


def rate(before: dict[str, tuple[float, float]], match: MatchResult) -> dict[str, tuple[float, float]]:
    """New (mu, sigma) of each identity that played (``before``: the known ones; others are new)."""
    place = places(match)
    teams = match.teams or [[s] for s in range(len(match.seats))]
    groups: list[list[Any]] = []
    ranks: list[float] = []
    for team in teams:
        group = []
        for s in team:
            known = before.get(match.seats[s].identity)
            group.append(_MODEL.rating(*known) if known else _MODEL.rating())
        groups.append(group)
        ranks.append(min(place[s] for s in team))
    after = _MODEL.rate(groups, ranks=ranks)
    new: dict[str, tuple[float, float]] = {}
    for team, group in zip(teams, after):
        for s, rating in zip(team, group):
            # One identity twice in a match (two bots of one level): its last seat's change counts.
            new[match.seats[s].identity] = (rating.mu, rating.sigma)
    return new


class Records:
    """Matches, statistics and ratings kept in a server's store (uno_cli.net.store.TableStore)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    def record(self, match: MatchResult) -> int:
        """Keep a finished match and update the ratings of its accounts and bots, in one transaction."""
        kept = [s.identity for s in match.seats if not s.identity.startswith(GUEST)]
        before: dict[str, tuple[float, float]] = {}
        games: dict[str, int] = {}
        for identity in set(kept):
            rows = self.store.read("SELECT mu, sigma, games FROM ratings WHERE identity = ? AND preset = ?",
                                   (identity, match.preset))
            if rows:
                before[identity] = (rows[0][0], rows[0][1])
                games[identity] = rows[0][2]
        after = rate(before, match)
        place = places(match)
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO matches (finished, preset, options, players, hands) VALUES (?, ?, ?, ?, ?)",
             (time.time(), match.preset, json.dumps(match.options, sort_keys=True), len(match.seats),
              len(match.hands)))]
        for s, seat in enumerate(match.seats):
            statements.append((
                ("INSERT INTO match_seats (match, seat, name, kind, identity, score, won, place)"
                 " VALUES ((SELECT max(id) FROM matches), ?, ?, ?, ?, ?, ?, ?)"),
                (s, seat.name, seat.kind, seat.identity, seat.score, int(seat.won), place[s])))
        for h, points in enumerate(match.hands, 1):
            for s, p in enumerate(points):
                statements.append((("INSERT INTO match_hands (match, hand, seat, points)"
                                    " VALUES ((SELECT max(id) FROM matches), ?, ?, ?)"), (h, s, int(p))))
        names = {seat.identity: seat.name for seat in match.seats}
        for identity in set(kept):
            mu, sigma = after[identity]
            statements.append((("INSERT OR REPLACE INTO ratings (identity, preset, name, mu, sigma, games)"
                                " VALUES (?, ?, ?, ?, ?, ?)"),
                               (identity, match.preset, names[identity], mu, sigma, games.get(identity, 0) + 1)))
        self.store.change(statements)
        return int(self.store.read("SELECT max(id) FROM matches")[0][0])

    def stats(self, identity: str) -> tuple[int, int, float]:
        """(games, wins, average final score) of an identity."""
        games, wins, average = self.store.read(
            "SELECT count(*), coalesce(sum(won), 0), coalesce(avg(score), 0) FROM match_seats WHERE identity = ?",
            (identity,))[0]
        return int(games), int(wins), float(average)

    def ratings(self, identity: str) -> list[tuple[str, int, int]]:
        """(preset, rating as said, games) of an identity, the most played preset first."""
        rows = self.store.read("SELECT preset, mu, sigma, games FROM ratings WHERE identity = ?"
                               " ORDER BY games DESC, preset", (identity,))
        return [(preset, shown(mu, sigma), games) for preset, mu, sigma, games in rows]

    def top(self, preset: str, count: int) -> list[tuple[str, str, int, int]]:
        """The leaderboard of a preset: (identity, name, rating as said, games), best first."""
        rows = self.store.read("SELECT identity, name, mu, sigma, games FROM ratings WHERE preset = ?"
                               " ORDER BY mu - 3 * sigma DESC, games DESC, name LIMIT ?", (preset, count))
        return [(identity, name, shown(mu, sigma), games) for identity, name, mu, sigma, games in rows]

    def presets(self) -> list[str]:
        """The presets that have ratings, the most played first."""
        return [r[0] for r in self.store.read(
            "SELECT preset FROM ratings GROUP BY preset ORDER BY sum(games) DESC, preset")]

    def history(self, identity: str, count: int) -> list[tuple[int, str, int, int, int, list[str]]]:
        """An identity's last matches, newest first: (match, preset, place, players, score, winners' names)."""
        rows = self.store.read(
            "SELECT m.id, m.preset, s.place, m.players, s.score FROM match_seats s JOIN matches m ON m.id = s.match"
            " WHERE s.identity = ? ORDER BY m.id DESC LIMIT ?", (identity, count))
        result = []
        for number, preset, place, players, score in rows:
            winners = [r[0] for r in self.store.read(
                "SELECT name FROM match_seats WHERE match = ? AND won = 1 ORDER BY seat", (number,))]
            result.append((int(number), preset, int(place), int(players), int(score), winners))
        return result

    def hands(self, number: int) -> list[list[int]]:
        """Each hand's points of a match, one list per hand."""
        rows = self.store.read("SELECT hand, seat, points FROM match_hands WHERE match = ? ORDER BY hand, seat",
                               (number,))
        out: dict[int, list[int]] = {}
        for hand, _seat, points in rows:
            out.setdefault(hand, []).append(points)
        return [out[h] for h in sorted(out)]


def bot_identity(level: str) -> str:
    """The rating identity of the bots of a level."""
    return BOT + level


# ------------------------------------------------------------------ the server's side (uno_cli.net.hub)


def watch_hands(table: Any, saved: Any = None) -> None:
    """Keep each hand's points of the table's match in ``table.hand_points`` (``saved``: those kept
    before a restart); the match is recorded once (``table.recorded``) when it is over."""
    session = table.session
    if session is None:
        return
    players = session.game.players
    kept: list[list[int]] = []
    if isinstance(saved, list):
        for row in saved[:10_000]:
            if isinstance(row, list) and len(row) == players and all(type(p) is int for p in row):
                kept.append(list(row))
    table.hand_points, table.recorded = kept, False
    referee = session.referee
    passed_on = referee.on_events

    def on_events(action: Any, events: list[Any]) -> None:
        for event in events:
            if event.type == EventKind.HAND_END:
                gained = event.data.get("gained") or {}
                table.hand_points.append([int(gained.get(s, gained.get(str(s), 0)) or 0) for s in range(players)])
        passed_on(action, events)

    referee.on_events = on_events


def _identity(hub: Any, name: str) -> tuple[str, str, str]:
    """(identity, name as said, kind) of a person's name at the server."""
    accounts = hub.accounts
    account = accounts.of_credential(hub.credentials.get(name)) if accounts is not None else None
    if account is not None:
        return account.credential, account.name, "account"
    return GUEST + name, name, "guest"


def record_table(hub: Any, table: Any) -> None:
    """Record a finished match of a table, update the ratings, and tell each account its rating."""
    import logging

    from uno_cli.words import net as net_words
    from uno_cli.net.store import StoreError
    from uno_cli.words.optioninfo import preset_name

    table.recorded = True
    session = table.session
    records = hub.records
    if session is None or records is None:
        return
    game = session.game
    seats = []
    for s in range(game.players):
        owner = table.owners[s] if s < len(table.owners) else None
        if owner:
            identity, name, kind = _identity(hub, owner)
        else:
            spec = session.seats[s] if s < len(session.seats) else None
            level = getattr(spec, "level", None) or table.bot_level
            identity, name, kind = bot_identity(level), session.names[s], "bot"
        seats.append(SeatResult(name, kind, identity, int(game.scores[s]), s in game.winners))
    options = game.options
    match = MatchResult(table.config.preset, options.to_dict(), seats, list(table.hand_points),
                  [[0, 2], [1, 3]] if options.partners and game.players == 4 else None,
                  options.scoring == "winner_takes")
    try:
        records.record(match)
    except StoreError as exc:
        logging.getLogger("uno_cli.net").error("the match of table %s could not be recorded: %s", table.number,
                                               exc.reason)
        return
    for member in list(table.members):
        account = member.account
        if member.seat is None or account is None:
            continue
        rating = next((r for p, r, _g in records.ratings(account.credential) if p == match.preset), None)
        if rating is not None:
            member.say(lambda r=rating: net_words.rating_now(preset_name(match.preset), r), mt.RATING,
                       {"preset": match.preset, "rating": rating})


def _who(hub: Any, member: Any, typed: str) -> tuple[str, str]:
    """(identity, name as said) of ``stats NAME``: an account, the bots of a level, or a guest's name."""
    from uno_cli.play.commands import typed_choice
    from uno_cli.words.optioninfo import LEVEL_NAMES
    from uno_cli.words.names import clean_name
    from uno_cli.words import net as net_words

    if not typed:
        if member.account is not None:
            return member.account.credential, member.account.name
        return GUEST + member.name, member.name
    accounts = hub.accounts
    account = accounts.named(typed) if accounts is not None else None
    if account is not None:
        return account.credential, account.name
    level = typed_choice(typed, LEVEL_NAMES)
    if level is not None:
        return bot_identity(level), net_words.bot_name(level)
    name = clean_name(typed, "?")
    return GUEST + name, name


def _said_name(identity: str, name: str) -> str:
    from uno_cli.words import net as net_words

    return net_words.bot_name(identity[len(BOT):]) if identity.startswith(BOT) else name


def _no_records(member: Any) -> None:
    from uno_cli.words import net as net_words

    member.say(net_words.no_accounts, mt.ERROR, {"code": "no_accounts"})


def stats_command(hub: Any, member: Any, rest: str) -> None:
    """``stats [NAME]``: two short lines: matches, wins and average points; the ratings."""
    from uno_cli.words import net as net_words
    from uno_cli.words.optioninfo import preset_name

    records = hub.records
    if records is None:
        _no_records(member)
        return
    with member.language():
        identity, name = _who(hub, member, rest.strip()[:40])
        games, wins, average = records.stats(identity)
        if not games:
            member.send("stats", net_words.no_matches(name), {"name": name, "matches": 0})
            return
        member.send("stats", net_words.stats_line(name, games, wins, round(average)),
                    {"name": name, "matches": games, "wins": wins, "average": round(average, 1)})
        ratings = records.ratings(identity)[:3]
        if ratings:
            member.send("stats", net_words.ratings_line([(preset_name(p), r) for p, r, _g in ratings]),
                        {"ratings": {p: r for p, r, _g in ratings}})


def top_command(hub: Any, member: Any, rest: str) -> None:
    """``top [N] [PRESET]``: the best N ratings (default 5, at most 20) of a preset (default the most played)."""
    from uno_cli.words.names import clean_text
    from uno_cli.words import net as net_words
    from uno_cli.words.optioninfo import preset_name, typed_preset

    records = hub.records
    if records is None:
        _no_records(member)
        return
    count, preset = 5, None
    for word in rest.split()[:3]:
        if word.isascii() and word.isdigit():
            count = max(1, min(20, int(word[:3])))
        else:
            preset = clean_text(typed_preset(word[:40]))[:40]
    with member.language():
        if preset is None:
            played = records.presets()
            preset = played[0] if played else "classic"
        shown_preset = preset_name(preset)
        rows = records.top(preset, count)
        if not rows:
            member.send(mt.TOP, net_words.no_ratings(shown_preset), {"preset": preset, "players": []})
            return
        member.send(mt.TOP, net_words.top_title(shown_preset), {"preset": preset})
        for place, (identity, name, rating, games) in enumerate(rows, 1):
            said = _said_name(identity, name)
            member.send(mt.TOP, net_words.top_line(place, said, rating, games),
                        {"place": place, "name": said, "rating": rating, "matches": games})


def history_command(hub: Any, member: Any, rest: str) -> None:
    """``history``: the member's last five matches, one line each, newest first."""
    from uno_cli.words import net as net_words
    from uno_cli.words.optioninfo import preset_name

    records = hub.records
    if records is None:
        _no_records(member)
        return
    with member.language():
        identity, name = _who(hub, member, "")
        rows = records.history(identity, 5)
        if not rows:
            member.send("history", net_words.no_matches(name), {"name": name, "matches": 0})
            return
        for number, preset, place, players, score, winners in rows:
            member.send("history", net_words.history_line(preset_name(preset), place, players, score, winners),
                        {"match": number, "preset": preset, "place": place, "players": players, "score": score,
                         "winners": winners})

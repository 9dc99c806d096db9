"""Simulate whole matches between bots, optionally checking invariants after every action.

Every game ``g`` of a run gets its own seed from the run's seed and ``g`` alone, so a run
gives the same totals whatever the number of processes (``jobs``): games are split across
processes and merged back in game order. With ``swap_seats`` the levels move round the
table one seat per game, so the advantage of a seat cancels out and results can be read per
level.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Final, Sequence, TypeVar

from uno_cli.bots import make_bot
from uno_cli.engine.seats import Seat, all_seats, seat_number
from uno_cli.engine import Action, Game, RuleOptions
from uno_cli.engine.actions import PLAY
from uno_cli.engine.cards import WILD, WILD4
from uno_cli.engine.events import EventKind
from uno_cli.engine.invariants import check_invariants
from uno_cli.play.external import FAULT_KINDS, external_level
from uno_cli.play.race import Referee, bot_rng

#: A game longer than this many actions is reported as a violation (an endless loop).
MAX_ACTIONS: Final = 200_000
#: Any seat-indexed value (seating rotates levels and seat numbers alike).
_T = TypeVar("_T")
#: z for a 95% confidence interval.
Z95: Final = 1.959963984540054
#: The event kinds the simulator tallies, as the plain strings events carry (compared per event,
#: where reading an enum member is slow compiled).
HAND_END: Final[str] = EventKind.HAND_END.value
SWAP: Final[str] = EventKind.SWAP.value
ROTATE: Final[str] = EventKind.ROTATE.value


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) for ``successes`` out of ``n``."""
    if n <= 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameRecord:
    """What one game produced (kept in game order)."""

    index: int
    seed: int
    levels: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hands: int
    actions: int
    turns: int
    usage: dict[str, dict[str, int]] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    faults: dict[int, dict[str, int]] = field(default_factory=dict)
    """Faults of outside programs by seat of the run's levels (0-based): kind -> count."""


@dataclass
class LevelStats:
    """Totals for one bot level over a run."""

    level: str
    games: int = 0  # games with at least one seat of this level
    seat_games: int = 0  # seats of this level summed over games
    wins: float = 0.0  # games won by a seat of this level (shared on ties)
    points: int = 0  # final scores of its seats, summed

    def win_rate(self) -> float:
        """Share of its games that this level won."""
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of :meth:`win_rate`."""
        return wilson(self.wins, self.games)

    def average_points(self) -> float:
        """Average final score of one of its seats."""
        return self.points / self.seat_games if self.seat_games else 0.0


@dataclass
class SimResult:
    """Totals of a simulation run."""

    games: int = 0
    players: int = 0
    hands: int = 0
    actions: int = 0
    turns: int = 0
    seconds: float = 0.0
    wins: list[float] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    levels: tuple[str, ...] = ()
    swap_seats: bool = False
    jobs: int = 1
    seed: int = 0
    level_stats: dict[str, LevelStats] = field(default_factory=dict)
    usage: dict[str, dict[str, int]] = field(default_factory=dict)
    records: list[GameRecord] = field(default_factory=list)
    faults: dict[int, dict[str, int]] = field(default_factory=dict)
    """Faults of each outside program (by seat of ``levels``, 0-based): crash, timeout, invalid, late."""
    logs: dict[int, str | None] = field(default_factory=dict)
    """The file each outside program's standard error went to (by seat of ``levels``); None: it wrote nothing (removed)."""
    reactions: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Each outside program's race reaction time, (low, high) seconds (by seat of ``levels``)."""

    @property
    def games_per_second(self) -> float:
        """Whole matches per second."""
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def hands_per_second(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds if self.seconds else 0.0

    def seat_interval(self, seat: Seat) -> tuple[float, float]:
        """95% Wilson interval of a seat's win rate."""
        return wilson(self.wins[seat], self.games)

    def add(self, rec: GameRecord) -> None:
        """Total one game in."""
        self.games += 1
        self.hands += rec.hands
        self.actions += rec.actions
        self.turns += rec.turns
        self.violations.extend(rec.violations)
        share = 1.0 / len(rec.winners) if rec.winners else 0.0
        for w in rec.winners:
            self.wins[w] += share
        for s, score in enumerate(rec.scores):
            self.points[s] += score
        stats = self.level_stats
        seen: set[str] = set()
        for s, level in enumerate(rec.levels):
            st = stats.get(level)
            if st is None:
                st = stats[level] = LevelStats(level)
            st.seat_games += 1
            st.points += rec.scores[s]
            if level not in seen:
                st.games += 1
                seen.add(level)
            if s in rec.winners:
                st.wins += share
        for level, kinds in rec.usage.items():
            mine = self.usage.setdefault(level, {})
            for k, n in kinds.items():
                mine[k] = mine.get(k, 0) + n
        for seat, kinds in rec.faults.items():
            mine = self.faults.setdefault(seat, {})
            for k, n in kinds.items():
                mine[k] = mine.get(k, 0) + n

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        per_seat = []
        for s in all_seats(self.players):
            low, high = self.seat_interval(s)
            per_seat.append({
                "seat": seat_number(s),
                "level": self.levels[s] if s < len(self.levels) else "random",
                "wins": self.wins[s],
                "win_rate": round(self.wins[s] / self.games, 4) if self.games else 0.0,
                "ci95": [round(low, 4), round(high, 4)],
                "average_points": round(self.points[s] / self.games, 2) if self.games else 0.0,
            })
        per_level = []
        for st in self.level_stats.values():
            low, high = st.interval()
            per_level.append({
                "level": st.level,
                "games": st.games,
                "seats_per_game": round(st.seat_games / st.games, 3) if st.games else 0,
                "wins": st.wins,
                "win_rate": round(st.win_rate(), 4),
                "ci95": [round(low, 4), round(high, 4)],
                "average_points": round(st.average_points(), 2),
            })
        return {
            "games": self.games,
            "players": self.players,
            "levels": list(self.levels),
            "swap_seats": self.swap_seats,
            "jobs": self.jobs,
            "seed": self.seed,
            "hands": self.hands,
            "actions": self.actions,
            "turns": self.turns,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "hands_per_second": round(self.hands_per_second, 2),
            "hands_per_game": round(self.hands / self.games, 3) if self.games else 0.0,
            "actions_per_hand": round(self.actions / self.hands, 2) if self.hands else 0.0,
            "turns_per_hand": round(self.turns / self.hands, 2) if self.hands else 0.0,
            "wins": self.wins,
            "points": self.points,
            "seats": per_seat,
            "per_level": per_level,
            "usage": self.usage,
            "violations": self.violations,
            "faults": {
                str(seat_number(seat)): {**{k: self.faults.get(seat, {}).get(k, 0) for k in FAULT_KINDS}, "log": self.logs.get(seat)}
                for seat in sorted(set(self.logs) | set(self.reactions))
            },
            "reactions": {str(seat_number(seat)): list(low_high) for seat, low_high in sorted(self.reactions.items())},
        }


def format_report(result: SimResult) -> str:
    """A plain-text report in the current language: one fact per line, no tables."""
    from uno_cli.words.simreport import sim_report

    return sim_report(result)


# ----------------------------------------------------------------- playing one game


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed``."""
    return (seed * 1_000_003 + index) & ((1 << 64) - 1)


def seating(levels: Sequence[_T], index: int, swap_seats: bool) -> tuple[_T, ...]:
    """The level of each seat in game ``index`` (rotated one seat per game when swapping)."""
    n = len(levels)
    if not swap_seats:
        return tuple(levels)
    k = index % n
    return tuple(levels[(s - k) % n] for s in range(n))


def _check(game: Game, events: list, gains: list[int], rec: GameRecord, actions: int) -> None:
    for e in events:
        if e.type == HAND_END:
            for s, g in e.data["gained"].items():
                gains[s] += g
    for problem in check_invariants(game, gains):
        rec.violations.append(f"game {rec.index} (seed {rec.seed}) action {actions}: {problem}")


def make_seat(
    level: str,
    seat: Seat,
    rng: random.Random,
    external_timeout: float | None = None,
    players: int | None = None,
    stderr_log: str | None = None,
) -> Any:
    """A bot for ``seat``: :func:`make_bot`, or an outside program for a level ``external:COMMAND``
    (or ``external@REACTION:COMMAND``), which gets the time limit, table size, names and log.

    Their names are the ones a game without names says ("Player N"), so the hello line and the
    sentences agree. Raises ValueError for an unknown level.
    """
    program = external_level(level) if level.startswith("external") else None
    if program is not None:
        from uno_cli.words.describe import name_of
        from uno_cli.play.external import DEFAULT_TIMEOUT, ExternalBot

        timeout = DEFAULT_TIMEOUT if external_timeout is None else external_timeout
        names = [name_of(s, ()) for s in all_seats(players)] if players else None
        return ExternalBot(seat, rng, program[0], timeout=timeout, players=players, stderr_log=stderr_log,
                           names=names, reaction=program[1])
    return make_bot(level, seat, rng)


def play_bot_game(
    game: Game,
    check: bool,
    rec: GameRecord,
    levels: Sequence[str],
    bots: Sequence[Any] | None = None,
    external_timeout: float | None = None,
    on_decision: Callable[[Seat, Game, Any], None] | None = None,
    logs: Sequence[str | None] | None = None,
) -> None:
    """Play ``game`` with one bot per seat, on the same race clock as a person's game.

    The bots are those given, else made for ``levels`` with the generators a game of this
    seed (``rec.seed``) gives them (:func:`uno_cli.play.race.bot_rng`), as script mode does.
    ``on_decision(seat, game, bot)`` is called before each bot is asked (tests use it);
    ``logs`` (by seat) names the files outside programs' standard error goes to. The faults
    of outside programs are added to ``rec.faults`` by seat.
    """
    seed = rec.seed
    n = game.players
    if bots is None:
        bots = [make_seat(levels[s], s, bot_rng(seed, s), external_timeout, n, logs[s] if logs else None)
                for s in all_seats(n)]
    gains = [0] * game.players
    # What each action was, tallied by seat and kind (a dict of kinds per seat: no key to
    # build and hash per action), and wild plays by seat: the usage by level is made once
    # at the end, in the order each (seat, kind) first came (``first``).
    tally: list[dict[str, int]] = [{} for _ in range(n)]
    first: list[tuple[int, str]] = []
    wilds = [0] * n
    play_keys: dict[tuple[int, str], int] = {}
    # "turn" events of new hands, which no action made; the game's count at the last change.
    dealt_turns = [0, game.turn_events]
    seven_o = game.options.seven_o

    def changed(action: Action | None, events: list) -> None:
        turns = game.turn_events
        if action is None:
            dealt_turns[0] += turns - dealt_turns[1]
            dealt_turns[1] = turns
            return
        dealt_turns[1] = turns
        kind = action.kind
        kinds = tally[action.seat]
        count = kinds.get(kind)
        if count is None:
            kinds[kind] = 1
            first.append((action.seat, kind))
        else:
            kinds[kind] = count + 1
        if kind == PLAY:
            card = action.card
            if card == WILD or card == WILD4:
                wilds[action.seat] += 1
            # How it went down counts when it is not a plain turn.
            how = game.played_how
            if how != "turn" and how != "jump_in":
                key = (action.seat, how)
                play_keys[key] = play_keys.get(key, 0) + 1
            if seven_o:
                for e in events:
                    if (e.type == SWAP or e.type == ROTATE) and e.seat == action.seat:
                        key = (action.seat, e.type)
                        play_keys[key] = play_keys.get(key, 0) + 1
        if check:
            counts[0] += 1
            _check(game, events, gains, rec, counts[0])

    counts = [0]
    turns_before = game.turn_events
    referee = Referee(game, dict(zip(all_seats(len(bots)), bots)), on_events=changed, on_decision=on_decision)
    # Events are built only for someone who reads them: the checks, a 7's or 0's count, a bot.
    game.listening = check or seven_o or referee.observed
    try:
        referee.deal(game.start())
        referee.advance(limit=MAX_ACTIONS)
        if not game.is_over:
            rec.violations.append(f"game {rec.index} (seed {rec.seed}): no end after {MAX_ACTIONS} actions")
    finally:
        for seat, bot in enumerate(bots):
            close = getattr(bot, "close", None)
            if close is not None:
                close()
            faults = getattr(bot, "counts", None)
            if faults is not None:
                mine = rec.faults.setdefault(seat, {})
                for kind, count in faults.items():
                    mine[kind] = mine.get(kind, 0) + count
    usage: dict[str, Counter[str]] = {}
    for (seat, kind), n in [*((key, tally[key[0]][key[1]]) for key in first), *play_keys.items()]:
        counter = usage.get(levels[seat])
        if counter is None:  # (setdefault would make a Counter for every key)
            counter = usage[levels[seat]] = Counter()
        counter[kind] += n
    for seat, n in enumerate(wilds):
        if n:
            usage[levels[seat]]["wild"] += n
    rec.actions = sum(sum(kinds.values()) for kinds in tally)
    rec.turns = game.turn_events - turns_before - dealt_turns[0]
    rec.hands = game.hand_number
    rec.usage = {level: dict(c) for level, c in usage.items()}


def run_game(
    index: int,
    players: int,
    options: RuleOptions,
    seed: int,
    check: bool,
    levels: Sequence[str] | None,
    swap_seats: bool,
    external_timeout: float | None = None,
    logs: dict[int, str] | None = None,
) -> GameRecord:
    """Play game ``index`` of a run and return its record (faults by seat of ``levels``)."""
    gs = game_seed(seed, index)
    game = Game(players, options, seed=gs)
    seated = seating(levels, index, swap_seats) if levels else ("random",) * players
    rec = GameRecord(index, gs, seated, (), (), 0, 0, 0)
    base = seating(range(players), index, swap_seats)  # the seat of levels
    seat_logs = [(logs or {}).get(base[s]) for s in range(players)]
    play_bot_game(game, check, rec, seated, external_timeout=external_timeout, logs=seat_logs)
    rec.faults = {base[s]: kinds for s, kinds in rec.faults.items() if kinds or base[s] in (logs or {})}
    rec.winners = tuple(game.winners)
    rec.scores = tuple(game.scores)
    return rec


#: The process pool's start method; None is the platform's default (tests force "spawn").
POOL_START_METHOD: str | None = None


def _run_chunk(args: tuple) -> list[GameRecord]:
    start, stop, players, options, seed, check, levels, swap_seats, timeout, logs = args
    return [run_game(g, players, options, seed, check, levels, swap_seats, timeout, logs) for g in range(start, stop)]


def external_logs(levels: Sequence[str] | None, folder: str | None = None) -> dict[int, str]:
    """A new file for the standard error of each outside program of ``levels`` (by seat)."""
    from uno_cli.play.external import external_level, log_path

    logs = {}
    for seat, level in enumerate(levels or ()):
        if level.startswith("external") and external_level(level) is not None:
            path = log_path(Seat(seat), folder)
            if path is not None:
                logs[seat] = path
    return logs


def external_reactions(levels: Sequence[str] | None) -> dict[int, tuple[float, float]]:
    """The race reaction time of each outside program of ``levels`` (by seat)."""
    from uno_cli.play.external import DEFAULT_REACTION, external_level

    found = {}
    for seat, level in enumerate(levels or ()):
        program = external_level(level) if level.startswith("external") else None
        if program is not None:
            found[seat] = program[1] or DEFAULT_REACTION
    return found


def simulate(
    games: int,
    players: int,
    options: RuleOptions,
    seed: int = 0,
    check: bool = False,
    progress: Callable[[int], None] | None = None,
    levels: Sequence[str] | None = None,
    jobs: int = 1,
    swap_seats: bool = False,
    keep_records: bool = False,
    external_timeout: float | None = None,
    log_folder: str | None = None,
) -> SimResult:
    """Play ``games`` matches and total the results.

    ``levels`` gives a bot level per seat (default: all ``random``); ``jobs`` splits the
    games across that many processes (results are identical for any ``jobs``);
    ``swap_seats`` rotates the levels one seat per game; ``progress`` is called with the
    number of games finished so far; ``keep_records`` keeps every game's record. A level
    ``external:COMMAND`` (``external@REACTION:COMMAND``: with that race reaction time,
    :func:`uno_cli.play.external.parse_reaction`) seats an outside program (:mod:`uno_cli.play.external`), which has
    ``external_timeout`` seconds to answer (default 5); its standard error goes to a file in
    ``log_folder`` (default: a private folder in the temporary folder), named in ``SimResult.logs``
    (None when it wrote nothing: the empty file is removed), and its faults
    are counted in ``SimResult.faults``.
    """
    if levels is not None:
        levels = tuple(levels)
        if len(levels) != players:
            raise ValueError(f"{len(levels)} levels for {players} players")
        for level in levels:
            make_seat(level, Seat(0), random.Random(0))  # raises ValueError for an unknown level
    base_levels = levels or ("random",) * players
    result = SimResult(
        players=players,
        wins=[0.0] * players,
        points=[0] * players,
        levels=tuple(base_levels),
        swap_seats=swap_seats,
        jobs=max(1, jobs),
        seed=seed,
    )
    logs = external_logs(levels, log_folder)
    result.logs = dict(logs)
    result.reactions = external_reactions(levels)
    start = time.perf_counter()
    done = 0
    if jobs <= 1 or games < 2:
        for g in range(games):
            rec = run_game(g, players, options, seed, check, levels, swap_seats, external_timeout, logs)
            result.add(rec)
            if keep_records:
                result.records.append(rec)
            done += 1
            if progress is not None:
                progress(done)
    else:
        import multiprocessing

        size = max(1, min(250, games // (jobs * 8) or 1))
        chunks = [
            (a, min(games, a + size), players, options, seed, check, levels, swap_seats, external_timeout, logs)
            for a in range(0, games, size)
        ]
        # The platform's default start method ("spawn" on Windows and macOS): the work is
        # picklable, a module-level function and plain data.
        pool = multiprocessing.get_context(POOL_START_METHOD).Pool(jobs)
        try:
            # imap keeps game order, so the merge is the same as a single process's.
            for recs in pool.imap(_run_chunk, chunks):
                for rec in recs:
                    result.add(rec)
                    if keep_records:
                        result.records.append(rec)
                done += len(recs)
                if progress is not None:
                    progress(done)
        except BaseException:
            pool.terminate()
            pool.join()
            raise
        # The workers take their end-of-work mark and exit: Pool.terminate() after a run can
        # take the mark a worker waits for and then wait for that worker forever.
        pool.close()
        pool.join()
    result.seconds = time.perf_counter() - start
    from uno_cli.play.external import finish_log

    result.logs = {seat: finish_log(path) for seat, path in result.logs.items()}
    return result

"""The report of a simulation (``uno sim``) and the outside programs' faults, in the current language."""

from __future__ import annotations

from typing import Any

from uno_cli.engine.seats import Seat, seat_number
from uno_cli.words.i18n import _, get_translator, ngettext
from uno_cli.words.optioninfo import LEVEL_NAMES


def sim_report(result: Any) -> str:
    """A plain-text report of a simulation (uno_cli.play.sim.SimResult) in the current language: one fact per
    line, no tables."""
    r = result
    tr = get_translator()

    def level_name(level: str) -> str:
        return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level

    def pct(x: float) -> str:
        return tr.format_number(round(x * 100, 1))

    def num(x: float) -> str:
        return tr.format_number(round(x, 2))

    yes_no = _("yes") if r.swap_seats else _("no")
    lines = [
        _("Games: {count}").format(count=r.games),
        _("Players: {count}").format(count=r.players),
        _("Levels by seat: {levels}").format(levels=", ".join(map(level_name, r.levels or ["random"]))),
        _("Seats rotated each game: {answer}").format(answer=yes_no),
        _("Processes: {count}").format(count=r.jobs),
        _("Seed: {seed}").format(seed=r.seed),
        _("Seconds: {seconds}").format(seconds=num(r.seconds)),
        _("Games per second: {rate}").format(rate=num(r.games_per_second)),
        _("Hands: {count}").format(count=r.hands),
        _("Hands per game: {rate}").format(rate=num(r.hands / r.games if r.games else 0)),
        _("Actions per hand: {rate}").format(rate=num(r.actions / r.hands if r.hands else 0)),
        _("Turns per hand: {rate}").format(rate=num(r.turns / r.hands if r.hands else 0)),
    ]
    if len(r.level_stats) > 1 or r.swap_seats:
        for st in r.level_stats.values():
            low, high = st.interval()
            seats = st.seat_games / st.games if st.games else 0
            lines.append(
                ngettext(
                    "Level {level} ({seats} seat a game): won {rate}% of {games} games, 95% confidence "
                    "{low}% to {high}%, average points {points}",
                    "Level {level} ({seats} seats a game): won {rate}% of {games} games, 95% confidence "
                    "{low}% to {high}%, average points {points}",
                    int(seats) if seats == int(seats) else 2,
                ).format(
                    level=level_name(st.level), seats=num(seats), rate=pct(st.win_rate()), games=st.games,
                    low=pct(low), high=pct(high), points=num(st.average_points()),
                )
            )
    for s in range(r.players):
        low, high = r.seat_interval(s)
        rate = r.wins[s] / r.games if r.games else 0.0
        avg = r.points[s] / r.games if r.games else 0.0
        values = dict(seat=seat_number(s), rate=pct(rate), low=pct(low), high=pct(high), points=num(avg))
        if r.swap_seats or not r.levels:
            line = _("Seat {seat}: won {rate}%, 95% confidence {low}% to {high}%, average points {points}")
        else:
            values["level"] = level_name(r.levels[s])
            line = _(
                "Seat {seat} ({level}): won {rate}%, 95% confidence {low}% to {high}%, average points {points}"
            )
        lines.append(line.format(**values))
    for seat, (low, high) in sorted(r.reactions.items()):
        lines.append(_("Seat {seat} (program) reacts in races after {low} to {high} seconds.").format(
            seat=seat_number(seat), low=num(low), high=num(high)))
    for seat in sorted(set(r.logs) | set(r.reactions)):
        lines.append(fault_line(seat, r.faults.get(seat, {}), r.logs.get(seat)))
    lines.append(_("Rule violations: {count}").format(count=len(r.violations)))
    lines.extend(_("Violation: {text}").format(text=v) for v in r.violations[:20])
    if len(r.violations) > 20:
        lines.append(_("More violations: {count}").format(count=len(r.violations) - 20))
    return "\n".join(lines)


def fault_line(seat: Seat, counts: Any, log: str | None) -> str:
    """One sentence: the faults of the outside program at ``seat`` (0-based), and its error log."""
    line = _("Seat {seat} (program): crashes {crashes}, time-outs {timeouts}, invalid answers {invalid}, "
             "late answers {late}.").format(seat=seat_number(seat), crashes=counts.get("crash", 0),
                                            timeouts=counts.get("timeout", 0), invalid=counts.get("invalid", 0),
                                            late=counts.get("late", 0))
    if log:
        line += " " + _("Its error output is in {file}.").format(file=log)
    return line

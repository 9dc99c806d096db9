"""Every sentence the table server says, in the current language (one place per sentence).

A sentence that names a command as typed takes it as an argument: uno_cli.net.words reads it from
the verbs' registry (the play layer) and passes it in.
"""

from __future__ import annotations

from uno_cli.words.i18n import N_, _, pgettext


def name_in_use(name: str) -> str:
    """A second login under a name that is connected."""
    return _("{name} is already connected here. Log in with another name, or wait until that connection ends."
             ).format(name=name)


def name_taken(name: str) -> str:
    """A login under a name that belongs to another key (or to the passcode)."""
    return _("The name {name} belongs to another player here. Log in with another name.").format(name=name)


def level_name(level: str) -> str:
    """A bots' level (easy, normal, ...) in the current language."""
    from uno_cli.words.optioninfo import LEVEL_NAMES

    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def table_line(number: int, name: str, rules: str, taken: int, players: int, bots: str, state: str) -> str:
    """One table of the list."""
    # TRANSLATORS: {bots} is the bots' level: easy, normal, hard, expert or random.
    return _("Table {number}, {name}: {rules}; {taken} of {players} seats taken; bots {bots}; {state}.").format(
        number=number, name=name, rules=rules, taken=taken, players=players, bots=bots, state=state)


def state_name(state: str) -> str:
    """A table's state: waiting, playing or over."""
    if state == "playing":
        return pgettext("table", "playing")
    if state == "over":
        return pgettext("table", "over")
    return pgettext("table", "waiting for players")


def created(name: str, number: int) -> str:
    """Someone opened a table."""
    return _("{name} opened table {number}.").format(name=name, number=number)


def joined(name: str, number: int) -> str:
    """Someone sat down."""
    return _("{name} sits at table {number}.").format(name=name, number=number)


def watching(name: str, number: int) -> str:
    """Someone watches."""
    return _("{name} watches table {number}.").format(name=name, number=number)


def left(name: str, number: int) -> str:
    """Someone left a table."""
    return _("{name} leaves table {number}.").format(name=name, number=number)


def no_such_table(number: str) -> str:
    """A table number that does not exist."""
    return _("There is no table {number}.").format(number=number)


def table_full() -> str:
    """No free seat."""
    return _("That table is full; you can watch it.")


def only_creator(name: str) -> str:
    """Someone else tried to start."""
    return _("Only {name}, who opened the table, can start the match.").format(name=name)


def not_at_table() -> str:
    """A table command in the lobby."""
    return _("You are not at a table.")


def already_started() -> str:
    """Joining or starting a match that is going on."""
    return _("The match has already begun; you can watch it.")


def under_way() -> str:
    """``start`` from a player of the match going on."""
    return _("Your match is already under way.")


def chat(name: str, text: str) -> str:
    """A chat line with its sender."""
    return _("{name} says: {text}").format(name=name, text=text)


def chat_muted(on: bool) -> str:
    """Chat switched off or on."""
    return _("Chat is off.") if on else _("Chat is on.")


def too_fast() -> str:
    """Chat rate limit."""
    return _("You are writing too fast; wait a moment.")


def empty_chat() -> str:
    """A chat line with nothing after its apostrophe (or ``say`` alone)."""
    return _("Nothing to send: write your message after the apostrophe, as in 'good luck.")


def away(name: str) -> str:
    """A player's connection dropped."""
    return _("{name} lost the connection; the game waits for them.").format(name=name)


def back(name: str) -> str:
    """A player came back."""
    return _("{name} is back.").format(name=name)


def bot_plays(name: str) -> str:
    """The away time ran out."""
    return _("{name} did not come back; a bot plays their seat.").format(name=name)


def server_full() -> str:
    """A login refused: as many players are connected as the server takes."""
    return _("The server is full; try again later.")


def address_full() -> str:
    """A login refused: as many connections from the player's address as one address may hold."""
    return _("Too many connections from your address; close one, then try again.")


def no_command(command: str) -> str:
    """``ssh HOST COMMAND``: the server runs no command; how to come in instead."""
    # TRANSLATORS: {command} is what the player typed after the server's address in ssh.
    return _("This server runs no command ({command}): to play, connect without one.").format(command=command)


def too_long() -> str:
    """A line over the limit."""
    return _("That line is too long.")


def quit_at_table() -> str:
    """``quit`` at a network table: the game goes on for the others."""
    return _("The match goes on for the others. To leave the table, type {command}; your seat waits "
             "for you, then a bot plays it.").format(command=pgettext("command", "leave"))


def no_files() -> str:
    """``save`` over the network."""
    return _("Saving to a file is not possible over the network; the server keeps the game.")


def bad_table_options(problem: str) -> str:
    """``create`` with options that cannot make a game."""
    return _("That table cannot be opened: {problem}").format(problem=problem)


def who(names: list[str]) -> str:
    """Who is connected."""
    from uno_cli.words.i18n import get_translator

    return _("Here: {names}.").format(names=get_translator().format_list(names))


def listening(address: str, port: int) -> str:
    """Said when the server starts."""
    return _("The server is listening on {address}, port {port}.").format(address=address, port=port)


def local_only(option: str) -> str:
    """Said when the server only accepts this computer."""
    return _("Only this computer can join. To let others join, start it with {option}.").format(option=option)


def open_to_others() -> str:
    """Said when the server accepts other computers."""
    return _("Other computers can join: check your firewall and share the address, the port and the passcode.")


def fingerprint(text: str) -> str:
    """The host key fingerprint line."""
    return _("Host key fingerprint: {fingerprint}").format(fingerprint=text)


def passcode(code: str) -> str:
    """The passcode line."""
    return _("Passcode: {code}").format(code=code)


def join_with(command: str) -> str:
    """How to join."""
    return _("Join with: {command}").format(command=command)


def join_with_ssh(port: int, host: str) -> str:
    """How to join with plain SSH: ``ssh -p PORT NAME@HOST``, NAME in the current language."""
    return join_with(f"ssh -p {port} {pgettext('argument', 'NAME')}@{host}")


def fingerprint_groups(text: str) -> list[str]:
    """An OpenSSH fingerprint (``SHA256:...``) after its hash name, in groups of four characters."""
    digest = text.split(":", 1)[-1]
    return [digest[i:i + 4] for i in range(0, len(digest), 4)]


def _spelled(group: str) -> str:
    # One character at a time, capitals said as such: speech does not say case, and the
    # fingerprint an SSH client shows is case-sensitive.
    # TRANSLATORS: an upper-case letter of a key fingerprint, read aloud ("capital B").
    return " ".join(pgettext("letter", "capital {letter}").format(letter=ch) if ch.isupper() else ch
                    for ch in group)


def spelled_fingerprint(text: str) -> str:
    """The fingerprint as a person reads it aloud: group by group, character by character."""
    return "; ".join(_spelled(group) for group in fingerprint_groups(text))


def fingerprint_aloud(text: str) -> str:
    """The host key fingerprint line that is spoken (the exact one is printed too)."""
    return _("Host key fingerprint, group by group: {groups}.").format(groups=spelled_fingerprint(text))


def new_host(host: str, text: str) -> str:
    """``uno join`` meets a server for the first time: the fingerprint said as the server says it."""
    return _("First connection to {host}. Its host key fingerprint, group by group: {groups}. "
             "It is remembered now.").format(host=host, groups=spelled_fingerprint(text))


def changed_host(host: str, file: str) -> str:
    """``uno join`` finds another host key than the remembered one."""
    return _("The host key of {host} is not the one remembered! Someone may be pretending to be it. "
             "If its owner changed the key, remove its line from {file}.").format(host=host, file=file)


def cannot_connect(host: str, reason: str) -> str:
    """``uno join`` fails."""
    return _("Cannot connect to {host}: {reason}").format(host=host, reason=reason)


def connection_closed() -> str:
    """The server went away."""
    return _("The connection to the server is closed.")


def keys_file_unreadable(file: str, reason: str) -> str:
    """``--authorized-keys FILE`` cannot be opened."""
    return _("Cannot read the authorized keys file {file}: {reason}.").format(file=file, reason=reason)


def keys_file_problem(file: str, code: str, detail: dict) -> str:
    """What is wrong with ``--authorized-keys FILE`` (read with the limits of every file the server is given)."""
    if code == "too_big":
        return _("The authorized keys file {file} is larger than {limit} kB; it should hold one public key per "
                 "line.").format(file=file, limit=detail.get("limit"))
    if code == "not_a_file":
        return _("The authorized keys file {file} is not a regular file (a folder, a pipe or a device cannot hold "
                 "keys).").format(file=file)
    if code == "not_utf8":
        return _("The authorized keys file {file} is not {encoding} text (byte {offset}).").format(
            file=file, encoding="UTF-8", offset=detail.get("offset"))
    if code == "bad_line":
        return _("Line {line} of the authorized keys file {file} is not a public key in the OpenSSH format.").format(
            line=detail.get("line"), file=file)
    return _("The authorized keys file {file} holds no public key.").format(file=file)


def chat_skipped(count: int) -> str:
    """Chat lines a member was not sent because too many came at once."""
    from uno_cli.words.i18n import ngettext

    return ngettext("{count} chat line was skipped: too many came at once.",
                    "{count} chat lines were skipped: too many came at once.", count).format(count=count)


def too_many_tables(count: int) -> str:
    """``create`` when the server has every table it allows."""
    from uno_cli.words.i18n import ngettext

    return ngettext("The server has {count} table open, as many as it allows; join one, or wait until one ends.",
                    "The server has {count} tables open, as many as it allows; join one, or wait until one ends.",
                    count).format(count=count)


def your_tables(count: int) -> str:
    """``create`` by a player who opened as many tables as one player may."""
    from uno_cli.words.i18n import ngettext

    return ngettext("You already opened {count} table that is not over, as many as one player may open.",
                    "You already opened {count} tables that are not over, as many as one player may open.",
                    count).format(count=count)


def save_failed(reason: str) -> str:
    """The server could not write a table to its store."""
    return _("The server could not save this table ({reason}). The game goes on, but if the server stops now, "
             "the latest moves are lost.").format(reason=reason)


def store_failed(reason: str) -> str:
    """``uno serve`` could not save every table when it stopped, or cannot open its store at start."""
    return _("The tables could not be saved: {reason}.").format(reason=reason)


def name_look_alike(name: str, other: str) -> str:
    """A login under a name that looks like one connected or bound here ("ANA" beside "Ana")."""
    return _("The name {name} looks too much like {other}, a player here. Log in with another name.").format(
        name=name, other=other)


def private_line(number: int, taken: int, players: int, state: str) -> str:
    """A private table in the list, for those it does not admit (its name and rules are its own)."""
    return _("Table {number}: private; {taken} of {players} seats taken; {state}.").format(
        number=number, taken=taken, players=players, state=state)


def not_welcome(number: int) -> str:
    """A player the creator removed tries to come back."""
    return _("You were removed from table {number}; only an invitation from its creator seats you there again."
             ).format(number=number)


def invite_sent(name: str, number: int) -> str:
    """The creator hears the invitation went out."""
    return _("{name} is invited to table {number}.").format(name=name, number=number)


def nobody_called(name: str) -> str:
    """``invite``/``remove`` naming nobody connected (or nobody at the table)."""
    return _("Nobody called {name} is here.").format(name=name)


def only_creator_may(name: str) -> str:
    """``invite``/``remove`` by someone who did not open the table."""
    return _("Only {name}, who opened the table, can do that.").format(name=name)


def removed(by: str, name: str, number: int) -> str:
    """The creator removed a player from a table before its match."""
    return _("{by} removed {name} from table {number}.").format(by=by, name=name, number=number)


def welcome_back(number: int, status: str, key: str) -> str:
    """A player back at their seat in a match: where it stands, at once."""
    # TRANSLATORS: {status} is the whole state (top card, colour, whose turn, cards); {key} the key of the hand.
    return _("Back at table {number}. {status} {key} says your hand.").format(number=number, status=status, key=key)


def idle_move(name: str) -> str:
    """A connected player did not act within the time limit: the server moves for them."""
    return _("{name} was idle: the server moves for {name}.").format(name=name)


def next_hand(seconds: int) -> str:
    """The pause after a hand at a network table (the local game's pause)."""
    from uno_cli.words.i18n import ngettext

    return ngettext("Next hand in {count} second.", "Next hand in {count} seconds.", seconds).format(count=seconds)


def fingerprint_mismatch(host: str, expected: str, found: str) -> str:
    """``uno join`` given a fingerprint that is not the server's key."""
    return _("The host key of {host} is {found}, not {expected} as your line says. Nothing was sent: ask the "
             "server's owner for the line again.").format(host=host, found=found, expected=expected)


def typing_rule() -> str:
    """How typing and keys coexist at a table in play (F1 and the lobby help say it)."""
    return _("At a table in play, letters on an empty line are keys (F1 lists them). A letter that is no key "
             "begins a typed line, with the letters typed quickly just before it. To be sure, begin with a slash "
             "for a command, /scores, or an apostrophe to chat, 'good luck. Enter sends it. Ctrl+D on an empty "
             "line ends the session; your seat waits for you.")


def open_registration() -> str:
    """Said when the server starts with accounts only and no passcode."""
    return _("No passcode: anyone may log in with a new name and register it.")


def login_prompt(account_password: bool, passcode: bool) -> str:
    """What the system ssh asks at login (keyboard-interactive), in the server's language: the password of
    the name's account (or, without a passcode, one to register with), or the server's passcode."""
    if account_password or not passcode:
        return _("Your password: ")
    return _("The server's passcode: ")


def registered(name: str, key: bool) -> str:
    """The name is the member's account now."""
    if key:
        return _("The name {name} is yours now, with this key. Log in with it next time.").format(name=name)
    return _("The name {name} is yours now. Next time, log in with it and your password.").format(name=name)


def already_registered(name: str) -> str:
    """``register`` from a member who has an account."""
    return _("You already have an account: {name}.").format(name=name)


def no_accounts() -> str:
    """Accounts or records on a server that keeps none."""
    return _("This server keeps no accounts.")


def wrong_passcode() -> str:
    """``register`` with a wrong passcode."""
    return _("That is not the server's passcode.")


def password_length(shortest: int) -> str:
    """A password too short (or too long)."""
    from uno_cli.words.i18n import ngettext

    return ngettext("A password has at least {count} character.", "A password has at least {count} characters.",
                    shortest).format(count=shortest)


def password_changed() -> str:
    """``password NEW`` worked."""
    return _("Your password is changed.")


def bot_name(level: str) -> str:
    """The bots of a level, as one player of the records."""
    return _("Bots, {level}").format(level=level_name(level))


def stats_line(name: str, games: int, wins: int, points: int) -> str:
    """A player's matches, wins and average points."""
    from uno_cli.words.i18n import ngettext

    # TRANSLATORS: {matches}, {wins} and {points} are the three messages that follow.
    return _("{name}: {matches}, {wins}, {points}.").format(
        name=name,
        matches=ngettext("{count} match", "{count} matches", games).format(count=games),
        wins=ngettext("{count} win", "{count} wins", wins).format(count=wins),
        points=ngettext("{count} point on average", "{count} points on average", points).format(count=points))


def ratings_line(ratings: list[tuple[str, int]]) -> str:
    """A player's rating at each rule preset: (preset's name, rating)."""
    from uno_cli.words.i18n import get_translator

    parts = [_("{preset} {rating}").format(preset=preset, rating=rating) for preset, rating in ratings]
    return _("Rating: {ratings}.").format(ratings=get_translator().format_list(parts))


def no_matches(name: str) -> str:
    """A player with no finished match."""
    return _("{name} has no finished match here yet.").format(name=name)


def top_title(preset: str) -> str:
    """The first line of the leaderboard."""
    return _("Best ratings, {preset}:").format(preset=preset)


def top_line(place: int, name: str, rating: int, games: int) -> str:
    """One line of the leaderboard."""
    from uno_cli.words.i18n import ngettext

    return _("{place}. {name}, {rating}, {matches}.").format(
        place=place, name=name, rating=rating,
        matches=ngettext("{count} match", "{count} matches", games).format(count=games))


def no_ratings(preset: str) -> str:
    """A leaderboard with nobody on it."""
    return _("No rated match at {preset} yet.").format(preset=preset)


def history_line(preset: str, place: int, players: int, score: int, winners: list[str]) -> str:
    """One finished match of a player: the preset, the place, the score, who won."""
    from uno_cli.words.i18n import get_translator, ngettext

    # TRANSLATORS: {points} is the next message; {winners} a list of names.
    return _("{preset}: place {place} of {players}, {points}; won by {winners}.").format(
        preset=preset, place=place, players=players, winners=get_translator().format_list(winners),
        points=ngettext("{count} point", "{count} points", score).format(count=score))


def rating_now(preset: str, rating: int) -> str:
    """Said to each account at the end of a rated match."""
    return _("Match recorded. Your rating at {preset}: {rating}.").format(preset=preset, rating=rating)


def bad_public_key() -> str:
    """``add key`` with something that is no public key."""
    return _("That is not a public key: paste the one line of a .pub file, which starts with ssh-.")


def key_known() -> str:
    """``add key`` with a key the account has."""
    return _("That key already opens your account.")


def key_added(key: str, name: str) -> str:
    """A key was bound to the account."""
    return _("Key added: {key}. Log in with it as {name}.").format(key=key, name=name)


def key_removed(key: str) -> str:
    """A key was unbound."""
    return _("Key removed: {key}.").format(key=key)


def last_way_in() -> str:
    """Removing the only key of an account without a password."""
    return _("That key is your only way in: set a password or add a key first.")


# ------------------------------------------------------------------ moderation: roles, bans, notices


def role_name_refused(where: str, name: str) -> str:
    """A name given a role that cleaning would change."""
    return _("{where}: the name {name} has characters a name cannot have, or is longer than 24 "
             "characters.").format(where=where, name=name)


def roles_line(line: int, file: str) -> str:
    """Where in a roles file a problem is."""
    return _("Line {line} of the roles file {file}").format(line=line, file=file)


def not_a_role(where: str, word: str) -> str:
    """A roles file's line whose first word is no role."""
    return _("{where}: {word} is not a role; write operator or moderator, then the name.").format(
        where=where, word=word)


def no_name_after_role(where: str) -> str:
    """A roles file's line with a role and no name."""
    return _("{where} gives no name after the role.").format(where=where)


def cannot_read_given(file: str, reason: str) -> str:
    """A file given to ``uno serve`` that cannot be read."""
    return _("Cannot read the file {file}: {reason}.").format(file=file, reason=reason)


def given_not_text(file: str, limit: int) -> str:
    """A file given to ``uno serve`` that is not a small regular text file."""
    return _("The file {file} must be a regular file of UTF-8 text, at most {limit} kB.").format(file=file, limit=limit)


def no_passcode(file: str) -> str:
    """A passcode file with no passcode in it."""
    return _("The passcode file {file} holds no passcode.").format(file=file)


def duration_words(seconds: float) -> str:
    """``seconds`` as a person says it: in days, hours, minutes or seconds, the largest that fits."""
    from uno_cli.words.i18n import ngettext

    s = round(seconds)
    if s >= 86400 and s % 86400 == 0:
        n = s // 86400
        return ngettext("{count} day", "{count} days", n).format(count=n)
    if s >= 3600 and s % 3600 == 0:
        n = s // 3600
        return ngettext("{count} hour", "{count} hours", n).format(count=n)
    if s >= 60 and s % 60 == 0:
        n = s // 60
        return ngettext("{count} minute", "{count} minutes", n).format(count=n)
    return ngettext("{count} second", "{count} seconds", s).format(count=s)


def refused(operators_only: bool) -> str:
    """A command above the member's role."""
    if operators_only:
        return _("Only the server's operators can do that.")
    return _("Only the server's moderators and operators can do that.")


def role_needs_key() -> str:
    """A role's command from a passcode login."""
    return _("Your role here counts only when you log in with your own key, not with the shared passcode.")


def banned_sentence(until: float | None) -> str:
    """Said to a banned login before its connection is closed."""
    import time

    if until is None:
        return _("You are banned from this server.")
    return _("You are banned from this server until {time}.").format(
        time=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(until)))


def restarts_in(seconds: float) -> str:
    """The notice of a ``shutdown``."""
    return _("The server restarts in {time}. Every table is saved; log in again afterwards and your seat "
             "is waiting.").format(time=duration_words(seconds))


def restarting_now() -> str:
    """Said to everyone just before the server stops for an operator's ``shutdown``."""
    return _("The server is restarting now. Every table is saved; log in again in a moment.")


def stopping_now() -> str:
    """Said to everyone just before the server stops for another reason (its owner stopped it)."""
    return _("The server is stopping now. Every table is saved; when it runs again, log in and your seat is "
             "waiting.")


def protected(name: str) -> str:
    """A moderation command aimed at oneself or at a role as high as one's own."""
    return _("You cannot do that to {name}.").format(name=name)


def muted_line() -> str:
    """A muted player's chat line."""
    return _("A moderator muted your chat; nobody reads what you write.")


def barred(number: int) -> str:
    """A player taken off a table tries to sit there again."""
    return _("You cannot sit at table {number} again: a moderator took you off it.").format(number=number)


def nobody_connected(name: str) -> str:
    """A moderation command naming nobody connected."""
    return _("Nobody called {name} is connected.").format(name=name)


def kicked_by(name: str) -> str:
    """Said to the kicked player."""
    return _("{name} sends you off the server.").format(name=name)


def kicked(name: str) -> str:
    """Said to the moderator who kicked."""
    return _("{name} is off the server.").format(name=name)


def not_at_a_table(name: str) -> str:
    """``unseat`` of a player at no table."""
    return _("{name} is not at a table.").format(name=name)


def unseated(name: str, number: int) -> str:
    """A player taken off a table by a moderator."""
    return _("{name} is taken off table {number} by a moderator.").format(name=name, number=number)


def muted(name: str, seconds: float | None) -> str:
    """Said to the moderator who muted."""
    if seconds is None:
        return _("The chat of {name} is muted.").format(name=name)
    return _("The chat of {name} is muted for {time}.").format(name=name, time=duration_words(seconds))


def muted_by(name: str, seconds: float | None) -> str:
    """Said to the muted player."""
    if seconds is None:
        return _("{name} mutes your chat.").format(name=name)
    return _("{name} mutes your chat for {time}.").format(name=name, time=duration_words(seconds))


def unmuted_by(name: str) -> str:
    """Said to the unmuted player."""
    return _("{name} turns your chat on again.").format(name=name)


def unmuted(name: str) -> str:
    """Said to the moderator who unmuted."""
    return _("The chat of {name} is on again.").format(name=name)


def table_closed_by(name: str, number: int) -> str:
    """Said to those at a table a moderator closes."""
    return _("{name} closes table {number}; you are back in the lobby.").format(name=name, number=number)


def table_closed(number: int) -> str:
    """Said to the moderator who closed a table."""
    return _("Table {number} is closed.").format(number=number)


def banned(target: str, seconds: float | None) -> str:
    """Said to the moderator who banned."""
    if seconds is None:
        return _("{target} is banned.").format(target=target)
    return _("{target} is banned for {time}.").format(target=target, time=duration_words(seconds))


def not_banned(target: str) -> str:
    """``unban`` of someone not banned."""
    return _("{target} is not banned.").format(target=target)


def unbanned(target: str) -> str:
    """Said to the moderator who unbanned."""
    return _("{target} is no longer banned.").format(target=target)


def announcement(name: str, text: str) -> str:
    """A ``broadcast`` line, to everyone connected."""
    return _("Announcement from {name}: {text}").format(name=name, text=text)


def no_shutdown() -> str:
    """``shutdown cancel`` with none pending."""
    return _("No shutdown is pending.")


def shutdown_cancelled(name: str) -> str:
    """Said to everyone when an operator calls off the restart."""
    return _("{name} called off the restart; the server keeps running.").format(name=name)


def not_a_time(text: str) -> str:
    """A duration that cannot be read."""
    return _("{text} is not a time: write minutes, or a number with m, h or d (30m, 2h, "
             "7d).").format(text=text)


# ------------------------------------------------------------------ keys at a network table
KEY_NOT_HERE = N_("That key does nothing at a network table.")
KEY_WATCHING = N_("You are watching: that key is for the players.")
CTRL_C = N_("Ctrl+C does not leave the table. Ctrl+D on an empty line ends the session; your seat waits for you.")


def key_or_typed(key: str, command: str, action: str) -> str:
    """One key of the help at a network table, with what can be typed instead."""
    # TRANSLATORS: one key of the help at a network table: {key} is the key, {command} what
    # can be typed instead (then Enter), {action} what both do.
    return _("{key}, or type {command}: {action}.").format(key=key, command=command, action=action)


#: What ``uno join`` asks for: the server's passcode, or the password of the name's account.
PASSCODE_OR_PASSWORD = N_("Passcode or password")


def passcode_or_password() -> str:
    """What ``uno join`` asks for: the server's passcode, or the password of the name's account."""
    return _(PASSCODE_OR_PASSWORD)


def line_cleared() -> str:
    """Escape emptied the typed line (said by ``uno join`` as by the local game)."""
    from uno_cli.words import interactive as interactive_words

    return _(interactive_words.LINE_CLEARED)


def passcode_from(source: str) -> str:
    """The server's start: where its passcode is (a file), never the passcode itself."""
    return _("Passcode: the one in {source}.").format(source=source)


# ------------------------------------------------------------------ sentences that name a command as typed
# The typed command (``command``, ``invite``) comes from the verbs' registry in the play layer:
# uno_cli.net.words passes it in.


def welcome(name: str, command: str) -> str:
    """The first line after logging in; ``command`` is the help command as typed."""
    return _("Welcome, {name}. Type {command} for the commands.").format(name=name, command=command)


def server_help(usages: list[tuple[str, str]]) -> str:
    """The lobby and table commands, one per line: (usage as typed, what it does, translated)."""
    return "\n".join([*(command_line(usage, meaning) for usage, meaning in usages), typing_rule()])


def command_line(command: str, meaning: str) -> str:
    """One line of the server's help (the lobby's, the moderators')."""
    # TRANSLATORS: one line of the server's help: {command} is typed as it is, {meaning} says what it does.
    return _("{command}: {meaning}").format(command=command, meaning=meaning)


def write_it_as(usage: str) -> str:
    """A moderation command typed wrong: how it is written (``usage`` as typed)."""
    return _("Write it as: {usage}.").format(usage=usage)


def no_tables(command: str) -> str:
    """The table list when there is none; ``command`` is "create NAME" as typed."""
    return _("No tables yet. Create one with: {command}").format(command=command)


def unknown(text: str, command: str) -> str:
    """A line that is no command; ``command`` is the help command as typed."""
    return _("Unknown command: {text}. Type {command} for the commands.").format(text=text, command=command)


def private_created(number: int, command: str, invite: str) -> str:
    """The creator of a private table hears how others come in."""
    # TRANSLATORS: {command} is "join 3 CODE" and {invite} "invite NAME", as typed in your language.
    return _("Table {number} is private. Friends sit with {command}, or when you invite them: {invite}.").format(
        number=number, command=command, invite=invite)


def needs_code(number: int, command: str) -> str:
    """``join``/``watch`` of a private table without its code (or with a wrong one)."""
    return _("Table {number} is private: type its code after the number ({command}), or ask its creator to "
             "invite you.").format(number=number, command=command)


def invited(name: str, number: int, table: str, command: str) -> str:
    """A connected player hears who invites them where, and how to accept."""
    return _("{name} invites you to table {number}, {table}. To sit there, type {command}.").format(
        name=name, number=number, table=table, command=command)


def may_register(command: str) -> str:
    """Said when the server starts with accounts beside guests (``--accounts on``)."""
    return _("Players may keep their name: once in, they type {command}.").format(command=command)


def register_first(invited: bool, command: str) -> str:
    """A newcomer (a key or a name nobody registered) tried something other than registering."""
    if invited:
        return _("To play here, keep your name: type {command}.").format(command=command)
    return _("To play here, keep your name: type {command} and the server's passcode.").format(command=command)


def guest_may_register(command: str) -> str:
    """Said to a guest (logged in with the passcode) on a server with accounts, after the welcome."""
    return _("To keep your name here, type {command} and a password of your own.").format(command=command)


def choose_password(command: str) -> str:
    """``register`` without a key and without a password."""
    return _("Type {command} and a password of your own.").format(command=command)


def not_registered(command: str) -> str:
    """``password`` from a guest."""
    return _("You have no account yet: type {command} first.").format(command=command)


def keys_list(keys: list[str], command: str) -> str:
    """The keys of an account, numbered; ``command`` is "add key" as typed."""
    from uno_cli.words.i18n import get_translator

    if not keys:
        return _("No key opens your account; add one with {command}.").format(command=command)
    items = [_("{number}: {key}").format(number=n, key=key) for n, key in enumerate(keys, 1)]
    return _("Your keys: {keys}.").format(keys=get_translator().format_list(items))


def no_such_key(number: str, command: str) -> str:
    """``remove key`` with a number not in the list; ``command`` is "keys" as typed."""
    return _("You have no key {number}; type {command} to hear them.").format(number=number, command=command)

"""Players' accounts: a name kept for good, bound to SSH keys and/or a personal password.

A name is stored with its folded form (:func:`uno_cli.words.names.name_key`), which is unique:
"ana", "ANA", Cyrillic "Аna" and "Ána" are one name, owned by one account. A password is
kept only as a salted scrypt hash (the standard library's :func:`hashlib.scrypt`), with its
salt and parameters beside it, and compared in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from uno_cli.words.names import name_key
from uno_cli.words import messagetypes as mt

#: scrypt's cost (N, r, p): about 16 MiB and some 50 ms per check on a small machine.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 14, 8, 1
#: The shortest and longest personal password.
MIN_PASSWORD, MAX_PASSWORD = 6, 200
#: The credential of an account's login: this prefix and the account's number.
ACCOUNT = "account "
#: Accounts: the prefix of a rating identity (``account 7``); guests' and bots' identities follow.
GUEST, BOT = "guest ", "bot "


def hash_password(password: str, n: int = SCRYPT_N, r: int = SCRYPT_R, p: int = SCRYPT_P) -> str:
    """``scrypt$N$r$p$salt$hash`` (salt and hash in base64) for ``password``."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32)
    return "$".join(("scrypt", str(n), str(r), str(p), base64.b64encode(salt).decode(), base64.b64encode(digest).decode()))


def check_password(password: str, stored: str | None) -> bool:
    """True when ``password`` is the one ``stored`` was made from (constant-time comparison)."""
    if not stored:
        return False
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        want = base64.b64decode(digest)
        got = hashlib.scrypt(password.encode("utf-8", "replace"), salt=base64.b64decode(salt), n=int(n), r=int(r),
                             p=int(p), maxmem=64 * 1024 * 1024, dklen=len(want))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, want)


@dataclass(frozen=True)
class Account:
    """One account: its number, its name as registered, its password hash (None: keys only)."""

    id: int
    name: str
    password: str | None

    @property
    def credential(self) -> str:
        """What a login of this account proved (the hub binds the name to it)."""
        return f"{ACCOUNT}{self.id}"


class Accounts:
    """The accounts of one server, kept in its store (uno_cli.net.store.TableStore)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    def _one(self, where: str, value: Any) -> Account | None:
        rows = self.store.read(f"SELECT id, name, password FROM accounts WHERE {where} = ?", (value,))
        return Account(*rows[0]) if rows else None

    def named(self, name: str) -> Account | None:
        """The account that owns ``name`` or a name that looks like it."""
        return self._one("folded", name_key(name))

    def by_id(self, number: int) -> Account | None:
        """The account of that number."""
        return self._one("id", number)

    def of_credential(self, credential: str | None) -> Account | None:
        """The account a login's credential proves (None for a guest)."""
        if credential and credential.startswith(ACCOUNT) and credential[len(ACCOUNT):].isdigit():
            return self.by_id(int(credential[len(ACCOUNT):]))
        return None

    def keys(self, account: Account) -> list[str]:
        """The fingerprints of the account's keys, oldest first."""
        return [r[0] for r in self.key_list(account)]

    def key_list(self, account: Account) -> list[tuple[str, str, str]]:
        """The account's keys, oldest first: (fingerprint, kind, comment)."""
        return [(r[0], r[1], r[2]) for r in self.store.read(
            "SELECT fingerprint, kind, comment FROM account_keys WHERE account = ? ORDER BY added, rowid",
            (account.id,))]

    def add_key(self, account: Account, fingerprint: str, kind: str = "", comment: str = "") -> None:
        """Bind one more key to the account."""
        self.store.change([(("INSERT OR IGNORE INTO account_keys (account, fingerprint, kind, comment, added)"
                             " VALUES (?, ?, ?, ?, ?)"), (account.id, fingerprint, kind, comment, time.time()))])

    def register(self, name: str, fingerprint: str | None = None, password: str | None = None,
                 hashed: str | None = None, kind: str = "") -> Account:
        """A new account for ``name`` with a key and/or a password (or its ``hashed`` form); the caller
        checked the name is free (else StoreError)."""
        now = time.time()
        if password is not None:
            hashed = hash_password(password)
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO accounts (name, folded, password, created) VALUES (?, ?, ?, ?)",
             (name, name_key(name), hashed, now))]
        if fingerprint:
            statements.append((("INSERT INTO account_keys (account, fingerprint, kind, comment, added)"
                                " VALUES (last_insert_rowid(), ?, ?, '', ?)"), (fingerprint, kind, now)))
        self.store.change(statements)
        account = self.named(name)
        assert account is not None
        return account

    def set_password(self, account: Account, password: str | None = None, hashed: str | None = None) -> None:
        """Give the account a new password (or its ``hashed`` form)."""
        if password is not None:
            hashed = hash_password(password)
        self.store.change([("UPDATE accounts SET password = ? WHERE id = ?", (hashed, account.id))])

    def remove_key(self, account: Account, fingerprint: str) -> None:
        """Unbind a key from the account."""
        self.store.change([("DELETE FROM account_keys WHERE account = ? AND fingerprint = ?",
                            (account.id, fingerprint))])

    def login_password(self, name: str, password: str) -> Account | None:
        """The account of ``name`` if ``password`` is its password."""
        account = self.named(name)
        if account is not None and check_password(password, account.password):
            return account
        return None

    def login_key(self, name: str, fingerprint: str) -> Account | None:
        """The account of ``name`` if that key is bound to it."""
        account = self.named(name)
        if account is not None and fingerprint in self.keys(account):
            return account
        return None


def register_command(hub: Any, member: Any, rest: str) -> None:
    """``register [PASSWORD]``: the member's name becomes an account, bound to the key the member
    logged in with, or else to the password given; a newcomer without the passcode gives it instead."""
    from uno_cli.net import words
    from uno_cli.words import net as net_words
    from uno_cli.net.store import StoreError

    accounts = hub.accounts
    if accounts is None:
        member.say(net_words.no_accounts, mt.ERROR, {"code": "no_accounts"})
        return
    if member.account is not None:
        account = member.account
        member.say(lambda: net_words.already_registered(account.name), mt.ERROR, {"code": "registered"})
        return
    word = rest.strip()
    key = member.login_key
    if key is not None and not member.invited:
        if not word:
            member.say(lambda: words.register_first(False), mt.ERROR, {"code": "register_first"})
            return
        if not member.check_passcode(word):
            member.say(net_words.wrong_passcode, mt.ERROR, {"code": "wrong_passcode"})
            return
    elif key is None:
        if not word:
            member.say(words.choose_password, mt.ERROR, {"code": "password_needed"})
            return
        if not MIN_PASSWORD <= len(word) <= MAX_PASSWORD:
            member.say(lambda: net_words.password_length(MIN_PASSWORD), mt.ERROR, {"code": "bad_password"})
            return
    name = member.name

    def finish(hashed: str | None) -> None:
        if member.gone or member.account is not None:
            return
        try:
            if accounts.named(name) is not None:
                member.say(lambda: net_words.name_taken(name), mt.ERROR, {"code": "name_taken"})
                return
            account = accounts.register(name, fingerprint=key, hashed=hashed, kind=member.login_key_kind)
        except StoreError as exc:
            reason = exc.reason
            member.say(lambda: net_words.save_failed(reason[:200]), mt.ERROR, {"code": "save_failed"})
            return
        member.account, member.credential, member.newcomer = account, account.credential, False
        hub.credentials[name] = account.credential
        member.say(lambda: net_words.registered(name, key is not None), mt.REGISTERED,
                   {"name": name, "key": key is not None})

    if key is not None:
        finish(None)
    else:
        off_the_loop(hash_password, word, finish)


def password_command(hub: Any, member: Any, rest: str) -> None:
    """``password NEW``: a new password for the member's account (a key account gains one)."""
    from uno_cli.net import words
    from uno_cli.words import net as net_words
    from uno_cli.net.store import StoreError

    if hub.accounts is None:
        member.say(net_words.no_accounts, mt.ERROR, {"code": "no_accounts"})
        return
    if member.account is None:
        member.say(words.not_registered, mt.ERROR, {"code": "not_registered"})
        return
    word = rest.strip()
    if not MIN_PASSWORD <= len(word) <= MAX_PASSWORD:
        member.say(lambda: net_words.password_length(MIN_PASSWORD), mt.ERROR, {"code": "bad_password"})
        return
    account, accounts = member.account, hub.accounts

    def finish(hashed: str) -> None:
        try:
            accounts.set_password(account, hashed=hashed)
        except StoreError as exc:
            reason = exc.reason
            member.say(lambda: net_words.save_failed(reason[:200]), mt.ERROR, {"code": "save_failed"})
            return
        member.say(net_words.password_changed, mt.INFO, {"code": "password_changed"})

    off_the_loop(hash_password, word, finish)


def off_the_loop(work: Callable[[str], str], arg: str, done: Callable[[str], None]) -> None:
    """``done(work(arg))``: the slow hash on a worker thread, ``done`` back on the event loop (inline
    without a running loop). The tables never wait for a password."""
    import asyncio

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        done(work(arg))
        return

    def back(future: Any) -> None:
        try:
            result = future.result()
        except Exception:
            import logging

            logging.getLogger("uno_cli.net").exception("a password could not be hashed")
            return
        done(result)

    loop.run_in_executor(None, work, arg).add_done_callback(back)


def _own_account(hub: Any, member: Any) -> Any:
    """The member's account, or None (said why)."""
    from uno_cli.net import words
    from uno_cli.words import net as net_words

    if hub.accounts is None:
        member.say(net_words.no_accounts, mt.ERROR, {"code": "no_accounts"})
        return None
    if member.account is None:
        member.say(words.not_registered, mt.ERROR, {"code": "not_registered"})
        return None
    return member.account


def _key_said(kind: str, comment: str) -> str:
    return f"{kind} {comment}".strip()


def keys_command(hub: Any, member: Any, rest: str) -> None:
    """``keys``: the keys of the member's account, numbered, by kind and comment."""
    from uno_cli.net import words

    account = _own_account(hub, member)
    if account is None:
        return
    listed = hub.accounts.key_list(account)
    shown = [_key_said(kind, comment) or fingerprint[:15] for fingerprint, kind, comment in listed]
    member.say(lambda: words.keys_list(shown), mt.KEYS,
               {"keys": [{"number": n, "fingerprint": f, "kind": k, "comment": c}
                         for n, (f, k, c) in enumerate(listed, 1)]})


def add_key_command(hub: Any, member: Any, rest: str) -> None:
    """``add key LINE``: the public key pasted (one line of a ``.pub`` file) opens the account too.

    The key's owner proves nothing here: whoever binds a key lets its holder into their own
    account, nobody else's (one key may open several accounts; the name says which)."""
    import asyncssh

    from uno_cli.words.names import clean_text
    from uno_cli.words import net as net_words
    from uno_cli.net.store import StoreError

    account = _own_account(hub, member)
    if account is None:
        return
    try:
        key = asyncssh.import_public_key(rest.strip())
    except (ValueError, asyncssh.Error, TypeError):
        member.say(net_words.bad_public_key, mt.ERROR, {"code": "bad_key"})
        return
    fingerprint = key.get_fingerprint()

    kind, comment = key_kind_of(key), clean_text(key.get_comment() or "")[:60]
    if fingerprint in hub.accounts.keys(account):
        member.say(net_words.key_known, mt.ERROR, {"code": "key_known"})
        return
    try:
        hub.accounts.add_key(account, fingerprint, kind, comment)
    except StoreError as exc:
        reason = exc.reason
        member.say(lambda: net_words.save_failed(reason[:200]), mt.ERROR, {"code": "save_failed"})
        return
    said = _key_said(kind, comment)
    member.say(lambda: net_words.key_added(said, account.name), mt.INFO, {"code": "key_added", "fingerprint": fingerprint})


def remove_key_command(hub: Any, member: Any, rest: str) -> None:
    """``remove key N``: the key numbered N in ``keys`` no longer opens the account (never the last way in)."""
    from uno_cli.words.names import clean_text
    from uno_cli.net import words
    from uno_cli.words import net as net_words
    from uno_cli.net.store import StoreError

    account = _own_account(hub, member)
    if account is None:
        return
    listed = hub.accounts.key_list(account)
    typed = rest.strip()
    number = int(typed) if typed.isascii() and typed.isdigit() and len(typed) < 4 else 0
    if not 1 <= number <= len(listed):
        shown = clean_text(typed)[:10]
        member.say(lambda: words.no_such_key(shown), mt.ERROR, {"code": "no_key"})
        return
    current = hub.accounts.named(account.name)
    if len(listed) == 1 and (current is None or not current.password):
        member.say(net_words.last_way_in, mt.ERROR, {"code": "last_way_in"})
        return
    fingerprint, kind, comment = listed[number - 1]
    try:
        hub.accounts.remove_key(account, fingerprint)
    except StoreError as exc:
        reason = exc.reason
        member.say(lambda: net_words.save_failed(reason[:200]), mt.ERROR, {"code": "save_failed"})
        return
    said = _key_said(kind, comment) or fingerprint[:15]
    member.say(lambda: net_words.key_removed(said), mt.INFO, {"code": "key_removed", "fingerprint": fingerprint})


def key_kind_of(key: Any) -> str:
    """A key's kind as people name it: ed25519, rsa, ecdsa."""
    algorithm = key.get_algorithm() if hasattr(key, "get_algorithm") else ""
    name = algorithm.decode("ascii", "replace") if isinstance(algorithm, bytes) else str(algorithm)
    return name.removeprefix("ssh-").split("-")[0][:20]

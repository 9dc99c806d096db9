"""The store's migration to accounts and records, password hashes, and the rating update."""

from __future__ import annotations

import sqlite3

import pytest

from uno_cli.net.accounts import Accounts, check_password, hash_password
from uno_cli.net.ratings import (
    BASE,
    MatchResult,
    Records,
    SeatResult,
    bot_identity,
    places,
    rate,
    shown,
)
from uno_cli.net.store import SCHEMA_VERSION, StoreError, TableStore


def _version_1(path) -> None:
    db = sqlite3.connect(str(path))
    db.execute("CREATE TABLE tables (number INTEGER PRIMARY KEY, data TEXT NOT NULL)")
    db.execute("INSERT INTO tables VALUES (3, '{\"net\": {\"name\": \"friday\"}}')")
    db.execute("INSERT INTO tables VALUES (7, '{\"net\": {\"name\": \"late\"}}')")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()


def test_a_version_1_database_holding_tables_migrates_to_the_current_version_and_keeps_its_tables(tmp_path):
    path = tmp_path / "tables.sqlite3"
    _version_1(path)
    store = TableStore(path)
    assert store.read("PRAGMA user_version")[0][0] == SCHEMA_VERSION == 4
    assert store.tables() == [(3, '{"net": {"name": "friday"}}'), (7, '{"net": {"name": "late"}}')]
    accounts = Accounts(store)
    ana = accounts.register("Ana", fingerprint="SHA256:abc")
    assert accounts.named("ána") == ana and accounts.keys(ana) == ["SHA256:abc"]
    store.close()
    # Opened again: nothing migrates twice, nothing is lost.
    store = TableStore(path)
    assert Accounts(store).named("ANA") == ana and len(store.tables()) == 2
    store.close()


def test_a_database_newer_than_the_program_is_refused_untouched(tmp_path):
    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(str(path))
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer"):
        TableStore(path)


def test_a_password_is_kept_as_a_salted_scrypt_hash_with_its_parameters():
    first, second = hash_password("correct horse", n=2 ** 10), hash_password("correct horse", n=2 ** 10)
    assert first != second  # a new salt each time
    assert first.startswith("scrypt$1024$8$1$") and "correct horse" not in first
    assert check_password("correct horse", first) and check_password("correct horse", second)
    assert not check_password("correct hors", first)
    assert not check_password("correct horse", None) and not check_password("x", "md5$nonsense")


def test_one_name_is_one_account_whatever_its_case_accents_or_look_alike_letters(tmp_path):
    store = TableStore(tmp_path / "s.sqlite3")
    accounts = Accounts(store)
    bo = accounts.register("Bo", password="bo-secret")
    assert accounts.named("BO") == bo and accounts.named("Вo") == bo  # "В": the Cyrillic letter that looks like B
    with pytest.raises(StoreError):
        accounts.register("bó", password="another")
    assert accounts.login_password("bo", "bo-secret") == bo and accounts.login_password("bo", "nope") is None
    accounts.set_password(bo, "new-secret")
    assert accounts.login_password("Bo", "new-secret") == accounts.named("Bo")
    store.close()


def _match(scores: list[int], winners: set[int], identities: list[str]) -> MatchResult:
    return MatchResult("classic", {}, [SeatResult(i, i.split()[0], i, s, n in winners)
                                 for n, (i, s) in enumerate(zip(identities, scores))], [[0] * len(scores)])


def test_the_winner_rises_the_last_falls_and_a_tie_shares_its_place():
    match = _match([0, 40, 40, 90], {0}, ["account 1", "account 2", "bot hard", "guest Cy"])
    assert places(match) == [1, 2, 2, 4]
    after = rate({}, match)
    ordinal = {k: shown(*v) for k, v in after.items()}
    assert ordinal["account 1"] > ordinal["account 2"] == ordinal["bot hard"] > ordinal["guest Cy"]
    # Under winner takes the points, a higher score is the better place.
    match.high_wins, match.seats[0].won = True, False
    match.seats[3].won = True
    assert places(match)[3] == 1 and places(match)[0] == 4


def test_partners_are_rated_as_a_team():
    match = _match([10, 50, 10, 50], {0, 2}, ["account 1", "account 2", "account 3", "bot easy"])
    match.teams = [[0, 2], [1, 3]]
    after = rate({}, match)
    assert after["account 1"] == after["account 3"]
    assert after["account 1"][0] > 25 > after["account 2"][0]


def test_records_keep_matches_hands_and_the_ratings_of_accounts_and_bots_but_not_of_guests(tmp_path):
    store = TableStore(tmp_path / "s.sqlite3")
    records = Records(store)
    first = _match([0, 30, 60], {0}, ["account 1", bot_identity("hard"), "guest Cy"])
    first.hands = [[0, 10, 20], [0, 20, 40]]
    number = records.record(first)
    records.record(_match([25, 0, 5], {1}, ["account 1", bot_identity("hard"), "guest Cy"]))
    assert records.hands(number) == [[0, 10, 20], [0, 20, 40]]
    assert records.stats("account 1") == (2, 1, 12.5)
    assert records.stats("guest Cy") == (2, 0, 32.5)
    assert records.ratings("guest Cy") == []
    top = records.top("classic", 10)
    assert {row[0] for row in top} == {"account 1", bot_identity("hard")}
    assert all(row[3] == 2 for row in top)
    history = records.history("account 1", 5)
    assert [h[2] for h in history] == [3, 1]  # newest first: last, then first place
    assert history[0][5] == ["bot hard"]  # the winner's name as it sat
    assert records.presets() == ["classic"]
    assert shown(25.0, 25.0 / 3) == BASE  # a newcomer's rating is said as the base
    store.close()

"""The rule book and the option words: every option covered, following the options given."""

from __future__ import annotations

import dataclasses

import pytest

from uno_cli.engine.errors import InvalidOptions
from uno_cli.engine.options import OPTION_NAMES, PRESETS, RuleOptions
from uno_cli.words.i18n import COMPLETE_LANGUAGES, DEFAULT_LANGUAGE, use_language
from uno_cli.words.optioninfo import (
    OPTION_INFO,
    PRESET_INFO,
    describe_value,
    option_label,
    option_line,
    preset_description,
    scoring_mode_name,
    value_choices,
)
from uno_cli.words.rulebook import OPTION_ORDER, rule_book, sections

BOOL_KEYS = [f.name for f in dataclasses.fields(RuleOptions) if f.type == "bool"]
# Characters a screen reader reads aloud or a braille display garbles.
FORBIDDEN = set("•·◦▪■□●○►▶–—|#*_`~<>[]{}") | {chr(c) for c in range(0x2500, 0x2600)}


@pytest.fixture(autouse=True)
def english():
    with use_language("en"):
        yield


def _in_this_game(key: str, value: object) -> str:
    from uno_cli.words.i18n import _
    return _("In this game: {value}.").format(value=describe_value(key, value))


def test_option_info_covers_every_option_and_nothing_else():
    assert set(OPTION_INFO) == set(OPTION_NAMES)
    assert set(OPTION_ORDER) == set(OPTION_NAMES) and len(OPTION_ORDER) == len(OPTION_NAMES)
    for key, info in OPTION_INFO.items():
        assert info.key == key and info.label and info.help


def test_every_preset_has_a_name_and_description():
    assert set(PRESET_INFO) == set(PRESETS)
    for name in PRESETS:
        assert preset_description(name)


def test_every_allowed_value_has_words_of_its_own():
    for key, info in OPTION_INFO.items():
        if info.values is None:
            continue
        said = [text for _value, text in value_choices(key)]
        assert len(set(said)) == len(info.values), key
        assert all(said)


def test_numbers_are_said_with_counts():
    assert describe_value("uno_penalty", 1) == "1 card"
    assert describe_value("uno_penalty", 4) == "4 cards"
    assert describe_value("target", 1000) == "1,000 points"
    assert describe_value("hands", 0) != describe_value("hands", 1)
    assert describe_value("stacking", True) != describe_value("stacking", False)


def test_option_line_says_label_value_and_help():
    line = option_line("stacking", True)
    assert line.startswith(option_label("stacking") + ": " + describe_value("stacking", True))


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_option_has_a_section_marked_for_the_preset(name):
    opts = PRESETS[name]
    book = dict(sections(name))
    for key in OPTION_NAMES:
        heading = option_label(key)
        assert heading in book, key
        assert _in_this_game(key, getattr(opts, key)) in book[heading], key
    text = rule_book(name)
    for key in OPTION_NAMES:
        assert f"\n{option_label(key)}\n\n" in text


@pytest.mark.parametrize("key", BOOL_KEYS)
def test_on_off_marking_follows_the_options(key):
    for value in (False, True):
        opts = dataclasses.replace(RuleOptions(), **{key: value})
        body = dict(sections("classic", opts))[option_label(key)]
        assert _in_this_game(key, value) in body
        assert _in_this_game(key, not value) not in body


def test_values_follow_the_options():
    opts = RuleOptions(challenge_penalty="return", uno_penalty=4, scoring="lowest_wins",
                       target=250, hands=3, jump_in_penalty=5)
    book = dict(sections("classic", opts))
    for key in ("challenge_penalty", "uno_penalty", "scoring", "target", "hands",
                "jump_in_penalty"):
        assert _in_this_game(key, getattr(opts, key)) in book[option_label(key)], key
    assert scoring_mode_name("lowest_wins") in book["End of a hand and card points"]
    assert "4 cards" in book["Saying UNO and catching"]


def test_core_rules_follow_the_options():
    plain = rule_book("classic")
    assert "116" in plain
    with_beep = dict(sections("classic", RuleOptions(beep=True)))
    without = dict(sections("classic"))
    assert with_beep["The cards"] != without["The cards"]
    assert with_beep["The first card"] != without["The first card"]
    skips = dict(sections("classic", RuleOptions(draw_skips=True)))["Draw Two"]
    plays = dict(sections("classic", RuleOptions(draw_skips=False)))["Draw Two"]
    assert skips != plays
    no_challenge = dict(sections("classic", RuleOptions(challenge=False)))
    assert no_challenge["Wild Draw Four and the challenge"] != without[
        "Wild Draw Four and the challenge"]
    bluffs = {dict(sections("classic", RuleOptions(challenge_penalty=p)))[
        "Wild Draw Four and the challenge"] for p in ("four", "six", "return")}
    assert len(bluffs) == 3


def test_intro_says_when_options_differ_from_the_preset():
    same = sections("classic")[0][1]
    changed = sections("classic", RuleOptions(stacking=True))[0][1]
    assert same != changed
    assert sections("classic", RuleOptions())[0][1] == same


@pytest.mark.parametrize("name", list(PRESETS))
def test_plain_text_for_listeners(name):
    text = rule_book(name)
    assert not FORBIDDEN & set(text), sorted(FORBIDDEN & set(text))
    assert "\t" not in text and "  " not in text
    for heading, body in sections(name):
        assert heading.strip() == heading and heading
        assert "\n" not in heading
        assert heading[-1] not in ".:;!?,", heading
        assert len(heading) <= 60, heading
        assert body.strip() == body and body
        for paragraph in body.split("\n\n"):
            assert paragraph and "\n" not in paragraph
            assert paragraph[-1] in ".!?", paragraph
    headings = [h for h, _b in sections(name)]
    assert len(set(headings)) == len(headings)


def test_rule_book_is_the_sections_joined():
    text = rule_book("playroom")
    for heading, body in sections("playroom"):
        assert f"{heading}\n\n{body}" in text
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_deterministic():
    assert rule_book("playroom") == rule_book("playroom")
    assert sections("house") == sections("house")


def test_unknown_preset_is_refused():
    with pytest.raises(InvalidOptions):
        rule_book("no-such-preset")


@pytest.mark.parametrize("language", [code for code in COMPLETE_LANGUAGES if code != DEFAULT_LANGUAGE])
def test_every_language_produces_a_complete_book(language):
    with use_language(language):
        book = sections("playroom")
        text = rule_book("playroom")
        for key in OPTION_NAMES:
            assert option_label(key) in dict(book)
            assert option_line(key, getattr(PRESETS["playroom"], key))
    assert len(book) == len(sections("playroom")) and text

"""The earcons themselves: length, level, no clipping, and each one measurably different."""

from __future__ import annotations

import itertools

import pytest

from tests.sound import spectra
from uno_cli.sound import synth

NAMES = synth.names()
FIXED = list(synth.EARCONS)


@pytest.fixture(scope="module")
def spectrograms() -> dict[str, list[list[float]]]:
    return {name: spectra.bands(synth.render(name)) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_every_earcon_is_short_and_not_empty(name: str) -> None:
    seconds = len(synth.render(name)) / synth.RATE
    assert 0.03 <= seconds <= 1.0


@pytest.mark.parametrize("name", NAMES)
def test_no_earcon_clips_even_at_full_volume_in_one_ear(name: str) -> None:
    samples = synth.render(name)
    peak = max(abs(v) for v in samples)
    # Panned hard to one side the gain is 1: the peak itself must stay below full scale.
    assert 0.2 <= peak <= synth.LOUD + 1e-6 < 1.0


@pytest.mark.parametrize("name", [n for n in NAMES if n not in synth.STANDOUT])
def test_ordinary_earcons_keep_to_the_quiet_level_and_are_audible(name: str) -> None:
    samples = synth.render(name)
    assert max(abs(v) for v in samples) <= synth.QUIET + 1e-6
    assert 0.03 <= synth.rms(samples) <= synth.QUIET_RMS + 1e-6


@pytest.mark.parametrize("name", sorted(synth.STANDOUT))
def test_your_turn_and_you_were_caught_stand_out_louder_and_longer(name: str) -> None:
    loudest_other = max(synth.rms(synth.render(n)) for n in NAMES if n not in synth.STANDOUT)
    samples = synth.render(name)
    assert synth.rms(samples) >= 1.5 * loudest_other  # at least 3.5 dB louder than any other
    assert len(samples) / synth.RATE >= 0.45


def test_earcons_start_and_end_without_a_click() -> None:
    for name in NAMES:
        samples = synth.render(name)
        assert abs(samples[0]) < 0.05 and abs(samples[-1]) < 0.05, name


def test_every_earcon_differs_from_every_other_by_its_spectrogram(spectrograms) -> None:
    """RMS difference (dB) of log-band spectrograms: at least 15 dB between the kinds of event,
    10 dB between two draw lengths (they differ by one card's tick)."""
    for a, b in itertools.combinations(NAMES, 2):
        d = spectra.distance(spectrograms[a], spectrograms[b])
        same_kind = a.split(":")[0] == b.split(":")[0]
        assert d >= (10.0 if same_kind else 15.0), (a, b, d)


def test_draws_last_longer_the_more_cards() -> None:
    for kind in synth.COUNTED:
        lengths = [len(synth.render(f"{kind}:{n}")) for n in range(1, synth.MAX_COUNT + 1)]
        assert lengths == sorted(set(lengths))
    # More cards than MAX_COUNT sound as that many.
    assert len(synth.render(f"draw:{synth.MAX_COUNT + 5}")) == len(synth.render(f"draw:{synth.MAX_COUNT}"))


def test_a_penalty_draw_is_lower_than_a_draw_by_choice() -> None:
    assert spectra.strongest_pitch(synth.render("penalty:1")) < spectra.strongest_pitch(synth.render("draw:1"))


@pytest.mark.parametrize("code", ["r", "y", "g", "b"])
def test_each_colour_has_its_own_pitch(code: str) -> None:
    pitch = spectra.strongest_pitch(synth.render(f"color_{code}"))
    assert abs(pitch - synth.COLOR_PITCH[code]) / synth.COLOR_PITCH[code] < 0.03


def test_the_same_earcon_every_time() -> None:
    for name in ("play_number", "jump_in", "penalty:3"):
        kind, _sep, count = name.partition(":")
        again = synth.normalize((synth.penalty(int(count)) if count else synth.EARCONS[name]()),
                                synth.QUIET, synth.QUIET_RMS)
        assert list(again) == list(synth.render(name))


def test_an_unknown_earcon_is_refused() -> None:
    with pytest.raises(KeyError):
        synth.render("fanfare")

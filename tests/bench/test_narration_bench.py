"""bench/narration.py counts words the same way on both sides and measures what a person hears."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import narration  # noqa: E402


def test_transcript_counting_skips_card_reading_lines_and_duplicate_files(tmp_path: Path) -> None:
    text = "The game starts.\ngreen 5\nIt's your turn.\n\nYou play a red 5.\nblue\n"
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "b.txt").write_text(text, encoding="utf-8")  # the same game kept twice
    assert narration.playroom_counts(tmp_path) == [3, 3, 5]


def test_figures_are_mean_words_and_the_share_over_the_threshold() -> None:
    n, mean, long = narration.figures([2, 4, 9, 10])
    assert (n, mean, long) == (4, 6.25, 50.0)
    assert narration.figures([9], long=9.5)[2] == 0.0


def test_english_is_the_unit_of_the_language_factor() -> None:
    assert narration.language_factor("en") == 1.0
    assert 0.5 < narration.language_factor("pt") < 2.0


def test_a_match_is_heard_at_short_verbosity_without_the_dealer_draw() -> None:
    heard = narration.heard("classic", "en", 1)
    texts = [m.text for m in heard]
    assert texts[0].startswith("First card: ")  # the match begins with its first card at short
    assert not any("to choose the dealer" in (t or "") for t in texts)
    assert texts[-1].startswith("The game is over.")  # type: ignore[union-attr]

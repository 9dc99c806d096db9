"""The player's saved settings, and where settings and saved games live.

Folders follow each platform's convention: ``%APPDATA%\\uno-cli`` on Windows,
``~/Library/Application Support/uno-cli`` on macOS, and ``$XDG_CONFIG_HOME/uno-cli``
(settings) and ``$XDG_DATA_HOME/uno-cli`` (saved games) elsewhere. ``UNO_CLI_HOME``
overrides both (``$UNO_CLI_HOME/config`` and ``$UNO_CLI_HOME/data``), for tests and
portable installs.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

APP = "uno-cli"
HOME_ENV = "UNO_CLI_HOME"
SETTINGS_FILE = "settings.json"

SPEECH_MODES = ("auto", "on", "off")
VERBOSITY = ("short", "full")
#: What goes to a braille display: nothing, the important messages (the player's turn,
#: questions, errors, answers to the player's keys), or every line.
BRAILLE_MODES = ("off", "important", "all")


def _platform_base(kind: str) -> Path:
    if sys.platform.startswith("win"):
        root = os.environ.get("APPDATA") or os.path.join(os.path.expanduser("~"), "AppData", "Roaming")
        return Path(root) / APP
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP
    if kind == "config":
        root = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    else:
        root = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(root) / APP


def config_dir() -> Path:
    """The folder holding the settings file (not created here)."""
    home = os.environ.get(HOME_ENV)
    return Path(home) / "config" if home else _platform_base("config")


def data_dir() -> Path:
    """The folder holding saved games (not created here)."""
    home = os.environ.get(HOME_ENV)
    return Path(home) / "data" if home else _platform_base("data")


@dataclass
class Settings:
    """What the player chose once and wants every time."""

    players: int = 4
    """Seats at the table, the player's included."""
    bots: str = "normal"
    """Bot level for the other seats, or a comma list of levels."""
    preset: str = "classic"
    """Rule preset."""
    rules: dict[str, Any] = field(default_factory=dict)
    """Rule options changed from the preset (name -> value)."""
    lang: str | None = None
    """Language code, or None to follow the system."""
    name: str = ""
    """The player's name as others see it (empty: a default)."""
    speech: str = "auto"
    """auto, on or off."""
    verbosity: str = "full"
    """short or full."""
    braille: str = "important"
    """What the braille display shows (Windows screen readers): off, important or all."""
    pace: float = 2.0
    """Seconds a bot takes to play in its turn (uno_cli.play.race.DEFAULT_PACE)."""
    race_window: float = 2.0
    """Seconds a bot's turn waits at least while the player may act out of turn
    (uno_cli.play.race.RACE_WINDOW)."""
    speech_rate: int = 250
    """Words a minute the player's speech says (uno_cli.interactive.clock): the game waits until a
    change has been heard; 0: it never waits for speech."""
    think_time: float = 0.0
    """Seconds the player has to act when the game waits for them (0: no limit); then the
    safe default is played for them (uno_cli.play.race.default_action)."""
    sound: str = "on"
    """Earcons for the game's events (uno_cli.sound): on or off."""
    sound_volume: int = 80
    """Their volume in percent, 0 to 100."""
    sound_panning: str = "on"
    """Each seat's sounds placed by where it sits around the table: on or off."""

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from saved data; unknown or wrong values fall back to the defaults."""
        out = cls()
        if not isinstance(data, dict):
            return out
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(out, f.name)
            if f.name == "speech_rate":
                if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1000:
                    out.speech_rate = value
                continue
            if f.name == "lang":
                if value is None or isinstance(value, str):
                    out.lang = value or None
                continue
            if isinstance(default, bool) or default is None:
                continue
            if f.name == "sound_volume":
                if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100:
                    out.sound_volume = value
                continue
            if isinstance(default, float) and isinstance(value, (int, float)) and not isinstance(value, bool):
                if 0 <= value <= 60:
                    setattr(out, f.name, float(value))
            elif isinstance(default, int) and isinstance(value, int) and not isinstance(value, bool):
                if 2 <= value <= 10:
                    setattr(out, f.name, value)
            elif isinstance(default, str) and isinstance(value, str):
                setattr(out, f.name, value)
            elif isinstance(default, dict) and isinstance(value, dict):
                setattr(out, f.name, dict(value))
        from uno_cli.words.names import clean_name

        out.name = clean_name(out.name, "")  # shown and spoken to others: no escapes, no controls
        if out.speech not in SPEECH_MODES:
            out.speech = "auto"
        if out.verbosity not in VERBOSITY:
            out.verbosity = "full"
        if out.braille not in BRAILLE_MODES:
            out.braille = "important"
        if out.sound not in ("on", "off"):
            out.sound = "on"
        if out.sound_panning not in ("on", "off"):
            out.sound_panning = "on"
        from uno_cli.play.playconfig import ConfigError, parse_levels

        try:  # bot levels only: settings, like saves, never name a program ("external:...")
            parse_levels(out.bots)
        except ConfigError:
            out.bots = cls.bots
        return out


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / SETTINGS_FILE


def load() -> Settings:
    """The saved settings, or the defaults (first run, or an unreadable file)."""
    return read()[0]


def read() -> tuple[Settings, Exception | None]:
    """The saved settings and, when the file exists but cannot be read, why (the defaults
    are used then). The file is read with the limits of save files (size, nesting, a
    regular file only: never a device or a pipe)."""
    from uno_cli.play.savefile import read_json

    try:
        return Settings.from_dict(read_json(settings_path())), None
    except FileNotFoundError:
        return Settings(), None
    except (OSError, ValueError) as exc:  # InvalidSetup is a ValueError
        return Settings(), exc


def save(settings: Settings) -> bool:
    """Save the settings atomically; False if the folder cannot be written."""
    from uno_cli.play.savefile import atomic_write

    try:
        atomic_write(settings_path(), json.dumps(settings.to_dict(), ensure_ascii=False, indent=2) + "\n")
        return True
    except OSError:
        return False

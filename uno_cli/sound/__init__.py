"""Sound: a short earcon for each event a player must notice, before the words come.

The earcons are made by :mod:`.synth` (tones, noise, envelopes), chosen and placed around
the table by :mod:`.cues`, and played by :mod:`.player` through miniaudio (the optional
``sound`` extra) on its own audio thread: asking for a sound never waits, so sound never
delays speech or keys. Without miniaudio or an audio device the game says so once and
goes on silent. See docs/sound.md for the set and the listening check.

The game's hooks: the announcer holds the :class:`Sound` (``announcer.sound``) and hands
it every message's type and JSON object (:meth:`Sound.event`); Escape silences it with
the speech; :func:`start` and :func:`apply_settings` follow the settings.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from uno_cli.sound import cues, synth

if TYPE_CHECKING:
    from uno_cli.play.playconfig import PlayConfig
    from uno_cli.play.settings import Settings

__all__ = ["MODES", "VOLUMES", "Sound", "apply_settings", "choice", "start"]

#: Sound and panning: on or off.
MODES = ("on", "off")
#: The volumes the options menu offers (percent).
VOLUMES = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)


class Sound:
    """Earcons for the game's messages, played on the audio thread.

    ``viewer`` is the listener's 1-based seat, ``players`` tells the number of seats (both
    may also come in a message's ``you`` and ``players`` fields, over the network).
    """

    def __init__(self, volume: int = 80, panning: bool = True, viewer: int | None = 1,
                 players: Callable[[], int] | None = None) -> None:
        from uno_cli.sound.player import Mixer

        self.mixer = Mixer(volume / 100)
        self.panning = panning
        self.viewer = viewer
        self._players = players or (lambda: 2)
        self._net_players: int | None = None
        self.device: Any = None
        self.available = False
        self.closed = False
        #: Why there is no sound: "library", "device" or None.
        self.problem: str | None = None

    # ------------------------------------------------------------ starting
    def open(self, null: bool = False) -> str | None:
        """Make every earcon and open the device (slow: call it off the event loop); the problem or None."""
        try:
            from uno_cli.sound.player import Device
        except ImportError:  # pragma: no cover - the player module itself imports nothing optional
            self.problem = "library"
            return self.problem
        try:
            import miniaudio  # noqa: F401
        except ImportError:
            self.problem = "library"
            return self.problem
        for name in synth.names():
            synth.render(name)
            time.sleep(0)  # between earcons the game's own thread goes first
        try:
            self.device = Device(self.mixer, null=null)
        except Exception:  # noqa: BLE001 - any failure to open audio means no sound, never a crash
            self.problem = "device"
            return self.problem
        if self.closed:  # the game ended (or sound was turned off) while the device opened
            self.close()
            return None
        self.available = True
        return None

    def close(self) -> None:
        """Stop playing and close the device (for good: a device still opening is closed when open)."""
        self.closed = True
        self.available = False
        if self.device is not None:
            self.device.close()
            self.device = None

    # ------------------------------------------------------------ playing
    @property
    def players(self) -> int:
        """The number of seats at the table."""
        if self._net_players is not None:
            return self._net_players
        try:
            return int(self._players())
        except Exception:  # noqa: BLE001 - no game yet
            return 2

    def event(self, type: Any, data: Any) -> str | None:
        """A message of the game: its earcon, started now (the name, or None when it has none)."""
        if not self.available or not isinstance(type, str) or not isinstance(data, dict):
            return None
        you = data.get("you")
        if isinstance(you, int) and not isinstance(you, bool):
            self.viewer = you
        players = data.get("players")
        if isinstance(players, int) and not isinstance(players, bool) and 2 <= players <= 10:
            self._net_players = players
        name = cues.earcon(type, data, self.viewer)
        if name is None:
            return None
        seat = data.get("seat")
        self.play(name, seat if isinstance(seat, int) and name not in cues.CENTRED else None)
        return name

    def play(self, name: str, seat: int | None = None) -> None:
        """Start the earcon ``name`` (panned to ``seat``, 1-based) without waiting."""
        if not self.available:
            return
        asked = time.monotonic()
        position = cues.pan(seat, self.viewer, self.players) if self.panning else 0.0
        left, right = cues.gains(position)
        self.mixer.add(name, synth.render(name), left, right, asked)

    def silence(self) -> None:
        """Stop every sound now (Escape)."""
        self.mixer.silence()

    def set_volume(self, volume: int) -> None:
        """The volume in percent, for the sounds to come."""
        self.mixer.volume = max(0, min(100, volume)) / 100


def choice(config: PlayConfig | None, settings: Settings) -> tuple[str, int, bool]:
    """Sound on or off, volume and panning: the command line's (None: nothing asked), else the saved settings'."""
    mode, volume, panning = (config.sound, config.volume, config.panning) if config is not None else (None, None, None)
    return (mode or settings.sound, int(settings.sound_volume if volume is None else volume),
            (panning or settings.sound_panning) != "off")


def start(config: Any, settings: Any, announcer: Any, viewer: int | None = 1,
          players: Callable[[], int] | None = None) -> Sound | None:
    """Start sound for ``announcer`` as chosen, on its own thread; a problem is said once."""
    mode, volume, panning = choice(config, settings)
    if mode == "off":
        announcer.sound = None
        return None
    sound = Sound(volume, panning, viewer, players)
    announcer.sound = sound

    def opening() -> None:
        problem = sound.open()
        if sound.closed or announcer.sound is not sound:
            sound.close()  # the game ended, or sound was turned off, meanwhile: nothing to say
            return
        if problem is not None:
            from uno_cli.words.sound import sound_off

            text = sound_off(problem)
            try:
                announcer.say(text)
            except (OSError, ValueError):  # the output closed as the game ended
                pass

    threading.Thread(target=opening, name="uno-sound", daemon=True).start()
    return sound


def apply_settings(announcer: Any, config: Any, settings: Any, players: Callable[[], int] | None = None) -> None:
    """The options menu closed: the saved settings now rule (sound started, stopped or changed)."""
    for name in ("sound", "volume", "panning"):
        if hasattr(config, name):
            setattr(config, name, None)
    mode, volume, panning = choice(config, settings)
    sound = getattr(announcer, "sound", None)
    if mode == "off":
        announcer.sound = None
        if sound is not None:
            sound.close()
    elif sound is None:
        start(config, settings, announcer, players=players)
    else:
        sound.set_volume(volume)
        sound.panning = panning

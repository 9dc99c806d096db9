"""The sentences about sound: marked with ``N_``, translated where they are said."""

from __future__ import annotations

from uno_cli.words.i18n import N_, _

# TRANSLATORS: {command} is the command that installs the sound extra; keep it as it is.
NO_SOUND_LIBRARY = N_("Sound is off: the sound extra is not installed. To add it: {command}")
NO_SOUND_DEVICE = N_("No audio device: sound is off.")
# TRANSLATORS: a volume from 0 to 100, always a multiple of 10.
PERCENT = N_("{volume} percent")
SOUND_HELP = N_("A short sound for each move, before the words: on or off.")
VOLUME_HELP = N_("How loud the sounds are.")
PANNING_HELP = N_("Each player's sounds come from where they sit around the table: the next player on your left, "
                  "the one before you on your right. Off: every sound in the middle.")
SOUND_OPTION = N_("Sounds for each move (they need the sound extra).")
VOLUME_OPTION = N_("Sound volume, 0 to 100.")
PANNING_OPTION = N_("Place each player's sounds by where they sit around the table.")
#: How the sound extra is installed (said in NO_SOUND_LIBRARY).
INSTALL = "pip install 'uno-cli[sound]'"


def sound_off(problem: str) -> str:
    """Why sound is off: ``problem`` is "library" (the extra is not installed) or the device's."""
    return _(NO_SOUND_LIBRARY).format(command=INSTALL) if problem == "library" else _(NO_SOUND_DEVICE)

"""The play layer: a match being played (session, races, commands, script mode, outside programs,
saves, settings, the simulator).

It imports the engine, the bots and the words; never an interface.
"""

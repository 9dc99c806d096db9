"""The words layer: every sentence a player hears or reads, in every language, and its helpers.

It imports only the engine (events, cards, options): never the play layer or an interface.
"""

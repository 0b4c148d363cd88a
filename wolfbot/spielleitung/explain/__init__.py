"""`wolfbot explain`: a night (`night`) or a lynch (`lynch`) of a stored round, stage by
stage in the round's language (`messages/explain.yaml`), from the engine's record (`common`:
what both share); `command` rebuilds the round from the store and adds the command.

May import what `wolfbot.spielleitung` may."""

"""Typed errors of the engine; each carries what the player wrote and a reason he can read."""

from __future__ import annotations


class CommandError(ValueError):
    """A command that cannot be applied. `reason` is German text for the author."""

    def __init__(self, reason: str, *, command: str = "", phase: str = "") -> None:
        super().__init__(f"{reason} (command {command!r} in {phase})" if command else reason)
        self.reason = reason
        self.command = command
        self.phase = phase


class UnknownCommand(CommandError):
    """The command word is not a command of the ruleset (or not one for this player now)."""


class IllegalCommand(CommandError):
    """A known command that the rules do not allow now (who, when, where, target, uses)."""


class UnknownName(CommandError):
    """A player or role name that matches nothing exactly; the reason suggests close names."""


class AmbiguousName(CommandError):
    """Arguments that can be read as more than one set of names."""

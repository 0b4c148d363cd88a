"""Typed errors of the engine; each carries what the player wrote and why it does not count,
as a `Text` the ruleset's catalog words for him."""

from __future__ import annotations

from wolfbot.engine.text import Text


class CommandError(ValueError):
    """A command that cannot be applied, and why (`reason`: a message key and its values)."""

    def __init__(self, reason: Text, *, command: str = "", phase: str = "") -> None:
        super().__init__(reason, command, phase)
        self.reason = reason
        self.command = command
        self.phase = phase

    def __str__(self) -> str:
        """For logs and developers (`Text.__str__`), made only when asked for."""
        return str(self.reason)


class UnknownCommand(CommandError):
    """The command word is not a command of the ruleset (or not one for this player now)."""


class IllegalCommand(CommandError):
    """A known command that the rules do not allow now (who, when, where, target, uses)."""


class UnknownName(CommandError):
    """A player or role name that matches nothing exactly; the reason suggests close names."""


class AmbiguousName(CommandError):
    """Arguments that can be read as more than one set of names."""


class SetupError(ValueError):
    """A game that cannot start as asked (unknown house rules, a name twice); `reason` says
    why as a `Text`."""

    def __init__(self, reason: Text) -> None:
        super().__init__(str(reason))
        self.reason = reason

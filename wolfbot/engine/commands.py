"""A command: what a player asked for, already parsed and with names resolved, not yet
checked against the game. One class for every word of the rulesets (`rules/*/commands.yaml`
declares the words, with their arguments): a new word needs no code here.

`repr` pastes back: `Command(word='Lynch', actor='Anna', channel='thread', targets=('Bernd',))`
evaluates to an equal command; `str` is what the player wrote: `!Lynch Bernd`.
"""

from __future__ import annotations

from functools import cached_property

from wolfbot.engine.facts import CommandFacts
from wolfbot.engine.spec import Channel
from wolfbot.engine.spec.base import _Frozen


class Command(_Frozen):
    word: str  # the canonical word (`CommandSpec.word`; `said` is the ruleset's own)
    actor: str
    channel: Channel = "private"
    targets: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    choice: str | None = None
    note: str | None = None  # free text of a `text` argument (the Ruhelosen Geister's reason)
    # the word as the ruleset's players write it, where it is not the canonical `word`
    # (`Ruleset.shown_word`: `!Elixer` is the Weerwolven's `Heiltrank`)
    said: str | None = None

    @cached_property  # read by every check and vote
    def target(self) -> str:
        return self.targets[0]

    def text(self) -> str:
        """The command as a player would write it: `!Lynch Bernd` (`!Elixer Bernd`)."""
        return self.written

    @cached_property  # a command is immutable: its text made once (pydantic's == ignores it)
    def written(self) -> str:
        parts = [f"!{self.said or self.word}", *self.targets, *self.roles]
        if self.choice:
            parts.append(self.choice)
        if self.note:
            parts.append(self.note)
        return " ".join(parts)

    @cached_property
    def facts(self) -> CommandFacts:
        """What the checks read of it, as a plain record (`wolfbot.engine.facts`)."""
        return CommandFacts(
            self.word, self.actor, self.channel, self.targets, self.said, self.text()
        )

    def __repr__(self) -> str:
        """The fields that differ from their defaults, in the order of the class."""
        fields = [f"word={self.word!r}", f"actor={self.actor!r}"]
        for name in ("channel", "targets", "roles", "choice", "note", "said"):
            value = getattr(self, name)
            if value != type(self).model_fields[name].default:
                fields.append(f"{name}={value!r}")
        return f"Command({', '.join(fields)})"

    __str__ = text

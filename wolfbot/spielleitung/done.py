"""What the Spielleitung's decisions (`wolfbot.spielleitung.decisions`) return: a frozen
value per kind of decision that says what was done – `said` in German (the command line
prints it), `words(language)` in the round's language (the console shows it), both from its
sentences (`told`, `wording.Said`)."""

from __future__ import annotations

from dataclasses import dataclass

from wolfbot.outbox.values import QueuedMessage
from wolfbot.spielleitung.wording import Said, said, spoken

__all__ = [
    "Approved",
    "Discarded",
    "Dismissed",
    "Done",
    "DraftMode",
    "Recorded",
    "Requested",
    "Sanctioned",
    "Warned",
]


class Done:
    """What each result says: `told()` its sentences (`wording.Said`), `said` in German (the
    command line), `words(language)` in the round's language (the console)."""

    __slots__ = ()

    def told(self) -> tuple[Said, ...]:
        raise NotImplementedError

    @property
    def said(self) -> str:
        return spoken(self.told())

    def words(self, language: str) -> str:
        return spoken(self.told(), language)


def _numbers(flags: tuple[int, ...]) -> str:
    return ", ".join(map(str, flags))


@dataclass(frozen=True, slots=True)
class Requested(Done):
    """An intervention waiting for the running bot: Nr. `number` of `kind` (accept, reject,
    kill, victim, exclude, revive, role, win, replace, restore), `what` in words."""

    number: int
    kind: str
    what: str | Said

    def told(self) -> tuple[Said, ...]:
        kind = Said(f"kind.{self.kind}")
        return (said("done.requested", number=self.number, kind=kind, what=self.what),)


@dataclass(frozen=True, slots=True)
class Warned(Done):
    """The Ermahnung Nr. `number` of `player`, threatening `sanction` (the exclusion if
    `exclusion`); `flags`: the flags it deals with, marked `warned`."""

    number: int
    player: str
    sanction: str
    flags: tuple[int, ...]
    exclusion: bool

    def told(self) -> tuple[Said, ...]:
        if self.exclusion:
            follows = said("follows.exclusion", exclusion=said("exclusion"))
        else:
            follows = said("follows.other")
        warned = said(
            "done.warned",
            number=self.number,
            player=self.player,
            sanction=self.sanction,
            marked=said("done.warned_flags", flags=_numbers(self.flags))
            if self.flags
            else said("empty"),
            follows=follows,
        )
        return (warned,)


@dataclass(frozen=True, slots=True)
class Sanctioned(Done):
    """The Sanktion Nr. `number` on `player`: `sanction` (the exclusion if `exclusion`);
    `flags`: his flags since the Ermahnung, marked `sanctioned`; with `reserve`, the
    `replace` Nr. `replacing` that lets the Reservespieler take his place."""

    number: int
    player: str
    sanction: str
    flags: tuple[int, ...]
    exclusion: bool
    reserve: str | None = None
    replacing: int | None = None

    def told(self) -> tuple[Said, ...]:
        name = self.player
        if self.exclusion:
            then = said("empty")
            if self.reserve is not None:
                then = said("follows.replacing", number=self.replacing, reserve=self.reserve)
            follows = said("follows.excluded", player=name, exclusion=said("exclusion"), then=then)
        else:
            follows = said("follows.imposed", player=name, sanction=self.sanction)
        sanctioned = said(
            "done.sanctioned",
            number=self.number,
            player=name,
            sanction=self.sanction,
            marked=said("done.sanctioned_flags", flags=_numbers(self.flags))
            if self.flags
            else said("empty"),
            follows=follows,
        )
        return (sanctioned,)


@dataclass(frozen=True, slots=True)
class Dismissed(Done):
    """The flag Nr. `flag_id`, closed: no breach (why: `reason`)."""

    flag_id: int
    reason: str

    def told(self) -> tuple[Said, ...]:
        return (said("done.dismissed", flag=self.flag_id, reason=self.reason),)


@dataclass(frozen=True, slots=True)
class Recorded(Done):
    """A breach of `player` against `rule` the bot could not see, now the open flag Nr.
    `flag_id`."""

    flag_id: int
    rule: str
    player: str

    def told(self) -> tuple[Said, ...]:
        rule = Said(f"rule.{self.rule}")
        return (said("done.recorded", flag=self.flag_id, rule=rule, player=self.player),)


@dataclass(frozen=True, slots=True)
class DraftMode(Done):
    """Draft mode of round `game_id` is now `on`; `waiting`: the drafts still held (switching
    it off releases none)."""

    game_id: int
    on: bool
    waiting: tuple[QueuedMessage, ...]

    def told(self) -> tuple[Said, ...]:
        if self.on:
            return (said("done.draft_on", game=self.game_id),)
        lines = [said("done.draft_off", game=self.game_id)]
        if self.waiting:
            lines.append(said("done.drafts_waiting", count=len(self.waiting)))
        return tuple(lines)


@dataclass(frozen=True, slots=True)
class Approved(Done):
    """The drafts `released` (the bot sends them at its next tick, in this order) and the
    older drafts of their round that were not approved with them: `behind` waits, though it
    would have gone out first."""

    released: tuple[QueuedMessage, ...]
    behind: tuple[QueuedMessage, ...]

    def told(self) -> tuple[Said, ...]:
        lines = [said("done.approved", key=m.key, title=m.title or m.kind) for m in self.released]
        if not self.released:
            lines.append(said("done.no_drafts"))
        lines += [said("done.behind", key=m.key) for m in self.behind]
        return tuple(lines)


@dataclass(frozen=True, slots=True)
class Discarded(Done):
    """The draft `message`, never to be sent (`failed`, with the reason)."""

    message: QueuedMessage

    def told(self) -> tuple[Said, ...]:
        m = self.message
        return (said("done.discarded", key=m.key, title=m.title or m.kind),)

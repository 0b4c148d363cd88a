"""Game talk outside the round's places: "Die Teilnehmer dürfen außerhalb des Themas der
Runde und den von der Spielleitung eröffneten Konversationen keine spielrelevanten
Äußerungen tätigen. (Also z.B. keine Konversation mit einem anderen Spieler eröffnen.)"

The one place of it the bot can see: a conversation that players opened among themselves
and shared with the bot's account. How the bot finds one is the bot's business
(`wolfbot.bot.foreign`); what it becomes is decided here – for the live bot and the
scenario runner alike: flagged when at least two of the round's players are in it, against
its starter (or, when he is no player or unknown, against each player in it); as evidence
its title and participants, beside its first message."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wolfbot.conduct.flags import OUTSIDE, Flag
from wolfbot.spelling import name_key

KEY = f"{OUTSIDE}/conversation:"  # + "N" or "N/NAME": the flags of conversation N


def flag_key(conversation_id: int, player: str | None = None) -> str:
    return f"{KEY}{conversation_id}" + (f"/{player}" if player else "")


@dataclass(frozen=True, slots=True)
class SharedConversation:
    """A conversation the bot did not open, as it sees it: its id and title, its starter
    ("" if unknown), the participants it can see (`complete`: all of them), and its first
    message's text and link, if it could read it; `writers`: who it saw write there (a
    participant the list's summary may hide)."""

    id: int
    title: str
    starter: str
    participants: tuple[str, ...]
    complete: bool = True
    first_text: str = ""
    first_link: str = ""
    writers: tuple[str, ...] = ()


def players_in(names: Iterable[str], players: Sequence[str]) -> list[str]:
    """The round's players among `names`, as the Spielerliste spells them, sorted."""
    roster = {name_key(p): p for p in players}
    found = {roster[name_key(n)] for n in names if n and name_key(n) in roster}
    return sorted(found, key=name_key)


def outside_flags(
    conversation: SharedConversation, players: Sequence[str], clause: str
) -> list[Flag]:
    """Its flags: none without the rule (`clause` "") or with fewer than two players in it;
    else one against its starter, or – he is no player, or unknown – one against each
    player in it."""
    seen = (conversation.starter, *conversation.participants, *conversation.writers)
    inside = players_in(seen, players)
    if not clause or len(inside) < 2:
        return []
    (starter,) = players_in([conversation.starter], players) or ("",)
    blamed = [starter] if starter else inside
    channel = f"conversation:{conversation.id}"
    evidence = _evidence(conversation)
    return [
        Flag(
            OUTSIDE,
            player,
            channel,
            clause,
            evidence,
            flag_key(conversation.id, None if starter else player),
            conversation.first_link,
            conversation.first_text,
        )
        for player in blamed
    ]


def _evidence(conversation: SharedConversation) -> str:
    starter = conversation.starter
    names = [n for n in conversation.participants if name_key(n) != name_key(starter)]
    more = "" if conversation.complete else " und weitere"
    who = ", ".join(names) + more if names else "niemand sonst"
    by = f", eröffnet von {starter}" if starter else ""
    return f"Konversation „{conversation.title}“{by}; Teilnehmer: {who}"

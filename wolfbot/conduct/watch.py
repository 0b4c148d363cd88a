"""One round's conduct watch: every post and every message of the Spielleitung goes through
it, in the order they were written, and a post that seems to break a conduct rule of the
round comes back as its `Flag`s. The live bot, its rebuild after a restart and the scenario
runner feed it the same way, so the same round gives the same flags.

Where a text was written is its `place`: `THREAD` (everybody reads it), `private_place(p)`
(a player's own conversation with the Spielleitung) or a group's engine name (`wolves`,
`lovers`, …). What each place means for the rules:

- "Die Spieler dürfen nicht aus Konversationen zitieren" (`quotes`): a post in the thread
  or in a group conversation that reproduces a text of another conversation (the
  Spielleitung's messages there, another participant's words) is flagged. A player's own
  conversation with the Spielleitung is never a breach: the Spielleitung knows everything.
- Everything said in the thread, and the ruleset's own texts (the rule text a player may
  quote), are public: a passage they hold is no secret.
- The Offenbarungs- und Andeutungsverbot, or the round's other Offenbarungsregelung
  (`outing`: its keys; `outing_roles`: the roles of `rollen`): a post in the thread or a
  group conversation in which the author reveals or hints a role where the regulation
  forbids it (`RevealWatch`, judged by the game's `Situation` at that moment). Only the
  author's own words count there, not what he quotes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence

from wolfbot.conduct.flags import QUOTE, Flag
from wolfbot.conduct.outing import PRIVATE, RevealWatch, Situation
from wolfbot.conduct.quotes import Quote, Run, Secret, Secrets, runs
from wolfbot.engine.spec import Ruleset

THREAD = "thread"
_PRIVATE = "private:"


def private_place(player: str) -> str:
    """The place of a player's own conversation with the Spielleitung."""
    return f"{_PRIVATE}{player}"


def place_of(engine_channel: str, author: str) -> str:
    """Where a post was written, as the watch knows places: the engine's channel of it
    ("thread", "private" – the author's own conversation –, "wolves", …)."""
    if engine_channel == "thread":
        return THREAD
    if engine_channel == "private":
        return private_place(author)
    return engine_channel


def group_of(place: str) -> str | None:
    """The group a `Situation` names for a place: None for the thread, `PRIVATE` for a
    player's own conversation, else the group's engine name."""
    if place == THREAD:
        return None
    return PRIVATE if is_private(place) else place


def is_private(place: str) -> bool:
    return place.startswith(_PRIVATE)


def public_texts(rules: Ruleset) -> Iterable[str]:
    """What the ruleset says that anybody may read and quote: the roles' and factions'
    descriptions, the Offenbarungsregelungen, the conduct clauses."""
    for role in rules.roles.values():
        yield role.text
    for faction in rules.factions.values():
        yield faction.text
    yield rules.outing_ban
    for outing in rules.outing.values():
        yield outing.text
    yield from rules.conduct.clauses.values()


class ConductWatch:
    """The conduct rules of one round, watched (see the module docstring). It owns what the
    round's conversations hold (`Secrets`)."""

    def __init__(
        self, rules: Ruleset, outing: Sequence[str] = (), outing_roles: Sequence[str] = ()
    ) -> None:
        self.clauses = dict(rules.conduct.clauses)
        self.reveals = RevealWatch(rules, outing, outing_roles)
        self.secrets = Secrets()
        for text in public_texts(rules):
            self.secrets.add_public(text)

    def prepare(self, players: tuple[str, ...]) -> None:
        """Compile what judging a post of these players needs, before the first post."""
        self.reveals.phrases(players)

    def told(self, text: str, place: str, source: str) -> None:
        """A message of the Spielleitung (the bot) in `place`: public in the thread, else a
        secret of that conversation; `source` says which message it is."""
        if place == THREAD:
            self.secrets.add_public(text)
        else:
            self.secrets.add(Secret(place, "", source, text))

    def post(
        self,
        text: str,
        author: str,
        place: str,
        channel: str,
        source: str,
        *,
        own: str | None = None,
        players: tuple[str, ...] = (),
        situation: Callable[[], Situation] | None = None,
    ) -> list[Flag]:
        """A player's post in `place` (its forum `channel`, "thread:12"; `source` says which
        post it is; `text`: all it shows, `own`: the author's own words without what he
        quotes – default `text`): its flags, and it is remembered – public in the thread, a
        secret of its conversation elsewhere. `situation`: the game when it was written (the
        reveals are judged by it, built for the post's group: `group_of(place)` – asked only
        when the post claims a role; `players`: the round's; None: reveals are not judged)."""
        said = runs(text)
        flags = [] if is_private(place) else self._quotes(text, author, place, channel, said)
        words = text if own is None else own
        if situation is not None and self.reveals.may_claim(words, author, players):
            flags += self.reveals.flags(words, author, channel, situation())
        if place == THREAD:
            self.secrets.add_public(text, said)
            self.secrets.wrote(author, said)
        else:
            self.secrets.add(Secret(place, author, source, text), said)
        return flags

    def _quotes(
        self, text: str, author: str, place: str, channel: str, said: set[Run]
    ) -> list[Flag]:
        clause = self.clauses.get(QUOTE)
        if clause is None:
            return []
        return [
            Flag(
                QUOTE,
                author,
                channel,
                clause,
                quote.evidence,
                key=_quote_key(quote.secret),
                source=quote.secret.source,
                source_text=quote.secret.text,
            )
            for quote in _one_each(self.secrets.quoted_in(text, place, author, said), author)
        ]


def _one_each(quotes: list[Quote], author: str) -> list[Quote]:
    """One flag for one passage: the Spielleitung writes the same words into many
    conversations ("… spielst du die Rolle …"), and a post quoting them is one breach –
    shown beside the conversation that holds the most of it, the author's own first. A
    quote whose shared runs another chosen one holds too is left out."""
    own = private_place(author)
    ranked = sorted(quotes, key=lambda q: (q.secret.channel != own, -len(q.runs)))
    chosen: list[Quote] = []
    for quote in ranked:
        if not any(quote.runs <= kept.runs for kept in chosen):
            chosen.append(quote)
    return chosen


def _quote_key(secret: Secret) -> str:
    """The same for the same quoted text in the same place, however the round was read."""
    digest = hashlib.sha256(secret.text.encode("utf-8")).hexdigest()[:16]
    return f"{QUOTE}/{secret.channel}/{digest}"

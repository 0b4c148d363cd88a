"""The round's Offenbarungsregelung, applied to the claims of a post (`reveals`):

    "Kein Dorfbewohner darf seine Rolle offenbaren oder andeuten. Aber jeder Dorfbewohner
    darf behaupten, er sei ein Bürger und spiele für das Dorf. Die Spielleitung kann von
    diesem absoluten Offenbarungs- und Andeutungsverbot abweichen."

The round chooses among the "Andere Offenbarungsregelungen" (`[round] outing`, the
ruleset's `outing`; none: the absolute ban):

- `werwoelfe` – "Die Werwölfe dürfen sich gegenseitig ihre Rollen offenbaren": in the
  wolves' conversation they may; in public the ban stands.
- `rollen` – "Bestimmte Rollen dürfen sich offenbaren … Gegenoffenbarung sind nur mit
  derselben Rolle zulässig. Es besteht weiterhin ein absolutes Andeutungsverbot." A claim
  of a role of `outing_roles` is allowed (a counter-reveal with it too); of another role,
  and any hint, is flagged.
- `daemmerung` – "Jeder Dorfbewohner, der in der Dämmerung dieselbe Anzahl an den meisten
  Gegenstimmen auf sich vereinigt, darf seine Rolle offenbaren. Gegenoffenbarungen sind nur
  in derselben Dämmerung und mit derselben Rolle zulässig. Es besteht weiterhin ein
  absolutes Andeutungsverbot." In a Dämmerung the most-voted may claim any role; anyone
  else only a role one of them claimed in this Dämmerung; outside a Dämmerung nobody.
- `kein_andeutungsverbot` – "Jeder Dorfbewohner darf jederzeit seine Rolle andeuten": no
  hint is flagged.
- `kein_offenbarungsverbot` – "Jeder Dorfbewohner darf jederzeit seine Rolle offenbaren":
  no reveal of one's own role is flagged, and (decided: who may say his role may say less)
  no hint.

Decided readings: another player's role counts only when the author knows it from a
conversation they share (`Situation.known_to`: a wolf of his fellow wolves) and says the
truth – anything else is suspicion, the game itself; revealing another's role is allowed
only among the wolves under `werwoelfe` ("gegenseitig"), under every other regulation it
stays flagged (they speak of one's own role). A claim of a role no player of the round has
is none (the Eröffnungsbeitrag lists the roles: "ich bin hier der Sündenbock" is an idiom
where no Sündenbock plays). In the wolves' conversation the pack's words about its members
("wir Wölfe") tell nobody anything and are not flagged; a special wolf role is. The
player's own conversation with the Spielleitung is never judged ("Leitung, ich bin die
Seherin" tells the Spielleitung what it knows)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from wolfbot.conduct.flags import HINT, REVEAL, Flag
from wolfbot.conduct.lexicon import Lexicon, lexicon_of
from wolfbot.conduct.reveals import OTHER, OWN, Claim, Phrases
from wolfbot.engine.names import WOLVES
from wolfbot.engine.spec import Ruleset

PRIVATE = "private"  # a player's own conversation with the Spielleitung (engine's channel)
WEREWOLVES = "werwoelfe"
ROLES = "rollen"
DUSK = "daemmerung"
NO_HINT_BAN = "kein_andeutungsverbot"
NO_REVEAL_BAN = "kein_offenbarungsverbot"
REGULATIONS = (WEREWOLVES, ROLES, DUSK, NO_HINT_BAN, NO_REVEAL_BAN)


@dataclass(frozen=True)
class Situation:
    """What the game says when a post is judged. `phase`: "day 2", "dusk 2", "night 3";
    `group`: where the post stands – None for the public thread, `PRIVATE` for the author's
    conversation with the Spielleitung, else the group conversation's engine name
    ("wolves"); `members`: that group's members; `players`: every player's name; `roles`:
    each player's true current role (a claim of a role nobody has counts for nothing);
    `most_voted`: in a Dämmerung the players with the most votes now (else empty);
    `known_to`: for each player, the players whose role he knows from a conversation they
    share."""

    phase: str
    group: str | None = None
    members: frozenset[str] = frozenset()
    players: tuple[str, ...] = ()
    roles: Mapping[str, str] = field(default_factory=dict)
    most_voted: frozenset[str] = frozenset()
    known_to: Mapping[str, frozenset[str]] = field(default_factory=dict)

    @property
    def in_dusk(self) -> bool:
        return self.phase.split()[0] == "dusk"


class RevealWatch:
    """The reveals and hints a round's Offenbarungsregelung forbids, post by post. It
    remembers the roles the most-voted claimed in each Dämmerung (for the counter-reveals);
    fed the same posts again it gives the same flags."""

    def __init__(
        self,
        rules: Ruleset,
        outing: Sequence[str] = (),
        outing_roles: Sequence[str] = (),
        lexicon: Lexicon | None = None,
    ) -> None:
        unknown = [key for key in outing if key not in rules.outing]
        if unknown:
            raise ValueError(
                f"the ruleset {rules.name} has no Offenbarungsregelung {', '.join(unknown)}"
                f" (it has: {', '.join(rules.outing) or 'none'})"
            )
        self.rules = rules
        self.outing = tuple(outing)
        self.lexicon = lexicon or lexicon_of(rules)
        self.outing_roles = frozenset(self.lexicon.role_named(r) for r in outing_roles)
        self._phrases: Phrases | None = None
        # the Dämmerung ("dusk 2") → the roles its most-voted claimed in it
        self.dusk_claims: dict[str, set[str]] = {}

    def flags(self, text: str, author: str, channel: str, situation: Situation) -> list[Flag]:
        """The flags of `author`'s words `text` (without what he quotes) in `channel`
        ("thread:12", "conversation:7")."""
        if situation.group == PRIVATE or not self.rules.outing_ban:
            return []
        found = []
        for n, claim in enumerate(self.phrases(situation.players).claims(text, author)):
            if not self._counts(claim, author, situation):
                continue
            clause = self._forbidding(claim, author, situation)
            if clause is not None:
                rule = HINT if claim.kind not in (OWN, OTHER) else REVEAL
                key = f"{rule}/{claim.role or '-'}" + (
                    f"/{claim.player}" if claim.kind == OTHER else ""
                )
                found.append(Flag(rule, author, channel, clause, claim.evidence, f"{key}/{n}"))
        return found

    def may_claim(self, text: str, author: str, players: tuple[str, ...]) -> bool:
        """Whether `author`'s words claim a role at all – before the game's `Situation` is
        worked out for them (most posts claim none)."""
        return bool(self.rules.outing_ban) and bool(self.phrases(players).claims(text, author))

    def phrases(self, players: tuple[str, ...]) -> Phrases:
        """The phrases compiled for these players (compiled again only when they change)."""
        if self._phrases is None or self._phrases.players != players:
            self._phrases = Phrases(self.lexicon, players)
        return self._phrases

    def _counts(self, claim: Claim, author: str, situation: Situation) -> bool:
        """The claim says something the listeners may not know: not the allowed Bürger,
        a role someone plays, of another only what the author knows, and not the pack's
        words among the pack."""
        if claim.kind == OWN and claim.role in self.lexicon.allowed:
            return False
        if claim.role and not any(
            self.lexicon.means(claim.role, role) for role in situation.roles.values()
        ):
            return False
        if claim.kind == OTHER:
            known = situation.known_to.get(author, frozenset())
            if claim.player not in known:
                return False
            if not self.lexicon.means(claim.role, situation.roles.get(claim.player, "")):
                return False
        return not (
            situation.group == WOLVES
            and claim.role == self.lexicon.pack
            and claim.player in situation.members | {author}
        )

    def _forbidding(self, claim: Claim, author: str, situation: Situation) -> str | None:
        """The clause the claim breaks (the rule's text), or None if the round allows it."""
        outing = self.outing
        if WEREWOLVES in outing and situation.group == WOLVES and author in situation.members:
            if claim.kind != OTHER or claim.player in situation.members:
                return None
        if claim.kind == OTHER:
            return self.rules.outing_ban
        if claim.kind == OWN:
            if NO_REVEAL_BAN in outing:
                return None
            if ROLES in outing and claim.role in self.outing_roles:
                return None
            if DUSK in outing and self._dusk_allows(claim, author, situation):
                return None
        elif NO_HINT_BAN in outing or NO_REVEAL_BAN in outing:
            return None
        return self._clause()

    def _dusk_allows(self, claim: Claim, author: str, situation: Situation) -> bool:
        """In a Dämmerung: the most-voted reveal (remembered), the others counter-reveal
        with a role one of them claimed in it."""
        if not situation.in_dusk:
            return False
        claimed = self.dusk_claims.setdefault(situation.phase, set())
        if author in situation.most_voted:
            claimed.add(claim.role)
            return True
        return claim.role in claimed

    def _clause(self) -> str:
        """The rule a forbidden reveal of one's own role or a hint breaks: the chosen
        regulation that still bans it (`rollen`, `daemmerung`: "Es besteht weiterhin ein
        absolutes Andeutungsverbot"), else the absolute ban."""
        for key in self.outing:
            if key in (ROLES, DUSK):
                rule = self.rules.outing[key]
                return f"{rule.title}: {rule.text}"
        return self.rules.outing_ban

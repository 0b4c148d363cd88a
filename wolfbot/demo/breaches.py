"""Breaches of the conduct rules planted in a demo round (`wolfbot demo --breaches`), so that
a Spielleitung can see `wolfbot conduct` at work – and a test can check that it lists
exactly these and nothing of the simulated players' chatter:

1. on the first day a player with a special role pastes the beginning of his
   Rollenmitteilung into the thread ("Die Spieler dürfen nicht aus Konversationen
   zitieren");
2. in the first night a Werwolf writes a plan in the Wolfshöhle, and on the first day
   another Werwolf copies it into the thread, a little edited (lower case, no umlauts);
3. on the first day two players open a conversation of their own and add the Spielleitung
   ("keine Konversation mit einem anderen Spieler eröffnen");
4. on the second day a player claims a role in the thread ("Kein Dorfbewohner darf seine
   Rolle offenbaren oder andeuten") – a claim of a role the ruleset's reveal phrasing
   knows, under the round's absolute Offenbarungsverbot.

`Planted` names each one as `wolfbot conduct` shows it: the player and the rule."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from wolfbot.demo.players import Post
from wolfbot.engine.game import Game

PLAN = "Morgen lenken wir den Verdacht ganz ruhig auf {target} und schweigen über {other}."
FOREIGN_TITLE = "Nur wir zwei"
FOREIGN_TEXT = "Lass uns hier absprechen, wen wir morgen wählen. Ich traue {target} nicht."


@dataclass(frozen=True, slots=True)
class Planted:
    """A breach planted in the round: whose, which rule (as `wolfbot conduct` names it)."""

    player: str
    rule: str
    what: str


@dataclass
class Breaches:
    """The breaches of one demo round, planted as the round reaches their phase."""

    planted: list[Planted] = field(default_factory=list)
    done: set[str] = field(default_factory=set)

    def posts(self, game: Game, told: dict[str, str]) -> list[Post]:
        """The planted posts of the phase the game is in (once each); `told`: each
        player's Rollenmitteilung as text."""
        phase = str(game.state.phase)
        if phase in self.done:
            return []
        self.done.add(phase)
        living = [p for p in game.state.players if p.alive]
        wolves = [p.name for p in living if game.rules.role(p.role).is_werwolf]
        others = [p.name for p in living if p.name not in wolves]
        if phase == "night 1" and len(wolves) >= 2:
            text = PLAN.format(target=others[0], other=others[1])
            return [Post(wolves[0], "wolves", f"<p>{text}</p>", "chatter")]
        if phase == "day 1":
            return self._day_one(game, told, wolves, others)
        if phase == "day 2":
            return self._day_two(game, others)
        return []

    def _day_one(
        self, game: Game, told: dict[str, str], wolves: list[str], others: list[str]
    ) -> list[Post]:
        posts = []
        special = next(
            (n for n in others if game.player(n).role not in ("Bürger",) and n in told), None
        )
        if special is not None:
            role = game.player(special).role
            message = told[special]
            end = message.find(role, message.find("spielst du"))
            passage = message[: end + len(role)] if end >= 0 else message[:120]
            html_text = f"<p>Damit ihr mir glaubt, hier meine Nachricht: {html.escape(passage)}</p>"
            posts.append(Post(special, "thread", html_text, "chatter"))
            self.planted.append(Planted(special, "zitat", "Rollenmitteilung in den Thread kopiert"))
        if len(wolves) >= 2:
            copied = _folded(PLAN.format(target=others[0], other=others[1]))
            posts.append(Post(wolves[1], "thread", f"<p>jemand schrieb: {copied}</p>", "chatter"))
            self.planted.append(Planted(wolves[1], "zitat", "Plan der Wolfshöhle im Thread"))
        return posts

    def _day_two(self, game: Game, others: list[str]) -> list[Post]:
        if not others:
            return []
        claimer = others[-1]
        claim = "<p>Leute, ich bin die Seherin, glaubt mir endlich!</p>"
        self.planted.append(Planted(claimer, "offenbarung", "„ich bin die Seherin“ im Thread"))
        return [Post(claimer, "thread", claim, "chatter")]

    def foreign(self, game: Game) -> tuple[str, str, str] | None:
        """The conversation two players open on the first day: (starter, other, text)."""
        if "foreign" in self.done or str(game.state.phase) != "day 1":
            return None
        self.done.add("foreign")
        living = [p.name for p in game.state.players if p.alive]
        starter, other = living[0], living[1]
        self.planted.append(Planted(starter, "ausserhalb", "eigene Konversation mit " + other))
        return starter, other, FOREIGN_TEXT.format(target=living[2])


def _folded(text: str) -> str:
    """A light edit: lower case, umlauts written out, no punctuation."""
    folded = text.casefold().replace("ü", "ue").replace("ä", "ae").replace("ö", "oe")
    return re.sub(r"[^\w\s]", "", folded)

"""Players who become (gewöhnliche) Werwölfe: when Werwölfe die, by their own choice, or
when the wolves attack them.

Der Junge Wolf: "Der Junge Wolf kann die Konversation der Werwölfe nutzen, aber bestimmt
nicht gemeinsam mit den anderen Werwölfen einen Dorfbewohner, den die Werwölfe angreifen und
fressen. Wenn der erste Werwolf verstirbt, so verwandelt sich der Junge Wolf in einen
(gewöhnlichen) Werwolf." (in the pack with `pack_words: [Alpha]`)
Der Schlafende Wolf: "Die Spielleitung fügt den Schlafenden Wolf nicht der Konversation der
Werwölfe hinzu. Die Spielleitung teilt dem Schlafenden Wolf nicht die Identitäten der anderen
Werwölfe und den anderen Werwölfe nicht die Identität des Schlafenden Wolfes mit. Wenn der
erste Werwolf verstirbt, so verwandelt sich der Schlafende Wolf in einen (gewöhnlichen)
Werwolf." – both `FirstDeathAwakens`; the new Werwolf joins the Wolfshöhle.
Der Auserwählte: "Wenn alle Werwölfe tot sind, so verwandelt sich der Auserwählte in einen
(gewöhnlichen) Werwolf. Die Spielleitung fügt diesen (gewöhnlichen) Werwolf der Konversation
der Werwölfe hinzu." – `LastDeathAwakens`.
Der Wolfshund: "In einer Nacht kann der Wolfshund gegenüber der Spielleitung bestimmen, sich
in einen Werwolf zu verwandeln (!Verwandeln). Der Wolfshund spielt fortan als (gewöhnlicher)
Werwolf für das Rudel." – `Transform`.
Der Verfluchte Dorfbewohner: "Stattdessen teilt die Spielleitung dem Verfluchten Dorfbewohner
mit, dass er ein Bürger ist und für das Dorf spielt. Wenn der Verfluchte Dorfbewohner von den
Werwölfen angegriffen wird, so schlägt der Angriff fehl, aber der Verfluchte Dorfbewohner
verwandelt sich in einen (gewöhnlichen) Werwolf … Dasselbe gilt, wenn der Verfluchte
Dorfbewohner vom Blutrünstigen Wolf oder vom Großen Bösen Wolf angegriffen wird. Wenn der
Verfluchte Dorfbewohner stirbt, so gibt die Spielleitung seine wahre Rolle nicht bekannt.
Stattdessen gibt die Spielleitung bekannt, dass der Verfluchte Dorfbewohner ein
(gewöhnlicher) Bürger war." – `Cursed` (`params.turned_by`, `looks_as`).
"""

from __future__ import annotations

from wolfbot.engine.port import Behaviour, GamePort
from wolfbot.engine.roles.common import tell, used
from wolfbot.engine.state import Attack, PlayerState
from wolfbot.engine.text import say


def _turn(game: GamePort, player: PlayerState, every: bool) -> None:
    game.become(player, game.role_facts(player).params["turns_into"])
    tell(game, player, say("awakening.turned", role=player.role, every=every))


class FirstDeathAwakens(Behaviour):
    parameters = {"turns_into": str}

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        if player.alive and dead is not player and game.role_facts(dead).is_werwolf:
            _turn(game, player, every=False)


class LastDeathAwakens(Behaviour):
    parameters = {"turns_into": str}

    def witness_death(self, game: GamePort, player: PlayerState, dead: PlayerState) -> None:
        if not player.alive or not game.role_facts(dead).is_werwolf:
            return
        if not any(game.role_facts(p).is_werwolf for p in game.living()):
            _turn(game, player, every=True)


class Transform(Behaviour):
    parameters = {"word": str, "turns_into": str}

    def act(self, game: GamePort, player: PlayerState, stage: int) -> None:
        if used(game, player) is not None:
            game.become(player, game.role_facts(player).params["turns_into"])
            tell(game, player, say("awakening.by_choice", role=player.role))


class Cursed(Behaviour):
    parameters = {
        "looks_as": str,
        "turns_into": str,
        "turned_by": list[str],
        "turns_at": str | None,
    }

    def announced_role(self, game: GamePort, player: PlayerState) -> str | None:
        return game.role_facts(player).params["looks_as"]

    def defend(self, game: GamePort, player: PlayerState, attack: Attack, step: str) -> None:
        params = game.role_facts(player).params
        if step != "immunity" or attack.cause not in params["turned_by"]:
            return
        if params.get("turns_at") == "dawn":
            return  # protection and heal come first (`at_dawn`)
        attack.status, attack.reason = "failed", say("failed.cursed")
        self._turn(game, player)

    def at_dawn(self, game: GamePort, player: PlayerState, attack: Attack) -> bool:
        """`params.turns_at: dawn` – Wolf Village: "Greifen ihn die Werwölfe nachts an und
        schützt oder heilt ihn niemand, stirbt er nicht: Er wird zum Werwolf"."""
        params = game.role_facts(player).params
        if params.get("turns_at") != "dawn" or attack.cause not in params["turned_by"]:
            return False
        attack.reason = say("failed.cursed")
        self._turn(game, player)
        return True

    def _turn(self, game: GamePort, player: PlayerState) -> None:
        game.become(player, game.role_facts(player).params["turns_into"])
        tell(game, player, say("awakening.cursed", role=player.role))

"""The rules of "Verbotenes Verhalten" that `wolfbot warn` and `wolfbot sanction` (and the
console) check against the store before they write – the Ermahnungen given (the `warn`
interventions), the conduct flags. The actions themselves, which write the `pending` rows
the running bot applies, are `wolfbot.spielleitung.decisions.warn` and `.sanction`.

A sanction is the one announced by the player's last Ermahnung that was applied or waits to
be ("darf später davon nicht abweichen"); another one only when a new breach of his is on
record after that Ermahnung was sent ("es sei denn, der Spieler verhält sich erneut
verboten": a flag of a post of his after it, not dismissed – `store.conduct.breaches_since`).
So is a new Ermahnung: it may threaten another sanction than the last one only after such a
breach (else the announcement would not bind).
The heaviest, the exclusion ("Ausschluss aus der Runde nach den Regelungen über inaktive
Dorfbewohner", the ruleset's `conduct.exclusion` spellings), the bot carries out; with
`--replace` a Reservespieler takes the place of the excluded player ("Wenn möglich ersetzt
die Spielleitung inaktive Dorfbewohner durch Reservespieler") – a `replace` row right after
it. Any other sanction the Spielleitung carries out herself: the bot tells the player it is
imposed."""

from __future__ import annotations

from sqlalchemy.orm import Session, sessionmaker

from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.spielleitung.rounds import ControlError, GameInfo
from wolfbot.store import conduct
from wolfbot.store.interventions import StoredIntervention

MAX_SANCTION = 200  # the length of `interventions.argument`
FLAG_WORDS = {"dismissed": "verworfen", "warned": "ermahnt", "sanctioned": "sanktioniert"}
EXCLUSION = "der Ausschluss aus der Runde nach den Regelungen über inaktive Dorfbewohner"


def rules_with_conduct(game: GameInfo) -> Ruleset:
    """The round's ruleset, if it has the clause of the Ermahnung."""
    rules = loader.load(game.ruleset)
    if "ermahnung" not in rules.conduct.clauses:
        raise ControlError(
            f"Das Regelwerk {rules.title} ({game.ruleset}) der Runde {game.id} kennt keine "
            "Ermahnung und keine Sanktion: seine Regeln sagen nichts über verbotenes "
            "Verhalten. Ermahnen und sanktionieren lässt sich nur nach Regeln, die das "
            "vorschreiben (z. B. der Düsterliga: „Bevor die Spielleitung eine Sanktion "
            "ausspricht, ist der entsprechende Spieler zu ermahnen …“)."
        )
    return rules


def check_reason(reason: str, what: str, name: str) -> str:
    if not reason.strip():
        raise ControlError(f"{what} braucht einen Grund (--reason): was hat {name} getan?")
    return reason.strip()


def check_sanction(sanction: str, clause: str) -> str:
    sanction = " ".join(sanction.split())
    if not sanction:
        raise ControlError(
            "Die Ermahnung nennt die Sanktion, die dem Spieler droht (--sanction, z. B. "
            f'"Ausschluss aus der Runde"). Die Regel: „{clause}“'
        )
    if len(sanction) > MAX_SANCTION:
        raise ControlError(
            f"Die Sanktion ist {len(sanction)} Zeichen lang; höchstens {MAX_SANCTION}: "
            "kurz nennen, was geschieht – die Begründung gehört in --reason."
        )
    return sanction


def open_flags(session: Session, game: GameInfo, name: str, ids: list[int]) -> list[int]:
    """The flags `ids`, each an open one of `name` in this round."""
    for flag_id in ids:
        flag = conduct.get(session, game.id, flag_id)
        if flag is None:
            raise ControlError(
                f"Keine Meldung Nr. {flag_id} in Runde {game.id} (die Nummern zeigt "
                "`wolfbot conduct`)."
            )
        if flag.player != name:
            raise ControlError(f"Meldung Nr. {flag_id} betrifft {flag.player}, nicht {name}.")
        if not flag.open:
            state = FLAG_WORDS.get(flag.state, flag.state)
            raise ControlError(
                f"Meldung Nr. {flag_id} ist bereits {state}"
                + (f" (Eingriff Nr. {flag.intervention_id})." if flag.intervention_id else ".")
            )
    return list(dict.fromkeys(ids))


def what_follows(exclusion: bool) -> str:
    """What an Ermahnung's sanction leads to: the exclusion the bot carries out, any other
    the Spielleitung herself."""
    if exclusion:
        return (
            f"Das ist {EXCLUSION}: `wolfbot sanction` führt ihn aus (mit --replace nimmt ein "
            "Reservespieler den Platz ein)."
        )
    return (
        "Diese Sanktion führt die Spielleitung selbst aus; `wolfbot sanction` teilt dem "
        "Spieler mit, dass sie verhängt ist."
    )


def last_warning(rows: list[StoredIntervention], name: str) -> StoredIntervention | None:
    """The player's last Ermahnung that was applied or waits to be (a refused one announced
    nothing)."""
    warnings = [r for r in rows if r.kind == "warn" and r.player == name and r.state != "refused"]
    return warnings[-1] if warnings else None


def new_breaches(
    sessions: sessionmaker[Session], game: GameInfo, name: str, warning: StoredIntervention
) -> list[conduct.StoredFlag]:
    """The player's breaches on record after the Ermahnung was sent, not dismissed (none
    while it waits: nothing can come after it yet)."""
    if warning.state != "applied" or warning.applied_at is None:
        return []
    with sessions() as session:
        return conduct.breaches_since(session, game.id, name, warning.applied_at)

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
from wolfbot.spielleitung.wording import Said, said
from wolfbot.store import conduct
from wolfbot.store.interventions import StoredIntervention

MAX_SANCTION = 200  # the length of `interventions.argument`


def rules_with_conduct(game: GameInfo) -> Ruleset:
    """The round's ruleset, if it has the clause of the Ermahnung."""
    rules = loader.load(game.ruleset)
    if "ermahnung" not in rules.conduct.clauses:
        raise ControlError(
            said("control.no_conduct", title=rules.title, ruleset=game.ruleset, game=game.id)
        )
    return rules


def check_reason(reason: str, what: Said, name: str) -> str:
    """The reason, stripped; `what`: the Ermahnung or the Sanktion (`conduct.warning`, …)."""
    if not reason.strip():
        raise ControlError(said("control.conduct_reason", what=what, name=name))
    return reason.strip()


def check_sanction(sanction: str, clause: str) -> str:
    sanction = " ".join(sanction.split())
    if not sanction:
        raise ControlError(said("control.no_sanction", clause=clause))
    if len(sanction) > MAX_SANCTION:
        raise ControlError(
            said("control.sanction_too_long", length=len(sanction), most=MAX_SANCTION)
        )
    return sanction


def open_flags(session: Session, game: GameInfo, name: str, ids: list[int]) -> list[int]:
    """The flags `ids`, each an open one of `name` in this round."""
    for flag_id in ids:
        flag = conduct.get(session, game.id, flag_id)
        if flag is None:
            raise ControlError(said("control.no_flag_of_round", flag=flag_id, game=game.id))
        if flag.player != name:
            raise ControlError(
                said("control.flag_of_another", flag=flag_id, player=flag.player, name=name)
            )
        if not flag.open:
            state = Said(f"flag_state.{flag.state}")
            if flag.intervention_id:
                raise ControlError(
                    said(
                        "control.flag_closed_by",
                        flag=flag_id,
                        state=state,
                        number=flag.intervention_id,
                    )
                )
            raise ControlError(said("control.flag_closed", flag=flag_id, state=state))
    return list(dict.fromkeys(ids))


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

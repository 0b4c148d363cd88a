"""The work behind `wolfbot warn` and `wolfbot sanction` (`wolfbot.spielleitung.sanctions`
declares the commands): the rules of "Verbotenes Verhalten" the command line can check
against the store – the Ermahnungen given (the `warn` interventions), the conduct flags –
and the `pending` rows the running bot applies.

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

from rich.console import Console
from rich.markup import escape
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.engine.interventions.kinds import names_exclusion, same_sanction
from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.spielleitung import intervening
from wolfbot.spielleitung.intervention_table import STATE_WORDS
from wolfbot.spielleitung.rounds import ControlError, GameInfo
from wolfbot.store import conduct
from wolfbot.store import interventions as store
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


def _check_reason(reason: str, what: str, name: str) -> str:
    if not reason.strip():
        raise ControlError(f"{what} braucht einen Grund (--reason): was hat {name} getan?")
    return reason.strip()


def _check_sanction(sanction: str, clause: str) -> str:
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


def _open_flags(session: Session, game: GameInfo, name: str, ids: list[int]) -> list[int]:
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


def _what_follows(rules: Ruleset, sanction: str) -> str:
    if names_exclusion(rules, sanction):
        return (
            f"Das ist {EXCLUSION}: `wolfbot sanction` führt ihn aus (mit --replace nimmt ein "
            "Reservespieler den Platz ein)."
        )
    return (
        "Diese Sanktion führt die Spielleitung selbst aus; `wolfbot sanction` teilt dem "
        "Spieler mit, dass sie verhängt ist."
    )


# -- wolfbot warn --------------------------------------------------------------------------------
def warn(
    sessions: sessionmaker[Session],
    game: GameInfo,
    player: str,
    reason: str,
    sanction: str,
    flags: list[int],
    by: str,
) -> int:
    """The Ermahnung: a pending `warn` row (argument: the sanction), the flags named marked
    `warned` with it; returns its id."""
    rules = rules_with_conduct(game)
    clause = rules.conduct.clauses["ermahnung"]
    name = intervening.player(sessions, game, player)
    reason = _check_reason(reason, "Eine Ermahnung", name)
    sanction = _check_sanction(sanction, clause)
    with sessions() as session:
        before = last_warning(store.load(session, game.id), name)  # its own transaction
        ids = _open_flags(session, game, name, flags)
    announced = (before.argument or "") if before is not None else sanction
    if before is not None and not same_sanction(rules, sanction, announced):
        if not _new_breaches(sessions, game, name, before):
            raise ControlError(
                f"Die Ermahnung Nr. {before.id} ({STATE_WORDS.get(before.state, before.state)}) "
                f"hat {name} bereits „{announced}“ angedroht. Die Regel: „{clause}“ Seit "
                f"dieser Ermahnung ist kein neuer Verstoß von {name} festgehalten: eine andere "
                "Sanktion lässt sich erst nach einem neuen Verstoß androhen. Die angedrohte "
                f"verhängt: wolfbot sanction {name} --reason …"
            )
    with sessions() as session:
        number = store.request(
            session,
            game.id,
            "warn",
            reason=reason,
            requested_by=by,
            player=name,
            argument=sanction,
            flags=ids,
        )
    marked = f" Meldung Nr. {', '.join(map(str, ids))}: ermahnt." if ids else ""
    _say(
        f"Eingriff Nr. {number} vorgemerkt: Ermahnung – {name}, angedrohte Sanktion: "
        f"„{sanction}“.{marked} {_what_follows(rules, sanction)} Der laufende Bot schickt die "
        f"Ermahnung beim nächsten Durchgang in die Konversation von {name} mit der "
        "Spielleitung; `wolfbot interventions` zeigt, ob sie gilt."
    )
    return number


# -- wolfbot sanction ----------------------------------------------------------------------------
def last_warning(rows: list[StoredIntervention], name: str) -> StoredIntervention | None:
    """The player's last Ermahnung that was applied or waits to be (a refused one announced
    nothing)."""
    warnings = [r for r in rows if r.kind == "warn" and r.player == name and r.state != "refused"]
    return warnings[-1] if warnings else None


def _new_breaches(
    sessions: sessionmaker[Session], game: GameInfo, name: str, warning: StoredIntervention
) -> list[conduct.StoredFlag]:
    """The player's breaches on record after the Ermahnung was sent, not dismissed (none
    while it waits: nothing can come after it yet)."""
    if warning.state != "applied" or warning.applied_at is None:
        return []
    with sessions() as session:
        return conduct.breaches_since(session, game.id, name, warning.applied_at)


def sanction(
    sessions: sessionmaker[Session],
    game: GameInfo,
    player: str,
    reason: str,
    sanction: str | None,
    replace: str | None,
    by: str,
) -> int:
    """The Sanktion announced (or, after a new breach, another): a pending `sanction` row
    (argument: the sanction), the player's open flags since the Ermahnung marked
    `sanctioned`; with `replace` ("" the next Reservespieler) a `replace` row after it.
    Returns the sanction's id."""
    rules = rules_with_conduct(game)
    clause = rules.conduct.clauses["ermahnung"]
    name = intervening.player(sessions, game, player)
    reason = _check_reason(reason, "Eine Sanktion", name)
    with sessions() as session:
        warning = last_warning(store.load(session, game.id), name)
    if warning is None:
        raise ControlError(
            f"{name} wurde in Runde {game.id} nicht ermahnt. Die Regel: „{clause}“ Zuerst "
            f"ermahnen und die Sanktion nennen: wolfbot warn {name} --reason … --sanction …"
        )
    announced = warning.argument or ""
    chosen = announced if sanction is None else _check_sanction(sanction, clause)
    new = _new_breaches(sessions, game, name, warning)
    if not same_sanction(rules, chosen, announced) and not new:
        state = STATE_WORDS.get(warning.state, warning.state)
        raise ControlError(
            f"Die Ermahnung Nr. {warning.id} ({state}) hat {name} „{announced}“ angekündigt, "
            f"nicht „{chosen}“. Die Regel: „{clause}“ Seit dieser Ermahnung ist kein neuer "
            f"Verstoß von {name} festgehalten (eine Meldung, die nicht verworfen ist: "
            f"`wolfbot conduct`). Entweder die angekündigte verhängen (wolfbot sanction {name} "
            f"ohne --sanction), oder nach einem neuen Verstoß erneut ermahnen und die neue "
            f'Sanktion nennen (wolfbot warn {name} --reason … --sanction "{chosen}").'
        )
    exclusion = names_exclusion(rules, chosen)
    reserve = None
    if replace is not None:
        if not exclusion:
            raise ControlError(
                f"--replace gilt nur für den Ausschluss aus der Runde: „{chosen}“ ist keiner. "
                "Einen Reservespieler setzt sonst `wolfbot override replace` ein."
            )
        reserve = intervening.reserve(sessions, game, replace or None)
    with sessions() as session:
        flags = [f.id for f in new if f.open]
        number = store.request(
            session,
            game.id,
            "sanction",
            reason=reason,
            requested_by=by,
            player=name,
            argument=chosen,
            flags=flags,
        )
    if reserve is not None:
        with sessions() as session:
            replacing = store.request(
                session,
                game.id,
                "replace",
                reason=reason,
                requested_by=by,
                player=name,
                argument=reserve,
            )
    marked = f" Meldung Nr. {', '.join(map(str, flags))}: sanktioniert." if flags else ""
    if exclusion:
        follows = (
            f"Der laufende Bot schließt {name} beim nächsten Durchgang aus – {EXCLUSION}: er "
            "verstirbt am darauffolgenden Morgen, seine Rolle wird nicht offenbart."
        )
        if reserve is not None:
            follows += (
                f" Eingriff Nr. {replacing} vorgemerkt: danach nimmt der Reservespieler "
                f"{reserve} seinen Platz ein (gleiche Rolle, gleicher Platz)."
            )
    else:
        follows = (
            f"Der laufende Bot teilt {name} in seiner Konversation mit, dass die Sanktion "
            "verhängt ist. Ausführen muss sie die Spielleitung selbst: der Bot kann "
            f"„{chosen}“ nicht von sich aus umsetzen."
        )
    _say(
        f"Eingriff Nr. {number} vorgemerkt: Sanktion – {name}: „{chosen}“.{marked} {follows} "
        "`wolfbot interventions` zeigt, ob sie gilt."
    )
    return number


def _say(text: str) -> None:
    Console().print(escape(text), highlight=False)

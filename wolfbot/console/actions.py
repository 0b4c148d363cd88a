"""The console's actions: each form of a page posts one of them, and each calls the very
function its CLI command calls (`wolfbot.spielleitung.decisions`), so a click and a
command land in the same rows and the same audit trail. `perform` answers with one German
sentence – what was done, or the reason it was refused, word for word the CLI's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wolfbot.console.source import NoRoundYet
from wolfbot.spielleitung import decisions
from wolfbot.spielleitung.errors import ControlError

if TYPE_CHECKING:
    from wolfbot.console.source import RoundSource

Fields = dict[str, str]


@dataclass(frozen=True, slots=True)
class Outcome:
    ok: bool
    said: str


def _field(fields: Fields, name: str, what: str) -> str:
    value = fields.get(name, "").strip()
    if not value:
        raise ControlError(f"Es fehlt: {what}.")
    return value


def _number(fields: Fields, name: str, what: str) -> int:
    value = _field(fields, name, what)
    if not value.isdigit():
        raise ControlError(f"{what} ist keine Zahl: {value!r}.")
    return int(value)


def approve(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot approve KEY`: this draft goes out."""
    key = _field(fields, "key", "der Schlüssel des Entwurfs")
    return decisions.approve(source.sessions, source.info(), [key]).said


def approve_all(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot approve --all`: every draft of the round goes out, in order."""
    return decisions.approve(source.sessions, source.info(), every=True).said


def discard(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot discard KEY --reason …`: this draft is never sent."""
    key = _field(fields, "key", "der Schlüssel des Entwurfs")
    reason = _field(fields, "reason", "ein Grund")
    return decisions.discard(source.sessions, source.info(), key, reason=reason).said


def draft_mode(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot draft on|off`."""
    on = _field(fields, "on", "an oder aus") == "1"
    return decisions.draft_mode(source.sessions, source.info(), on=on).said


def _optional(fields: Fields, name: str) -> str | None:
    return fields.get(name, "").strip() or None


def accept(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot accept`: a refused command counts after all (as written or corrected)."""
    command_id = _number(fields, "command_id", "die Nummer des Befehls")
    done = decisions.accept(
        source.sessions,
        source.info(),
        command_id,
        reason=fields.get("reason", ""),
        by=by,
        as_text=_optional(fields, "as_text"),
    )
    return done.said


def reject(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot reject`: an accepted command does not count."""
    command_id = _number(fields, "command_id", "die Nummer des Befehls")
    done = decisions.reject(
        source.sessions, source.info(), command_id, reason=fields.get("reason", ""), by=by
    )
    return done.said


def dismiss(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot conduct dismiss`: no breach in this flag."""
    flag = _number(fields, "flag", "die Nummer der Meldung")
    done = decisions.dismiss_flag(
        source.sessions, source.info(), flag, reason=fields.get("reason", ""), by=by
    )
    return done.said


def warn(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot warn`: the Ermahnung, naming the sanction that threatens the player."""
    player = _field(fields, "player", "der Spieler")
    flag = _optional(fields, "flag")
    if flag is not None and not flag.isdigit():
        raise ControlError(f"Die Nummer der Meldung ist keine Zahl: {flag!r}.")
    done = decisions.warn(
        source.sessions,
        source.info(),
        player,
        reason=fields.get("reason", ""),
        sanction=_field(fields, "sanction", "die angedrohte Sanktion"),
        by=by,
        flags=[int(flag)] if flag else [],
    )
    return done.said


def sanction(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot sanction`: the sanction his last Ermahnung announced."""
    player = _field(fields, "player", "der Spieler")
    done = decisions.sanction(
        source.sessions, source.info(), player, reason=fields.get("reason", ""), by=by
    )
    return done.said


# `wolfbot override KIND`: what each kind needs beside the reason – a player, an argument
OVERRIDES = ("kill", "exclude", "revive", "victim", "role", "replace", "win")


def override(source: RoundSource, fields: Fields, by: str) -> str:
    """`wolfbot override kill|exclude|revive|victim|role|replace|win`."""
    kind = _field(fields, "kind", "welcher Eingriff")
    if kind not in OVERRIDES:
        raise ControlError(f"Kein Eingriff „{kind}“. Möglich: {', '.join(OVERRIDES)}.")
    game, reason = source.info(), fields.get("reason", "")
    sessions = source.sessions
    if kind == "win":
        faction = _field(fields, "argument", "die Fraktion, der der Sieg zugesprochen wird")
        return decisions.override_win(sessions, game, faction, reason=reason, by=by).said
    player = _field(fields, "player", "der Spieler")
    if kind == "role":
        role = _field(fields, "argument", "die neue Rolle")
        return decisions.override_role(sessions, game, player, role, reason=reason, by=by).said
    if kind == "replace":
        reserve = _optional(fields, "argument")
        done = decisions.override_replace(sessions, game, player, reserve, reason=reason, by=by)
        return done.said
    single = {
        "kill": decisions.override_kill,
        "exclude": decisions.override_exclude,
        "revive": decisions.override_revive,
        "victim": decisions.override_victim,
    }[kind]
    return single(sessions, game, player, reason=reason, by=by).said


ACTIONS: dict[str, Callable[[RoundSource, Fields, str], str]] = {
    "accept": accept,
    "reject": reject,
    "dismiss": dismiss,
    "warn": warn,
    "sanction": sanction,
    "override": override,
    "approve": approve,
    "approve_all": approve_all,
    "discard": discard,
    "draft_mode": draft_mode,
}


def perform(source: RoundSource, name: str, fields: Fields, by: str) -> Outcome:
    action = ACTIONS.get(name)
    if action is None:
        return Outcome(False, f"Keine Aktion „{name}“.")
    try:
        return Outcome(True, action(source, fields, by))
    except ControlError as error:
        return Outcome(False, str(error))
    except NoRoundYet:
        return Outcome(False, "Die Runde hat noch nicht begonnen.")

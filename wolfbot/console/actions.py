"""The console's actions: each form of a page posts one of them, and each calls the very
function its CLI command calls (`wolfbot.spielleitung.decisions`), so a click and a
command land in the same rows and the same audit trail. `perform` answers with what was
done, or the reason it was refused: word for word the CLI's, in the round's language
(`spielleitung.words`: German, Dutch)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wolfbot.console.source import NoRoundYet
from wolfbot.spielleitung import decisions
from wolfbot.spielleitung.done import Done
from wolfbot.spielleitung.errors import ControlError
from wolfbot.spielleitung.wording import Said, said

if TYPE_CHECKING:
    from wolfbot.console.source import RoundSource

Fields = dict[str, str]


@dataclass(frozen=True, slots=True)
class Outcome:
    ok: bool
    said: str


def _field(fields: Fields, name: str, what: Said) -> str:
    value = fields.get(name, "").strip()
    if not value:
        raise ControlError(said("field.missing", what=what))
    return value


def _number(fields: Fields, name: str, what: Said) -> int:
    value = _field(fields, name, what)
    if not value.isdigit():
        raise ControlError(said("field.not_a_number", what=what, value=value))
    return int(value)


def approve(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot approve KEY`: this draft goes out."""
    key = _field(fields, "key", said("field.draft_key"))
    return decisions.approve(source.sessions, source.info(), [key])


def approve_all(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot approve --all`: every draft of the round goes out, in order."""
    return decisions.approve(source.sessions, source.info(), every=True)


def discard(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot discard KEY --reason …`: this draft is never sent."""
    key = _field(fields, "key", said("field.draft_key"))
    reason = _field(fields, "reason", said("field.reason"))
    return decisions.discard(source.sessions, source.info(), key, reason=reason)


def draft_mode(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot draft on|off`."""
    on = _field(fields, "on", said("field.on")) == "1"
    return decisions.draft_mode(source.sessions, source.info(), on=on)


def _optional(fields: Fields, name: str) -> str | None:
    return fields.get(name, "").strip() or None


def accept(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot accept`: a refused command counts after all (as written or corrected)."""
    command_id = _number(fields, "command_id", said("field.command"))
    done = decisions.accept(
        source.sessions,
        source.info(),
        command_id,
        reason=fields.get("reason", ""),
        by=by,
        as_text=_optional(fields, "as_text"),
    )
    return done


def reject(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot reject`: an accepted command does not count."""
    command_id = _number(fields, "command_id", said("field.command"))
    done = decisions.reject(
        source.sessions, source.info(), command_id, reason=fields.get("reason", ""), by=by
    )
    return done


def dismiss(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot conduct dismiss`: no breach in this flag."""
    flag = _number(fields, "flag", said("field.flag"))
    done = decisions.dismiss_flag(
        source.sessions, source.info(), flag, reason=fields.get("reason", ""), by=by
    )
    return done


def warn(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot warn`: the Ermahnung, naming the sanction that threatens the player."""
    player = _field(fields, "player", said("field.player"))
    flag = _optional(fields, "flag")
    if flag is not None and not flag.isdigit():
        raise ControlError(said("field.not_a_number", what=said("field.flag_number"), value=flag))
    done = decisions.warn(
        source.sessions,
        source.info(),
        player,
        reason=fields.get("reason", ""),
        sanction=_field(fields, "sanction", said("field.sanction")),
        by=by,
        flags=[int(flag)] if flag else [],
    )
    return done


def sanction(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot sanction`: the sanction his last Ermahnung announced."""
    player = _field(fields, "player", said("field.player"))
    done = decisions.sanction(
        source.sessions, source.info(), player, reason=fields.get("reason", ""), by=by
    )
    return done


# `wolfbot override KIND`: what each kind needs beside the reason – a player, an argument
OVERRIDES = ("kill", "exclude", "revive", "victim", "role", "replace", "win")


def override(source: RoundSource, fields: Fields, by: str) -> Done:
    """`wolfbot override kill|exclude|revive|victim|role|replace|win`."""
    kind = _field(fields, "kind", said("field.kind"))
    if kind not in OVERRIDES:
        raise ControlError(said("action.no_override", kind=kind, kinds=", ".join(OVERRIDES)))
    game, reason = source.info(), fields.get("reason", "")
    sessions = source.sessions
    if kind == "win":
        faction = _field(fields, "argument", said("field.faction"))
        return decisions.override_win(sessions, game, faction, reason=reason, by=by)
    player = _field(fields, "player", said("field.player"))
    if kind == "role":
        role = _field(fields, "argument", said("field.role"))
        return decisions.override_role(sessions, game, player, role, reason=reason, by=by)
    if kind == "replace":
        reserve = _optional(fields, "argument")
        done = decisions.override_replace(sessions, game, player, reserve, reason=reason, by=by)
        return done
    single = {
        "kill": decisions.override_kill,
        "exclude": decisions.override_exclude,
        "revive": decisions.override_revive,
        "victim": decisions.override_victim,
    }[kind]
    return single(sessions, game, player, reason=reason, by=by)


ACTIONS: dict[str, Callable[[RoundSource, Fields, str], Done]] = {
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


def perform(
    source: RoundSource, name: str, fields: Fields, by: str, language: str = "de"
) -> Outcome:
    """The action `name` with the form's `fields`, by the Spielleiter `by`; what it says is
    in `language` (the round's)."""
    action = ACTIONS.get(name)
    if action is None:
        return Outcome(False, said("action.unknown", name=name).words(language))
    try:
        return Outcome(True, action(source, fields, by).words(language))
    except ControlError as error:
        return Outcome(False, error.words(language))
    except NoRoundYet:
        return Outcome(False, said("action.no_round_yet").words(language))

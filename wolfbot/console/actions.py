"""The console's actions: each form of a page posts one of them, and each calls the very
function its CLI command calls (`wolfbot.spielleitung.decisions`), so a click and a
command land in the same rows and the same audit trail. `perform` answers with one German
sentence – what was done, or the reason it was refused, word for word the CLI's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wolfbot.bot.channels import Keys
from wolfbot.console.source import NoRoundYet
from wolfbot.outbox import drafts as outbox_drafts
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
    key = _field(fields, "key", "der Schlüssel des Entwurfs")
    try:
        released = outbox_drafts.approve(source.sessions, [key])
    except outbox_drafts.DraftError as error:
        raise ControlError(str(error)) from None
    return "freigegeben: " + ", ".join(m.title or m.key for m in released)


def approve_all(source: RoundSource, fields: Fields, by: str) -> str:
    try:
        released = outbox_drafts.approve_all(source.sessions, Keys(source.game_id).prefix)
    except outbox_drafts.DraftError as error:
        raise ControlError(str(error)) from None
    return f"{len(released)} Entwürfe freigegeben."


def discard(source: RoundSource, fields: Fields, by: str) -> str:
    key = _field(fields, "key", "der Schlüssel des Entwurfs")
    reason = _field(fields, "reason", "ein Grund")
    if key == Keys(source.game_id).opening():
        raise ControlError("Den Eröffnungsbeitrag nicht verwerfen: ab ihm liest der Bot")
    try:
        m = outbox_drafts.discard(source.sessions, key, reason)
    except outbox_drafts.DraftError as error:
        raise ControlError(str(error)) from None
    return f"verworfen: {m.title or m.kind} – nie gesendet."


def draft_mode(source: RoundSource, fields: Fields, by: str) -> str:
    from wolfbot.bot.drafts import set_draft_mode

    on = _field(fields, "on", "an oder aus") == "1"
    set_draft_mode(source.sessions, source.game_id, on)
    if on:
        return "Entwurfsmodus an: neue Beiträge im Spielthread warten auf Freigabe."
    return "Entwurfsmodus aus (wartende Entwürfe warten weiter auf Freigabe)."


ACTIONS: dict[str, Callable[[RoundSource, Fields, str], str]] = {
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

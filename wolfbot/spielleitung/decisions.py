"""The Spielleitung's decisions: one plain function per action, the same for the command
line (`wolfbot accept`, `reject`, `override …`, `restore`, `draft`, `approve`, `discard`,
`conduct dismiss|record`, `warn`, `sanction`) and the web console – no second logic.

Each takes the store's `sessionmaker`, the chosen round (`GameInfo`) and typed arguments;
`by` is who decides (the CLI's `--by`, the console's logged-in Spielleiter). It makes every
check the command line makes, in the same order, and raises `ControlError` with the German
message the command line prints; then it writes the rows and returns a frozen value that
says what was done (`done.py`): `said` is the command line's sentence for it (plain text,
no markup), which the command prints. Both are `wording.Said` sentences
(`spielleitung.words`), so the console says them in the round's language (`words("nl")` in
a Weerwolven round).

Nothing here prints or uses typer or rich: the command line parses its options, calls the
function inside `guarded()` (a `ControlError` → stderr, exit 2) and prints `said`. An
intervention is only a `pending` row: the running bot applies it at its next tick or
refuses it with the engine's reason (`wolfbot interventions`). The drafts' functions record
no `by`: the write queue has no column for it.

    decisions.accept(sessions, game, 17, as_text="!Lynch Anna", reason="Tippfehler", by="SL")
    → Requested(number=1, kind='accept', what='Clara: !Lynch Anna')
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from wolfbot.bot.channels import Keys
from wolfbot.bot.drafts import set_draft_mode
from wolfbot.conduct.flags import HINT, OUTSIDE, QUOTE, REVEAL, Flag
from wolfbot.engine.interventions.kinds import names_exclusion, same_sanction
from wolfbot.outbox import drafts as outbox_drafts
from wolfbot.outbox.values import QueuedMessage
from wolfbot.spelling import close_names
from wolfbot.spielleitung import intervening, sanctioning
from wolfbot.spielleitung.done import (
    Approved,
    Discarded,
    Dismissed,
    Done,
    DraftMode,
    Recorded,
    Requested,
    Sanctioned,
    Warned,
)
from wolfbot.spielleitung.errors import ControlError
from wolfbot.spielleitung.flags import clause_of
from wolfbot.spielleitung.labels import GameInfo
from wolfbot.spielleitung.rounds import list_games
from wolfbot.spielleitung.wording import Said, hint, said
from wolfbot.store import conduct
from wolfbot.store import interventions as store
from wolfbot.store.errors import StoreError

__all__ = [
    "Approved",
    "Done",
    "Discarded",
    "Dismissed",
    "DraftMode",
    "Recorded",
    "Requested",
    "Sanctioned",
    "Warned",
    "accept",
    "approve",
    "discard",
    "dismiss_flag",
    "draft_mode",
    "override_exclude",
    "override_kill",
    "override_replace",
    "override_revive",
    "override_role",
    "override_victim",
    "override_win",
    "record_breach",
    "reject",
    "restore",
    "sanction",
    "warn",
]
Sessions = sessionmaker[Session]
RULES = (QUOTE, REVEAL, HINT, OUTSIDE)  # what `record_breach` may name


# -- interventions: wolfbot accept, reject, override …, restore ----------------------------------
def _request(
    sessions: Sessions,
    game: GameInfo,
    kind: str,
    reason: str,
    by: str,
    *,
    what: str | Said,
    **fields: Any,
) -> Requested:
    """The `pending` row of an intervention, once its reason is given."""
    if not reason.strip():
        raise ControlError(said("control.no_reason"))
    with sessions() as session:
        number = store.request(
            session, game.id, kind, reason=reason.strip(), requested_by=by, **fields
        )
    return Requested(number, kind, what)


def accept(
    sessions: Sessions,
    game: GameInfo,
    command_id: int,
    *,
    reason: str,
    by: str,
    as_text: str | None = None,
) -> Requested:
    """`wolfbot accept`: a refused command counts after all – as written or as `as_text`."""
    intervening.ensure_running(game)
    command = intervening.command(sessions, game, command_id)
    if command.verdict == "accepted":
        raise ControlError(said("control.counts_already", command=command_id, text=command.text))
    text = (as_text or command.text).strip()
    if not text.startswith("!"):
        raise ControlError(said("control.not_a_command", text=text))
    return _request(
        sessions,
        game,
        "accept",
        reason,
        by,
        player=command.actor,
        command_id=command.id,
        command_text=text,
        what=f"{command.actor}: {text}",
    )


def reject(
    sessions: Sessions, game: GameInfo, command_id: int, *, reason: str, by: str
) -> Requested:
    """`wolfbot reject`: an accepted command does not count."""
    intervening.ensure_running(game)
    command = intervening.command(sessions, game, command_id)
    if command.verdict != "accepted":
        raise ControlError(said("control.counts_not", command=command_id, text=command.text))
    return _request(
        sessions,
        game,
        "reject",
        reason,
        by,
        player=command.actor,
        command_id=command.id,
        what=f"{command.actor}: {command.text}",
    )


def _override_player(
    sessions: Sessions, game: GameInfo, kind: str, player: str, reason: str, by: str
) -> Requested:
    intervening.ensure_running(game)
    name = intervening.player(sessions, game, player)
    return _request(sessions, game, kind, reason, by, player=name, what=name)


def override_kill(
    sessions: Sessions, game: GameInfo, player: str, *, reason: str, by: str
) -> Requested:
    """`wolfbot override kill`: the player dies now."""
    return _override_player(sessions, game, "kill", player, reason, by)


def override_victim(
    sessions: Sessions, game: GameInfo, player: str, *, reason: str, by: str
) -> Requested:
    """`wolfbot override victim`: the one the Schwarze Pest kills this night."""
    return _override_player(sessions, game, "victim", player, reason, by)


def override_exclude(
    sessions: Sessions, game: GameInfo, player: str, *, reason: str, by: str
) -> Requested:
    """`wolfbot override exclude`: excluded as an inactive Dorfbewohner."""
    return _override_player(sessions, game, "exclude", player, reason, by)


def override_revive(
    sessions: Sessions, game: GameInfo, player: str, *, reason: str, by: str
) -> Requested:
    """`wolfbot override revive`: a dead player lives again."""
    return _override_player(sessions, game, "revive", player, reason, by)


def override_role(
    sessions: Sessions, game: GameInfo, player: str, role: str, *, reason: str, by: str
) -> Requested:
    """`wolfbot override role`: the player plays `role` from now on."""
    intervening.ensure_running(game)
    name = intervening.player(sessions, game, player)
    canonical = intervening.role(game, role)
    what = f"{name} → {canonical}"
    return _request(sessions, game, "role", reason, by, player=name, argument=canonical, what=what)


def override_win(
    sessions: Sessions, game: GameInfo, faction: str, *, reason: str, by: str
) -> Requested:
    """`wolfbot override win`: the round ends with the win awarded to `faction`."""
    intervening.ensure_running(game)
    side = intervening.faction(game, faction)
    return _request(sessions, game, "win", reason, by, argument=side, what=side)


def override_replace(
    sessions: Sessions,
    game: GameInfo,
    player: str,
    reserve: str | None = None,
    *,
    reason: str,
    by: str,
) -> Requested:
    """`wolfbot override replace`: the Reservespieler `reserve` (None: the next one) takes
    the player's place."""
    intervening.ensure_running(game)
    name = intervening.player(sessions, game, player)
    new = intervening.reserve(sessions, game, reserve)
    what = said("done.replacing", new=new, name=name)
    return _request(sessions, game, "replace", reason, by, player=name, argument=new, what=what)


def restore(
    sessions: Sessions, game: GameInfo, input_id: int, *, reason: str, by: str
) -> Requested:
    """`wolfbot restore`: the bot quotes the kept version `input_id` of a deleted or edited
    post back where it stood."""
    intervening.ensure_running(game)
    kept = intervening.restorable(sessions, game, input_id)
    state = said("done.deleted") if kept.deleted else said("done.earlier")
    return _request(
        sessions,
        game,
        "restore",
        reason,
        by,
        player=kept.author,
        argument=str(kept.id),
        what=said("done.restoring", post=kept.id, author=kept.author, state=state),
    )


# -- conduct: wolfbot conduct dismiss|record -----------------------------------------------------
def dismiss_flag(
    sessions: Sessions, game: GameInfo, flag_id: int, *, reason: str, by: str
) -> Dismissed:
    """`wolfbot conduct dismiss`: the Spielleitung sees no breach in the flag `flag_id`.
    (Also after the round: a flag may be closed any time.)"""
    if not reason.strip():
        raise ControlError(said("control.dismiss_reason"))
    with sessions() as session, session.begin():
        found = conduct.get(session, game.id, flag_id)
        if found is None:
            raise ControlError(said("control.no_flag", flag=flag_id, game=game.id))
        if not found.open:
            state = Said(f"flag_state.{found.state}")
            raise ControlError(said("control.flag_decided", flag=flag_id, state=state))
        conduct.dismiss(session, game.id, flag_id, reason.strip(), by=by, now=datetime.now(UTC))
    return Dismissed(flag_id, reason.strip())


def record_breach(
    sessions: Sessions,
    game: GameInfo,
    player: str,
    *,
    rule: str,
    what: str,
    by: str,
    link: str = "",
) -> Recorded:
    """`wolfbot conduct record`: a breach the bot cannot see (`rule`: zitat, offenbarung,
    andeutung or ausserhalb; `what`: the evidence), an open flag like the bot's."""
    intervening.ensure_running(game)
    if rule not in RULES:
        near = hint(close_names(rule, RULES))
        raise ControlError(said("control.no_rule", rule=rule, hint=near, rules=", ".join(RULES)))
    if not what.strip():
        raise ControlError(said("control.no_evidence"))
    name = intervening.player(sessions, game, player)
    now = datetime.now(UTC)
    flag = Flag(
        rule, name, "", clause_of(game, rule), what.strip(), key=f"gemeldet/{now:%Y%m%dT%H%M%S.%f}"
    )
    with sessions() as session, session.begin():
        try:
            number = conduct.record_breach(
                session, game.id, flag, by=by, phase=game.phase, url=link, now=now
            )
        except StoreError as error:
            raise ControlError(str(error)) from None
    return Recorded(number, rule, name)


# -- the Ermahnung and the Sanktion: wolfbot warn, sanction -------------------------------------
def warn(
    sessions: Sessions,
    game: GameInfo,
    player: str,
    *,
    reason: str,
    sanction: str,
    by: str,
    flags: Sequence[int] = (),
) -> Warned:
    """`wolfbot warn`: the Ermahnung, naming the sanction that threatens the player; the
    flags named (open ones of his) are marked `warned` with it. Another sanction than the
    last Ermahnung's only after a new breach of his on record."""
    intervening.ensure_running(game)
    rules = sanctioning.rules_with_conduct(game)
    clause = rules.conduct.clauses["ermahnung"]
    name = intervening.player(sessions, game, player)
    reason = sanctioning.check_reason(reason, said("conduct.warning"), name)
    sanction = sanctioning.check_sanction(sanction, clause)
    with sessions() as session:
        before = sanctioning.last_warning(store.load(session, game.id), name)
        ids = sanctioning.open_flags(session, game, name, list(flags))
    announced = (before.argument or "") if before is not None else sanction
    if before is not None and not same_sanction(rules, sanction, announced):
        if not sanctioning.new_breaches(sessions, game, name, before):
            refused = said(
                "control.other_sanction_warned",
                number=before.id,
                state=Said(f"state.{before.state}"),
                name=name,
                announced=announced,
                clause=clause,
            )
            raise ControlError(refused)
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
    return Warned(number, name, sanction, tuple(ids), names_exclusion(rules, sanction))


def sanction(
    sessions: Sessions,
    game: GameInfo,
    player: str,
    *,
    reason: str,
    by: str,
    sanction: str | None = None,
    replace: bool = False,
    reserve: str | None = None,
) -> Sanctioned:
    """`wolfbot sanction`: the sanction the player's last Ermahnung announced (`sanction`:
    another, only after a new breach on record); his open flags since it are marked
    `sanctioned`. With `replace` (only for the exclusion) the Reservespieler `reserve` – None:
    the next one – takes his place: a `replace` row right after it."""
    intervening.ensure_running(game)
    if reserve is not None and not replace:
        raise ControlError(said("control.reserve_without_replace", reserve=reserve, player=player))
    rules = sanctioning.rules_with_conduct(game)
    clause = rules.conduct.clauses["ermahnung"]
    name = intervening.player(sessions, game, player)
    reason = sanctioning.check_reason(reason, said("conduct.sanction"), name)
    with sessions() as session:
        warning = sanctioning.last_warning(store.load(session, game.id), name)
    if warning is None:
        raise ControlError(said("control.not_warned", name=name, game=game.id, clause=clause))
    announced = warning.argument or ""
    chosen = announced if sanction is None else sanctioning.check_sanction(sanction, clause)
    new = sanctioning.new_breaches(sessions, game, name, warning)
    if not same_sanction(rules, chosen, announced) and not new:
        refused = said(
            "control.not_the_announced",
            number=warning.id,
            state=Said(f"state.{warning.state}"),
            name=name,
            announced=announced,
            chosen=chosen,
            clause=clause,
        )
        raise ControlError(refused)
    exclusion = names_exclusion(rules, chosen)
    taking = None
    if replace:
        if not exclusion:
            raise ControlError(said("control.replace_not_exclusion", chosen=chosen))
        taking = intervening.reserve(sessions, game, reserve or None)
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
    replacing = None
    if taking is not None:
        with sessions() as session:
            replacing = store.request(
                session,
                game.id,
                "replace",
                reason=reason,
                requested_by=by,
                player=name,
                argument=taking,
            )
    return Sanctioned(number, name, chosen, tuple(flags), exclusion, taking, replacing)


# -- drafts: wolfbot draft on|off, approve, discard ---------------------------------------------
def draft_mode(sessions: Sessions, game: GameInfo, *, on: bool) -> DraftMode:
    """`wolfbot draft on|off`: every new thread post of the round waits for approval (or no
    longer does; what is held stays held)."""
    set_draft_mode(sessions, game.id, on)
    waiting = outbox_drafts.drafts(sessions, Keys(game.id).prefix)
    return DraftMode(game.id, on, tuple(waiting))


def _round_of(sessions: Sessions, key: str) -> Keys | None:
    """The keys of the round that `key` belongs to (None: no round's)."""
    for game in list_games(sessions):
        keys = Keys(game.id)
        if key.startswith(keys.prefix):
            return keys
    return None


def _of_the_round(game: GameInfo | None, key: str) -> None:
    """ControlError if a round is chosen and `key` is not one of its messages."""
    if game is not None and not key.startswith(Keys(game.id).prefix):
        raise ControlError(said("control.not_of_the_round", key=key, game=game.id))


def _overtaken(sessions: Sessions, keys: Sequence[str]) -> list[QueuedMessage]:
    """Drafts that are not released with `keys` but would have gone out before them."""
    chosen = set(keys)
    behind: dict[str, QueuedMessage] = {}
    for key in keys:
        round_keys = _round_of(sessions, key)
        if round_keys is None:
            continue  # no round's message: `approve` says what it is
        for m in outbox_drafts.earlier_drafts(sessions, key, round_keys.prefix):
            if m.key not in chosen:
                behind.setdefault(m.key, m)
    return list(behind.values())


def approve(
    sessions: Sessions,
    game: GameInfo | None,
    keys: Sequence[str] = (),
    *,
    every: bool = False,
) -> Approved:
    """`wolfbot approve KEY… | --all`: release the drafts `keys` (all or none), or with
    `every` all drafts of the round (`game` None: of every round in the file). With a
    round chosen, each key must be one of its messages (the command line chooses none for
    keys: a key names its round)."""
    if every == bool(keys):
        raise ControlError(said("control.keys_or_all"))
    for key in keys:
        _of_the_round(game, key)
    try:
        behind = [] if every else _overtaken(sessions, keys)
        if every:
            prefix = Keys(game.id).prefix if game is not None else None
            released = outbox_drafts.approve_all(sessions, prefix)
        else:
            released = outbox_drafts.approve(sessions, keys)
    except outbox_drafts.DraftError as error:
        raise ControlError(_draft_problem(error)) from None
    return Approved(tuple(released), tuple(behind))


def discard(sessions: Sessions, game: GameInfo | None, key: str, *, reason: str) -> Discarded:
    """`wolfbot discard KEY --reason …`: never send this draft (a discarded phase post is
    missing from the round); never the Eröffnungsbeitrag. `game`: as for `approve`."""
    _of_the_round(game, key)
    keys = _round_of(sessions, key)
    if keys is not None and key == keys.opening():
        raise ControlError(said("control.opening_kept"))
    try:
        m = outbox_drafts.discard(sessions, key, reason)
    except outbox_drafts.DraftError as error:
        raise ControlError(_draft_problem(error)) from None
    return Discarded(m)


def _draft_problem(error: outbox_drafts.DraftError) -> Said:
    """What the write queue refused, said in the words of the Spielleitung's tables."""
    if error.problem == "not_draft":
        return said("control.not_a_draft", key=error.key, state=error.state)
    if error.problem == "no_reason":
        return said("control.draft_reason")
    return said("control.no_message", key=error.key)

"""Whether an intervention of the Spielleitung is possible now (`check`), and what it does
(`apply`): the rules' own consequences."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfbot.engine import changes, deaths, names
from wolfbot.engine.commands import Command
from wolfbot.engine.errors import CommandError
from wolfbot.engine.events import (
    Announcement,
    CommandRejected,
    Intervened,
    ParticipantsAdded,
    ParticipantsLeft,
)
from wolfbot.engine.rename import rename_player
from wolfbot.engine.roles.registry import votes_for, word_handler
from wolfbot.engine.state import Phase, PlayerState, Question
from wolfbot.engine.text import Text, say
from wolfbot.spelling import name_key

if TYPE_CHECKING:
    from wolfbot.engine.port import EnginePort

from wolfbot.engine.interventions.kinds import (
    RESERVED_NAMES,
    SPIELLEITUNG,
    AcceptCommand,
    AwardWin,
    ChangeRole,
    ChooseVictim,
    Decision,
    ExcludePlayer,
    ExpireQuestion,
    Intervention,
    InterventionError,
    KillPlayer,
    Refuse,
    RejectCommand,
    ReplacePlayer,
    RevivePlayer,
    SanctionPlayer,
    WarnPlayer,
    faction_named,
    names_exclusion,
    winning_sides,
)


# -- check ---------------------------------------------------------------------------------------
def check(game: EnginePort, intervention: Intervention) -> None:
    """Raise `InterventionError` if `intervention` cannot be applied now; change nothing."""

    def refuse(reason: Text) -> InterventionError:
        return InterventionError(intervention, reason)

    if game.state.phase.kind == "over":
        raise refuse(say("refused.game_over"))
    match intervention:
        case AcceptCommand(command=None, text=text, unreadable=why):
            raise refuse(say("intervention.unreadable", text=text, why=why))
        case AcceptCommand(command=Command() as command):
            try:
                game.check(command)
            except CommandError as error:
                raise refuse(error.reason) from None
        case ExpireQuestion(player=name, kind=kind):
            if find_question(game, name, kind) is None:
                raise refuse(say("intervention.no_question", name=name, kind=kind))
        case ReplacePlayer(player=name, reserve=reserve):
            _living(game, name, refuse)  # excluded for inactivity: replaced before he dies
            _check_reserve(game, reserve, refuse)
        case ExcludePlayer(player=name):
            player = _living(game, name, refuse)
            if player.excluded:
                raise refuse(say("intervention.excluded_already", name=name))
        case WarnPlayer() | SanctionPlayer():
            _check_conduct(game, intervention, refuse)
        case _:
            _not_held(game, refuse)
            _check_held_ones(game, intervention, refuse)


def _check_held_ones(game: EnginePort, intervention: Intervention, refuse: Refuse) -> None:
    """The interventions that wait while a resolution is held by a question."""
    match intervention:
        case KillPlayer(player=name):
            _living(game, name, refuse)
        case RevivePlayer(player=name):
            if _player(game, name, refuse).alive:
                raise refuse(say("intervention.alive", name=name))
        case ChooseVictim(player=name):
            variants = [v for n, v in game.rules.variants.items() if game.variant_on(n)]
            if not any(v.spielleitung_victim for v in variants):
                raise refuse(say("intervention.no_victim_to_choose"))
            if game.state.phase.kind != "night":
                raise refuse(say("intervention.victim_at_night"))
            _living(game, name, refuse)
        case ChangeRole(player=name, role=role):
            player = _living(game, name, refuse)
            try:
                canonical = game.rules.role(role).name
            except KeyError:
                unknown = say("intervention.unknown_role", role=role, ruleset=game.rules.title)
                raise refuse(unknown) from None
            if canonical == player.role:
                raise refuse(say("intervention.same_role", name=name, role=canonical))
        case RejectCommand():
            _check_reject(game, intervention, refuse)
        case AwardWin(faction=faction):
            if faction_named(game.rules, faction) is None:
                known = winning_sides(game.rules)
                raise refuse(say("intervention.unknown_faction", faction=faction, known=known))


def _check_conduct(
    game: EnginePort, intervention: WarnPlayer | SanctionPlayer, refuse: Refuse
) -> None:
    """An Ermahnung or a Sanktion: the ruleset has the clause, the sanction is named, the
    player plays; a Sanktion only after an Ermahnung of his ("Bevor die Spielleitung eine
    Sanktion ausspricht, ist der entsprechende Spieler zu ermahnen"), the exclusion only
    of a living player not excluded already. (Allowed while a resolution waits: nothing
    but an exclusion changes, and that as `ExcludePlayer` does.)"""
    clause = game.rules.conduct.clauses.get("ermahnung")
    if clause is None:
        raise refuse(say("intervention.no_conduct_rules", ruleset=game.rules.title))
    name = intervention.player
    if not intervention.sanction.strip():
        raise refuse(say("intervention.sanction_missing", name=name))
    _player(game, name, refuse)
    if isinstance(intervention, WarnPlayer):
        return
    if announced_sanction(game, name) is None:
        raise refuse(say("intervention.not_warned", name=name, clause=clause))
    if names_exclusion(game.rules, intervention.sanction):
        player = _living(game, name, refuse)
        if player.excluded:
            raise refuse(say("intervention.excluded_already", name=name))


def announced_sanction(game: EnginePort, name: str) -> str | None:
    """The sanction the player's last Ermahnung announced (None: he was never warned) – in
    the log, where the Ermahnung is `Intervened("warn", name, sanction, reason)`."""
    warnings = (
        e.argument
        for e in reversed(game.state.log)
        if isinstance(e, Intervened) and e.kind == WarnPlayer.KIND and e.player == name
    )
    return next(warnings, None)


def _not_held(game: EnginePort, refuse: Refuse) -> None:
    if game.state.step:
        waiting = tuple(game.pending())
        raise refuse(say("intervention.resolving", time=game.time_label(), waiting=waiting))


def _player(game: EnginePort, name: str, refuse: Refuse) -> PlayerState:
    player = game.find_player(name)
    if player is None:
        raise refuse(say("refused.target_not_playing", name=name))
    return player


def _living(game: EnginePort, name: str, refuse: Refuse) -> PlayerState:
    player = _player(game, name, refuse)
    if not player.alive:
        raise refuse(say("refused.target_dead", name=name))
    return player


def _check_reserve(game: EnginePort, reserve: str, refuse: Refuse) -> None:
    key = name_key(reserve)
    if not key:
        raise refuse(say("intervention.reserve_missing"))
    if any(name_key(p.name) == key for p in game.state.players):
        raise refuse(say("intervention.reserve_playing", name=reserve))
    taken = [*game.rules.factions, *game.rules.causes, *RESERVED_NAMES]
    if key in game.rules.role_index or any(name_key(word) == key for word in taken):
        raise refuse(say("intervention.reserve_name_taken", name=reserve))


def _period(phase: Phase) -> tuple[int, str]:
    """A day with its Dämmerung is one voting period; a night is its own."""
    return phase.number, "night" if phase.kind == "night" else "day"


def _check_reject(game: EnginePort, reject: RejectCommand, refuse: Refuse) -> None:
    player = _player(game, reject.actor, refuse)
    try:
        given = Phase.parse(reject.phase)
    except ValueError:
        given = Phase(0, "over")
    now = game.state.phase
    # a standing answer stands until it is answered, a command sent ahead until its night
    held_over = reject.word in player.standing or (
        given.by_day and given.coming_night(game.rules.phases) == now
    )
    if _period(given) != _period(now) and not held_over:
        raise refuse(say("intervention.other_phase", text=reject.text, phase=reject.phase))
    handler = word_handler(game, reject.word)
    word = game.rules.shown_word(reject.word)
    if handler is not None and handler.irrevocable:
        raise refuse(say("intervention.irrevocable", word=word, why=handler.irrevocable))
    votes = votes_for(game, reject.word)
    if votes is not None:
        standing = len(reject.targets) == 1 and votes.get(player.name) == reject.targets[0]
    elif reject.word in player.standing:  # a standing answer (the Jager's testament)
        standing = reject.targets == (player.standing[reject.word],)
    else:
        action = _held(game).get(reject.actor, {}).get(reject.word)
        standing = action is not None and action.text() == reject.text
        if standing and game.behaviour(player).acts_at_once:
            raise refuse(say("intervention.acts_at_once", word=word, name=player.name))
    if not standing:
        raise refuse(
            say(
                "intervention.not_standing",
                text=reject.text,
                word=word,
                name=player.name,
                time=game.time_label(),
            )
        )


# -- apply ---------------------------------------------------------------------------------------
def apply(game: EnginePort, intervention: Decision) -> None:
    """Apply a checked intervention (`check` first): `Intervened`, then its consequences.
    (`ExpireQuestion` is no decision of the Spielleitung: `EnginePort.intervene` lets the time of
    the question run out itself.)"""
    player, argument = intervention.noted(game)
    game.emit(Intervened(intervention.KIND, player, argument, intervention.reason))
    match intervention:
        case AcceptCommand(command=Command() as command):
            game.submit(command)
        case RejectCommand():
            _reject(game, intervention)
        case KillPlayer(player=name):
            game.kill([(name, SPIELLEITUNG)])
        case ExcludePlayer(player=name):
            deaths.exclude(game, game.player(name), by=SPIELLEITUNG)
        case ChooseVictim(player=name):
            game.state.night.victim = name
        case RevivePlayer(player=name):
            changes.revive(game, game.player(name), SPIELLEITUNG)
            _start_afresh(game.player(name))  # brought back: also for inactivity
        case ChangeRole(player=name, role=role):
            _change_role(game, game.player(name), role)
        case ReplacePlayer(player=name, reserve=reserve):
            _replace(game, name, reserve)
        case SanctionPlayer(player=name, sanction=sanction) if names_exclusion(
            game.rules, sanction
        ):
            deaths.exclude(game, game.player(name), by=names.SANKTION)
        case AwardWin(faction=faction, reason=reason):
            won = faction_named(game.rules, faction) or faction
            game.emit(Announcement(say("win_awarded", faction=won, reason=reason), SPIELLEITUNG))
            game.declare_win(won)


def find_question(game: EnginePort, player: str, kind: str) -> Question | None:
    """The player's open question of this kind (the first, if he has several)."""
    return next((q for q in game.state.questions if q.player == player and q.kind == kind), None)


def _start_afresh(player: PlayerState) -> None:
    """No exclusion and no missed Dämmerungen: inactivity counts from now on."""
    player.excluded = False
    player.excluded_for = ""
    player.missed_dusks = 0


def _held(game: EnginePort) -> dict[str, dict[str, Command]]:
    """The night commands not yet carried out, by actor: of the night, or sent by day for
    the coming night (`GameState.ahead`)."""
    night = game.state.night if game.state.phase.kind == "night" else None
    return night.actions if night else game.state.ahead


def _reject(game: EnginePort, reject: RejectCommand) -> None:
    votes = votes_for(game, reject.word)
    player = game.player(reject.actor)
    if votes is not None:
        del votes[reject.actor]
    elif reject.word in player.standing:
        del player.standing[reject.word]
    else:
        # uses are counted when the night is resolved: a removed action has used nothing
        held = _held(game)
        del held[reject.actor][reject.word]
        if not held[reject.actor]:
            del held[reject.actor]
    why = say("refused.by_spielleitung", reason=reject.reason)
    game.emit(CommandRejected(reject.actor, reject.channel, reject.text, why))


def _change_role(game: EnginePort, player: PlayerState, role: str) -> None:
    """`changes.change_role`; the Wolfshöhle follows the pack, both ways. (The rules' own
    role changes only join it – `changes.become` –: a Werwolf raised as Wiedergänger stays
    in it.)"""
    was_pack = game.role_facts(player).pack
    changes.change_role(game, player, role)
    is_pack = game.role_facts(player).pack
    if is_pack and not was_pack:
        changes.enter(game, names.WOLVES, [player.name])
    elif was_pack and not is_pack:
        changes.leave(game, names.WOLVES, [player.name])


def _replace(game: EnginePort, old: str, reserve: str) -> None:
    """The generic rename; then the Reservespieler joins the old player's conversations."""
    joined = [channel for channel, names in game.state.conversations.items() if old in names]
    rename_player(game.state, old, reserve)  # the members of the conversations too
    _start_afresh(game.player(reserve))  # the Reservespieler has no inactivity of his own
    for channel in joined:  # the forum cannot take the old player out: the log does
        game.emit(ParticipantsAdded(channel, (reserve,)))
        game.emit(ParticipantsLeft(channel, (old,)))
    game.emit(Announcement(say("reserve_replaces", reserve=reserve, old=old), SPIELLEITUNG))

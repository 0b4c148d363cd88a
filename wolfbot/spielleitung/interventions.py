"""The Spielleitung's interventions from the command line: `wolfbot accept`, `reject`,
`override …` and `interventions`.

    wolfbot accept 17 --as "!Lynch Frau Holle" --reason "Tippfehler im Namen" --db F
    wolfbot reject 23 --reason "nach Fristende gepostet" --db F
    wolfbot override kill|exclude|revive PLAYER --reason "…" --db F
    wolfbot override role PLAYER ROLE --reason "…" --db F
    wolfbot override replace PLAYER RESERVE --reason "…" --db F
    wolfbot interventions --db F        # what became of them

The command line runs beside the bot: it only checks what it can without the rules engine
(the round runs, the player plays, the reserve is a Reservespieler, the command is one of
the round's with the right verdict, a reason is given) and writes a `pending` row; the
running bot applies it at its next tick (or refuses it with the engine's reason – see
`wolfbot interventions`). COMMAND_ID is the number `wolfbot audit` shows ("Nr.").
Exit codes: 0; 2 for bad input (with the reason on stderr).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated
from zoneinfo import ZoneInfo

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.posts.german import did_you_mean
from wolfbot.rulesets import loader
from wolfbot.spelling import find_name
from wolfbot.spielleitung.options import DEFAULT_ZONE, Db, GameId, guarded
from wolfbot.spielleitung.rounds import (
    VERDICT_WORDS,
    ControlError,
    GameInfo,
    local,
    open_store,
    pick_game,
    plain,
)
from wolfbot.spielleitung.rounds import zone_of as _zone_of
from wolfbot.store import interventions as store
from wolfbot.store.models import CommandRow, PlayerRow

Reason = Annotated[str, typer.Option("--reason", help="why (shown in the audit)")]
By = Annotated[str, typer.Option("--by", help="who decides (shown in the audit)")]
Player = Annotated[str, typer.Argument(help="the player's name as in the Spielerliste")]

KIND_WORDS = {
    "accept": "Befehl gilt",
    "reject": "Befehl gilt nicht",
    "kill": "aus der Runde genommen",
    "victim": "Opfer der Schwarzen Pest",
    "exclude": "ausgeschlossen",
    "revive": "zurückgeholt",
    "role": "neue Rolle",
    "replace": "ersetzt",
    "expire": "Frist abgelaufen",
}
STATE_WORDS = {"pending": "wartet", "applied": "angewandt", "refused": "abgelehnt"}
STATE_STYLES = {"pending": "yellow", "applied": "green", "refused": "red"}


def register(app: typer.Typer) -> None:
    """Add `accept`, `reject`, `override …` and `interventions` to the main Typer app."""
    override = typer.Typer(help="Change the round by the Spielleitung's decision.")
    app.add_typer(override, name="override")

    @app.command("accept")
    def accept(
        command_id: Annotated[int, typer.Argument(help="the command's Nr. (wolfbot audit)")],
        reason: Reason,
        db: Db,
        game: GameId = None,
        as_text: Annotated[
            str | None,
            typer.Option("--as", help='the command line as it counts, e.g. "!Lynch Frau Holle"'),
        ] = None,
        by: By = "Spielleitung",
    ) -> None:
        """Let a rejected ("fehlerhafter") command count after all – as written, or as
        corrected with --as; the bot checks it against the rules now."""
        with guarded(), open_store(db) as sessions:
            chosen = _running(sessions, game, db)
            command = _command(sessions, chosen, command_id)
            if command.verdict == "accepted":
                raise ControlError(f"Befehl {command_id} ({command.text}) gilt bereits.")
            text = (as_text or command.text).strip()
            if not text.startswith("!"):
                raise ControlError(f"Ein Befehl beginnt mit einem Ausrufezeichen: {text!r}")
            _request(
                sessions,
                chosen,
                "accept",
                reason,
                by,
                player=command.actor,
                command_id=command.id,
                command_text=text,
                what=f"{command.actor}: {text}",
            )

    @app.command("reject")
    def reject(
        command_id: Annotated[int, typer.Argument(help="the command's Nr. (wolfbot audit)")],
        reason: Reason,
        db: Db,
        game: GameId = None,
        by: By = "Spielleitung",
    ) -> None:
        """Let an accepted command not count – while it is still the player's standing one
        (a vote is withdrawn, a night action removed)."""
        with guarded(), open_store(db) as sessions:
            chosen = _running(sessions, game, db)
            command = _command(sessions, chosen, command_id)
            if command.verdict != "accepted":
                raise ControlError(f"Befehl {command_id} ({command.text}) gilt ohnehin nicht.")
            _request(
                sessions,
                chosen,
                "reject",
                reason,
                by,
                player=command.actor,
                command_id=command.id,
                what=f"{command.actor}: {command.text}",
            )

    def _override_player(kind: str, player: str, reason: str, db: Path, game: int | None, by: str):
        with guarded(), open_store(db) as sessions:
            chosen = _running(sessions, game, db)
            name = _player(sessions, chosen, player)
            _request(sessions, chosen, kind, reason, by, player=name, what=name)

    @override.command("kill")
    def kill(player: Player, reason: Reason, db: Db, game: GameId = None, by: By = "Spielleitung"):
        """The player dies now (announced with his role in the next phase post)."""
        _override_player("kill", player, reason, db, game, by)

    @override.command("victim")
    def victim(
        player: Player, reason: Reason, db: Db, game: GameId = None, by: By = "Spielleitung"
    ):
        """Die Schwarze Pest: the player the night's plague kills "as the Werwölfe would"
        (without a choice by the night's end the lot picks one)."""
        _override_player("victim", player, reason, db, game, by)

    @override.command("exclude")
    def exclude(
        player: Player, reason: Reason, db: Db, game: GameId = None, by: By = "Spielleitung"
    ):
        """Exclude the player under the rules about inactive Dorfbewohner (he dies the
        following Morgen, his role is not revealed)."""
        _override_player("exclude", player, reason, db, game, by)

    @override.command("revive")
    def revive(
        player: Player, reason: Reason, db: Db, game: GameId = None, by: By = "Spielleitung"
    ):
        """A dead player lives again."""
        _override_player("revive", player, reason, db, game, by)

    @override.command("role")
    def role(
        player: Player,
        new_role: Annotated[str, typer.Argument(metavar="ROLE", help="the new role")],
        reason: Reason,
        db: Db,
        game: GameId = None,
        by: By = "Spielleitung",
    ):
        """The player plays another role from now on."""
        with guarded(), open_store(db) as sessions:
            chosen = _running(sessions, game, db)
            name = _player(sessions, chosen, player)
            canonical = _role(chosen, new_role)
            what = f"{name} → {canonical}"
            _request(
                sessions, chosen, "role", reason, by, player=name, argument=canonical, what=what
            )

    @override.command("replace")
    def replace(
        player: Player,
        reserve: Annotated[str, typer.Argument(help="the Reservespieler who takes his place")],
        reason: Reason,
        db: Db,
        game: GameId = None,
        by: By = "Spielleitung",
    ):
        """A Reservespieler takes the player's place (same role, same position)."""
        with guarded(), open_store(db) as sessions:
            chosen = _running(sessions, game, db)
            name = _player(sessions, chosen, player)
            new = _reserve(sessions, chosen, reserve)
            what = f"{new} für {name}"
            _request(sessions, chosen, "replace", reason, by, player=name, argument=new, what=what)

    @app.command("interventions")
    def interventions(db: Db, game: GameId = None, timezone: str = DEFAULT_ZONE) -> None:
        """The Spielleitung's interventions of the round and what became of them."""
        out = Console()
        with guarded(), open_store(db) as sessions:
            zone = _zone_of(timezone)
            chosen = pick_game(sessions, game, db)
            with sessions() as session:
                found = store.load(session, chosen.id)
        render_interventions(out, chosen, found, zone)


# -- checks without the engine ---------------------------------------------------------------
def _running(sessions: sessionmaker[Session], game_id: int | None, db: Path) -> GameInfo:
    chosen = pick_game(sessions, game_id, db)
    if chosen.status == "signup":
        raise ControlError(f"Runde {chosen.id} hat noch nicht begonnen.")
    if chosen.status != "running":
        raise ControlError(f"Runde {chosen.id} ist beendet; Eingriffe sind nicht mehr möglich.")
    return chosen


def _command(sessions: sessionmaker[Session], game: GameInfo, command_id: int) -> CommandRow:
    with sessions() as session:
        command = session.get(CommandRow, command_id)
        if command is None or command.game_id != game.id:
            raise ControlError(
                f"Kein Befehl {command_id} in Runde {game.id} (die Nummern zeigt `wolfbot audit`)."
            )
        session.expunge(command)
    return command


def _people(sessions: sessionmaker[Session], game: GameInfo, kind: str) -> list[PlayerRow]:
    with sessions() as session:
        rows = session.scalars(
            select(PlayerRow)
            .where(PlayerRow.game_id == game.id, PlayerRow.kind == kind)
            .order_by(PlayerRow.position, PlayerRow.id)
        ).all()
        session.expunge_all()
    return list(rows)


def _player(sessions: sessionmaker[Session], game: GameInfo, name: str) -> str:
    players = [p.name for p in _people(sessions, game, "player") if p.withdrawn_at is None]
    found = find_name(name, players)
    if found is None:
        raise ControlError(
            f"{name} spielt in Runde {game.id} nicht mit.{did_you_mean(name, players)} "
            f"Spieler: {', '.join(players)}."
        )
    return found


def _reserve(sessions: sessionmaker[Session], game: GameInfo, name: str) -> str:
    reserves = [p.name for p in _people(sessions, game, "reserve") if p.withdrawn_at is None]
    found = find_name(name, reserves)
    if found is None:
        listed = ", ".join(reserves) or "keine"
        raise ControlError(
            f"{name} ist kein Reservespieler der Runde {game.id}.{did_you_mean(name, reserves)} "
            f"Reservespieler: {listed}."
        )
    return found


def _role(game: GameInfo, name: str) -> str:
    rules = loader.load(game.ruleset)
    try:
        return rules.role(name).name
    except KeyError:
        raise ControlError(
            f"Keine Rolle heißt {name!r}.{did_you_mean(name, rules.roles)}"
        ) from None


def _request(
    sessions: sessionmaker[Session],
    game: GameInfo,
    kind: str,
    reason: str,
    by: str,
    *,
    what: str,
    **fields: object,
) -> None:
    if not reason.strip():
        raise ControlError("Ein Eingriff braucht einen Grund (--reason).")
    with sessions() as session:
        number = store.request(
            session, game.id, kind, reason=reason.strip(), requested_by=by, **fields
        )
    Console().print(
        f"Eingriff Nr. {number} vorgemerkt: {KIND_WORDS[kind]} – {escape(what)}. "
        "Der laufende Bot wendet ihn beim nächsten Durchgang an; "
        "`wolfbot interventions` zeigt, ob er gilt.",
        highlight=False,
    )


# -- output --------------------------------------------------------------------------------------
def render_interventions(
    console: Console, game: GameInfo, rows: list[store.StoredIntervention], zone: ZoneInfo
) -> None:
    title = f"Eingriffe der Spielleitung: {escape(game.title)}"
    if not rows:
        console.print(f"{title}: keine.")
        return
    console.print(interventions_table(title, rows, zone))


def interventions_table(title: str, rows: list[store.StoredIntervention], zone: ZoneInfo) -> Table:
    table = Table(title=title)
    for column in ("Nr.", "Zeit", "Art", "Spieler", "Was", "Grund", "von", "Zustand", "Ablehnung"):
        table.add_column(column, overflow="fold")
    for r in rows:
        style = STATE_STYLES.get(r.state, "")
        state = STATE_WORDS.get(r.state, r.state)
        if r.state == "applied" and r.log_position is not None:
            state += f" (ab Ereignis {r.log_position})"
        table.add_row(
            str(r.id),
            local(r.applied_at or r.requested_at, zone),
            KIND_WORDS.get(r.kind, r.kind),
            plain(r.player),
            plain(_what(r)),
            plain(r.reason),
            plain(r.requested_by),
            f"[{style}]{escape(state)}[/{style}]" if style else escape(state),
            plain(r.refusal),
        )
    return table


def _what(row: store.StoredIntervention) -> str:
    if row.kind in ("accept", "reject") and row.command is not None:
        text = row.command_text or row.command.text
        engine = VERDICT_WORDS["rejected" if row.kind == "accept" else "accepted"]
        return f"Befehl {row.command.id}: {text} (Engine: {engine})"
    if row.kind == "expire":
        return f"Frage ({row.argument})"
    return row.argument or ""

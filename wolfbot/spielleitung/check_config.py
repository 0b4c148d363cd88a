"""`wolfbot check-config`: read config.toml and say what the bot will do with it – or exactly
which key is wrong, and what is wrong with the round (roles, players, times; `problems`) –
without touching the store; the forum is only asked whether the listed players exist
(`--offline`: not even that; a login the forum refuses is an error). The start of the round
is rehearsed (`start_check`): whether its Rollenmitteilungen, Wolfshöhle, … are out before
the first deadline under `[forum.limits]`, and the drawn roles with their estimate. With
`--login` it also logs in to the forum and reports what the bot's account may do as far as
WoltLab shows it to the account itself (`wolfbot.forum.woltlab.account`; nothing is
written)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from wolfbot.engine.spec import Ruleset
    from wolfbot.forum.base import AccountView
    from wolfbot.setup.config import Config
    from wolfbot.spielleitung.start_check import StartCheck


def summary(config: Config, start: StartCheck | None = None) -> list[tuple[str, str]]:
    """(key, what it means) rows; the password is never shown, only where it comes from.
    `start`: the rehearsed start (its rows, and the drawn roles)."""
    from wolfbot.rulesets import loader
    from wolfbot.rulesets.options import option_line

    rules = loader.load(config.game.ruleset)
    forum = config.forum
    source = (
        f"Umgebungsvariable {forum.password_env}"
        if forum.password_env
        else f"Datei {forum.password_file}"
    )
    options = [  # "Verliebte dürfen nicht gegeneinander stimmen: ja (Vorgabe)"
        option_line(spec, config.game.options.get(name, spec.default))
        + ("" if name in config.game.options else " (Vorgabe)")
        for name, spec in rules.options.items()
    ]
    limits = forum.limits
    per_day = (
        "beliebig viele neue Konversationen"
        if limits.conversations_per_day == -1
        else f"{limits.conversations_per_day} neue Konversationen je 24 h"
    )
    schedule = config.schedule
    dusk = "dusk" in rules.phases
    times = f"Tag ab {schedule.day_begins:%H:%M}, " + (
        f"Dämmerung ab {schedule.dusk_begins:%H:%M}, " if dusk else ""
    )
    return [
        ("Runde", config.game.title),
        (
            "Regelwerk",
            f"{rules.title} ({len(rules.roles)} Rollen umgesetzt), Seed {config.game.seed}",
        ),
        ("Hausregeln", "\n".join(options)),
        ("Zeitzone", config.game.timezone),
        ("Zeitplan", f"{times}Nacht ab {schedule.night_begins:%H:%M} Uhr"),
        ("Fristen", _cadence(config, dusk)),
        ("Spielerliste", _signup(config)),
        ("Rollen", _roles(config, rules, start)),
        ("Schätzung", _estimate(config, rules, start)),
        (
            "Entwurfsmodus",
            "an: jeder Beitrag wartet auf wolfbot approve" if config.round.draft else "aus",
        ),
        ("Forum", f"{forum.base_url} als {forum.username}"),
        ("Passwort", f"gesetzt, aus {source}"),
        ("Spielthema", str(forum.thread_id) if forum.thread_id else "noch keins (0)"),
        (
            "Abfrage",
            f"alle {forum.poll_seconds:g} s, "
            f"höchstens eine Anfrage je {forum.request_interval:g} s",
        ),
        (
            "Grenzen des Forums",
            f"{limits.thread_post_interval:g} s zwischen Beiträgen, "
            f"{limits.conversation_message_interval:g} s zwischen Konversationsnachrichten, "
            f"{per_day}, {limits.max_participants} Teilnehmer je Konversation",
        ),
        ("Datenbank", str(config.store.path)),
        *(start.rows if start is not None else []),
    ]


def _estimate(config: Config, rules: Ruleset, start: StartCheck | None = None) -> str:
    """Each side's win rate of the listed roles – or of those the seed draws for the listed
    players – from simulated games (`wolfbot setup rate`), and what it means; else when it
    is made. On every core here where that pays (`wolfbot.balance.cores`)."""
    from wolfbot.bot.estimate import estimate
    from wolfbot.engine.errors import SetupError

    roles = list(config.roles.role_list)
    players = config.signup.players if config.signup is not None else []
    options = dict(config.game.options)
    if start is not None and start.players_known and start.roles:
        roles = start.roles  # as dealt (a Dieb's two are set aside)
    elif not roles or (players and len(players) != len(roles)):
        return "beim Start der Runde, für die gezogene Rollenliste (wolfbot setup rate: vorher)"
    try:
        return estimate(rules, roles, config.game.seed, options).said()
    except (SetupError, KeyError, ValueError) as error:  # the checks above say why
        return f"nicht möglich ({type(error).__name__})"


def _roles(config: Config, rules: Ruleset, start: StartCheck | None) -> str:
    listed = ", ".join(config.roles.role_list)
    if listed:
        return listed
    if start is not None and start.players_known and start.roles:
        from wolfbot.bot.live import roles_said

        drawn = roles_said(start.roles)
        return f"{_default_roles(rules)}, gezogen mit Seed {config.game.seed}: {drawn}"
    return _default_roles(rules)


def _default_roles(rules: Ruleset) -> str:
    """What a round without `[roles] list` deals (`Live._default_roles`)."""
    from wolfbot.setup.setups import has_setups, load_setups

    if has_setups(rules.name):
        first = load_setups(rules.name).setups[0].name
        return f"die erste passende fertige Zusammenstellung ({first})"
    return "Vorschlag nach der Rollenverteilung"


def _cadence(config: Config, dusk: bool = True) -> str:
    s = config.schedule

    def hours(value: float, text: str, never: str) -> str:
        return text.format(f"{value:g} h") if value else never

    question = f"Fragen {s.question_hours:g} h (in der Nacht {s.night_question_hours:g} h)"
    if s.question_reminder_hours:
        question += f", Erinnerung {s.question_reminder_hours:g} h vorher"
    return "; ".join(
        [
            hours(s.zwischenstand_hours, "Zwischenstand alle {}", "kein Zwischenstand"),
            hours(
                s.vote_reminder_hours,
                "Erinnerung an die Stimme {} vor der " + ("Dämmerung" if dusk else "Nacht"),
                "keine Erinnerung an die Stimme",
            ),
            hours(
                s.night_reminder_hours,
                "an die Nachtaktion {} vor dem Morgen",
                "keine an die Nachtaktion",
            ),
            f"{question}, dann entscheidet das Los",
        ]
    )


def _signup(config: Config) -> str:
    section = config.signup
    if section is None:
        return "fehlt: [signup] thread_id oder players"
    if section.thread_id:
        return (
            f"Anmeldethema {section.thread_id} bis {section.closes:%d.%m.%Y %H:%M}, "
            f"{section.min_players}–{section.max_players} Spieler"
        )
    return ", ".join(section.players)


def account_rows(config: Config, view: AccountView) -> list[tuple[str, str]]:
    """(what, finding) rows of `--login`; a finding that needs the admin starts "Achtung"."""
    limits = config.forum.limits
    rows = [("Anmeldung", f"als {view.username} erfolgreich")]
    rows.append(
        (
            "Konversation beginnen",
            "möglich (das Formular öffnet sich)"
            if view.add_form is None
            else f"Achtung: jetzt nicht möglich – {view.add_form}",
        )
    )
    if view.max_participants is None:
        rows.append(("Teilnehmer je Konversation", "nicht sichtbar"))
    else:
        note = (
            f"Achtung: die Konfiguration erlaubt {limits.max_participants}"
            if limits.max_participants > view.max_participants
            else f"Konfiguration {limits.max_participants}"
        )
        rows.append(("Teilnehmer je Konversation", f"{view.max_participants} ({note})"))
    if view.max_conversations is not None and view.conversations is not None:
        free = view.max_conversations - view.conversations
        rows.append(
            (
                "Postfach",
                f"{view.conversations} von {view.max_conversations} Konversationen, "
                f"Platz für {free}" + ("" if free > 50 else " – Achtung: bald voll"),
            )
        )
    rows.append(
        (
            "Nicht sichtbar",
            "Wartezeit zwischen Nachrichten und neue Konversationen je 24 h der Gruppe "
            f"(floodControlTime, maxStartedConversationsPer24Hours): die Konfiguration "
            f"rechnet mit {limits.conversation_message_interval:g} s und "
            f"{limits.conversations_per_day}; die Gruppe des Kontos sollte 0 und -1 haben "
            "(README); ob das Konto eigene Beiträge bearbeiten darf, zeigt erst die "
            "erste Bearbeitung",
        )
    )
    return rows


def problems(
    config: Config,
    *,
    with_forum: bool = True,
    start: StartCheck | str | None = None,
    with_start: bool = True,
) -> list[str]:
    """Every "Fehler: …" and "Warnung: …" of the round (`wolfbot.setup.round_checks`); with
    `with_forum`, the listed players are looked up on the forum (a forum that cannot be
    reached is a warning, a refused login an error); with `with_start`, whether the start is
    out before the first deadline (`start_check`: `start` if rehearsed already)."""
    from wolfbot.rulesets import loader
    from wolfbot.setup.round_checks import forum_problems, round_problems, unreachable

    found = round_problems(config, loader.load(config.game.ruleset))
    if with_start and not any(line.startswith("Fehler") for line in found):  # else it fails
        from wolfbot.spielleitung.start_check import StartCheck, check

        start = start if start is not None else check(config)
        if isinstance(start, str):
            found.append(start)
        elif isinstance(start, StartCheck):
            found += start.problems
    signup = config.signup
    names = list(signup.players) if signup is not None and not signup.thread_id else []
    if with_forum and names:
        import httpx

        from wolfbot.bot.live import forum_for
        from wolfbot.forum.base import ForumError, LoginFailed
        from wolfbot.forum.trouble import described
        from wolfbot.spielleitung.journal import login_refused, quiet

        quiet()
        forum = forum_for(config)
        try:
            found += forum_problems(names, forum.resolve_user)
        except LoginFailed as error:
            found.append(f"Fehler: {login_refused(config, error)}")
        except (ForumError, httpx.HTTPError, OSError) as error:
            found.append(unreachable(described(error), config.forum.base_url))
        finally:
            forum.close()
    return found


def startable(config: Config) -> bool:
    """The round has no problem that would stop its start before it is rehearsed."""
    from wolfbot.rulesets import loader
    from wolfbot.setup.round_checks import round_problems

    found = round_problems(config, loader.load(config.game.ruleset))
    return not any(line.startswith("Fehler") for line in found)


def report(console: Console, found: list[str]) -> bool:
    """Print the problems (errors red, warnings yellow); True when none is an error."""
    from rich.markup import escape

    for line in found:
        colour = "red" if line.startswith("Fehler") else "yellow"
        level, _, text = line.partition(": ")
        console.print(f"[{colour}]{level}:[/{colour}] {escape(text)}", highlight=False)
    return not any(line.startswith("Fehler") for line in found)


def register(app: typer.Typer) -> None:
    @app.command("check-config")
    def check_config(
        path: Annotated[Path, typer.Argument(help="die Konfigurationsdatei")] = Path("config.toml"),
        login: Annotated[
            bool,
            typer.Option(
                "--login",
                help="auch beim Forum anmelden und zeigen, was das Konto des Bots darf",
            ),
        ] = False,
        offline: Annotated[
            bool,
            typer.Option(
                "--offline", help="das Forum nicht fragen, ob es die Spieler der Liste gibt"
            ),
        ] = False,
    ) -> None:
        """config.toml prüfen: jeder Schlüssel gültig, das Passwort vorhanden, die Runde
        spielbar (Rollen, Spielerzahl, Zeiten, die Spieler im Forum); zeigen, was sie
        bedeutet. Mit --login: anmelden und die Rechte des Kontos für Konversationen zeigen
        (nichts wird geschrieben)."""
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table

        from wolfbot.forum.base import ForumError, LoginFailed
        from wolfbot.forum.trouble import described
        from wolfbot.setup.config import ConfigError, load_config
        from wolfbot.spielleitung.journal import login_refused, quiet
        from wolfbot.spielleitung.start_check import StartCheck, check

        quiet()
        console = Console()
        try:
            config = load_config(path)
        except ConfigError as error:
            console.print(f"[red]Fehler:[/red] {escape(str(error))}", highlight=False)
            raise typer.Exit(2) from None
        start = check(config) if startable(config) else None
        found = problems(config, with_forum=not offline, start=start)
        fine = not any(line.startswith("Fehler") for line in found)
        table = Table(title=f"{path}: " + ("in Ordnung" if fine else "so nicht spielbar"))
        table.add_column("Schlüssel")
        table.add_column("Bedeutung")
        for key, meaning in summary(config, start if isinstance(start, StartCheck) else None):
            table.add_row(key, meaning)
        console.print(table)
        if not report(console, found):
            raise typer.Exit(2)
        if login:
            from wolfbot.bot.live import forum_for

            forum = forum_for(config)
            try:
                view = forum.account()
            except LoginFailed as error:
                said = escape(login_refused(config, error))
                console.print(f"[red]Fehler:[/red] {said}", highlight=False)
                raise typer.Exit(2) from None
            except ForumError as error:
                why = described(error)
                console.print(f"[red]Anmeldung:[/red] nicht möglich – {why}.", highlight=False)
                raise typer.Exit(1) from None
            finally:
                forum.close()
            account = Table(title=f"{config.forum.base_url}: das Konto {view.username}")
            account.add_column("Was")
            account.add_column("Befund")
            for key, meaning in account_rows(config, view):
                account.add_row(key, meaning)
            console.print(account)

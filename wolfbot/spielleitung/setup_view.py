"""What `wolfbot setup RULESET` prints (`wolfbot.spielleitung.setups` declares the
commands): a ruleset's ready-made setups as rich tables – each with its cards, the house
rules it sets, the lobby's rating and the recommended number of Werwölfe – or a typed role
list rated the same way; the Düsterliga's suggestion with its notes, or a list checked.
A wrong input ends the command with a German message and exit code 2 (`_fail`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.setup.config_errors import did_you_mean
from wolfbot.setup.lobby import rate, recommendation, signed, wolf_check
from wolfbot.setup.role_list import RoleListError, group_warnings, parse_roles
from wolfbot.setup.setups import Setup, Setups, load_setups
from wolfbot.spelling import find_name


def _fail(message: str) -> NoReturn:
    typer.echo(f"Fehler: {message}", err=True)
    raise typer.Exit(2)


def _cards(text: str, ruleset: Ruleset) -> dict[str, int]:
    try:
        return parse_roles(text, ruleset)
    except RoleListError as error:
        _fail(str(error))


def _console() -> Console:
    """Plain text: names, house rules and notes are data ("!Hauptmann [Spielername]")."""
    return Console(highlight=False, markup=False)


def _heading(out: Console, name: str, rest: str) -> None:
    out.print(Text.assemble((name, "bold"), rest))


def _needs(setup: Setup) -> str:
    span = setup.players
    if span.min == span.max:
        return f"{setup.name} braucht genau {span.min} Spieler"
    return f"{setup.name} braucht {span.min} bis {span.max} Spieler"


def _on_off(on: bool) -> str:
    return "an" if on else "aus"


def _print_house_rules(out: Console, options: Mapping[str, bool], ruleset: Ruleset) -> None:
    """One line per house rule a setup sets, with what the rule says when it is on."""
    if not options:
        out.print("Hausregeln: keine (die Vorgaben des Regelwerks)")
    for name, on in options.items():
        doc = ruleset.options[name].doc
        out.print(
            f"Hausregel {name} = an: {doc}" if on else f"Hausregel {name} = aus, nicht: {doc}"
        )


def _specials(cards: Mapping[str, int], setups: Setups) -> str:
    shown = [
        role if count == 1 else f"{count}×\u00a0{role}"  # no break inside "2× Freimaurer"
        for role, count in cards.items()
        if role not in (setups.wolf, setups.filler)
    ]
    return ", ".join(shown) or "–"


# -- the ready-made setups ---------------------------------------------------------------------
def ready_made(
    name: str,
    players: int | None,
    setup_name: str | None,
    roles: str | None,
    house_rules: Sequence[str],
) -> None:
    """`wolfbot setup NAME` of a ruleset with `setups.yaml` (see `setups`'s docstring)."""
    ruleset, setups = loader.load(name), load_setups(name)
    out = _console()
    if roles is not None:
        if setup_name is not None:
            _fail("Entweder --setup oder --roles, nicht beides.")
        return _rate_list(out, ruleset, setups, _cards(roles, ruleset), players, house_rules)
    if house_rules:
        _fail(
            "--hausregel gilt nur mit --roles: eine Zusammenstellung setzt ihre Hausregeln selbst."
        )
    span = setups.players
    if players is not None and players not in span:
        _fail(f"{ruleset.title} nimmt {span.min} bis {span.max} Spieler, nicht {players}.")
    if setup_name is not None:
        setup = _named(setups, setup_name, players)
        if players is None:
            _by_count(out, ruleset, setups, setup)
        else:
            _dealt(out, ruleset, setups, setup, players)
    elif players is None:
        _overview(out, ruleset, setups)
    else:
        for setup in setups.setups:
            if setup.fits(players):
                _dealt(out, ruleset, setups, setup, players)
        others = [_needs(s) for s in setups.setups if not s.fits(players)]
        if others:
            out.print(f"Nicht für {players} Spieler: {'; '.join(others)}.")
    out.print(recommendation(setups, players))


def _named(setups: Setups, name: str, players: int | None) -> Setup:
    """The setup `name` (any case) that takes `players`, or the German error."""
    found = setups.setup(name)
    if found is None:
        known = [s.name for s in setups.setups]
        _fail(
            f"Keine Zusammenstellung heißt „{name}“.{did_you_mean(name, known)} "
            f"Es gibt: {', '.join(known)}."
        )
    if players is not None and not found.fits(players):
        _fail(f"{_needs(found)}, nicht {players}.")
    return found


def _overview(out: Console, ruleset: Ruleset, setups: Setups) -> None:
    table = Table(title=f"Die fertigen Zusammenstellungen von {ruleset.title}")
    for column in ("Zusammenstellung", "Spieler", "Hausregeln", "Wofür"):
        table.add_column(column)
    for setup in setups.setups:
        span = setup.players
        said = f"genau {span.min}" if span.min == span.max else f"{span.min}–{span.max}"
        rules = ", ".join(f"{n} = {_on_off(on)}" for n, on in setup.options.items())
        table.add_row(setup.name, said, rules or "–", setup.text)
    out.print(table)
    out.print(
        f"Die Rollen und ihre Bewertung je Spielerzahl: wolfbot setup {ruleset.name} "
        "--players N (oder --setup NAME)."
    )


def _by_count(out: Console, ruleset: Ruleset, setups: Setups, setup: Setup) -> None:
    """One setup at each of its player counts, as the text's tables show it."""
    _heading(out, setup.name, f" ({ruleset.title}). {setup.text}")
    table = Table()
    for column in ("Spieler", "Werwölfe", "Sonderrollen", setups.filler, "Bewertung"):
        table.add_column(column)
    warnings = []
    for players in setup.players.values:
        cards = setups.cards(setup, players)
        rating = rate(cards, setup.options, setups.rating)
        table.add_row(
            str(players),
            str(cards.get(setups.wolf, 0)),
            _specials(cards, setups),
            str(cards.get(setups.filler, 0)),
            str(rating),
        )
        check = wolf_check(cards, setups)
        if not check.fits:
            warnings.append(str(check))
    out.print(table)
    _print_house_rules(out, setup.options, ruleset)
    for line in warnings:
        out.print(line)


def _dealt(out: Console, ruleset: Ruleset, setups: Setups, setup: Setup, players: int) -> None:
    cards = setups.cards(setup, players)
    _heading(out, setup.name, f" – {players} Spieler. {setup.text}")
    _card_table(out, cards, setup.options, setups)
    _print_house_rules(out, setup.options, ruleset)
    out.print(f"Bewertung: {rate(cards, setup.options, setups.rating)}")
    out.print(str(wolf_check(cards, setups)))
    out.print()


def _card_table(
    out: Console, cards: Mapping[str, int], options: Mapping[str, bool], setups: Setups
) -> None:
    """Role, count and the points of each card (and of each house rule the rating counts)."""
    weights = setups.rating.weights
    table = Table()
    table.add_column("Rolle")
    table.add_column("Anzahl", justify="right")
    table.add_column("Punkte", justify="right")
    for role, count in cards.items():
        table.add_row(role, str(count), signed(weights[role] * count))
    for option, on in options.items():
        if on and option in setups.rating.options:
            table.add_row(f"Hausregel {option}", "an", signed(setups.rating.options[option]))
    out.print(table)


def _rate_list(
    out: Console,
    ruleset: Ruleset,
    setups: Setups,
    cards: dict[str, int],
    players: int | None,
    house_rules: Sequence[str],
) -> None:
    count = sum(cards.values())
    if players is not None and players != count:
        _fail(f"{count} Rollen für {players} Spieler: jeder Spieler bekommt eine Rolle.")
    counted = list(setups.rating.options)
    options: dict[str, bool] = {}
    for rule in house_rules:
        found = find_name(rule, counted)
        if found is None:
            _fail(
                f"Keine Hausregel „{rule}“, die die Bewertung zählt.{did_you_mean(rule, counted)} "
                f"Sie zählt: {', '.join(counted)}."
            )
        options[found] = True
    _heading(out, "Eigene Zusammenstellung", f" – {count} Spieler")
    _card_table(out, cards, options, setups)
    out.print(f"Bewertung: {rate(cards, options, setups.rating)}")
    out.print(str(wolf_check(cards, setups)))
    for line in group_warnings(cards, ruleset):
        out.print(line)


# -- the Düsterliga's advice -------------------------------------------------------------------
def advice(name: str, players: int | None, roles: str | None, seed: int) -> None:
    """`wolfbot setup duesterliga`: the suggestion per "Die Rollenverteilung", or a list
    checked against the rule text (`wolfbot.setup.role_checks`)."""
    from collections import Counter

    from wolfbot.setup.role_advice import suggest_roles
    from wolfbot.setup.role_checks import check_roles

    ruleset = loader.load(name)
    out = _console()
    if roles is not None:
        cards = _cards(roles, ruleset)
        listed = [role for role, count in cards.items() for _ in range(count)]
        _heading(out, "Rollenliste", f" – {len(listed)} Rollen")
        _count_table(out, cards)
        problems = check_roles(listed, ruleset, n_players=players or len(listed))
        for line in problems or ["Keine Einwände nach der Rollenverteilung."]:
            out.print(line)
        if any(line.startswith("Fehler") for line in problems):
            raise typer.Exit(2)
        return
    if players is None:
        _fail("Für wie viele Spieler? --players N (oder --roles LISTE).")
    try:
        suggestion = suggest_roles(players, ruleset, rng_seed=seed)
    except ValueError as error:
        _fail(str(error))
    _heading(out, "Rollenverteilung", f" – Vorschlag für {players} Spieler (Seed {seed})")
    _count_table(out, Counter(suggestion.roles))
    for note in suggestion.notes:
        out.print(f"- {note}")


def _count_table(out: Console, cards: Mapping[str, int]) -> None:
    table = Table()
    table.add_column("Rolle")
    table.add_column("Anzahl", justify="right")
    for role, count in cards.items():
        table.add_row(role, str(count))
    out.print(table)

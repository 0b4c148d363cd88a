"""What `wolfbot setup rate` prints (`wolfbot.spielleitung.setups` declares the command):
each side's estimated win rate of a role list from simulated games under the player model
(`wolfbot.balance`), with its 95 % interval, the median length of a game, and beside it the
rule of thumb – the Düsterliga's "Rollenverteilung" checks, Wolf Village's lobby rating –
and the warnings. A progress bar while the games run, a table at the end; `--json` for
scripts; `--plot` the win rates of a setup family against the player count (matplotlib).
The games run on every core (`wolfbot.balance.cores`; `--jobs`), with the same numbers as on
one; the command ends with how long they took and how much faster than one core that was.
A wrong input ends with a German message and exit code 2."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from wolfbot.balance.cores import Cores, Speed, available_cores, processes_for
from wolfbot.balance.games import Outcome
from wolfbot.balance.rating import Rating, summarize
from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.setup.list_advice import advice_on
from wolfbot.setup.role_list import RoleListError, group_warnings, parse_roles
from wolfbot.setup.setups import has_setups, load_setups

CALIBRATION = 20  # games each process plays to choose the default count
BUDGET = 25.0  # seconds the default count should take (≤ 30 s)
MIN_GAMES, MAX_GAMES = 100, 2000  # the default count; at most `MAX_GAMES` per process
PLOT_GAMES = 200  # games per player count of a plotted family (unless --games)


@dataclass
class RoleList:
    """A role list to rate: its roles, the house rules it sets, where it came from."""

    roles: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    source: str = ""


def _fail(message: str) -> NoReturn:
    typer.echo(f"Fehler: {message}", err=True)
    raise typer.Exit(2)


def role_list(
    rules: Ruleset, players: int | None, roles: str | None, setup: str | None, seed: int
) -> RoleList:
    """The list asked for: `--roles`, a ready-made `--setup` for `--players`, or the
    Düsterliga's suggestion for `--players`."""
    if roles is not None:
        try:
            cards = parse_roles(roles, rules)
        except RoleListError as error:
            _fail(str(error))
        listed = [role for role, count in cards.items() for _ in range(count)]
        if players is not None and players != len(listed):
            _fail(f"{len(listed)} Rollen für {players} Spieler: jeder Spieler bekommt eine Rolle.")
        return RoleList(listed, source="eigene Liste")
    if players is None:
        _fail("Für wie viele Spieler? --players N (oder --roles LISTE).")
    if setup is not None:
        return _ready_made(rules, setup, players)
    if has_setups(rules.name):
        _fail(f"{rules.title} hat fertige Zusammenstellungen: --setup NAME (oder --roles LISTE).")
    from wolfbot.setup.role_advice import advises, suggest_roles

    if not advises(rules):
        _fail(f"{rules.title} hat keine Rollenverteilung: --roles LISTE.")
    suggestion = suggest_roles(players, rules, rng_seed=seed)
    return RoleList(list(suggestion.roles), source=f"Vorschlag der Rollenverteilung (Seed {seed})")


def _ready_made(rules: Ruleset, name: str, players: int) -> RoleList:
    if not has_setups(rules.name):
        _fail(f"{rules.title} hat keine fertigen Zusammenstellungen: --roles LISTE.")
    setups = load_setups(rules.name)
    found = setups.setup(name)
    if found is None:
        names = ", ".join(s.name for s in setups.setups)
        _fail(f"Keine Zusammenstellung „{name}“. Es gibt: {names}.")
    if not found.fits(players):
        _fail(f"{found.name} braucht {found.players.min} bis {found.players.max} Spieler.")
    cards = setups.cards(found, players)
    listed = [role for role, count in cards.items() for _ in range(count)]
    return RoleList(listed, dict(found.options), f"Zusammenstellung {found.name}")


def rule_of_thumb(rules: Ruleset, roles: Sequence[str], options: dict[str, Any]) -> list[str]:
    """The ruleset's own advice on the list: Wolf Village's lobby rating and recommended
    Werwölfe, the Düsterliga's checks of the "Rollenverteilung"; then the warnings."""
    cards = dict(Counter(roles))
    lines: list[str] = []
    if has_setups(rules.name):
        from wolfbot.setup.lobby import rate as lobby_rate
        from wolfbot.setup.lobby import wolf_check

        setups = load_setups(rules.name)
        counted = {k: bool(v) for k, v in options.items() if k in setups.rating.options}
        lines.append(f"Bewertung der Lobby: {lobby_rate(cards, counted, setups.rating)}")
        lines.append(str(wolf_check(cards, setups)))
    else:
        from wolfbot.setup.role_advice import advises
        from wolfbot.setup.role_checks import check_roles

        if advises(rules):
            checked = check_roles(list(roles), rules, n_players=len(roles))
            lines += checked or ["Keine Einwände nach der Rollenverteilung."]
    lines += group_warnings(cards, rules)
    return lines


def jobs_here(jobs: int | None) -> int:
    """The processes `--jobs` asks for (default: every core here)."""
    cores = available_cores()
    if jobs is None:
        return cores
    if jobs < 1:
        _fail(f"--jobs braucht mindestens 1 (einen Kern); dieser Rechner hat {_cores(cores)}.")
    if jobs > cores:
        _fail(f"--jobs {jobs}: dieser Rechner hat nur {_cores(cores)}, mehr geht nicht schneller.")
    return jobs


def _cores(count: int) -> str:
    return "einen Kern" if count == 1 else f"{count} Kerne"


def default_games(cores: Cores, chosen: RoleList, seed: int) -> tuple[int, list[Outcome]]:
    """As many games as take about `BUDGET` seconds on `cores`, in hundreds – measured on
    the first `CALIBRATION` games of each process, which count among them."""
    first = cores.play(chosen.roles, range(seed, seed + CALIBRATION * cores.jobs), chosen.options)
    wanted = int(BUDGET * cores.speed.games_per_second) // 100 * 100
    return max(MIN_GAMES, min(MAX_GAMES * cores.jobs, wanted)), first


def run(
    ruleset: str,
    players: int | None,
    roles: str | None,
    setup: str | None,
    games: int | None,
    seed: int,
    as_json: bool,
    plot: Path | None,
    jobs: int | None = None,
) -> None:
    if ruleset not in loader.available():
        _fail(f"Kein Regelwerk „{ruleset}“. Es gibt: {', '.join(loader.available())}.")
    if games is not None and games < 1:
        _fail("--games braucht mindestens 1 Spiel.")
    most = jobs_here(jobs)
    rules = loader.load(ruleset)
    if plot is not None:
        _plot_family(rules, setup, seed, games or PLOT_GAMES, plot, as_json, most)
        return
    chosen = role_list(rules, players, roles, setup, seed)
    processes = most if games is None else processes_for(games, len(chosen.roles), most)
    with Cores(rules, processes) as cores:
        count, played = (games, []) if games is not None else default_games(cores, chosen, seed)
        rest = range(seed + len(played), seed + count)
        played += _with_progress(
            f"{len(chosen.roles)} Spieler",
            count,
            lambda tick: cores.play(chosen.roles, rest, chosen.options, tick),
            quiet=as_json,
            already=len(played),
        )
    rating = summarize(played[:count], len(chosen.roles), seed)
    advice = rule_of_thumb(rules, chosen.roles, chosen.options)
    if as_json:
        typer.echo(json.dumps(_as_json(rules, chosen, rating, advice), ensure_ascii=False))
        return
    _print(rules, chosen, rating, advice)
    Console(highlight=False, markup=False).print(speed_said(cores.speed, most))


def speed_said(speed: Speed, most: int) -> str:
    """How long the games took, and on how many cores: "Gespielt in 12,5 s auf 2 Kernen –
    1,9-mal so schnell wie auf einem."."""
    took = f"Gespielt in {_decimal(speed.wall)} s"
    if speed.processes == 1:
        if most > 1:
            return f"{took} auf einem Kern – für so wenige Spiele lohnen weitere nicht."
        return f"{took} auf einem Kern."
    on = f"{took} auf {speed.processes} Kernen"
    if speed.speedup < NOTICEABLY_FASTER:
        return f"{on} – nicht schneller als auf einem: Die Kerne haben wohl gerade anderes zu tun."
    return f"{on} – {_decimal(speed.speedup)}-mal so schnell wie auf einem."


NOTICEABLY_FASTER = 1.1  # `speed_said`: a speed-up below this is no speed-up worth a number


def _decimal(value: float) -> str:
    return f"{value:.1f}".replace(".", ",")


def _with_progress(
    label: str,
    total: int,
    work: Callable[[Callable[[int], None]], list[Outcome]],
    *,
    quiet: bool,
    already: int = 0,
) -> list[Outcome]:
    """`work(tick)` with a progress bar of `total` games, `already` of them played before;
    `tick(done)` as it plays."""
    if quiet:
        return work(lambda _: None)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with progress:
        task = progress.add_task(f"Simuliere {label}", total=total, completed=already)
        return work(lambda done: progress.update(task, completed=already + done))


def _percent(share: float) -> str:
    return f"{share * 100:.1f} %".replace(".", ",")


def _print(rules: Ruleset, chosen: RoleList, rating: Rating, advice: list[str]) -> None:
    out = Console(highlight=False, markup=False)
    listed = ", ".join(
        f"{n}× {role}" if n > 1 else role for role, n in Counter(chosen.roles).most_common()
    )
    out.print(f"{rules.title}, {rating.players} Spieler – {chosen.source}: {listed}")
    if chosen.options:
        on = ", ".join(f"{k} = {'an' if v else 'aus'}" for k, v in chosen.options.items())
        out.print(f"Hausregeln: {on}")
    table = Table(title=f"{rating.games} simulierte Spiele (Seed {rating.seed} und folgende)")
    for heading in ("Seite", "Siege", "Anteil", "95-%-Intervall"):
        table.add_column(heading, justify="left" if heading == "Seite" else "right")
    for side in rating.sides:
        low, high = side.interval
        table.add_row(
            side.side, str(side.wins), _percent(side.rate), f"{_percent(low)} – {_percent(high)}"
        )
    if rating.no_winner:
        share = rating.no_winner / rating.games
        table.add_row("ohne Sieger", str(rating.no_winner), _percent(share), "")
    out.print(table)
    median = f"{rating.median_days:g}".replace(".", ",")
    out.print(f"Länge eines Spiels: im Median {median} Tage.")
    out.print(rating.meaning(advice_on(rules, chosen.roles, chosen.options)))
    out.print("Faustregel des Regelwerks und Warnungen:")
    for line in advice:
        out.print(f"- {line}")
    out.print(
        "Das Spielermodell (docs/balance.md): einfache, faire Züge aller Spieler – es sagt, "
        "welche Seite eine Zusammenstellung begünstigt, nicht wie eine bestimmte Runde spielt."
    )


def _as_json(rules: Ruleset, chosen: RoleList, rating: Rating, advice: list[str]) -> dict:
    return {
        "ruleset": rules.name,
        "players": rating.players,
        "roles": chosen.roles,
        "house_rules": chosen.options,
        "games": rating.games,
        "seed": rating.seed,
        "sides": [
            {
                "side": s.side,
                "wins": s.wins,
                "rate": round(s.rate, 4),
                "low": round(s.interval[0], 4),
                "high": round(s.interval[1], 4),
            }
            for s in rating.sides
        ],
        "no_winner": rating.no_winner,
        "median_days": rating.median_days,
        "rule_of_thumb": advice,
        "meaning": rating.meaning(advice_on(rules, chosen.roles, chosen.options)),
    }


# -- a family plotted ---------------------------------------------------------------------------
def family(rules: Ruleset, setup: str | None, seed: int) -> list[RoleList]:
    """The lists of a family by player count: a ready-made setup at each count it takes, or
    the Düsterliga's suggestion from 8 to 24 players."""
    if setup is not None:
        if not has_setups(rules.name):
            _fail(f"{rules.title} hat keine fertigen Zusammenstellungen.")
        found = load_setups(rules.name).setup(setup)
        if found is None:
            _fail(f"Keine Zusammenstellung „{setup}“.")
        return [_ready_made(rules, setup, n) for n in found.players.values]
    return [role_list(rules, n, None, None, seed) for n in range(8, 25)]


def _plot_family(
    rules: Ruleset,
    setup: str | None,
    seed: int,
    games: int,
    path: Path,
    as_json: bool,
    most: int,
) -> None:
    if importlib.util.find_spec("matplotlib") is None:
        _fail(NO_MATPLOTLIB)
    lists = family(rules, setup, seed)
    seeds = range(seed, seed + games)
    smallest = min(len(chosen.roles) for chosen in lists)
    with Cores(rules, processes_for(games * len(lists), smallest, most)) as cores:
        ratings = [
            summarize(
                _with_progress(
                    f"{len(chosen.roles)} Spieler",
                    games,
                    lambda tick, chosen=chosen: cores.play(
                        chosen.roles, seeds, chosen.options, tick
                    ),
                    quiet=as_json,
                ),
                len(chosen.roles),
                seed,
            )
            for chosen in lists
        ]
    plt = _pyplot()  # after the games: its libraries' threads would keep them from forking
    sides = sorted({s.side for r in ratings for s in r.sides})
    figure, axes = plt.subplots(figsize=(8, 4.5))
    counts = [r.players for r in ratings]
    for side in sides:
        shares = [r.rate_of(side) * 100 for r in ratings]
        axes.plot(counts, shares, marker="o", label=side)
    axes.set_xlabel("Spieler")
    axes.set_ylabel("Siege (%)")
    axes.set_ylim(0, 100)
    name = setup or "Vorschlag der Rollenverteilung"
    axes.set_title(f"{rules.title}: {name}, {games} Spiele je Spielerzahl")
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    rows = [_as_json(rules, chosen, r, []) for chosen, r in zip(lists, ratings, strict=True)]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    out = Console(highlight=False, markup=False)
    table = Table(title=f"{rules.title}: {name}")
    table.add_column("Spieler", justify="right")
    for side in sides:
        table.add_column(side, justify="right")
    table.add_column("Tage", justify="right")
    for r in ratings:
        table.add_row(
            str(r.players),
            *(_percent(r.rate_of(side)) for side in sides),
            f"{r.median_days:g}".replace(".", ","),
        )
    out.print(table)
    out.print(f"Grafik: {path}")
    out.print(speed_said(cores.speed, most))


NO_MATPLOTLIB = "--plot braucht matplotlib: pip install 'wolfbot[plot]'."


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        _fail(NO_MATPLOTLIB)
    return plt

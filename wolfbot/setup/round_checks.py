"""What a valid `config.toml` can still get wrong about the round, checked before the bot
starts (`wolfbot check-config`, `init`, `run`), every problem a German line that says what
is wrong and what would be right, "Fehler: …" (the round cannot start so) or "Warnung: …":

- the roles (`[roles] list`): unknown names ("Meintest du …?"), one role per player
  (+2 with a Dieb), the Rollenverteilung's advice (`role_checks`);
- the Spielerliste (`[signup] players`): at least `min_players`, at most `max_players`;
- the times of a day (`[schedule]`): the day begins, then the Dämmerung, then the night;
- the Offenbarungsregelungen (`[round] outing`, `outing_roles`): of the ruleset;
- with a forum (`forum_problems`): every listed player is a member of the forum; a forum
  that cannot be asked is a warning, never a failure of the check."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wolfbot.engine.spec import Ruleset
from wolfbot.setup.config import Config
from wolfbot.setup.config_errors import did_you_mean
from wolfbot.setup.role_advice import advises
from wolfbot.setup.role_checks import ERROR, WARNING, check_roles
from wolfbot.setup.setups import has_setups
from wolfbot.spelling import name_key

Lookup = Callable[[str], "int | None"]


def round_problems(config: Config, ruleset: Ruleset) -> list[str]:
    """Every problem of the round the configuration describes (without the forum)."""
    problems: list[str] = []
    signup = config.signup
    players = list(signup.players) if signup is not None and not signup.thread_id else []
    if signup is not None and players:
        n = len(players)
        if n < signup.min_players:
            problems.append(
                f"{ERROR}: signup.players nennt {n} Spieler, signup.min_players verlangt "
                f"mindestens {signup.min_players}: mehr Spieler eintragen oder min_players "
                "senken."
            )
        if n > signup.max_players:
            problems.append(
                f"{ERROR}: signup.players nennt {n} Spieler, signup.max_players erlaubt "
                f"höchstens {signup.max_players}."
            )
    roles = list(config.roles.role_list)
    if roles:
        played = config.game.options.get("variants", [])
        variants = tuple(played) if isinstance(played, list) else ()
        for line in check_roles(
            roles,
            ruleset,
            n_players=len(players) if players else None,
            house_rules=config.game.options,
            variants=variants,
        ):
            problems.append(
                line.replace(f"{ERROR}: ", f"{ERROR}: roles.list: ", 1).replace(
                    f"{WARNING}: ", f"{WARNING}: roles.list: ", 1
                )
            )
    elif not has_setups(ruleset.name) and not advises(ruleset):
        problems.append(
            f"{ERROR}: roles.list ist leer, aber das Regelwerk {ruleset.title} hat weder fertige "
            "Zusammenstellungen noch eine Rollenverteilung, nach der wolfbot die Rollen "
            "vorschlagen könnte: die Rollen der Runde in roles.list angeben."
        )
    problems.extend(schedule_problems(config))
    problems.extend(outing_problems(config, ruleset))
    return problems


def outing_problems(config: Config, ruleset: Ruleset) -> list[str]:
    """`[round] outing` names rules of the ruleset; `rollen` needs its `outing_roles`."""
    section, problems = config.round, []
    for key in section.outing:
        if key not in ruleset.outing:
            known = ", ".join(ruleset.outing)
            problems.append(
                f"{ERROR}: round.outing: keine Offenbarungsregelung heißt „{key}“."
                f"{did_you_mean(key, ruleset.outing)} Möglich sind: {known}."
            )
    wants_roles = any(ruleset.outing[k].roles for k in section.outing if k in ruleset.outing)
    if wants_roles and not section.outing_roles:
        problems.append(
            f"{ERROR}: round.outing nennt „rollen“, aber round.outing_roles nennt keine Rolle: "
            "„Die Spielleitung gibt spätestens im Eröffnungsbeitrag bekannt, welche Rollen sich "
            'offenbaren dürfen“ – z. B. outing_roles = ["Seherin"].'
        )
    if section.outing_roles and not wants_roles:
        problems.append(
            f"{ERROR}: round.outing_roles nennt Rollen, aber round.outing nicht „rollen“."
        )
    for role in section.outing_roles:
        if ruleset.role_index.get(name_key(role)) is None:
            problems.append(
                f"{ERROR}: round.outing_roles: keine Rolle heißt „{role}“."
                f"{did_you_mean(role, ruleset.roles)}"
            )
    return problems


def schedule_problems(config: Config) -> list[str]:
    """The day's times in their order: day_begins < dusk_begins < night_begins."""
    s = config.schedule
    times = [
        ("day_begins", "der Tag", "dem Tag", s.day_begins),
        ("dusk_begins", "die Dämmerung", "der Dämmerung", s.dusk_begins),
        ("night_begins", "die Nacht", "der Nacht", s.night_begins),
    ]
    problems = []
    for (key, _, what, at), (later_key, later, _, later_at) in zip(times, times[1:], strict=False):
        if later_at <= at:
            problems.append(
                f"{ERROR}: schedule.{later_key} = {later_at:%H:%M}: {later} beginnt nicht nach "
                f"{what} (schedule.{key} = {at:%H:%M}); die Reihenfolge eines Tages ist "
                "day_begins, dann dusk_begins, dann night_begins (z. B. 09:00, 19:00, 21:00)."
            )
    return problems


def forum_problems(
    names: Iterable[str], lookup: Lookup, members: Callable[[], Iterable[str]] | None = None
) -> list[str]:
    """Every listed player a member of the forum (`lookup`: the forum's user search, None
    for no such member). `members`, if given, names members for "Meintest du …?"."""
    missing = [name for name in names if lookup(name) is None]
    if not missing:
        return []
    known = list(members()) if members is not None else []
    return [
        f"{ERROR}: signup.players: Kein Mitglied des Forums heißt „{name}“."
        f"{did_you_mean(name, known)} Den Namen so schreiben, wie ihn das Forum zeigt."
        for name in missing
    ]


def unreachable(error: BaseException | str, base_url: str) -> str:
    """The warning when the forum cannot be asked whether the players exist (`error`: why,
    best in the Spielleitung's words: `wolfbot.forum.trouble.described`)."""
    return (
        f"{WARNING}: Das Forum {base_url} war nicht erreichbar ({error}); ob es die "
        "Spieler aus signup.players gibt, ist nicht geprüft. `wolfbot check-config` noch "
        "einmal, wenn es wieder erreichbar ist."
    )

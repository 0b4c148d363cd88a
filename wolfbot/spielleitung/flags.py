"""The read side of `wolfbot conduct` (`wolfbot.spielleitung.conduct` declares the
commands): the round's flags read and shown beside their evidence, and the text of the rule
a breach breaks. Dismissing a flag and putting a breach on record are
`wolfbot.spielleitung.decisions.dismiss_flag` and `.record_breach`."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from rich.console import Console
from rich.markup import escape
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.conduct.flags import HINT, REVEAL
from wolfbot.rulesets import loader
from wolfbot.spielleitung.labels import local, phase_label
from wolfbot.spielleitung.rounds import ControlError, GameInfo
from wolfbot.spielleitung.words import WORDS
from wolfbot.store import conduct as store
from wolfbot.store.conduct import StoredFlag

__all__ = ["load", "render", "flag_lines", "clause_of"]
# the German words of the rules and a flag's states (`words.WORDS`)
RULE_WORDS = {k.partition(".")[2]: v for k, v in WORDS["de"].items() if k.startswith("rule.")}
STATE_WORDS = {
    k.partition(".")[2]: v for k, v in WORDS["de"].items() if k.startswith("flag_state.")
}
SOURCE_SHOWN = 400  # characters of the quoted source shown beside the post


def load(sessions: sessionmaker[Session], game: GameInfo, *, every: bool) -> list[StoredFlag]:
    with sessions() as session:
        return store.load(session, game.id, state=None if every else "open")


def render(
    console: Console, game: GameInfo, flags: list[StoredFlag], zone: ZoneInfo, *, every: bool
) -> None:
    title = f"Verhalten: {escape(game.title)}"
    if not flags:
        console.print(f"{title}: keine {'' if every else 'offenen '}Meldungen.")
        return
    console.print(f"[bold]{title}[/bold] – {len(flags)} {'' if every else 'offene '}Meldung"
                  f"{'en' if len(flags) != 1 else ''}")  # fmt: skip
    for flag in flags:
        console.print()
        for line in flag_lines(flag, zone):
            console.print(line, highlight=False)
    if not every:
        console.print()
        console.print(
            "Entscheiden: wolfbot conduct dismiss NR --reason …  ·  wolfbot warn SPIELER"
            " --reason … --sanction …  ·  wolfbot sanction SPIELER --reason …"
        )


def flag_lines(flag: StoredFlag, zone: ZoneInfo) -> list[str]:
    """One flag as the Spielleitung reads it: what, who, when, where, the rule, the evidence
    beside its source, and what was decided."""
    when = local(flag.posted_at, zone)
    head = (
        f"[bold]Nr. {flag.id}[/bold] · {STATE_WORDS.get(flag.state, flag.state)} · "
        f"{RULE_WORDS.get(flag.rule, flag.rule)} · [bold]{escape(flag.player)}[/bold] · "
        f"{phase_label(flag.phase)}, {when}"
    )
    lines = [head, f"  Regel: „{escape(flag.clause)}“"]
    if flag.url:
        lines.append(f"  Beitrag: {escape(flag.url)}")
    if flag.found_by != store.BOT:
        lines.append(f"  festgehalten von {escape(flag.found_by)}")
    lines.append(f"  Beleg: „{escape(flag.evidence)}“")
    if flag.source:
        lines.append(f"  Quelle: {escape(flag.source)}")
    if flag.source_text:
        shown = flag.source_text
        if len(shown) > SOURCE_SHOWN:
            shown = shown[:SOURCE_SHOWN].rsplit(" ", 1)[0] + " …"
        lines.append(f"    „{escape(shown)}“")
    if flag.state != "open":
        decided = f"  {STATE_WORDS.get(flag.state, flag.state)} von {escape(flag.decided_by or '')}"
        decided += f" am {local(flag.decided_at, zone)}"
        if flag.decision:
            decided += f": {escape(flag.decision)}"
        if flag.intervention_id:
            decided += f" (Eingriff Nr. {flag.intervention_id})"
        lines.append(decided)
    return lines


def clause_of(game: GameInfo, rule: str) -> str:
    """The text of the rule a breach breaks: the ruleset's conduct clause, or for a reveal
    or a hint the Offenbarungsverbot."""
    rules = loader.load(game.ruleset)
    if rule in (REVEAL, HINT):
        text = rules.outing_ban
    else:
        text = rules.conduct.clauses.get(rule, "")
    if not text:
        raise ControlError(f"Das Regelwerk {rules.name} hat keine Regel „{rule}“.")
    return text

"""The conduct checks measured on labelled sets built from demo rounds (issue 36): how many
planted breaches are found, how many innocent posts are flagged, and the time per post.
Prints numbers; asserts nothing.

Quotes from conversations (`wolfbot.conduct.quotes`):

- Innocent: every post the simulated players wrote – in the thread (their chatter and
  commands) and in their conversations – checked against the secrets of every other
  conversation, the thread and the Eröffnungsbeitrag being public.
- Guilty: every conversation message of at least `LONG` words – the bot's private messages
  (Rollenmitteilung, night results, questions) and the players' – pasted into the thread by
  another player, as it is and lightly edited: case and umlauts folded, two neighbouring
  words swapped in two places, a word replaced, only its middle part, with a lead-in.

Reveals and hints of a role (`wolfbot.conduct.outing.RevealWatch`, judged by the absolute
Offenbarungs- und Andeutungsverbot):

- Innocent: every post the simulated players wrote in the thread and in the Wolfshöhle
  (their conversations with the Spielleitung are never judged).
- Guilty, generated: `OWN` templates × every role in play × each of its names and aliases,
  said by the player who has it (the Bürger, whose claim is allowed, left out); `HINTS`
  templates said by every player; `FELLOWS` templates said by each wolf of each other wolf.
- Held out: `reveals_heldout.yaml`, sentences written by hand as players write, not from
  the ruleset's phrases – guilty ones and tricky innocent ones.

    python benchmarks/conduct.py [--rounds 4] [--players 24] [--only quotes|reveals] [--dir D]
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml
from bs4 import BeautifulSoup

from wolfbot.conduct.flags import HINT, REVEAL
from wolfbot.conduct.lexicon import Lexicon, lexicon_of
from wolfbot.conduct.outing import RevealWatch, Situation
from wolfbot.conduct.quotes import Secret, Secrets, fold, words
from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader

LONG = 10  # words of a message worth quoting
BOT = "Spielleitung"


def text_of(html: str) -> str:
    return BeautifulSoup(html, "html.parser").get_text(" ")


def demo_round(folder: Path, players: int, seed: int) -> Path:
    """A demo round's forum database (`wolfbot demo`), made once per folder."""
    forum = folder / "forum.sqlite"
    if not forum.exists():
        command = ["wolfbot", "demo", "--players", str(players), "--seed", str(seed)]
        subprocess.run([*command, "--dir", str(folder)], check=True, capture_output=True)
    return forum


def read_round(forum: Path) -> tuple[list[tuple[str, str]], list[Secret]]:
    """The thread's posts (author, text) and every conversation message as a secret."""
    db = sqlite3.connect(forum)
    names = dict(db.execute("select id, name from users"))
    posts = [
        (names[user], text_of(html))
        for user, html in db.execute(
            "select user_id, html from posts where deleted = 0 order by id"
        )
    ]
    secrets = [
        Secret(
            f"conversation:{conversation}",
            "" if names[user] == BOT else names[user],
            f"message:{message}",
            text_of(html),
        )
        for message, conversation, user, html in db.execute(
            "select id, conversation_id, user_id, html from messages order by id"
        )
    ]
    return posts, secrets


def edits(text: str, rng: random.Random) -> dict[str, str]:
    """The planted quotes of one secret."""
    said = text.split()
    swapped = list(said)
    for _ in range(2):
        i = rng.randrange(len(swapped) - 1)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
    replaced = list(said)
    replaced[rng.randrange(len(replaced))] = "irgendwas"
    quarter = len(said) // 4
    return {
        "verbatim": f"Das hier hat man mir geschrieben: {text}",
        "folded": " ".join(words(text)),
        "swapped": " ".join(swapped),
        "replaced": " ".join(replaced),
        "middle": "… " + " ".join(said[quarter : len(said) - quarter]) + " …",
    }


def measure_quotes(folders: list[Path], rng: random.Random) -> None:
    innocent = flagged = planted = found = 0
    by_edit: dict[str, list[int]] = {}
    seconds = 0.0
    for folder in folders:
        posts, secrets = read_round(folder / "forum.sqlite")
        kept = Secrets()
        for _, text in posts:
            kept.add_public(text)  # the thread, the Eröffnungsbeitrag among it
        for secret in secrets:
            kept.add(secret)
        players = sorted({author for author, _ in posts if author != BOT})
        began = time.perf_counter()
        for author, text in posts:
            if author != BOT:
                innocent += 1
                flagged += bool(kept.quoted_in(text, "thread", author))
        for secret in secrets:
            if secret.author:
                innocent += 1
                flagged += bool(kept.quoted_in(secret.text, secret.channel, secret.author))
        seconds += time.perf_counter() - began
        for secret in secrets:
            if len(words(secret.text)) < LONG:
                continue
            quoter = rng.choice([p for p in players if p != secret.author])
            for kind, text in edits(secret.text, rng).items():
                hit = any(
                    q.secret.text == secret.text for q in kept.quoted_in(text, "thread", quoter)
                )
                planted, found = planted + 1, found + hit
                by_edit.setdefault(kind, [0, 0])
                by_edit[kind][0] += 1
                by_edit[kind][1] += hit
    print("quotes from conversations")
    print(f"  planted quotes found: {found} of {planted} ({found / planted:.1%})")
    for kind, (n, hit) in by_edit.items():
        print(f"    {kind:9} {hit} of {n} ({hit / n:.1%})")
    rate = flagged / innocent * 1000
    print(f"  innocent posts flagged: {flagged} of {innocent} ({rate:.2f} per 1,000)")
    print(f"  time per post: {seconds / innocent * 1e6:.0f} µs ({innocent / seconds:.0f} posts/s)")


# Reveals of one's own role: {art}/{acc} the role's article (nominative, accusative),
# {role} one of its names, {other} another player.
OWN = (
    "Ich bin {art} {role}.",
    "Leute, ich bin {art} {role}, glaubt mir.",
    "Also gut: Ich bin {role}.",
    "Als {role} kann ich euch sagen, dass {other} lügt.",
    "Meine Rolle ist {art} {role}.",
    "Ich spiele {acc} {role}, und zwar seit der ersten Nacht.",
    "Ich, {art} {role}, sage euch: {other} ist verdächtig.",
    "Ich oute mich als {role}.",
    "Hört her, ich bin hier {art} {role}!",
    "ICH BIN {ART} {ROLE}!!!",
    "ich bin {folded}, ehrlich",
)
HINTS = (
    "Ich habe heute Nacht {other} angeschaut.",
    "Letzte Nacht habe ich {other} beschützt.",
    "Meine Tränke sind noch nicht verbraucht.",
    "Aus meiner Rolle weiß ich, dass {other} harmlos ist.",
    "Ich habe jemanden geheilt, mehr sage ich nicht.",
    "Ich werde heute Nacht {other} überprüfen.",
    "Meine Fähigkeit hat mir etwas über {other} verraten.",
    "Ich weiß genau, dass {other} ein Wolf ist.",
)
FELLOWS = (
    "{other} ist bei uns im Rudel.",
    "{other} und ich sind Wölfe.",
    "Mein Mitwolf {other} hat recht.",
    "Lasst {other} in Ruhe, {other} ist mein Mitwolf.",
)
ACCUSATIVE = {"der": "den", "die": "die", "das": "das"}
HELD_OUT = Path(__file__).with_name("reveals_heldout.yaml")


def read_roles(folder: Path) -> dict[str, str]:
    """Each player's role at the end of the demo round (its store's `v_players`)."""
    db = sqlite3.connect(folder / "wolfbot.sqlite")
    return dict(db.execute("select name, current_role from v_players where kind = 'player'"))


def read_wolves_posts(forum: Path) -> list[tuple[str, str]]:
    """The players' messages in the Wolfshöhle (author, text)."""
    db = sqlite3.connect(forum)
    rows = db.execute(
        "select u.name, m.html from messages m join users u on u.id = m.user_id "
        "join conversations c on c.id = m.conversation_id "
        "where c.title like 'Wolfshöhle%' order by m.id"
    )
    return [(name, text_of(html)) for name, html in rows if name != BOT]


def situation(roles: dict[str, str], lexicon: Lexicon, group: str | None = None) -> Situation:
    """A day of the round: the players, their roles, the pack knowing each other."""
    pack = frozenset(name for name, role in roles.items() if lexicon.is_pack(role))
    known = {name: pack - {name} for name in pack}
    members = pack if group == "wolves" else frozenset()
    return Situation("day 2", group, members, tuple(roles), roles, frozenset(), known)


def guilty_posts(rules: Ruleset, roles: dict[str, str], rng: random.Random):
    """(kind, template number, author, text, rule it breaks) of the generated breaches."""
    lexicon = lexicon_of(rules)
    players = list(roles)
    holders: dict[str, str] = {}
    for name, role in roles.items():
        holders.setdefault(role, name)
    for role, author in sorted(holders.items()):
        if role in lexicon.allowed:
            continue
        spec = rules.role(role)
        article = spec.heading.split()[0].casefold()
        article = article if article in ACCUSATIVE else ""
        others = [p for p in players if p != author]
        for name in (spec.name, *spec.aliases):
            for n, template in enumerate(OWN):
                text = template.format(
                    art=article,
                    acc=ACCUSATIVE.get(article, ""),
                    role=name,
                    ART=article.upper(),
                    ROLE=name.upper(),
                    folded=fold(f"{article} {name}"),
                    other=rng.choice(others),
                )
                yield "own", n, author, " ".join(text.split()), REVEAL
    for author in players:
        others = [p for p in players if p != author]
        for n, template in enumerate(HINTS):
            yield "hint", n, author, template.format(other=rng.choice(others)), HINT
    pack = [name for name, role in roles.items() if lexicon.is_pack(role)]
    for author in pack:
        for other in pack:
            if other != author:
                for n, template in enumerate(FELLOWS):
                    yield "fellow", n, author, template.format(other=other), REVEAL


def measure_reveals(folders: list[Path], rng: random.Random) -> None:
    rules = loader.load("duesterliga")
    lexicon = lexicon_of(rules)
    innocent = flagged = 0
    seconds = 0.0
    examples: list[str] = []
    by_kind: dict[str, list[int]] = {}
    missed: dict[tuple[str, int], int] = {}
    for folder in folders:
        roles = read_roles(folder)
        posts, _ = read_round(folder / "forum.sqlite")
        watch = RevealWatch(rules, lexicon=lexicon)
        public, wolves = situation(roles, lexicon), situation(roles, lexicon, "wolves")
        judged = [(a, t, public) for a, t in posts if a != BOT] + [
            (a, t, wolves) for a, t in read_wolves_posts(folder / "forum.sqlite")
        ]
        watch.phrases(public.players)  # compiled once a round, not timed
        began = time.perf_counter()
        for author, text, where in judged:
            flags = watch.flags(text, author, "thread:1", where)
            innocent += 1
            flagged += bool(flags)
            if flags and len(examples) < 5:
                examples.append(f"{author}: {text!r} – {flags[0].evidence!r}")
        seconds += time.perf_counter() - began
        for kind, n, author, text, rule in guilty_posts(rules, roles, rng):
            hit = rule in {f.rule for f in watch.flags(text, author, "thread:1", public)}
            by_kind.setdefault(kind, [0, 0])
            by_kind[kind][0] += 1
            by_kind[kind][1] += hit
            if not hit:
                missed[(kind, n)] = missed.get((kind, n), 0) + 1
    planted = sum(n for n, _ in by_kind.values())
    found = sum(hit for _, hit in by_kind.values())
    print("reveals and hints (absolute Offenbarungs- und Andeutungsverbot)")
    print(f"  generated breaches found: {found} of {planted} ({found / planted:.1%})")
    for kind, (n, hit) in by_kind.items():
        print(f"    {kind:6} {hit} of {n} ({hit / n:.1%})")
    for (kind, n), count in sorted(missed.items()):
        template = {"own": OWN, "hint": HINTS, "fellow": FELLOWS}[kind][n]
        print(f"      missed {count}× {kind} {template!r}")
    rate = flagged / innocent * 1000
    print(f"  innocent posts flagged: {flagged} of {innocent} ({rate:.2f} per 1,000)")
    for example in examples:
        print(f"    {example}")
    print(f"  time per post: {seconds / innocent * 1e6:.0f} µs ({innocent / seconds:.0f} posts/s)")
    held_out(rules, lexicon)


def held_out(rules: Ruleset, lexicon: Lexicon) -> None:
    """The hand-written sentences of `reveals_heldout.yaml`, each judged on its own."""
    data = yaml.safe_load(HELD_OUT.read_text(encoding="utf-8"))
    cast = situation(dict(data["cast"]), lexicon)
    pairs = (("guilty", "innocent"), ("guilty_unseen", "innocent_unseen"))
    pairs += (("guilty_fresh", "innocent_fresh"),)
    for guilty, innocent in pairs:
        print(f"  {guilty} / {innocent}:")
        held_out_sides(rules, lexicon, cast, data, guilty, innocent)


def held_out_sides(
    rules: Ruleset, lexicon: Lexicon, cast: Situation, data: dict, guilty: str, innocent: str
) -> None:
    results = {}
    for side in (guilty, innocent):
        hits, wrong = 0, []
        for entry in data[side]:
            author, _, text = entry.partition(": ")
            flags = RevealWatch(rules, lexicon=lexicon).flags(text, author, "thread:1", cast)
            hits += bool(flags)
            if bool(flags) != (side == guilty):
                wrong.append(f"{author}: {text}" + (f" – {flags[0].evidence!r}" if flags else ""))
        results[side] = (hits, len(data[side]), wrong)
    hits, n, wrong = results[guilty]
    print(f"    guilty sentences found: {hits} of {n} ({hits / n:.1%}); missed:")
    for line in wrong:
        print(f"      {line}")
    hits, n, wrong = results[innocent]
    print(f"    innocent sentences flagged: {hits} of {n} ({hits / n:.1%}):")
    for line in wrong:
        print(f"      {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--only", choices=("quotes", "reveals"))
    parser.add_argument("--dir", type=Path, help="keep the demo rounds here (made once)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folders = []
        for seed in range(1, args.rounds + 1):
            folder = (args.dir or Path(tmp)) / str(seed)
            demo_round(folder, args.players, seed)
            folders.append(folder)
        print(f"demo rounds: {args.rounds} of {args.players} players")
        if args.only != "reveals":
            measure_quotes(folders, random.Random(36))
        if args.only != "quotes":
            measure_reveals(folders, random.Random(36))


if __name__ == "__main__":
    sys.exit(main())

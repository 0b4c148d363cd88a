"""Quotes from conversations (`wolfbot.conduct.quotes`) measured on a labelled set built from
demo rounds (issue 36): how many planted quotes are found, how many innocent posts are
flagged, and the time per post. Prints numbers; asserts nothing.

- Innocent: every post the simulated players wrote – in the thread (their chatter and
  commands) and in their conversations – checked against the secrets of every other
  conversation, the thread and the Eröffnungsbeitrag being public.
- Guilty: every conversation message of at least `LONG` words – the bot's private messages
  (Rollenmitteilung, night results, questions) and the players' – pasted into the thread by
  another player, as it is and lightly edited: case and umlauts folded, two neighbouring
  words swapped in two places, a word replaced, only its middle part, with a lead-in.

    python benchmarks/conduct.py [--rounds 4] [--players 24]
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

from bs4 import BeautifulSoup

from wolfbot.conduct.quotes import Secret, Secrets, words

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--players", type=int, default=24)
    args = parser.parse_args()
    rng = random.Random(36)
    innocent = flagged = planted = found = 0
    by_edit: dict[str, list[int]] = {}
    seconds = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, args.rounds + 1):
            posts, secrets = read_round(demo_round(Path(tmp) / str(seed), args.players, seed))
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
    print(f"demo rounds: {args.rounds} of {args.players} players")
    print(f"planted quotes found: {found} of {planted} ({found / planted:.1%})")
    for kind, (n, hit) in by_edit.items():
        print(f"  {kind:9} {hit} of {n} ({hit / n:.1%})")
    rate = flagged / innocent * 1000
    print(f"innocent posts flagged: {flagged} of {innocent} ({rate:.2f} per 1,000)")
    print(f"time per post: {seconds / innocent * 1e6:.0f} µs ({innocent / seconds:.0f} posts/s)")


if __name__ == "__main__":
    sys.exit(main())

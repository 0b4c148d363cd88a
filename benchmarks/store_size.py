"""The bot's store after a demo round: bytes per table and in all, as the store keeps the
Eröffnungsbeitrag's edits now (the newest whole, each older one as what differs from the
next: `wolfbot.outbox.bodies`, migration 0013) and as it kept them before (every edit the
whole post: the same store taken down to revision 0012, which makes each edit whole again).

Both are measured after `VACUUM` (free pages left by the round do not count) from SQLite's
`dbstat`. With several player counts the growth shows: the edits' bytes grow with the
number of edits now, with its square before. Prints numbers, asserts nothing.

    python benchmarks/store_size.py [--players 24 [12 …]] [--seed 2]
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

from wolfbot.demo.round import run_demo
from wolfbot.store import db

BEFORE = "0012"  # the last revision that kept every edit whole
KB = 1000
SHOWN = 24 * 1024  # tables smaller than this are summed in one line


def copy(source: Path, target: Path) -> Path:
    """A consistent copy of the store (its WAL included)."""
    with closing(sqlite3.connect(source)) as original, closing(sqlite3.connect(target)) as copied:
        original.backup(copied)
    return target


def measured(path: Path) -> tuple[dict[str, int], int, int, int]:
    """Bytes per table (with its indexes) after VACUUM, the database's bytes (its pages),
    and the edits: how many, and the characters their `html` holds."""
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("VACUUM")
        pages = connection.execute(
            "SELECT coalesce(i.tbl_name, d.name), sum(d.pgsize) FROM dbstat d"
            " LEFT JOIN sqlite_schema i ON i.name = d.name GROUP BY 1"
        ).fetchall()
        (count,) = connection.execute("PRAGMA page_count").fetchone()
        (size,) = connection.execute("PRAGMA page_size").fetchone()
        edits, chars = connection.execute(
            "SELECT count(*), coalesce(sum(length(html)), 0) FROM outgoing_messages"
            " WHERE kind = 'edit'"
        ).fetchone()
    return dict(pages), count * size, edits, chars


def report(players: int, seed: int) -> None:
    with tempfile.TemporaryDirectory(prefix="wolfbot-store-") as directory:
        folder = Path(directory)
        result = run_demo(players, seed, folder / "round", out=lambda line: None)
        now = copy(result.bot_db, folder / "now.sqlite")
        whole = copy(result.bot_db, folder / "whole.sqlite")
        db.downgrade(whole, BEFORE).dispose()
        tables_now, size_now, edits, chars_now = measured(now)
        tables_whole, size_whole, _, chars_whole = measured(whole)
    days = sum(1 for title in result.phase_posts if title.startswith("Morgen"))
    print(f"\n{players} players (seed {seed}): {days} days, {edits} edits of the Eröffnungsbeitrag")
    print(f"  {'table':24} {'edits kept once':>16} {'every edit whole':>17}")
    names = sorted(tables_whole.keys() | tables_now.keys(), key=lambda n: -tables_whole.get(n, 0))
    shown = [n for n in names if max(tables_now.get(n, 0), tables_whole.get(n, 0)) >= SHOWN]
    for name in shown:
        now_kb, whole_kb = tables_now.get(name, 0) / KB, tables_whole.get(name, 0) / KB
        print(f"  {name:24} {now_kb:13.0f} kB {whole_kb:14.0f} kB")
    rest_now = sum(v for k, v in tables_now.items() if k not in shown)
    rest_whole = sum(v for k, v in tables_whole.items() if k not in shown)
    print(f"  {'(smaller tables)':24} {rest_now / KB:13.0f} kB {rest_whole / KB:14.0f} kB")
    print(f"  {'database':24} {size_now / KB:13.0f} kB {size_whole / KB:14.0f} kB")
    print(f"  {'edits: html characters':24} {chars_now / KB:13.1f} k  {chars_whole / KB:14.1f} k")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[24])
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    for players in args.players:
        report(players, args.seed)


if __name__ == "__main__":
    main()
